'use client';
import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { cantidad } from '@/domain/texto';
import { api } from '@/trpc/react';

const DECIMAL = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
/** El tamaño legible: KB debajo de un MB, si no MB (o GB). */
const tamanio = (bytes: number) =>
  bytes < 1048576
    ? `${DECIMAL.format(bytes / 1024)} KB`
    : bytes < 1073741824
      ? `${DECIMAL.format(bytes / 1048576)} MB`
      : `${DECIMAL.format(bytes / 1073741824)} GB`;

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
            {cantidad(r.tablas.length, 'tabla', 'tablas')}, {cantidad(r.filas, 'fila', 'filas')}
          </List.Item>
          <List.Item>
            {`${cantidad(r.archivos, 'archivo subido', 'archivos subidos')} (${tamanio(r.bytesArchivos)})`}
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
