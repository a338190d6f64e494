'use client';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { EstadoGuardado } from './useAltasYBajas';

/** "Guardando…" / "Guardado" de las listas que se guardan solas. */
export function IndicadorGuardado({ estado }: { estado: EstadoGuardado }) {
  return (
    <Group gap={6} aria-live="polite" data-testid="estado-guardado" mih={24}>
      {estado === 'guardando' || estado === 'pendiente' ? (
        <>
          <Loader size="xs" />
          <Text size="sm">Guardando…</Text>
        </>
      ) : estado === 'guardado' ? (
        <>
          <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm" c="green.9">
            Guardado
          </Text>
        </>
      ) : null}
    </Group>
  );
}

/** El cambio que no se pudo guardar (reintentado o rechazado), con el mensaje del servidor. */
export function ErrorGuardado({ error, alCerrar }: { error: string | null; alCerrar: () => void }) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title="No se guardó el último cambio"
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={alCerrar}
      mb="sm"
    >
      {error}
    </Alert>
  );
}
