'use client';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconLock, IconPrinter, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { CampoDecimal } from '@/components/campos/CampoNumero';
import { Exportar } from '@/components/ui/Exportar';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { nombreCompleto } from '@/domain/escuela';
import { mismoResultado, problemaDeResultado, type ResultadoActa } from '@/domain/mesas';
import { mostrarResultadoExamen, type TipoNotaExamen } from '@/domain/notas';
import { api } from '@/trpc/react';
import { Candidatos } from './Candidatos';
import { cuandoEs, type Mesa, type Salidas } from './comun';
import { HojaActa } from './HojaActa';
import estilos from './mesas.module.css';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';

type Fila = Salidas['acta']['alumnos'][number];
type Resultado = { tipoNota: TipoNotaExamen; nota: number | null } | null;
/** Un cambio sin guardar: el valor nuevo y lo que estaba guardado cuando se editó. */
type Edicion = { resultado: Resultado; base: Resultado };

const TIPOS = [
  { value: '', label: '—' },
  { value: 'normal', label: 'Nota' },
  { value: 'ausente', label: 'Ausente' },
  { value: 'adeuda_correlativa', label: 'Adeuda correlativa' },
];

/**
 * El acta de una materia de la mesa (spec 01 §3 Exam instance; issue 16): por alumno, una nota de
 * 1 a 10 (con medios), ausente o adeuda correlativa. Se guardan sólo las filas cambiadas con lo
 * que la pantalla mostraba: si otra persona las cambió, el servidor responde 409, se releen y se
 * conservan las ediciones que no chocan. Cerrar el acta la deja definitiva y pasa a las libretas.
 */
