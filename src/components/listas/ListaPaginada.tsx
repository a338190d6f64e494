'use client';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type MantineSpacing,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { cantidad } from '@/domain/texto';
import { mensajeDeError } from '@/components/ui/errores';
import { DEMORA_BUSQUEDA_MS } from './ListaBuscable';

/** El texto del buscador y lo que se busca: el texto sin espacios de los bordes, 500 ms después. */
export function useBusqueda() {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  return { texto, setTexto, q };
}

/** Las opciones de `useInfiniteQuery` para las listas del servidor que responden `{ items, siguiente }`. */
export const PAGINAS = {
  getNextPageParam: (p: { siguiente: number | null }) => p.siguiente ?? undefined,
  initialCursor: 0,
};

/** Lo que la lista usa de la consulta por páginas (`useInfiniteQuery`). */
export interface ConsultaPaginada<T> {
  data?: { pages: readonly { items: readonly T[] }[] };
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * La lista paginada con buscador de las pantallas de planificación (spec 02 §2, §9: materias y
 * cursados): el buscador (con `junto`, los botones a su lado), el esqueleto mientras carga, el
 * error, "Sin resultados", la lista (`children` dibuja cada fila, un `<li>` con su `key`) y debajo
 * cuántos hay ("30 materias mostradas", "45 materias en total") con "Cargar más".
 */
export function ListaPaginada<T>({
  busqueda,
  consulta,
  etiquetaBusqueda,
  placeholder,
  junto,
  nombre,
  etiquetaLista,
  esqueleto,
  sinResultados,
  gap = 'sm',
  children,
}: {
  busqueda: { texto: string; setTexto: (t: string) => void };
  consulta: ConsultaPaginada<T>;
  /** El nombre accesible del buscador: "Buscar materias". */
  etiquetaBusqueda: string;
  placeholder: string;
  /** Lo que va en la misma fila que el buscador (los botones de la pantalla). */
  junto?: ReactNode;
  /** Cómo se nombran los elementos, para la cuenta, el esqueleto y el error. */
  nombre: { singular: string; plural: string; femenino?: boolean };
  /** El nombre accesible de la lista: "Materias". */
  etiquetaLista: string;
  /** Filas y alto de cada una mientras carga. */
  esqueleto: { filas: number; alto: number };
  /** Lo que se agrega a "Sin resultados". */
  sinResultados?: ReactNode;
  gap?: MantineSpacing;
  children: (item: T) => ReactNode;
}) {
  const items = consulta.data?.pages.flatMap((p) => p.items) ?? [];
  const { singular, plural, femenino = false } = nombre;
  const los = femenino ? 'las' : 'los';

  const buscador = (
    <TextInput
      aria-label={etiquetaBusqueda}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        consulta.isFetching && !consulta.isFetchingNextPage ? <Loader size="xs" /> : null
      }
      value={busqueda.texto}
      onChange={(e) => busqueda.setTexto(e.currentTarget.value)}
      style={junto ? { flex: '1 1 240px' } : undefined}
    />
  );

  return (
    <Stack gap={gap}>
      {junto ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {buscador}
          {junto}
        </Group>
      ) : (
        buscador
      )}

      {consulta.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={`Cargando ${los} ${plural}`}>
          {Array.from({ length: esqueleto.filas }, (_, i) => (
            <Skeleton key={i} height={esqueleto.alto} />
          ))}
        </Stack>
      ) : consulta.isError ? (
        <Alert color="red" role="alert" title={`No se pudieron cargar ${los} ${plural}`}>
          {mensajeDeError(consulta.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder p="md">
          <Text c="dimmed">Sin resultados</Text>
          {sinResultados}
        </Paper>
      ) : (
        <Paper withBorder>
          <Box component="ul" aria-label={etiquetaLista} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map(children)}
          </Box>
        </Paper>
      )}

      {consulta.isSuccess && items.length > 0 && (
        <Center>
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid={`cuenta-${plural}`}>
              {`${cantidad(items.length, singular, plural)} ${
                consulta.hasNextPage ? (femenino ? 'mostradas' : 'mostrados') : 'en total'
              }`}
            </Text>
            {consulta.hasNextPage && (
              <Button
                variant="default"
                loading={consulta.isFetchingNextPage}
                onClick={() => void consulta.fetchNextPage()}
              >
                Cargar más
              </Button>
            )}
          </Stack>
        </Center>
      )}
    </Stack>
  );
}
