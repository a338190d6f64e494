'use client';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import Link from 'next/link';
import type { ReactNode } from 'react';

/** El pie de los formularios de materia y de cursado: volver a la lista y «Guardar» (envía). */
export function PieFormulario({
  volver,
  textoVolver,
  guardando,
  deshabilitado,
}: {
  /** La lista a la que vuelve. */
  volver: string;
  textoVolver: string;
  guardando: boolean;
  deshabilitado?: boolean;
}) {
  return (
    <Group justify="space-between" mt="xs" wrap="wrap">
      <Button
        component={Link}
        href={volver}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
      >
        {textoVolver}
      </Button>
      <Button type="submit" loading={guardando} disabled={deshabilitado}>
        Guardar
      </Button>
    </Group>
  );
}

/**
 * El pie de los diálogos de importar materias y replicar el ciclo: «Cancelar» (deshabilitado
 * mientras se aplica) y el botón que aplica, con su texto (`children`).
 */
export function PieDialogo({
  onCancelar,
  onAplicar,
  aplicando,
  deshabilitado,
  children,
}: {
  onCancelar: () => void;
  onAplicar: () => void;
  aplicando: boolean;
  deshabilitado: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancelar} disabled={aplicando}>
        Cancelar
      </Button>
      <Button onClick={onAplicar} loading={aplicando} disabled={deshabilitado}>
        {children}
      </Button>
    </Group>
  );
}
