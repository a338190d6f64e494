'use client';
import { Skeleton, Stack } from '@mantine/core';

/** Esqueleto mientras se carga una vista de lista (loading.tsx de las pantallas). */
export function Cargando({ filas = 5 }: { filas?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando">
      <Skeleton height={32} width={220} />
      <Skeleton height={28} width={160} />
      {Array.from({ length: filas }, (_, i) => (
        <Skeleton key={i} height={64} />
      ))}
    </Stack>
  );
}
