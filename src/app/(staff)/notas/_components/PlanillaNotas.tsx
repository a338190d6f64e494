'use client';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  AUSENTE,
  AVISO_REABRIR,
  CONFIRMAR_CIERRE,
  ETIQUETA_MODALIDAD,
  cambiosPlanilla,
  celdaNota,
  colorNota,
  condicionAlumno,
  editarCelda,
  esModalidad,
  esNotaValida,
  mostrarNota,
  mostrarNotaFinal,
  parsearNota,
  type CeldaNota,
  type Cuatrimestre,
  type EstadoPeriodoNotas,
  type ValorNota,
} from '@/domain/notas';
import { confirmar } from '@/components/confirmar';
import { mensajeDeError } from '@/components/errores';
import { Cargando } from '@/components/vistas/Cargando';
import { api } from '@/trpc/react';
import { HojaPic, tituloPic } from './HojaPic';
import type { VarianteNotas } from './PantallaNotas';

const dm = (fecha: string | null) => (fecha ? fecha.slice(8, 10) + '/' + fecha.slice(5, 7) : '');
const clave = (alumno: number, c: Cuatrimestre) => `${alumno}:${c}`;

/** El estado de un cuatrimestre en palabras: 'Abierta hasta el 27/11', 'Cerrada · publicada', … */
function textoEstado(e: EstadoPeriodoNotas): { texto: string; color: string } {
  const publicada = e.publicado ? ` · publicada el ${dm(e.publicacion)}` : '';
  if (e.cerrado) return { texto: `Cerrada${publicada}`, color: 'gray.7' };
  if (!e.iniciado) {
    return {
      texto: e.apertura ? `Abre el ${dm(e.apertura)}` : 'Sin fechas en el calendario',
      color: 'gray.7',
    };
  }
  if (e.cierreVencido)
    return { texto: `Abierta, cierre vencido el ${dm(e.cierre)}${publicada}`, color: 'red.9' };
  return { texto: e.cierre ? `Abierta hasta el ${dm(e.cierre)}` : 'Abierta', color: 'teal.9' };
}

/** Una nota de sólo lectura con el color de las vistas de legajo (spec 02 §9). */
function NotaLeida({ valor, texto }: { valor: ValorNota | number | null; texto: string }) {
  const color = colorNota(valor, 'legajo');
  if (!texto) return null;
  const fondo = { red: 'red.9', yellow: 'yellow.3', gray: 'gray.7', blue: 'blue.9' } as const;
  if (!color) return <Text span>{texto}</Text>;
  return (
    <Badge
      variant="filled"
      color={fondo[color]}
      c={color === 'yellow' ? 'dark.9' : 'white'}
      radius="sm"
      size="lg"
      title={color === 'red' ? 'Desaprobada' : color === 'yellow' ? 'En riesgo' : 'Ausente'}
    >
      {texto}
    </Badge>
  );
}

interface CeldaEditableProps {
  fila: number;
  cuatrimestre: Cuatrimestre;
  nombre: string;
  nombreCuatrimestre: string;
  celda: CeldaNota;
  onCambiar: (valor: ValorNota | null) => void;
}

