'use client';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DEMORA_BUSQUEDA_MS } from '@/components/listas/ListaBuscable';
import { mensajeDeError } from '@/components/ui/errores';
import { nombreCompleto } from '@/domain/escuela';
import { api } from '@/trpc/react';
import type { Mesa } from './comun';
import { ErrorGuardado, IndicadorGuardado } from './EstadoGuardado';
import { useAltasYBajas } from './useAltasYBajas';

/**
 * El tribunal (Alumnado, Admin, Jefe de Departamento): docentes que se agregan desde la búsqueda
 * y se quitan con la cruz; se guarda solo (100 ms). Antes de agregar, la búsqueda avisa si el
 * docente ya está en el tribunal de otra mesa a esa hora. El docente ve el tribunal sin editar.
 */
export function PestanaDocentes({ mesa }: { mesa: Mesa }) {
  const utils = api.useUtils();
  const guardar = api.mesas.guardarTribunal.useMutation();
  const guardados = mesa.tribunal.map((t) => ({ id: t.id, etiqueta: nombreCompleto(t) }));
  const lista = useAltasYBajas(guardados, async (c) => {
    try {
      await guardar.mutateAsync({ id: mesa.id, ...c });
    } finally {
      await utils.mesas.detalle.invalidate({ id: mesa.id });
    }
  });
  const edita = mesa.permisos.editaTribunal;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: edita ? 6 : 12 }}>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Tribunal
            </Title>
            {edita && <IndicadorGuardado estado={lista.estado} />}
          </Group>
          <ErrorGuardado error={lista.error} alCerrar={lista.cerrarError} />
          {lista.visibles.length === 0 ? (
            <Text c="red.8">Sin docentes asignados</Text>
          ) : (
            <Stack gap={6} component="ol" pl="md" m={0}>
              {lista.visibles.map(({ id, etiqueta: nombre }) => {
                return (
                  <Group key={id} component="li" justify="space-between" wrap="nowrap">
                    <Text>{nombre}</Text>
                    {edita && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Quitar a ${nombre}`}
                        onClick={() => lista.baja(id)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
        </Paper>
      </Grid.Col>
      {edita && (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BuscarDocentes
            mesa={mesa.id}
            elegidos={lista.visibles.map((x) => x.id)}
            onAgregar={(id, nombre) => lista.alta({ id, etiqueta: nombre })}
          />
        </Grid.Col>
      )}
    </Grid>
  );
}

function BuscarDocentes({
  mesa,
  elegidos,
  onAgregar,
}: {
  mesa: number;
  elegidos: number[];
  onAgregar: (id: number, nombre: string) => void;
}) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const consulta = api.mesas.docentes.useInfiniteQuery(
    { id: mesa, q },
    { getNextPageParam: (p) => p.siguiente ?? undefined, initialCursor: 0 },
  );
  const items = consulta.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Agregar docente
      </Title>
      <TextInput
        aria-label="Buscar docentes"
        placeholder="Buscar…"
        leftSection={<IconSearch size={16} />}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
        mb="xs"
      />
      {consulta.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : consulta.isError ? (
        <Text c="red.8" size="sm" role="alert">
          {mensajeDeError(consulta.error)}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin resultados
        </Text>
      ) : (
        <Stack gap={4} mah={360} style={{ overflowY: 'auto' }} aria-label="Docentes">
          {items.map((d) => {
            const nombre = nombreCompleto(d);
            const ya = elegidos.includes(d.id);
            return (
              <Group key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm">{nombre}</Text>
                  {d.choque && (
                    <Text size="xs" c="orange.9">
                      Ya en otra mesa a esa hora: {d.choque}
                    </Text>
                  )}
                </Stack>
                {ya ? (
                  <Badge variant="outline" color="gray.7">
                    En el tribunal
                  </Badge>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconPlus size={14} />}
                    aria-label={`Agregar a ${nombre}`}
                    onClick={() => onAgregar(d.id, nombre)}
                  >
                    Agregar
                  </Button>
                )}
              </Group>
            );
          })}
          {consulta.hasNextPage && (
            <Button
              variant="subtle"
              loading={consulta.isFetchingNextPage}
              onClick={() => void consulta.fetchNextPage()}
            >
              Cargar más
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
