'use client';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ETIQUETA_TIPO_MEDIDA, cuentaEnTotal, esTipoMedida } from '@/domain/medidas';
import { fechaLegible, numero } from '@/domain/texto';
import { SelectorAnio } from './SelectorAnio';
import type { DatosMedidas } from './tipos';

/**
 * Medidas disciplinarias de un alumno (spec 01 §2 /medidas-legajo y -externo): sólo lectura,
 * una lista por año con su total (sin apercibimientos), rojo desde 15 y amarillo desde 10
 * (spec 01 §9; el total y el color vienen del dominio a través del procedimiento).
 */
export function VistaMedidas({
  datos,
  anio,
  parametros,
}: {
  datos: DatosMedidas;
  /** El año pedido; si no hay, el último año de la lista. */
  anio?: number;
  parametros?: Record<string, string>;
}) {
  const anios = datos.anios;
  const actual = anio ?? anios.at(-1)?.ciclo ?? null;
  const delAnio = anios.find((a) => a.ciclo === actual) ?? null;
  const medidas = delAnio?.medidas ?? [];
  return (
    <Stack gap="md">
      {actual != null && (
        <SelectorAnio
          anios={anios.map((a) => ({ anio: a.ciclo, curso: a.curso?.nombre ?? null }))}
          actual={actual}
          parametros={parametros}
        />
      )}
      {medidas.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            aria-label={`Medidas disciplinarias ${actual}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {medidas.map((m) => (
              <Paper component="li" key={m.orden} withBorder p="sm" data-testid="medida">
                <Group justify="space-between" wrap="wrap" gap={4}>
                  <Text size="sm" fw={500}>
                    {fechaLegible(m.fecha)} · {m.turno}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" color={cuentaEnTotal(m.tipo) ? 'blue' : 'gray'}>
                      {esTipoMedida(m.tipo) ? ETIQUETA_TIPO_MEDIDA[m.tipo] : m.tipo}
                    </Badge>
                    {m.cantidad != null && <Text fw={700}>{numero(m.cantidad)}</Text>}
                  </Group>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.motivo}
                </Text>
                {m.creadoPor && (
                  <Text size="xs" c="dimmed">
                    Registró: {m.creadoPor.nombre} {m.creadoPor.apellido}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
          <Paper withBorder p="sm" data-testid="pie-medidas">
            <Text fw={700} c={delAnio?.color ?? undefined} data-testid="total-medidas">
              Total: {numero(delAnio?.total ?? 0)}
            </Text>
          </Paper>
        </>
      )}
    </Stack>
  );
}
