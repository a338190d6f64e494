'use client';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconSend, IconArrowsShuffle } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { avisar } from '@/components/ui/avisos';
import { useExportar } from '@/components/ui/descargas';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { nombreCompleto } from '@/domain/escuela';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';

type Vista = inferRouterOutputs<AppRouter>['gimnasia']['vista'];

/**
 * Las elecciones por opción: cuántos la eligieron 1ª, 2ª y 3ª, el cupo y, asignada, quiénes la
 * tienen. "Exportar CSV" baja todas las elecciones; Regente y Admin asignan y publican.
 */
export function VistaGimnasia({ inicial, administra }: { inicial: Vista; administra: boolean }) {
  const utils = api.useUtils();
  const q = api.gimnasia.vista.useQuery({ anio: inicial.anio }, { initialData: inicial });
  const asignar = api.gimnasia.asignar.useMutation();
  const publicar = api.gimnasia.publicar.useMutation();
  const datos = q.data;
  const publicada = datos.asignacion?.publicada != null;

  const { exportando, exportar } = useExportar(() =>
    utils.gimnasia.csv.fetch({ anio: datos.anio }, { staleTime: 0 }),
  );
  const accion = async (que: 'asignar' | 'publicar') => {
    const ok = await confirmar(
      que === 'asignar'
        ? {
            titulo: datos.asignacion ? '¿Volver a asignar?' : '¿Asignar las opciones?',
            mensaje:
              'A cada alumno, en un orden al azar (con semilla guardada), su opción mejor rankeada que tenga cupo.',
            confirmar: 'Asignar',
          }
        : {
            titulo: '¿Publicar la asignación?',
            mensaje:
              'Los alumnos verán la opción que les tocó y ya no podrán cambiar sus opciones.',
            confirmar: 'Publicar',
          },
    );
    if (!ok) return;
    try {
      if (que === 'asignar') {
        const r = await asignar.mutateAsync({ anio: datos.anio });
        avisar({
          color: 'green',
          message: `Asignación hecha (semilla ${r.semilla}): ${r.asignados} con opción, ${r.sinAsignar} sin cupo.`,
        });
      } else {
        await publicar.mutateAsync({ anio: datos.anio });
        avisar({ color: 'green', message: 'Asignación publicada.' });
      }
    } catch (e) {
      avisar({ color: 'red', message: mensajeDeError(e) });
    }
    await utils.gimnasia.vista.invalidate({ anio: datos.anio });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text>
          {datos.total === 1 ? '1 alumno eligió' : `${datos.total} alumnos eligieron`} en{' '}
          {datos.anio}.{' '}
          {datos.asignacion
            ? `Asignada con la semilla ${datos.asignacion.semilla}${publicada ? ' y publicada' : ' (sin publicar)'}.`
            : 'Todavía sin asignar.'}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportando}
            onClick={() => void exportar()}
          >
            Exportar CSV
          </Button>
          {administra && !publicada && (
            <>
              <Button
                variant="default"
                leftSection={<IconArrowsShuffle size={16} />}
                loading={asignar.isPending}
                disabled={datos.total === 0}
                onClick={() => void accion('asignar')}
              >
                Asignar
              </Button>
              <Button
                leftSection={<IconSend size={16} />}
                loading={publicar.isPending}
                disabled={!datos.asignacion}
                onClick={() => void accion('publicar')}
              >
                Publicar
              </Button>
            </>
          )}
        </Group>
      </Group>
      {datos.asignacion && datos.sinAsignar.length > 0 && (
        <Alert color="yellow" role="status">
          <Text fw={700} size="sm" mb={4}>
            Sin cupo en sus tres opciones
          </Text>
          {datos.sinAsignar.map(nombreCompleto).join('; ')}
        </Alert>
      )}
      <DesplazarTabla minWidth={560}>
        <Table striped aria-label="Elecciones por opción">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Opción</Table.Th>
              <Table.Th>Horario</Table.Th>
              <Table.Th ta="right">Cupo</Table.Th>
              <Table.Th ta="right">1ª</Table.Th>
              <Table.Th ta="right">2ª</Table.Th>
              <Table.Th ta="right">3ª</Table.Th>
              {datos.asignacion && <Table.Th ta="right">Asignados</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {datos.opciones.map((o) => (
              <Table.Tr key={o.numero} data-testid="opcion-gimnasia">
                <Table.Td>
                  {o.numero}. {o.deporte}
                </Table.Td>
                <Table.Td>{o.horario}</Table.Td>
                <Table.Td ta="right">{o.cupo}</Table.Td>
                <Table.Td ta="right">
                  {o.primera.length > o.cupo ? (
                    <Badge
                      variant="outline"
                      color="red.9"
                      title="Más pedidos en 1ª opción que cupo"
                    >
                      {o.primera.length}
                    </Badge>
                  ) : (
                    o.primera.length
                  )}
                </Table.Td>
                <Table.Td ta="right">{o.segunda.length}</Table.Td>
                <Table.Td ta="right">{o.tercera.length}</Table.Td>
                {datos.asignacion && <Table.Td ta="right">{o.asignados.length}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DesplazarTabla>
    </Stack>
  );
}