export function ActaMateria({ mesa, materia }: { mesa: Mesa; materia: number }) {
  const utils = api.useUtils();
  const acta = api.mesas.acta.useQuery({ id: mesa.id, materia });
  const guardar = api.mesas.guardarActa.useMutation();
  const cerrar = api.mesas.cerrarActa.useMutation();
  const anotar = api.mesas.anotar.useMutation();
  const [todas, setEdiciones] = useState(new Map<number, Edicion>());
  const [error, setError] = useState<string | null>(null);
  // Al releer, una edición cuya base ya no es lo guardado (otra persona lo cambió) se descarta:
  // se ve lo que guardó la otra persona.
  const filas = acta.data?.alumnos ?? [];
  const ediciones = new Map(
    [...todas].filter(([alumno, e]) => {
      const fila = filas.find((f) => f.alumno === alumno);
      return fila != null && mismoResultado(fila.resultado, e.base);
    }),
  );
  const hayCambios = ediciones.size > 0;
  useAvisoAlSalir(hayCambios);

  if (acta.isPending)
    return (
      <Center p="lg">
        <Loader aria-label="Cargando el acta" />
      </Center>
    );
  if (acta.isError)
    return (
      <Alert color="red" role="alert">
        {mensajeDeError(acta.error)}
      </Alert>
    );
  const a = acta.data;
  const valorDe = (f: Fila): Resultado =>
    ediciones.has(f.alumno) ? ediciones.get(f.alumno)!.resultado : f.resultado;
  const editar = (f: Fila, r: Resultado) =>
    setEdiciones((previas) => {
      const nuevas = new Map(previas);
      if (mismoResultado(r, f.resultado)) nuevas.delete(f.alumno);
      else nuevas.set(f.alumno, { resultado: r, base: f.resultado });
      return nuevas;
    });
  const problemas = new Map(
    [...ediciones].map(([alumno, e]) => [alumno, problemaDeResultado(e.resultado)] as const),
  );
  const hayProblemas = [...problemas.values()].some((p) => p != null);

  const guardarCambios = async (): Promise<boolean> => {
    if (!hayCambios) return true;
    setError(null);
    try {
      await guardar.mutateAsync({
        id: mesa.id,
        materia,
        cambios: [...ediciones].map(([alumno, e]) => ({
          alumno,
          resultado: e.resultado as ResultadoActa | null,
          anterior: e.base as ResultadoActa | null,
        })),
      });
      setEdiciones(new Map());
      await utils.mesas.acta.invalidate({ id: mesa.id, materia });
      avisar({ color: 'green', message: 'Acta guardada.' });
      return true;
    } catch (e) {
      setError(mensajeDeError(e));
      await utils.mesas.acta.invalidate({ id: mesa.id, materia });
      return false;
    }
  };

  const alCerrar = async () => {
    const ok = await confirmar({
      titulo: `¿Cerrar el acta de ${a.materia.nombre}?`,
      mensaje:
        'Queda definitiva: no se puede modificar y los resultados pasan a las libretas de los alumnos.',
      confirmar: 'Cerrar acta',
    });
    if (!ok || !(await guardarCambios())) return;
    try {
      await cerrar.mutateAsync({ id: mesa.id, materia });
      avisar({ color: 'green', message: `Acta de ${a.materia.nombre} cerrada.` });
    } catch (e) {
      setError(mensajeDeError(e));
    }
    await Promise.all([
      utils.mesas.acta.invalidate({ id: mesa.id, materia }),
      utils.mesas.detalle.invalidate({ id: mesa.id }),
    ]);
  };

  const quitar = async (f: Fila) => {
    try {
      await anotar.mutateAsync({ id: mesa.id, materia, agregar: [], quitar: [f.alumno] });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo quitar', message: mensajeDeError(e) });
    }
    await Promise.all([
      utils.mesas.acta.invalidate({ id: mesa.id, materia }),
      utils.mesas.candidatos.invalidate({ id: mesa.id, materia }),
      utils.mesas.detalle.invalidate({ id: mesa.id }),
    ]);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" className="no-imprimir">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} size="h4">
              Acta de {a.materia.nombre}
            </Title>
            <Text size="sm" c="dimmed">
              {cuandoEs(a.mesa)} · {a.mesa.instancia}
            </Text>
          </Stack>
          <Group gap="xs">
            {a.cerrada ? (
              <Badge color="gray" leftSection={<IconLock size={12} />}>
                Acta cerrada{a.cerradaPor ? ` por ${a.cerradaPor}` : ''}
              </Badge>
            ) : (
              <Badge color="#1e6b2e" variant="filled">
                Acta abierta
              </Badge>
            )}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
            >
              Imprimir acta
            </Button>
            <Exportar lista="acta-mesa" parametros={{ mesa: mesa.id, materia }} />
          </Group>
        </Group>
        {error && (
          <Alert color="red" role="alert" title="Error al guardar" mb="sm">
            {error}
          </Alert>
        )}
        {a.alumnos.length === 0 ? (
          <Text c="dimmed">No hay alumnos anotados en esta materia.</Text>
        ) : (
          <DesplazarTabla minWidth={320}>
            <Table striped verticalSpacing={4} aria-label={`Acta de ${a.materia.nombre}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>N°</Table.Th>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Resultado</Table.Th>
                  {a.puedeAnotar && (
                    <Table.Th w={40}>
                      <span className="solo-lector">Quitar</span>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.alumnos.map((f, i) => {
                  const valor = valorDe(f);
                  const problema = problemas.get(f.alumno) ?? null;
                  const nombre = nombreCompleto(f);
                  return (
                    <Table.Tr key={f.alumno} data-editada={ediciones.has(f.alumno) || undefined}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{nombre}</Text>
                        <Text size="xs" c="dimmed">
                          {f.curso ?? 'Sin curso'} ({f.ciclo})
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {a.puedeCargar ? (
                          <Group gap={6} className={estilos.resultado}>
                            <NativeSelect
                              aria-label={`Resultado de ${nombre}`}
                              data={TIPOS}
                              value={valor?.tipoNota ?? ''}
                              onChange={(e) => {
                                const t = e.currentTarget.value as TipoNotaExamen | '';
                                editar(
                                  f,
                                  t === ''
                                    ? null
                                    : {
                                        tipoNota: t,
                                        nota: t === 'normal' ? (valor?.nota ?? null) : null,
                                      },
                                );
                              }}
                              w={150}
                            />
                            <CampoDecimal
                              aria-label={`Nota de ${nombre}`}
                              w={80}
                              valor={valor?.tipoNota === 'normal' ? (valor.nota ?? null) : null}
                              disabled={valor != null && valor.tipoNota !== 'normal'}
                              error={problema ?? undefined}
                              alCambiar={(v) =>
                                editar(
                                  f,
                                  v == null
                                    ? valor?.tipoNota === 'normal'
                                      ? { tipoNota: 'normal', nota: null }
                                      : valor
                                    : { tipoNota: 'normal', nota: v },
                                )
                              }
                            />
                          </Group>
                        ) : (
                          <Text fw={600}>{mostrarResultadoExamen(f.resultado) || '—'}</Text>
                        )}
                      </Table.Td>
                      {a.puedeAnotar && (
                        <Table.Td>
                          {f.resultado == null && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Quitar a ${nombre} del acta`}
                              onClick={() => void quitar(f)}
                            >
                              <IconX size={14} />
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </DesplazarTabla>
        )}
        {a.puedeCargar && a.alumnos.length > 0 && (
          <Group justify="flex-end" mt="sm" gap="xs">
            {hayCambios && (
              <Text size="sm" c="orange.9">
                {ediciones.size === 1
                  ? '1 cambio sin guardar'
                  : `${ediciones.size} cambios sin guardar`}
              </Text>
            )}
            <Button
              variant="default"
              onClick={() => void guardarCambios()}
              disabled={!hayCambios || hayProblemas}
              loading={guardar.isPending}
            >
              Guardar
            </Button>
            <Button
              leftSection={<IconLock size={16} />}
              onClick={() => void alCerrar()}
              disabled={hayProblemas}
              loading={cerrar.isPending}
            >
              Cerrar acta
            </Button>
          </Group>
        )}
        {a.cerrarDesde && (
          <Group justify="flex-end" mt="sm">
            <Button leftSection={<IconLock size={16} />} disabled>
              {a.cerrarDesde}
            </Button>
          </Group>
        )}
      </Paper>
      {a.puedeAnotar && <Candidatos mesa={mesa.id} materia={materia} />}
      <HojaActa acta={a} />
    </Stack>
  );
}
