import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopiarEmails } from '@/components/emails/CopiarEmails';
import { leerOMensaje } from '@/components/vistas/errores';
import { SIN_PENDIENTES, type Responsable } from '@/domain/pendientes';
import { fechaLegible } from '@/domain/texto';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Pendientes' };

/**
 * /pendientes (issue 15 §5): lo que quedó sin hacer a tiempo, por responsable, con "Copiar emails"
 * de los pendientes de cada sección: planillas de notas abiertas pasado su cierre, avances sin
 * cerrar pasada su fecha y cursos sin la asistencia tomada hoy. El alcance lo pone el servidor.
 */
export default async function Pendientes() {
  await requerirModulo('/pendientes');
  const r = await leerOMensaje(async () => (await servidor()).pendientes.tablero());
  const t = r.datos;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        Pendientes
      </Title>
      {!t ? (
        <Alert color="red" role="alert">
          {r.mensaje}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Al {fechaLegible(t.hoy)}. Cada sección agrupa los pendientes por responsable.
          </Text>
          <Seccion
            id="notas"
            titulo="Planillas de notas abiertas después del cierre"
            grupos={t.notas.porResponsable}
            item={(i) =>
              `${conCursos(i)} · ${i.cuatrimestre}° cuatrimestre · cerraba el ${fechaLegible(i.cierre)}`
            }
            total={t.notas.items.length}
          />
          <Seccion
            id="avances"
            titulo="Avances sin cerrar después de su fecha"
            grupos={t.avances.porResponsable}
            item={(i) => `${conCursos(i)} · instancia del ${fechaLegible(i.fecha)}`}
            total={t.avances.items.length}
          />
          {t.rolConAsistencia && (
            <Seccion
              id="asistencias"
              titulo="Cursos sin la asistencia tomada hoy"
              grupos={t.asistencias.porResponsable}
              item={(i) => `${i.curso} · turno ${i.turno}`}
              total={t.asistencias.items.length}
              vacio={t.diaDeAsistencia ? undefined : 'Hoy no se toma asistencia.'}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** 'Historia 3° 1°', o con los cursos entre paréntesis si el nombre no los dice. */
function conCursos(i: { cursado: string; cursos: string[] }) {
  const faltan = i.cursos.filter((c) => !i.cursado.includes(c));
  return faltan.length ? `${i.cursado} (${faltan.join(', ')})` : i.cursado;
}

type Grupo<T> = { responsable: Responsable; items: T[] };

function Seccion<T>({
  id,
  titulo,
  grupos,
  item,
  total,
  vacio = SIN_PENDIENTES,
}: {
  id: string;
  titulo: string;
  grupos: Grupo<T>[];
  item: (i: T) => ReactNode;
  total: number;
  vacio?: string;
}) {
  const emails = grupos.map((g) => g.responsable.email);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`pendientes-${id}`}
      data-testid={`pendientes-${id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id={`pendientes-${id}`}>
              {titulo}
            </Title>
            <Badge variant="filled" color={total ? 'red.8' : 'gray.7'} data-testid="cantidad">
              {total}
            </Badge>
          </Group>
          {total > 0 && <CopiarEmails emails={emails} />}
        </Group>
        {total === 0 ? (
          <Text c="dimmed" data-testid="vacio">
            {vacio}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {grupos.map((g) => (
              <li key={g.responsable.id} data-testid="responsable">
                <Text fw={600} size="sm">
                  {g.responsable.nombre}
                  {g.responsable.email && (
                    <Text span c="dimmed" fw={400} size="sm">
                      {' '}
                      · {g.responsable.email}
                    </Text>
                  )}
                </Text>
                <Stack component="ul" gap={2} pl="md" m={0} mt={4}>
                  {g.items.map((i, k) => (
                    <Text component="li" size="sm" key={k} data-testid="pendiente">
                      {item(i)}
                    </Text>
                  ))}
                </Stack>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
