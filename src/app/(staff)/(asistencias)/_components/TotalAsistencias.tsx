'use client';
import { Badge, Group, Text } from '@mantine/core';
import type { ColorEstado } from '@/domain/asistencias';

/** Qué es cada número del total (como la columna 'Total' del planillón). */
const EXPLICACION = 'Inasistencias del año, con las de hoy / límite (+ reincorporaciones)';

/**
 * El color del número: rojo oscuro en 'Condición libre', atenuado sin estado. El amarillo más
 * oscuro de Mantine no llega a 4.5:1 sobre blanco (WCAG AA): en 'Cerca de condición libre' el
 * número va con el color del texto y el amarillo lo lleva la insignia.
 */
function colorDelTexto(color: ColorEstado | null): string | undefined {
  if (!color) return 'dimmed';
  return color === 'yellow' ? undefined : `${color}.9`;
}

/**
 * El total de inasistencias del año de un alumno, 'total / 30 (+ reincorporaciones)', con los
 * colores de spec 01 §9 ('Condición libre' en rojo, 'Cerca de condición libre' en amarillo).
 * Los textos y el color vienen armados del dominio a través del servidor. La explicación de los
 * números es el `title` (al pasar el puntero) y un texto para lectores de pantalla delante del
 * total (sin el Tooltip de Mantine ni su @floating-ui, issue 12).
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
    <>
      <span className="solo-lector">{`${EXPLICACION}:`}</span>
      <Group gap={6} wrap="nowrap" data-testid="total-alumno" data-estado={etiqueta ?? 'normal'}>
        <Text size={size} fw={600} c={colorDelTexto(color)} title={EXPLICACION}>
          {textoTotal}
        </Text>
        {etiqueta && (
          <Badge size={size} color={color ?? 'gray'} variant="filled" autoContrast>
            {etiqueta}
          </Badge>
        )}
      </Group>
    </>
  );
}
