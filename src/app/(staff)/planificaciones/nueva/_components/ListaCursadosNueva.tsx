'use client';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import Link from 'next/link';
import type { CursadoDeLista } from '../../../cronograma/_components/ListaCursados';
import estilos from '../../../cronograma/_components/cronograma.module.css';

/** Los cursados del docente, cada uno un enlace a /planificaciones/nueva/{cursadoId}. */
export function ListaCursadosNueva({ cursados }: { cursados: CursadoDeLista[] }) {
  if (cursados.length === 0)
    return (
      <Text c="dimmed" role="status">
        Sin resultados
      </Text>
    );
  return (
    <Paper withBorder component="nav" aria-label="Cursados">
      <Stack gap={0} component="ul" className={estilos.lista}>
        {cursados.map((c) => (
          <li key={c.cursadoId} className={estilos.fila}>
            <UnstyledButton
              component={Link}
              href={`/planificaciones/nueva/${c.cursadoId}`}
              className={estilos.enlace}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={4} miw={0}>
                  <Text fw={500}>{c.nombre}</Text>
                  {c.cursos.length > 0 && (
                    <Group gap={4}>
                      {c.cursos.map((curso) => (
                        <Badge key={curso} variant="light" size="sm" tt="none">
                          {curso}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Stack>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
