'use client';
import {
  Alert,
  Anchor,
  Badge,
  Code,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { LINEAS_LOG, OPCIONES_LINEAS_LOG, REFRESCO_LOG_MS } from '@/domain/root';
import { api } from '@/trpc/react';

const FORMATO = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function RegistroAplicacion() {
  const [lineas, setLineas] = useState<number>(LINEAS_LOG.defecto);
  const consulta = api.root.log.useQuery(
    { lineas },
    { refetchInterval: REFRESCO_LOG_MS, placeholderData: (anterior) => anterior },
  );
  const datos = consulta.data;

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Registro
        </Title>
        <Anchor component={Link} href="/root/reportes" size="sm">
          Ir a reportes SQL
        </Anchor>
      </Group>
      <Group align="end" justify="space-between">
        <NativeSelect
          label="Líneas"
          value={String(lineas)}
          onChange={(e) => setLineas(Number(e.currentTarget.value))}
          data={OPCIONES_LINEAS_LOG.map(String)}
          w={120}
        />
        <Text size="xs" c="dimmed" role="status">
          Errores del servidor (con el código de la petición) y auditoría, las más recientes
          primero. Se actualiza cada {REFRESCO_LOG_MS / 1000} segundos
          {consulta.dataUpdatedAt
            ? ` (última: ${FORMATO.format(new Date(consulta.dataUpdatedAt))})`
            : ''}
          .
        </Text>
      </Group>
      {consulta.error && (
        <Alert color="red" role="alert">
          {consulta.error.message}
        </Alert>
      )}
      {!datos && !consulta.error && <Loader role="status" aria-label="Cargando el registro" />}
      {datos && datos.lineas.length === 0 && <Text>El registro está vacío.</Text>}
      {datos && datos.lineas.length > 0 && (
        <Paper withBorder p="xs">
          <Stack
            gap={4}
            component="ol"
            aria-label="Registro de la aplicación"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {datos.lineas.map((l) => (
              <li
                key={l.id}
                style={{
                  overflowWrap: 'anywhere',
                  paddingBottom: 4,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                <Group gap={6} wrap="wrap" align="baseline">
                  <Code>{FORMATO.format(l.cuando)}</Code>
                  <Badge size="xs" variant="light" color={l.tipo === 'error' ? 'red' : 'gray'}>
                    {l.tipo === 'error' ? 'error' : 'auditoría'}
                  </Badge>
                  {l.requestId && <Code>{l.requestId}</Code>}
                  <Text span size="sm" ff="monospace">
                    {l.texto}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
