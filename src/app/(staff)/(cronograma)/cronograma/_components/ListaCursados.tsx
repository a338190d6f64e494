'use client';
import { Badge, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import Link from 'next/link';
import { useState } from 'react';
import { sinAcentos } from '@/domain/texto';
import estilos from './cronograma.module.css';

export interface CursadoDeLista {
  cursadoId: number;
  nombre: string;
  cursos: string[];
}

/** Con más cursados que estos, la lista lleva un filtro. */
const CON_FILTRO = 8;

/**
 * /cronograma (spec 01 §2): los cursados del usuario en el ciclo elegido, cada uno un enlace a
 * /cronograma/{cursadoId} con su nombre y sus cursos. Sin cursados: 'Sin resultados'.
 */
export function ListaCursados({ cursados }: { cursados: CursadoDeLista[] }) {
  const [filtro, setFiltro] = useState('');
  const q = sinAcentos(filtro.trim());
  const visibles = q
    ? cursados.filter((c) => sinAcentos(`${c.nombre} ${c.cursos.join(' ')}`).includes(q))
    : cursados;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Cronograma
      </Title>
      {cursados.length > CON_FILTRO && (
        <TextInput
          label="Buscar cursado"
          placeholder="Nombre o curso"
          leftSection={<IconSearch size={16} />}
          value={filtro}
          onChange={(e) => setFiltro(e.currentTarget.value)}
          maw={360}
        />
      )}
      {visibles.length === 0 ? (
        <Text c="dimmed" role="status">
          Sin resultados
        </Text>
      ) : (
        <EnlacesCursados cursados={visibles} href={(id) => `/cronograma/${id}`} testId="cursado" />
      )}
    </Stack>
  );
}

/**
 * La lista de cursados como enlaces (nombre y cursos), la misma en /cronograma y en
 * /planificaciones/nueva: cambia adónde lleva cada uno.
 */
export function EnlacesCursados({
  cursados,
  href,
  testId,
}: {
  cursados: CursadoDeLista[];
  href: (cursadoId: number) => string;
  testId?: string;
}) {
  return (
    <Paper withBorder component="nav" aria-label="Cursados">
      <Stack gap={0} component="ul" className={estilos.lista}>
        {cursados.map((c) => (
          <li key={c.cursadoId} className={estilos.fila}>
            <UnstyledButton
              component={Link}
              href={href(c.cursadoId)}
              className={estilos.enlace}
              data-testid={testId}
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
