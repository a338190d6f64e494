'use client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import Link from 'next/link';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';

type Dispositivo = inferRouterOutputs<AppRouter>['root']['dispositivos']['dispositivos'][number];

const FORMATO = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const fecha = (d: Date | null) => (d ? FORMATO.format(d) : '—');

export function ListaDispositivos() {
  const utils = api.useUtils();
  const consulta = api.root.dispositivos.useQuery();
  const revocar = api.root.revocarDispositivo.useMutation();

  const alRevocar = async (d: Dispositivo) => {
    if (
      !(await confirmar({
        titulo: '¿Revocar este dispositivo?',
        mensaje: d.esEste
          ? 'Es el dispositivo que está usando: deja de ser de administración ahora mismo (para volver a usarlo hay que registrar la clave otra vez en /bypass). Se cierran las sesiones en las que se ingresó como otro usuario desde él.'
          : 'Deja de ser de administración ahora mismo y se cierran las sesiones en las que se ingresó como otro usuario desde él.',
        confirmar: 'Revocar',
        peligro: true,
      }))
    )
      return;
    try {
      await revocar.mutateAsync({ id: d.id });
      avisar({ color: 'green', message: 'Dispositivo revocado.' });
    } catch (e) {
      avisar({ color: 'red', title: 'No se revocó el dispositivo', message: mensajeDeError(e) });
    }
    await utils.root.dispositivos.invalidate();
  };

  const lista = consulta.data?.dispositivos;
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Dispositivos de administración
        </Title>
        <Anchor component={Link} href="/root/log" size="sm">
          Ir al registro
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Los dispositivos registrados con la clave de /bypass. Cada uno vale 30 días desde que se
        registró, hasta que se lo revoca o cambia la clave.
      </Text>
      {consulta.error && (
        <Alert color="red" role="alert">
          {consulta.error.message}
        </Alert>
      )}
      {consulta.isPending && <Loader role="status" aria-label="Cargando los dispositivos" />}
      {lista && lista.length === 0 && <Text>No hay dispositivos registrados.</Text>}
      {lista && lista.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Dispositivos de administración">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Registrado</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>IP</Table.Th>
                <Table.Th>Navegador</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    {fecha(d.creado)}
                    {d.esEste && (
                      <Badge ml="xs" size="sm" variant="light">
                        Este dispositivo
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{fecha(d.ultimoUso)}</Table.Td>
                  <Table.Td>{d.ip ?? '—'}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {d.userAgent ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {d.revocado ? (
                      <Text size="sm" fw={600}>
                        Revocado el {fecha(d.revocado)}
                        {d.revocadoPor ? ` por ${d.revocadoPor}` : ' (cambió la clave)'}
                      </Text>
                    ) : (
                      <Text size="sm">Activo</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!d.revocado && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={revocar.isPending && revocar.variables?.id === d.id}
                        onClick={() => void alRevocar(d)}
                      >
                        Revocar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
