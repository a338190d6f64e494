'use client';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlarm, IconClock } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { fechaCompleta, fechaConDia } from '@/components/evaluaciones/fechas';
import type { ColorCuenta } from '@/domain/evaluaciones';
import type { AppRouter } from '@/server/api/root';
import clases from './calendario.module.css';

type DatosMias = inferRouterOutputs<AppRouter>['evaluaciones']['mias'];

/**
 * Una tarjeta del calendario: una evaluación, una PIC ('PIC de {materia}') o una mesa ('Mesa de
 * {materia}'); las de PIC y mesa muestran también el aula (spec 01 §2).
 */
interface Tarjeta {
  clave: string;
  tipo: 'evaluacion' | 'pic' | 'mesa';
  materia: string;
  fecha: string;
  inicio: string | null;
  aula: string | null;
  texto: string;
  color: ColorCuenta;
}

const TITULO: Record<Tarjeta['tipo'], (materia: string) => string> = {
  evaluacion: (m) => m,
  pic: (m) => `PIC de ${m}`,
  mesa: (m) => `Mesa de ${m}`,
};

/** Las evaluaciones, las PIC y las mesas, por fecha. */
const tarjetasDeEvaluaciones = (datos: DatosMias): Tarjeta[] =>
  [
    ...datos.evaluaciones.map((e): Tarjeta => ({
      clave: `evaluacion-${e.evaluacionId}`,
      tipo: 'evaluacion',
      materia: e.materia ?? e.cursado,
      fecha: e.fecha,
      inicio: e.inicio,
      aula: e.aula,
      texto: e.texto,
      color: e.color,
    })),
    ...datos.examenes.map((e): Tarjeta => ({
      clave: e.clave,
      tipo: e.tipo,
      materia: e.materia,
      fecha: e.fecha,
      inicio: e.inicio,
      aula: e.aula,
      texto: e.texto,
      color: e.color,
    })),
    // Por fecha; el mismo día, las evaluaciones (en el orden del servidor) y después las PIC y mesas.
  ].sort((a, b) => a.fecha.localeCompare(b.fecha));

/**
 * El calendario de las próximas evaluaciones (spec 01 §2, §9): 'Hoy es {fecha}' con la fecha del
 * servidor y una tarjeta por evaluación con la materia, la fecha, la hora de comienzo y la cuenta
 * regresiva: hoy verde 'Éxitos ;)', mañana roja 'Falta 1 día', de 2 a 7 días amarilla, más sin
 * color. El color acompaña al texto (nunca lo reemplaza) y se imprime con contraste AA.
 */
export function CalendarioEvaluaciones({
  datos,
  nivel = 2,
}: {
  datos: DatosMias;
  /** El nivel de los títulos de las tarjetas (3 dentro del legajo, bajo su sección). */
  nivel?: 2 | 3;
}) {
  const tarjetas = tarjetasDeEvaluaciones(datos);
  return (
    <Stack gap="md">
      <Text fw={500} data-testid="hoy-es">
        Hoy es {fechaCompleta(datos.hoy)}
      </Text>
      {tarjetas.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label="Próximas evaluaciones" className={clases.lista}>
          {tarjetas.map((t) => (
            <Paper
              component="li"
              key={t.clave}
              withBorder
              p="sm"
              data-testid="tarjeta-evaluacion"
              data-tipo={t.tipo}
              data-color={t.color ?? 'ninguno'}
              className={`${clases.tarjeta} ${t.color ? clases[`borde-${t.color}`] : ''}`}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Title order={nivel} size="h5" className={clases.materia}>
                    {TITULO[t.tipo](t.materia)}
                  </Title>
                  <Text size="sm" data-testid="fecha-evaluacion">
                    {fechaConDia(t.fecha)}
                  </Text>
                </Stack>
                <Badge
                  size="lg"
                  radius="sm"
                  variant="filled"
                  leftSection={<IconAlarm size={14} aria-hidden />}
                  className={`${clases.cuenta} ${t.color ? clases[`cuenta-${t.color}`] : clases['cuenta-ninguno']}`}
                  data-testid="cuenta-regresiva"
                >
                  {t.texto}
                </Badge>
              </Group>
              <Group gap="md" mt={6} wrap="wrap">
                <Group gap={4} wrap="nowrap">
                  <IconClock size={16} aria-hidden />
                  <Text size="sm" data-testid="inicio-evaluacion">
                    {t.inicio ? `Comienza a las ${t.inicio}` : 'Horario a confirmar'}
                  </Text>
                </Group>
                {t.tipo !== 'evaluacion' && t.aula && (
                  <Text size="sm" data-testid="aula">
                    Aula {t.aula}
                  </Text>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
