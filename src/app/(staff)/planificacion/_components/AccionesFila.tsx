'use client';
import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';

/**
 * "Editar" (un enlace al formulario) y "Borrar" de una fila de materias o cursados. `borrando` es
 * el id que se está borrando (uno por vez: mientras tanto los demás "Borrar" quedan deshabilitados).
 */
export function AccionesFila({
  id,
  nombre,
  editar,
  borrando,
  onBorrar,
}: {
  id: number;
  /** Lo que nombran los botones: "Editar Matemática (MAT1)". */
  nombre: string;
  /** La dirección del formulario de edición. */
  editar: string;
  borrando: number | null;
  onBorrar: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        component={Link}
        href={editar}
        variant="subtle"
        size="lg"
        aria-label={`Editar ${nombre}`}
        title="Editar"
      >
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Borrar ${nombre}`}
        title="Borrar"
        loading={borrando === id}
        disabled={borrando != null && borrando !== id}
        onClick={onBorrar}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
