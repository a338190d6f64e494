'use client';
import { Alert, Box, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';

/**
 * "Horas semanales por curso": la suma de las horas de los cursados de cada curso en el ciclo
 * contra los bloques de la semana (96); los que se pasan, en rojo y con el aviso del servidor.
 */
export function HorasPorCurso({ ciclo }: { ciclo: number }) {
  const horas = api.cursados.horas.useQuery({ ciclo });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-horas">
      <Title order={2} size="h4" id="titulo-horas">
        Horas semanales por curso
      </Title>
      {horas.isPending ? (
        <Stack gap="xs" mt="sm" role="status" aria-busy="true" aria-label="Cargando las horas">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : horas.isError ? (
        <Alert color="red" role="alert" mt="sm">
          {mensajeDeError(horas.error)}
        </Alert>
      ) : (
        <Stack gap="xs" mt={4}>
          <Text size="sm" c="dimmed">
            Ciclo {horas.data.ciclo}: la suma de las horas de los cursados de cada curso, sobre los{' '}
            {horas.data.bloques} bloques de la semana.
          </Text>
          {horas.data.avisos.length > 0 && (
            <Alert color="red" role="alert" title="Cursos excedidos" data-testid="avisos-horas">
              <Stack gap={2}>
                {horas.data.avisos.map((a) => (
                  <Text key={a} size="sm">
                    {a}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {horas.data.cursos.length === 0 ? (
            <Text c="dimmed">Sin resultados</Text>
          ) : (
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Cursos">
              {horas.data.cursos.map((c) => (
                <Box
                  component="li"
                  key={c.cursoId}
                  aria-label={c.nombre}
                  data-excedido={c.excedido || undefined}
                  py={4}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {c.nombre}
                    </Text>
                    <Text
                      size="sm"
                      c={c.excedido ? 'red.8' : undefined}
                      fw={c.excedido ? 700 : 400}
                    >
                      {c.horas} / {horas.data.bloques}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {cantidad(c.cursados, 'cursado', 'cursados')}
                      </Text>
                    </Text>
                  </Group>
                  <Progress
                    value={Math.min(100, (c.horas / horas.data.bloques) * 100)}
                    color={c.excedido ? 'red' : 'blue'}
                    size="sm"
                    aria-label={`${c.nombre}: ${c.horas} de ${horas.data.bloques} bloques`}
                  />
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
