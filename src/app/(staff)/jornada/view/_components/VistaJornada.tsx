'use client';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajeDeError } from '@/components/ui/errores';
import { SelectorAnio } from '@/components/vistas/SelectorAnio';
import { nombreCompleto } from '@/domain/escuela';
import { describirMascara } from '@/domain/jornada';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { FormularioActividad } from './FormularioActividad';
import { cantidad } from '@/domain/texto';

type Vista = inferRouterOutputs<AppRouter>['jornada']['vista'];
export type ActividadVista = Vista['actividades'][number];

/**
 * Las listas de la jornada para el personal: por actividad, sus alumnos (cada lista se imprime
 * sola) y, por curso, los alumnos sin actividad. Regente y Admin además administran.
 */
export function VistaJornada({
  inicial,
  anios,
  administra,
}: {
  inicial: Vista;
  anios: number[];
  administra: boolean;
}) {
  const utils = api.useUtils();
  const q = api.jornada.vista.useQuery({ anio: inicial.anio }, { initialData: inicial });
  const borrar = api.jornada.borrar.useMutation();
  const quitar = api.jornada.quitarEleccion.useMutation();
  const [editando, setEditando] = useState<ActividadVista | 'nueva' | null>(null);
  const [imprimir, setImprimir] = useState<number | 'sin' | null>(null);
  const datos = q.data;
  const recargar = () => utils.jornada.vista.invalidate({ anio: inicial.anio });

  const imprimirLista = (cual: number | 'sin') => {
    setImprimir(cual);
    // Después de que React oculte las demás listas.
    setTimeout(() => {
      window.print();
      setImprimir(null);
    }, 50);
  };
  const alBorrar = async (a: ActividadVista) => {
    if (
      !(await confirmar({
        titulo: `¿Borrar ${a.nombre}?`,
        mensaje: 'No se puede deshacer.',
        confirmar: 'Borrar',
        peligro: true,
      }))
    )
      return;
    try {
      await borrar.mutateAsync({ id: a.id });
      avisar({ color: 'green', message: `${a.nombre} borrada.` });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo borrar', message: mensajeDeError(e) });
    }
    await recargar();
  };
  const alQuitar = async (
    a: ActividadVista,
    alumno: { id: number; apellido: string; nombre: string },
  ) => {
    const nombre = nombreCompleto(alumno);
    if (
      !(await confirmar({
        titulo: `¿Quitar a ${nombre} de ${a.nombre}?`,
        mensaje: 'El alumno vuelve a elegir una actividad.',
        confirmar: 'Quitar',
        peligro: true,
      }))
    )
      return;
    try {
      await quitar.mutateAsync({ anio: datos.anio, alumno: alumno.id });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo quitar', message: mensajeDeError(e) });
    }
    await recargar();
  };
  const oculta = (cual: number | 'sin') =>
    imprimir != null && imprimir !== cual ? 'no-imprimir' : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" className="no-imprimir">
        <SelectorAnio anios={anios.map((a) => ({ anio: a, curso: null }))} actual={datos.anio} />
        {administra && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando('nueva')}>
            Nueva actividad
          </Button>
        )}
      </Group>
      <Tabs defaultValue="actividades" keepMounted>
        <Tabs.List className="no-imprimir">
          <Tabs.Tab value="actividades">Actividades ({datos.actividades.length})</Tabs.Tab>
          <Tabs.Tab value="sin">
            Sin actividad ({datos.sinActividad.reduce((t, c) => t + c.alumnos.length, 0)})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="actividades" pt="md">
          {datos.actividades.length === 0 ? (
            <Text c="dimmed">Sin resultados</Text>
          ) : (
            <Stack gap="md">
              {datos.actividades.map((a) => (
                <Paper
                  key={a.id}
                  withBorder
                  p="md"
                  className={oculta(a.id)}
                  data-testid="lista-actividad"
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Title order={2} size="h4">
                      {a.nombre}
                    </Title>
                    <Group gap={6} className="no-imprimir">
                      <Badge variant="outline" color={a.libres === 0 ? 'gray.7' : 'blue.8'}>
                        {a.elegidos} de {a.cupos}
                      </Badge>
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconPrinter size={14} />}
                        onClick={() => imprimirLista(a.id)}
                        aria-label={`Imprimir la lista de ${a.nombre}`}
                      >
                        Imprimir
                      </Button>
                      {administra && (
                        <>
                          <ActionIcon
                            variant="default"
                            aria-label={`Editar ${a.nombre}`}
                            onClick={() => setEditando(a)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            color="red"
                            aria-label={`Borrar ${a.nombre}`}
                            onClick={() => void alBorrar(a)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </>
                      )}
                    </Group>
                  </Group>
                  <Text size="sm">
                    {a.comienzo} a {a.fin}
                    {a.aula ? ` · ${a.aula}` : ''} · {describirMascara(a.mascara)} · {a.elegidos} de{' '}
                    {cantidad(a.cupos, 'cupo', 'cupos')}
                  </Text>
                  {a.alumnos.length === 0 ? (
                    <Text size="sm" c="dimmed" mt="xs">
                      Todavía nadie eligió esta actividad.
                    </Text>
                  ) : (
                    <Table
                      mt="xs"
                      striped
                      verticalSpacing={2}
                      aria-label={`Alumnos de ${a.nombre}`}
                    >
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={40}>N°</Table.Th>
                          <Table.Th>Apellido y nombre</Table.Th>
                          <Table.Th>Curso</Table.Th>
                          {administra && (
                            <Table.Th w={40} className="no-imprimir">
                              <span className="solo-lector">Quitar</span>
                            </Table.Th>
                          )}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {a.alumnos.map((x, i) => (
                          <Table.Tr key={x.id}>
                            <Table.Td>{i + 1}</Table.Td>
                            <Table.Td>{nombreCompleto(x)}</Table.Td>
                            <Table.Td>{x.curso ?? '—'}</Table.Td>
                            {administra && (
                              <Table.Td className="no-imprimir">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Quitar a ${nombreCompleto(x)}`}
                                  onClick={() => void alQuitar(a, x)}
                                >
                                  <IconX size={14} />
                                </ActionIcon>
                              </Table.Td>
                            )}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="sin" pt="md" className={oculta('sin')}>
          <Group justify="flex-end" className="no-imprimir" mb="sm">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              onClick={() => imprimirLista('sin')}
            >
              Imprimir
            </Button>
          </Group>
          {datos.sinActividad.length === 0 ? (
            <Text c="dimmed">Todos los alumnos eligieron una actividad.</Text>
          ) : (
            <Stack gap="sm">
              {datos.sinActividad.map((c) => (
                <Paper key={c.curso} withBorder p="sm" data-testid="sin-actividad">
                  <Text fw={600}>
                    {c.curso} ·{' '}
                    {c.alumnos.length === 1 ? '1 alumno' : `${c.alumnos.length} alumnos`}
                  </Text>
                  <Text size="sm">{c.alumnos.map(nombreCompleto).join('; ')}</Text>
                </Paper>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
      <Dialogo
        abierto={editando != null}
        onCerrar={() => setEditando(null)}
        titulo={
          editando === 'nueva' ? 'Nueva actividad' : editando ? `Editar ${editando.nombre}` : ''
        }
        ancho="lg"
      >
        {editando != null && (
          <FormularioActividad
            anio={datos.anio}
            actividad={editando === 'nueva' ? null : editando}
            onListo={async () => {
              setEditando(null);
              await recargar();
            }}
          />
        )}
      </Dialogo>
    </Stack>
  );
}
