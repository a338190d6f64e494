'use client';
import { ActionIcon, Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { api } from '@/trpc/react';
import type { Mesa } from './comun';
import { ErrorGuardado, IndicadorGuardado } from './EstadoGuardado';
import { useAltasYBajas } from './useAltasYBajas';
import { cantidad } from '@/domain/texto';

/**
 * Las materias que evalúa la mesa (Alumnado, Admin): se agregan desde la lista buscable y se
 * quitan con la cruz; los cambios se guardan solos (100 ms). Una materia con alumnos anotados o
 * con el acta cerrada no se quita.
 */
export function PestanaMaterias({ mesa }: { mesa: Mesa }) {
  const utils = api.useUtils();
  const guardar = api.mesas.guardarMaterias.useMutation();
  const guardadas = mesa.materias.map((m) => ({ id: m.id, etiqueta: m.nombre }));
  const lista = useAltasYBajas(guardadas, async (c) => {
    try {
      await guardar.mutateAsync({ id: mesa.id, ...c });
    } finally {
      await utils.mesas.detalle.invalidate({ id: mesa.id });
    }
  });

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Materias evaluadas
            </Title>
            <IndicadorGuardado estado={lista.estado} />
          </Group>
          <ErrorGuardado error={lista.error} alCerrar={lista.cerrarError} />
          {lista.visibles.length === 0 ? (
            <Text c="red.8">Sin materias asignadas</Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {lista.visibles.map(({ id, etiqueta: nombre }) => {
                const guardada = mesa.materias.find((m) => m.id === id);
                const bloqueo = guardada?.cerrada
                  ? 'Acta cerrada'
                  : guardada && guardada.alumnos > 0
                    ? cantidad(guardada.alumnos, 'anotado', 'anotados')
                    : null;
                return (
                  <Group key={id} component="li" justify="space-between" wrap="nowrap">
                    <Text>{nombre}</Text>
                    <Group gap={6} wrap="nowrap">
                      {bloqueo && (
                        <Badge variant="outline" color="gray.7">
                          {bloqueo}
                        </Badge>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Quitar ${nombre}`}
                        disabled={bloqueo != null}
                        onClick={() => lista.baja(id)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Agregar materia
          </Title>
          <ListaBuscable
            fuente="materias"
            etiqueta="Materias"
            alto={320}
            onElegir={(o) => lista.alta({ id: o.id, etiqueta: o.etiqueta })}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
