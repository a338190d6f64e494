'use client';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { numeroEnPalabras } from '@/domain/escuela';

/** "Un cambio sin guardar", "Tres cambios sin guardar", "12 cambios sin guardar", "Sin cambios". */
export function textoCambios(n: number): string {
  if (n === 0) return 'Sin cambios';
  if (n === 1) return 'Un cambio sin guardar';
  const palabra = n <= 10 ? numeroEnPalabras(n) : String(n);
  return `${palabra.charAt(0).toUpperCase()}${palabra.slice(1)} cambios sin guardar`;
}

/**
 * La barra fija al pie de un editor (asistencias, calendario) con la cuenta de cambios pendientes,
 * otras acciones (`children`, p. ej. descartar) y el botón "Guardar".
 */
export function BarraGuardar({
  cambios,
  bloqueo = null,
  guardando,
  onGuardar,
  texto,
  children,
}: {
  cambios: number;
  /** Un motivo que impide guardar (p. ej. un tipo repetido), o null. */
  bloqueo?: string | null;
  guardando: boolean;
  onGuardar: () => void;
  /** Reemplaza la cuenta de cambios (p. ej. "Un cambio sin guardar en Notas"). */
  texto?: string;
  children?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 3 }}
      data-testid="barra-guardar"
      data-barra-guardar
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c={bloqueo ? 'red.8' : cambios ? undefined : 'dimmed'} aria-live="polite">
          {bloqueo ?? texto ?? textoCambios(cambios)}
        </Text>
        <Group gap="xs" wrap="nowrap" ml="auto">
          {children}
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onGuardar}
            loading={guardando}
            disabled={cambios === 0 || !!bloqueo}
          >
            Guardar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
