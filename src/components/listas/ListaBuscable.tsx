'use client';
import { Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import css from './lista.module.css';

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
  // usuarios.listar trae, además de la opción, los datos de la planilla del personal (los usa la
  // exportación): para la lista es una fuente más de opciones.
  const procedimiento =
    fuente === 'usuarios'
      ? (api.usuarios.listar as unknown as (typeof api.buscar)['cursos'])
      : api.buscar[fuente];
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
  /** La búsqueda que pide al servidor (tras la demora): la usa el botón Exportar de la pantalla. */
  onBusqueda?: (q: string) => void;
  /** La lista no se pudo leer (tras los reintentos): la planilla sin conexión lo usa. */
  onFallo?: (error: unknown) => void;
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
  onBusqueda,
  onFallo,
}: ListaBuscableProps) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  useEffect(() => onBusqueda?.(q), [q, onBusqueda]);
  const consulta = useFuente(fuente, q);
  useEffect(() => {
    if (consulta.error) onFallo?.(consulta.error);
  }, [consulta.error, onFallo]);
  const items = consulta.data?.pages.flatMap((p) => p.items) ?? [];

  const alDesplazar = (vista: HTMLDivElement) => {
    if (!consulta.hasNextPage || consulta.isFetchingNextPage) return;
    if (vista.scrollHeight - (vista.scrollTop + vista.clientHeight) < UMBRAL_CARGA_PX)
      void consulta.fetchNextPage();
  };

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
      {/* Desplazamiento nativo (sin el ScrollArea de Mantine: menos código en cada pantalla). */}
      <div
        className={css.vista}
        style={{ height: typeof alto === 'number' ? `${alto}px` : alto }}
        onScroll={(e) => alDesplazar(e.currentTarget)}
      >
        <div role="listbox" aria-label={etiqueta}>
          {consulta.isPending ? (
            <div className={css.centro}>
              <Loader size="sm" />
            </div>
          ) : consulta.isError ? (
            <p className={`${css.nota} ${css.error}`} role="alert">
              {consulta.error.message}
            </p>
          ) : items.length === 0 ? (
            <p className={`${css.nota} ${css.atenuado}`}>Sin resultados</p>
          ) : (
            items.map((o) => (
              <button
                key={o.id}
                type="button"
                role="option"
                aria-selected={o.id === seleccionado}
                data-active={o.id === seleccionado || undefined}
                className={css.opcion}
                onClick={() => onElegir(o)}
              >
                <span className={css.etiqueta}>{o.etiqueta}</span>
                {o.detalle && <span className={css.detalle}>{o.detalle}</span>}
              </button>
            ))
          )}
          {consulta.isFetchingNextPage && (
            <div className={css.centro}>
              <Loader size="xs" />
            </div>
          )}
        </div>
      </div>
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
