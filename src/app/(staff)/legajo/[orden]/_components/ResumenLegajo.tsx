'use client';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import type { DatosLegajo } from '@/components/vistas/tipos';

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Resumen del legajo (spec 02 §2): datos del alumno, contacto, curso del ciclo y referentes. Un
 * Docente recibe del servidor sólo el perfil y el correo (spec 02 §6): no hay más para mostrar.
 */
export function ResumenLegajo({ datos }: { datos: DatosLegajo }) {
  const email = (
    <Dato etiqueta="Email">
      {datos.email ? <Anchor href={`mailto:${datos.email}`}>{datos.email}</Anchor> : '—'}
    </Dato>
  );
  const curso = <Dato etiqueta={`Curso ${datos.ciclo}`}>{datos.curso?.nombre ?? '—'}</Dato>;
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Legajo de {datos.apellido}, {datos.nombre}
      </Title>
      {datos.aviso && (
        <Alert color="yellow" data-testid="aviso-legajo">
          {datos.aviso}
        </Alert>
      )}
      <Paper withBorder p="md" data-testid="resumen-legajo">
        {datos.completo ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Dato etiqueta="DNI">{datos.dni}</Dato>
            {curso}
            <Dato etiqueta="Teléfono">{datos.telefono || '—'}</Dato>
            {email}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {curso}
            {email}
          </SimpleGrid>
        )}
      </Paper>
      {datos.completo && <Referentes referentes={datos.referentes} />}
    </Stack>
  );
}

function Referentes({
  referentes,
}: {
  referentes: Extract<DatosLegajo, { completo: true }>['referentes'];
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Referentes
      </Title>
      {referentes.length === 0 ? (
        <Text c="dimmed">Sin referentes</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label="Referentes"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {referentes.map((r) => (
            <li key={r.orden} data-testid="referente">
              <Text size="sm" fw={500}>
                {r.apellido}, {r.nombre}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[r.telefono, r.email].filter(Boolean).join(' · ') || 'Sin contacto'}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export type Seccion =
  'asistencias' | 'medidas' | 'notas' | 'horarios' | 'evaluaciones' | 'avances' | 'ficha';

/**
 * Las secciones (submódulos) del legajo, como enlaces con `?seccion=`. La ficha médica, sólo
 * para el personal que cuida al alumno (administración; el servidor lo vuelve a exigir).
 */
export function SeccionesLegajo({
  orden,
  actual,
  conFicha,
}: {
  orden: number;
  actual: Seccion;
  conFicha: boolean;
}) {
  const secciones: [Seccion, string][] = [
    ['asistencias', 'Asistencias'],
    ['medidas', 'Medidas disciplinarias'],
    ['notas', 'Notas'],
    ['horarios', 'Horarios'],
    ['evaluaciones', 'Evaluaciones'],
    ['avances', 'Avances'],
    ...(conFicha ? [['ficha', 'Ficha médica'] as [Seccion, string]] : []),
  ];
  return (
    <Group component="nav" aria-label="Secciones del legajo" gap="xs" wrap="wrap">
      {secciones.map(([s, nombre]) => (
        <Button
          key={s}
          component={Link}
          href={`/legajo/${orden}?seccion=${s}`}
          replace
          scroll={false}
          variant={s === actual ? 'light' : 'subtle'}
          aria-current={s === actual ? 'page' : undefined}
        >
          {nombre}
        </Button>
      ))}
    </Group>
  );
}
