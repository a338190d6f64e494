'use client';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { fechaLegible } from '@/domain/texto';
import { SelectorAnio } from './SelectorAnio';
import type { DatosAsistencias } from './tipos';

/**
 * Asistencias de un alumno en un año (spec 01 §2 /asistencias-legajo y -externo): el selector
 * de año, la lista (más nueva primero, sin hoy, con las reincorporaciones en verde) y el pie
 * 'total / 30 (+ reincorporaciones)' y 'n / m Justificadas'. Los textos y colores vienen
 * armados del dominio (src/domain/asistencias.ts) a través del procedimiento.
 */
export function VistaAsistencias({
  datos,
  parametros,
}: {
  datos: DatosAsistencias;
  /** Parámetros de la URL que el selector de año conserva (p. ej. la sección del legajo). */
  parametros?: Record<string, string>;
}) {
  const { lista, resumen } = datos;
  return (
    <Stack gap="md">
      <SelectorAnio
        anios={datos.anios.map((a) => ({ anio: a.anio, curso: a.curso }))}
        actual={datos.anio}
        parametros={parametros}
      />
      {lista.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            aria-label={`Asistencias ${datos.anio}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {lista.map((item) =>
              item.clase === 'reincorporacion' ? (
                <Paper
                  component="li"
                  key={`r${item.reincorporacion.orden}`}
                  withBorder
                  p="sm"
                  bg="green.0"
                  data-testid="reincorporacion"
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={500}>
                      {fechaLegible(item.fecha)}
                    </Text>
                    <Text fw={700} c={item.color}>
                      {item.texto}
                    </Text>
                  </Group>
                  <Text size="xs" c="green.9">
                    Reincorporación
                  </Text>
                </Paper>
              ) : (
                <Paper
                  component="li"
                  key={`a${item.entrada.orden}`}
                  withBorder
                  p="sm"
                  data-testid="entrada-asistencia"
                >
                  <Group justify="space-between" wrap="wrap" gap={4}>
                    <Text size="sm" fw={500}>
                      {fechaLegible(item.fecha)} · {item.entrada.turno}
                    </Text>
                    <Text
                      size="sm"
                      fw={500}
                      c={item.entrada.justificada ? 'teal.8' : 'red.8'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {item.justificacion}
                    </Text>
                  </Group>
                  <Text size="sm">
                    {item.entrada.tipo}
                    {item.circunstancia ? ` · ${item.circunstancia}` : ''}
                  </Text>
                </Paper>
              ),
            )}
          </Stack>
          <Paper withBorder p="sm" data-testid="pie-asistencias">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={700} c={resumen.color ?? undefined} data-testid="total-asistencias">
                  {resumen.textoTotal}
                </Text>
                {resumen.etiqueta && (
                  <Badge color={resumen.color ?? 'gray'} variant="filled">
                    {resumen.etiqueta}
                  </Badge>
                )}
              </Group>
              <Text data-testid="justificadas">{resumen.textoJustificadas}</Text>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}