/** Entrada de una nota: entero de 1 a 10 (lo no numérico la borra) y la casilla de ausente. */
function CeldaEditable({
  fila,
  cuatrimestre,
  nombre,
  nombreCuatrimestre,
  celda,
  onCambiar,
}: CeldaEditableProps) {
  const [texto, setTexto] = useState<string | null>(null);
  const [invalida, setInvalida] = useState(false);
  const ausente = celda.valor === AUSENTE;
  const mostrado = texto ?? (typeof celda.valor === 'number' ? String(celda.valor) : '');
  const mover = (paso: number) => {
    const destino = document.querySelector<HTMLInputElement>(
      `[data-celda="${fila + paso}:${cuatrimestre}"]`,
    );
    destino?.focus();
    destino?.select();
  };
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <TextInput
        aria-label={`Nota del ${nombreCuatrimestre}: ${nombre}`}
        data-celda={`${fila}:${cuatrimestre}`}
        value={ausente ? '' : mostrado}
        disabled={ausente}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        w={52}
        size="sm"
        error={invalida}
        aria-invalid={invalida}
        title={invalida ? 'La nota debe ser un número entero de 1 a 10' : undefined}
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
        onChange={(e) => {
          const t = e.currentTarget.value;
          setTexto(t);
          const n = parsearNota(t);
          if (n == null) {
            setInvalida(false);
            onCambiar(null);
          } else if (esNotaValida(n)) {
            setInvalida(false);
            onCambiar(n);
          } else {
            setInvalida(true);
          }
        }}
        onBlur={() => {
          setTexto(null);
          setInvalida(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            mover(1);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            mover(-1);
          }
        }}
      />
      <Checkbox
        aria-label={`Ausente en el ${nombreCuatrimestre}: ${nombre}`}
        title="Ausente"
        checked={ausente}
        onChange={(e) => onCambiar(e.currentTarget.checked ? AUSENTE : null)}
      />
    </Group>
  );
}

/**
 * La planilla de un cursado (spec 02 §2, §4, §5, §8): los alumnos con las notas de los
 * cuatrimestres que usa la modalidad, la nota final y la condición. Se guardan sólo las celdas
 * cambiadas (con el valor que mostraban, para detectar si otro las cambió); cerrar guarda
 * primero y después cierra; reabrir (Alumnado) avisa "Recuerde cerrar la planilla luego".
 */
