'use client';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { useExportar } from '@/components/ui/descargas';
import { mensajeDeError } from '@/components/ui/errores';

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

/**
 * "Borrar" de una fila, uno por vez: pregunta (`titulo`, `mensaje`), borra, avisa `borrada` y
 * actualiza las listas; si el servidor no lo deja (409 con lo que depende), el aviso en rojo
 * `error` con su motivo.
 */
export function useBorrarFila<T>(o: {
  id: (fila: T) => number;
  titulo: (fila: T) => string;
  mensaje: (fila: T) => string;
  /** Borra en el servidor. */
  borrar: (fila: T) => Promise<unknown>;
  borrada: (fila: T) => string;
  /** Después del aviso: vuelve a pedir las listas. */
  actualizar: () => Promise<unknown>;
  error: string;
}) {
  const [borrando, setBorrando] = useState<number | null>(null);
  const alBorrar = async (fila: T) => {
    if (borrando != null) return;
    const ok = await confirmar({
      titulo: o.titulo(fila),
      mensaje: o.mensaje(fila),
      confirmar: 'Borrar',
      peligro: true,
    });
    if (!ok) return;
    setBorrando(o.id(fila));
    try {
      await o.borrar(fila);
      avisar({ color: 'green', message: o.borrada(fila) });
      await o.actualizar();
    } catch (e) {
      avisar({ color: 'red', title: o.error, message: mensajeDeError(e) });
    } finally {
      setBorrando(null);
    }
  };
  return { borrando, alBorrar };
}

/** "Exportar CSV" con el archivo que pide `obtener` (ver useExportar). */
export function BotonExportar({
  obtener,
  variant,
}: {
  obtener: () => Promise<{ nombre: string; contenido: string }>;
  variant: 'light' | 'subtle';
}) {
  const { exportando, exportar } = useExportar(obtener);
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} />}
      loading={exportando}
      onClick={() => void exportar()}
    >
      Exportar CSV
    </Button>
  );
}
