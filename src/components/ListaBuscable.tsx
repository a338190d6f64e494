'use client';
import {
  Box,
  Center,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Opcion } from '@/server/api/routers/buscar/service';
import { api } from '@/trpc/react';

/** Demora de la búsqueda (spec 01 §9) y tamaño de página. */
export const DEMORA_BUSQUEDA_MS = 500;
const TAMANIO_PAGINA = 50;
/** A cuántos píxeles del final se pide la página siguiente. */
const UMBRAL_CARGA_PX = 200;

export type FuenteLista =
  | 'cursos'
  | 'alumnos'
  | 'referentes'
  | 'materias'
  | 'cursados'
  | 'usuarios'
  | 'preceptores'
  | 'docentes'
  | 'coordinadores';

function useFuente(fuente: FuenteLista, q: string) {
  // Todas las fuentes reciben { q, cursor, limit } y devuelven { items, siguiente }.
  const procedimiento = fuente === 'usuarios' ? api.usuarios.listar : api.buscar[fuente];
  return procedimiento.useInfiniteQuery(
    { q, limit: TAMANIO_PAGINA },
    { getNextPageParam: (p) => p.siguiente ?? undefined, initialCursor: 0 },
  );
}

export interface ListaBuscableProps {
  fuente: FuenteLista;
  /** Título accesible de la lista: 'Alumnos', 'Cursos', ... */
  etiqueta: string;
  seleccionado?: number | null;
  onElegir: (opcion: Opcion) => void;
  alto?: number | string;
}

/**
 * Lista buscable (spec 01 §2): busca en el servidor 500 ms después de dejar de
 * escribir, trae páginas de 50 y pide la siguiente al acercarse al final.
 */
export function ListaBuscable({
  fuente,
  etiqueta,
  seleccionado,
  onElegir,
  alto = 480,
}: ListaBuscableProps) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const consulta = useFuente(fuente, q);
  const items = consulta.data?.pages.flatMap((p) => p.items) ?? [];

  const alDesplazar = ({ y }: { y: number }, vista: HTMLDivElement | null) => {
    if (!vista || !consulta.hasNextPage || consulta.isFetchingNextPage) return;
    if (vista.scrollHeight - (y + vista.clientHeight) < UMBRAL_CARGA_PX)
      void consulta.fetchNextPage();
  };
  const [vista, setVista] = useState<HTMLDivElement | null>(null);

  return (
    <Stack gap="xs">
      <TextInput
        aria-label={`Buscar ${etiqueta.toLowerCase()}`}
        placeholder="Buscar…"
        leftSection={<IconSearch size={16} />}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
        rightSection={
          consulta.isFetching && !consulta.isFetchingNextPage ? <Loader size="xs" /> : null
        }
      />
      <ScrollArea
        h={alto}
        viewportRef={setVista}
        onScrollPositionChange={(p) => alDesplazar(p, vista)}
        type="auto"
      >
        <Box role="listbox" aria-label={etiqueta}>
          {consulta.isPending ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : consulta.isError ? (
            <Text c="var(--mantine-color-error)" size="sm" p="sm" role="alert">
              {consulta.error.message}
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm" p="sm">
              Sin resultados
            </Text>
          ) : (
            items.map((o) => (
              <NavLink
                key={o.id}
                component="button"
                type="button"
                role="option"
                aria-selected={o.id === seleccionado}
                active={o.id === seleccionado}
                label={o.etiqueta}
                description={o.detalle}
                onClick={() => onElegir(o)}
              />
            ))
          )}
          {consulta.isFetchingNextPage && (
            <Center py="xs">
              <Loader size="xs" />
            </Center>
          )}
        </Box>
      </ScrollArea>
    </Stack>
  );
}

/** La columna de elección de las pantallas: un recuadro titulado con la lista buscable. */
export function PanelListaBuscable(props: ListaBuscableProps) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {props.etiqueta}
      </Title>
      <ListaBuscable {...props} />
    </Paper>
  );
}
