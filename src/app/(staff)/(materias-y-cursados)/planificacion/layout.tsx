import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pestanas } from './_components/Pestanas';

/** /planificacion (spec 02 §2): el título y las pestañas Materias y Cursados sobre cada pantalla. */
export default function LayoutPlanificacion({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Planificación
      </Title>
      <Pestanas />
      {children}
    </Stack>
  );
}
