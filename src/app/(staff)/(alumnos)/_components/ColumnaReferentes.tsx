'use client';
import { Alert, Box, Button, Group, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { avisar } from '@/components/ui/avisos';
import { Dialogo } from '@/components/ui/Dialogo';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { InsigniaPendiente } from '@/components/vinculos/ConfirmarVinculo';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { api } from '@/trpc/react';
import { mensajeDe } from './tipos';

interface Props {
  alumno: number;
  /** El referente elegido para editar, 'nuevo' o null (se edita el alumno). */
  elegido: number | 'nuevo' | null;
  onElegir: (referente: number | 'nuevo') => void;
}

/**
 * Los referentes del alumno elegido (spec 01 §2): la lista, el alta de uno nuevo y la
 * vinculación de uno existente (POST /api/alumnos/link/referentes).
 */
export function ColumnaReferentes({ alumno, elegido, onElegir }: Props) {
  const referentes = api.referentes.delAlumno.useQuery({ id: alumno });
  const utils = api.useUtils();
  const vincular = api.referentes.vincular.useMutation();
  const [abierto, { open, close }] = useDisclosure(false);

  const vincularExistente = async (referente: number) => {
    try {
      await vincular.mutateAsync({ add: [{ alumno, referente }], remove: [] });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      close();
      await Promise.all([
        utils.referentes.delAlumno.invalidate({ id: alumno }),
        utils.alumnos.legajo.invalidate({ id: alumno }),
      ]);
      onElegir(referente);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo vincular', message: mensajeDe(e) });
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Referentes
      </Title>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onElegir('nuevo')}
        >
          Nuevo referente
        </Button>
        <Button size="xs" variant="light" leftSection={<IconLink size={16} />} onClick={open}>
          Vincular referente
        </Button>
      </Group>
      {referentes.isPending ? (
        <Stack gap="xs" aria-busy="true" role="status" aria-label="Cargando">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : referentes.isError ? (
        <Alert color="red" role="alert">
          {referentes.error.message}
        </Alert>
      ) : (
        <Box role="listbox" aria-label="Referentes del alumno">
          {referentes.data.length === 0 ? (
            <Text c="dimmed" size="sm" p="sm">
              Sin referentes
            </Text>
          ) : (
            referentes.data.map((r) => (
              <NavLink
                key={r.orden}
                component="button"
                type="button"
                role="option"
                aria-selected={elegido === r.orden}
                active={elegido === r.orden}
                label={`${r.apellido}, ${r.nombre}`}
                description={[r.telefono, r.email].filter(Boolean).join(' · ') || 'Sin contacto'}
                rightSection={r.confirmado ? undefined : <InsigniaPendiente corta />}
                onClick={() => onElegir(r.orden)}
                styles={{ description: { overflowWrap: 'anywhere' } }}
              />
            ))
          )}
        </Box>
      )}
      <Dialogo abierto={abierto} onCerrar={close} titulo="Vincular referente existente">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Busque al referente por apellido, nombre o email y elíjalo para vincularlo al alumno.
          </Text>
          <ListaBuscable
            fuente="referentes"
            etiqueta="Referentes"
            alto={300}
            onElegir={(o) => void vincularExistente(o.id)}
          />
        </Stack>
      </Dialogo>
    </Stack>
  );
}
