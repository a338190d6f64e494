'use client';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { ColorEstado } from '@/domain/asistencias';

/**
 * El total de inasistencias del año de un alumno, 'total / 30 (+ reincorporaciones)', con los
 * colores de spec 01 §9 ('Condición libre' en rojo, 'Cerca de condición libre' en amarillo).
 * Los textos y el color vienen armados del dominio a través del servidor.
 */
export function TotalAsistencias({
  textoTotal,
  etiqueta,
  color,
  size = 'sm',
}: {
  textoTotal: string;
  etiqueta: string | null;
  color: ColorEstado | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="total-alumno" data-estado={etiqueta ?? 'normal'}>
      <Tooltip label="Inasistencias del año, con las de hoy / límite (+ reincorporaciones)">
        <Text size={size} fw={600} c={color ? `${color}.9` : 'dimmed'}>
          {textoTotal}
        </Text>
      </Tooltip>
      {etiqueta && (
        <Badge size={size} color={color ?? 'gray'} variant="filled" autoContrast>
          {etiqueta}
        </Badge>
      )}
    </Group>
  );
}
