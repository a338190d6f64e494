'use client';
import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { api } from '@/trpc/react';

const NUMERO = new Intl.NumberFormat('es-AR');
const MB = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** La exportación completa: qué contiene, las cuentas de hoy y el botón de descarga. */
export function ExportarDatos() {
  const resumen = api.datos.resumen.useQuery();
  const r = resumen.data;
  return (
    <Stack p="md" gap="sm" maw={760}>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Exportar los datos
        </Title>
        <Anchor component={Link} href="/root/dispositivos" size="sm">
          Dispositivos de administración
        </Anchor>
      </Group>
      <Text size="sm">
        Un archivo ZIP con todos los datos del portal: un CSV por tabla (separador punto y coma,
        UTF-8), los archivos subidos (comprobantes, fotos e imágenes) en carpetas y un manifiesto
        con la cantidad de filas de cada tabla y el sha256 de cada archivo. La descarga queda
        registrada en la auditoría.
      </Text>
      {resumen.error && (
        <Alert color="red" role="alert">
          {resumen.error.message}
        </Alert>
      )}
      {resumen.isPending && <Loader role="status" aria-label="Contando los datos" />}
      {r && (
        <List size="sm" data-testid="resumen-exportacion">
          <List.Item>
            {NUMERO.format(r.tablas.length)} tablas, {NUMERO.format(r.filas)} filas
          </List.Item>
          <List.Item>
            {NUMERO.format(r.archivos)} archivos subidos ({MB.format(r.bytesArchivos / 1048576)} MB)
          </List.Item>
        </List>
      )}
      <Group>
        <Button component="a" href="/api/exportar-todo" download>
          Exportar todos los datos
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        La descarga se arma mientras llega: con muchos archivos puede tardar varios minutos.
      </Text>
    </Stack>
  );
}
