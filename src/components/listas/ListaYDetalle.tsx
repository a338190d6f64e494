'use client';
import { Grid, Paper } from '@mantine/core';
import { useCallback, useRef, type ReactNode, type Ref } from 'react';

/**
 * La disposición de las pantallas de "elegir de una lista y ver o editar el detalle": la lista a
 * la izquierda (arriba en el teléfono) y el detalle en un panel. `detalleRef` es el destino del
 * desplazamiento al elegir en el teléfono (useIrAlDetalle).
 */
export function ListaYDetalle({
  lista,
  children,
  detalleRef,
  listaAncha = false,
  testId,
}: {
  lista: ReactNode;
  children: ReactNode;
  detalleRef?: Ref<HTMLDivElement>;
  /** Lista de 5/12 (4/12 en pantallas grandes) en lugar de 4/12 (3/12). */
  listaAncha?: boolean;
  testId?: string;
}) {
  const lg = listaAncha ? 4 : 3;
  const md = listaAncha ? 5 : 4;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md, lg }}>{lista}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 12 - md, lg: 12 - lg }}>
        <Paper
          withBorder
          p="md"
          ref={detalleRef}
          style={{ scrollMarginTop: 72 }}
          data-testid={testId}
        >
          {children}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/**
 * En el teléfono la lista de elección queda arriba del detalle: al elegir, lleva la vista al
 * detalle (`ref`). En el escritorio no hace nada.
 */
export function useIrAlDetalle<T extends HTMLElement>(telefono: boolean | undefined) {
  const ref = useRef<T>(null);
  const ir = useCallback(() => {
    if (!telefono) return;
    requestAnimationFrame(() =>
      ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  }, [telefono]);
  return [ref, ir] as const;
}
