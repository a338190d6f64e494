'use client';
import { Badge, Box, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { ETIQUETA_TIPO_MEDIDA, cuentaEnTotal, esTipoMedida } from '@/domain/medidas';
import type { MedidaDeLista } from '@/components/vistas/tipos';
import { fechaLegible, numero } from '@/domain/texto';

export interface ListaMedidasProps {
  ciclo: number;
  /** Las medidas del ciclo, de la más nueva a la más vieja. */
  medidas: MedidaDeLista[];
  /** Total del ciclo sin apercibimientos y su color (spec 01 §9), calculados por el dominio. */
  total: number;
  color: 'red' | 'yellow' | null;
  elegida: number | null;
  /** Sin `onElegir` (modo protegido) la lista es de sólo lectura. */
  onElegir?: (orden: number) => void;
}

function Contenido({ m }: { m: MedidaDeLista }) {
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Text size="sm" fw={500}>
          {fechaLegible(m.fecha)} · {m.turno}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color={cuentaEnTotal(m.tipo) ? 'blue' : 'gray'}>
            {esTipoMedida(m.tipo) ? ETIQUETA_TIPO_MEDIDA[m.tipo] : m.tipo}
          </Badge>
          {m.cantidad != null && (
            <Text fw={700} data-testid="cantidad-medida">
              {numero(m.cantidad)}
            </Text>
          )}
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
    </>
  );
}

/**
 * Las medidas del alumno en el ciclo elegido con el total (rojo desde 15, amarillo desde 10). En
 * modo completo cada una se elige para editarla y elegirla otra vez la deselecciona (spec 01 §4).
 */
export function ListaMedidas({
  ciclo,
  medidas,
  total,
  color,
  elegida,
  onElegir,
}: ListaMedidasProps) {
  const etiqueta = `Medidas disciplinarias ${ciclo}`;
  return (
    <Stack gap="sm">
      {medidas.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : onElegir ? (
        <Box role="listbox" aria-label={etiqueta}>
          <Stack gap={6}>
            {medidas.map((m) => (
              <NavLink
                key={m.orden}
                component="button"
                type="button"
                role="option"
                aria-selected={m.orden === elegida}
                active={m.orden === elegida}
                variant="light"
                data-testid="medida"
                label={<Contenido m={m} />}
                onClick={() => onElegir(m.orden)}
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                }}
              />
            ))}
          </Stack>
        </Box>
      ) : (
        <Stack
          component="ul"
          gap={6}
          aria-label={etiqueta}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {medidas.map((m) => (
            <Paper component="li" key={m.orden} withBorder p="sm" data-testid="medida">
              <Contenido m={m} />
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder p="sm">
        <Group gap="xs">
          <Text fw={700}>Total {ciclo}:</Text>
          <Badge
            size="lg"
            color={color ?? 'gray'}
            variant={color ? 'filled' : 'light'}
            autoContrast
            data-testid="total-medidas"
            data-color={color ?? ''}
          >
            {numero(total)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Los apercibimientos no suman al total.
        </Text>
      </Paper>
    </Stack>
  );
}