export function PlanillaNotas({ cursado, variante }: { cursado: number; variante: VarianteNotas }) {
  const [curso, setCurso] = useState<string>('todos');
  const entrada = curso === 'todos' ? { cursado } : { cursado, curso: Number(curso) };
  const q = api.notas.planilla.useQuery(entrada, { refetchOnWindowFocus: false });
  const utils = api.useUtils();
  const guardar = api.notas.guardar.useMutation();
  const cerrar = api.cursados.cerrar.useMutation();
  const reabrir = api.cursados.reabrir.useMutation();
  const [editadas, setEditadas] = useState<ReadonlyMap<string, CeldaNota>>(new Map());
  const [conflicto, setConflicto] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  /** El cuatrimestre cuya planilla de PIC se está imprimiendo (reemplaza a la planilla en papel). */
  const [pic, setPic] = useState<Cuatrimestre | null>(null);

  const datos = q.data;
  const servidor = useMemo(() => {
    const m = new Map<string, ValorNota | null>();
    for (const a of datos?.alumnos ?? []) {
      m.set(clave(a.id, 1), a.notas[1]);
      m.set(clave(a.id, 2), a.notas[2]);
    }
    return m;
  }, [datos]);
  const celdaDe = (alumno: number, c: Cuatrimestre): CeldaNota =>
    editadas.get(clave(alumno, c)) ?? celdaNota(servidor.get(clave(alumno, c)));
  const cambios = useMemo(
    () =>
      cambiosPlanilla(
        [...editadas.entries()].map(([k, celda]) => {
          const [alumnoId, c] = k.split(':').map(Number);
          return { ...celda, alumnoId: alumnoId!, cuatrimestre: c as Cuatrimestre };
        }),
      ).map((cambio) => ({
        ...cambio,
        anterior: editadas.get(clave(cambio.alumnoId, cambio.cuatrimestre))!.original,
      })),
    [editadas],
  );
  const hayCambios = cambios.length > 0;

  // Salir con cambios sin guardar: el navegador pregunta.
  useEffect(() => {
    if (!hayCambios) return;
    const avisar = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [hayCambios]);

  if (q.isPending) return <Cargando filas={8} />;
  if (q.error || !datos) {
    return (
      <Alert color="red" title="No se pudo leer la planilla">
        {q.error?.message}
      </Alert>
    );
  }

  const { estados } = datos;
  const aplicados = estados.filter((e) => e.aplica);
  const editables = aplicados.filter((e) => e.puedeCargar);
  const modalidad = esModalidad(datos.cursado.modalidad)
    ? ETIQUETA_MODALIDAD[datos.cursado.modalidad]
    : String(datos.cursado.modalidad);
  const variosCursos = datos.cursado.cursos.length > 1;

  const editar = (alumno: number, c: Cuatrimestre, valor: ValorNota | null) => {
    setEditadas((antes) => {
      const k = clave(alumno, c);
      const celda = editarCelda(antes.get(k) ?? celdaNota(servidor.get(k)), valor);
      const nuevas = new Map(antes);
      if (celda.accion === 'none') nuevas.delete(k);
      else nuevas.set(k, celda);
      return nuevas;
    });
  };

  const recargar = async () => {
    setEditadas(new Map());
    setConflicto(null);
    setVersion((v) => v + 1);
    await utils.notas.planilla.invalidate({ cursado });
  };

  /** Guarda los cambios pendientes; true si no había o se guardaron. */
  const guardarCambios = async (): Promise<boolean> => {
    if (!hayCambios) return true;
    try {
      const r = await guardar.mutateAsync({ cursado, cambios });
      await utils.notas.planilla.invalidate({ cursado });
      setEditadas(new Map());
      setVersion((v) => v + 1);
      setConflicto(null);
      void utils.notas.cursados.invalidate();
      notifications.show({
        color: 'green',
        title: 'Notas guardadas',
        message: r.guardadas === 1 ? 'Se guardó 1 nota.' : `Se guardaron ${r.guardadas} notas.`,
      });
      return true;
    } catch (e) {
      const mensaje = mensajeDeError(e);
      if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT') setConflicto(mensaje);
      notifications.show({ color: 'red', title: 'No se pudo guardar', message: mensaje });
      return false;
    }
  };

  const cerrarPeriodo = async (e: EstadoPeriodoNotas) => {
    const ok = await confirmar({
      titulo: CONFIRMAR_CIERRE,
      mensaje: `Se guardarán los cambios y se cerrará la planilla del ${e.nombre}. Después ya no se podrán modificar sus notas.`,
      confirmar: 'Cerrar la planilla',
    });
    if (!ok || !(await guardarCambios())) return;
    try {
      await cerrar.mutateAsync({ cursado, cuatrimestre: e.cuatrimestre });
      await utils.notas.planilla.invalidate({ cursado });
      void utils.notas.cursados.invalidate();
      notifications.show({
        color: 'green',
        title: 'Planilla cerrada',
        message: `La planilla del ${e.nombre} quedó cerrada.`,
      });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'No se pudo cerrar',
        message: mensajeDeError(err),
      });
    }
  };

  const reabrirPeriodo = async (e: EstadoPeriodoNotas) => {
    try {
      await reabrir.mutateAsync({ cursado, cuatrimestre: e.cuatrimestre });
      await utils.notas.planilla.invalidate({ cursado });
      void utils.notas.cursados.invalidate();
      modals.openConfirmModal({
        title: `Planilla del ${e.nombre} reabierta`,
        children: <Text>{AVISO_REABRIR}</Text>,
        labels: { confirm: 'Aceptar', cancel: '' },
        cancelProps: { display: 'none' },
        centered: true,
      });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'No se pudo reabrir',
        message: mensajeDeError(err),
      });
    }
  };

  /** Imprime con un título (el nombre del PDF); con `hojaPic`, la planilla de PIC en su lugar. */
  const imprimir = (titulo: string, hojaPic: Cuatrimestre | null = null) => {
    const anterior = document.title;
    flushSync(() => setPic(hojaPic));
    document.title = titulo;
    window.addEventListener(
      'afterprint',
      () => {
        document.title = anterior;
        setPic(null);
      },
      { once: true },
    );
    window.print();
  };

  const ocupado = guardar.isPending || cerrar.isPending || reabrir.isPending;

  return (
    <>
      <Stack gap="md" className={pic ? 'no-imprimir' : undefined}>
        <Paper withBorder p="md" radius="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {datos.cursado.nombre}
            </Title>
            <Text size="sm">
              {[
                datos.cursado.materias.join(', '),
                datos.cursado.cursos.map((c) => c.nombre).join(', '),
                modalidad,
                `Ciclo lectivo ${datos.cursado.ciclolectivo}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {datos.cursado.docentes.length > 0 && (
              <Text size="sm" c="dimmed">
                Docentes: {datos.cursado.docentes.join('; ')}
              </Text>
            )}
            <Group gap="xs" mt={4}>
              {aplicados.map((e) => {
                const { texto, color } = textoEstado(e);
                return (
                  <Badge
                    key={e.cuatrimestre}
                    variant="filled"
                    color={color}
                    radius="sm"
                    size="lg"
                    tt="none"
                  >
                    {e.nombre}: {texto}
                  </Badge>
                );
              })}
            </Group>
          </Stack>
        </Paper>

        {datos.avisos.map((a) => (
          <Alert
            key={a}
            color="orange"
            title="Atención"
            className="no-imprimir"
            styles={{
              title: { color: 'var(--mantine-color-dark-9)' },
              message: { color: 'var(--mantine-color-dark-9)' },
            }}
          >
            {a}
          </Alert>
        ))}
        {conflicto && (
          <Alert color="red" title="Otra persona cambió esta planilla" className="no-imprimir">
            <Stack gap="xs" align="start">
              <Text size="sm">{conflicto}</Text>
              <Button size="xs" variant="filled" color="red.9" onClick={() => void recargar()}>
                Recargar la planilla
              </Button>
            </Stack>
          </Alert>
        )}

        {variante === 'supervisor' && datos.cursado.cursos.length > 0 && (
          <Tabs value={curso} onChange={(v) => setCurso(v ?? 'todos')} className="no-imprimir">
            <Tabs.List>
              <Tabs.Tab value="todos">Todos los cursos</Tabs.Tab>
              {datos.cursado.cursos.map((c) => (
                <Tabs.Tab key={c.id} value={String(c.id)}>
                  {c.nombre}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}

        {datos.alumnos.length === 0 ? (
          <Text c="dimmed">No hay alumnos inscriptos en este cursado.</Text>
        ) : (
          <ScrollArea type="auto" offsetScrollbars>
            <Table
              striped
              withTableBorder
              verticalSpacing={4}
              miw={editables.length ? 560 : 420}
              aria-label={`Notas de ${datos.cursado.nombre}`}
            >
              <TableThead>
                <TableTr>
                  <TableTh w={36}>N°</TableTh>
                  <TableTh>Alumno</TableTh>
                  {variosCursos && curso === 'todos' && <TableTh>Curso</TableTh>}
                  {aplicados.map((e) => (
                    <TableTh key={e.cuatrimestre} ta="center">
                      {e.nombre}
                      {e.puedeCargar && (
                        <Text span display="block" size="xs" c="dimmed" fw={400}>
                          Nota · Ausente
                        </Text>
                      )}
                    </TableTh>
                  ))}
                  <TableTh ta="center">Nota final</TableTh>
                  <TableTh>Condición</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody key={version}>
                {datos.alumnos.map((a, i) => {
                  const nombre = `${a.apellido}, ${a.nombre}`;
                  const c1 = celdaDe(a.id, 1);
                  const c2 = celdaDe(a.id, 2);
                  const numero = (v: ValorNota | null) => (typeof v === 'number' ? v : null);
                  const final = mostrarNotaFinal(
                    datos.cursado.modalidad,
                    numero(c1.valor),
                    numero(c2.valor),
                  );
                  const condicion = condicionAlumno(datos.cursado.modalidad, c1.valor, c2.valor);
                  return (
                    <TableTr key={a.id}>
                      <TableTd c="dimmed">{i + 1}</TableTd>
                      <TableTd style={{ whiteSpace: 'nowrap' }}>{nombre}</TableTd>
                      {variosCursos && curso === 'todos' && (
                        <TableTd>{a.curso?.nombre ?? ''}</TableTd>
                      )}
                      {aplicados.map((e) => {
                        const celda = e.cuatrimestre === 1 ? c1 : c2;
                        const modificada = celda.accion !== 'none';
                        return (
                          <TableTd
                            key={e.cuatrimestre}
                            ta="center"
                            bg={modificada ? 'yellow.1' : undefined}
                            title={modificada ? 'Modificada, sin guardar' : undefined}
                          >
                            {e.puedeCargar ? (
                              <CeldaEditable
                                fila={i}
                                cuatrimestre={e.cuatrimestre}
                                nombre={nombre}
                                nombreCuatrimestre={e.nombre}
                                celda={celda}
                                onCambiar={(v) => editar(a.id, e.cuatrimestre, v)}
                              />
                            ) : (
                              <NotaLeida valor={celda.valor} texto={mostrarNota(celda.valor)} />
                            )}
                          </TableTd>
                        );
                      })}
                      <TableTd ta="center">
                        <NotaLeida valor={parsearNota(final)} texto={final} />
                      </TableTd>
                      <TableTd>{condicion ?? ''}</TableTd>
                    </TableTr>
                  );
                })}
              </TableTbody>
            </Table>
          </ScrollArea>
        )}

        <Box className="solo-imprimir" display="none">
          <Text mt="xl">Firma del docente: ______________________________</Text>
        </Box>

        <Group gap="sm" className="no-imprimir">
          {editables.length > 0 && (
            <Button
              onClick={() => void guardarCambios()}
              disabled={!hayCambios || ocupado}
              loading={guardar.isPending}
            >
              {hayCambios ? `Guardar (${cambios.length})` : 'Guardar'}
            </Button>
          )}
          {aplicados
            .filter((e) => e.puedeCerrar)
            .map((e) => (
              <Button
                key={`cerrar-${e.cuatrimestre}`}
                variant="outline"
                onClick={() => void cerrarPeriodo(e)}
                disabled={ocupado}
              >
                Cerrar planilla del {e.nombre}
              </Button>
            ))}
          {aplicados
            .filter((e) => e.puedeReabrir)
            .map((e) => (
              <Button
                key={`reabrir-${e.cuatrimestre}`}
                variant="outline"
                onClick={() => void reabrirPeriodo(e)}
                disabled={ocupado}
              >
                Reabrir planilla del {e.nombre}
              </Button>
            ))}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() =>
              imprimir(
                `Planilla de notas - ${datos.cursado.nombre} - ${datos.cursado.ciclolectivo}`,
              )
            }
          >
            Imprimir
          </Button>
          {variante === 'privileged' && (
            <Menu position="top-start">
              <Menu.Target>
                <Button variant="default" leftSection={<IconPrinter size={16} />}>
                  Imprimir PIC
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Alumnos que no aprobaron (según lo guardado)</Menu.Label>
                {aplicados.map((e) => (
                  <Menu.Item
                    key={e.cuatrimestre}
                    onClick={() =>
                      imprimir(tituloPic(datos.cursado, e.cuatrimestre), e.cuatrimestre)
                    }
                  >
                    PIC del {e.nombre}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {hayCambios && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {cambios.length === 1 ? '1 nota sin guardar' : `${cambios.length} notas sin guardar`}
            </Text>
          )}
        </Group>
      </Stack>
      {pic && (
        <HojaPic
          cuatrimestre={pic}
          modalidad={datos.cursado.modalidad}
          cursado={datos.cursado}
          alumnos={datos.alumnos.map((a) => ({
            id: a.id,
            apellido: a.apellido,
            nombre: a.nombre,
            curso: a.curso?.nombre ?? '',
            nota: a.notas[pic],
          }))}
        />
      )}
    </>
  );
}
