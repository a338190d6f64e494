'use client';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconUsersPlus } from '@tabler/icons-react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { nombreCompleto } from '@/domain/escuela';
import { api } from '@/trpc/react';

/**
 * Los alumnos que adeudan la materia (Alumnado, Admin): los propuestos salen de las planillas
 * cerradas y no tienen otra mesa abierta de la materia; se anotan todos con un clic o de a uno.
 * Cada uno avisa si a esa hora rinde otra mesa o una PIC.
 */
export function Candidatos({ mesa, materia }: { mesa: number; materia: number }) {
  const utils = api.useUtils();
  const candidatos = api.mesas.candidatos.useQuery({ id: mesa, materia });
  const anotar = api.mesas.anotar.useMutation({
    onSettled: () =>
      Promise.all([
        utils.mesas.candidatos.invalidate({ id: mesa, materia }),
        utils.mesas.acta.invalidate({ id: mesa, materia }),
        utils.mesas.detalle.invalidate({ id: mesa }),
      ]),
  });
  if (candidatos.isPending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Cargando alumnos que adeudan la materia" />
      </Center>
    );
  if (candidatos.isError)
    return (
      <Alert color="red" role="alert">
        {mensajeDeError(candidatos.error)}
      </Alert>
    );
  const libres = candidatos.data.alumnos.filter((a) => !a.anotado);
  const propuestos = libres.filter((a) => a.propuesto);
  const anotarIds = async (ids: number[]) => {
    try {
      await anotar.mutateAsync({ id: mesa, materia, agregar: ids, quitar: [] });
      avisar({
        color: 'green',
        message: ids.length === 1 ? 'Alumno anotado.' : `${ids.length} alumnos anotados.`,
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo anotar', message: mensajeDeError(e) });
    }
  };
  return (
    <Paper withBorder p="md" className="no-imprimir">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Adeudan {candidatos.data.materia.nombre}
        </Title>
        {propuestos.length > 0 && (
          <Button
            leftSection={<IconUsersPlus size={16} />}
            loading={anotar.isPending}
            onClick={() => void anotarIds(propuestos.map((a) => a.alumno))}
          >
            {propuestos.length === 1
              ? 'Anotar al propuesto'
              : `Anotar los ${propuestos.length} propuestos`}
          </Button>
        )}
      </Group>
      {libres.length === 0 ? (
        <Text c="dimmed" size="sm">
          No hay otros alumnos que adeuden la materia.
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {libres.map((a) => (
            <Group key={a.alumno} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm">
                  {nombreCompleto(a)}{' '}
                  <Text span c="dimmed" size="sm">
                    · {a.curso ?? 'sin curso'} ({a.ciclo})
                  </Text>
                </Text>
                {a.choque && (
                  <Text size="xs" c="orange.9">
                    {a.choque}
                  </Text>
                )}
              </Stack>
              <Group gap={6} wrap="nowrap">
                {a.propuesto && (
                  <Badge variant="outline" color="blue.8">
                    Propuesto
                  </Badge>
                )}
                {a.enOtraMesa && (
                  <Badge variant="outline" color="gray.7">
                    En otra mesa
                  </Badge>
                )}
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  aria-label={`Anotar a ${nombreCompleto(a)}`}
                  disabled={anotar.isPending}
                  onClick={() => void anotarIds([a.alumno])}
                >
                  Anotar
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
