'use client';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ETIQUETA_MODALIDAD, esModalidad } from '@/domain/notas';
import {
  presentacionPeriodo,
  type EstadoPeriodoNotas,
  type PresentacionPeriodo,
} from '@/domain/periodos-notas';
import type { Planilla } from './tipos';

/** El color de cada tono (llenos, con texto blanco AA). */
const COLOR_TONO: Record<PresentacionPeriodo['tono'], string> = {
  abierta: 'teal.9',
  alerta: 'red.9',
  neutro: 'gray.7',
};

/** El encabezado de la planilla: el cursado (materias, cursos, modalidad, docentes) y el estado de cada cuatrimestre. */
export function EncabezadoPlanilla({
  cursado,
  aplicados,
}: {
  cursado: Planilla['cursado'];
  aplicados: readonly EstadoPeriodoNotas[];
}) {
  const modalidad = esModalidad(cursado.modalidad)
    ? ETIQUETA_MODALIDAD[cursado.modalidad]
    : String(cursado.modalidad);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {cursado.nombre}
        </Title>
        <Text size="sm">
          {[
            cursado.materias.join(', '),
            cursado.cursos.map((c) => c.nombre).join(', '),
            modalidad,
            `Ciclo lectivo ${cursado.ciclolectivo}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {cursado.docentes.length > 0 && (
          <Text size="sm" c="dimmed">
            Docentes: {cursado.docentes.join('; ')}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {/* Un solo estado por cuatrimestre, el del dominio (`fase`), con su texto. */}
          {aplicados.map((e) => {
            const { texto, tono } = presentacionPeriodo(e);
            return (
              <Badge
                key={e.cuatrimestre}
                variant="filled"
                color={COLOR_TONO[tono]}
                data-fase={e.fase}
                radius="sm"
                size="lg"
                tt="none"
              >
                {e.nombre}: {texto}
              </Badge>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Los avisos del servidor (planillas firmadas, cierre vencido, …) y el conflicto al guardar. */
export function AvisosPlanilla({
  avisos,
  conflicto,
  onRecargar,
}: {
  avisos: readonly string[];
  conflicto: string | null;
  onRecargar: () => void;
}) {
  return (
    <>
      {avisos.map((a) => (
        <Alert
          key={a}
          color="orange"
          title="Atención"
          className="no-imprimir"
          styles={{
            title: { color: 'var(--mantine-color-dark-9)' },
            message: { color: 'var(--mantine-color-dark-9)' },
          }}
        >
          {a}
        </Alert>
      ))}
      {conflicto && (
        <Alert color="red" title="Otra persona cambió esta planilla" className="no-imprimir">
          <Stack gap="xs" align="start">
            <Text size="sm">{conflicto}</Text>
            <Button size="xs" variant="filled" color="red.9" onClick={onRecargar}>
              Recargar la planilla
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
