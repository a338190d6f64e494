'use client';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { avisar } from '@/components/ui/avisos';
import { IconCircleCheck, IconClipboardCheck, IconClock, IconPlus } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import {
  cambiosAsistencias,
  entradaNueva,
  fechaMinimaAsistencia,
  puedeBorrarEntrada,
  type ModoFechas,
} from '@/domain/asistencias';
import type { Turno } from '@/domain/escuela';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import { confirmar } from '@/components/ui/confirmar';
import type { AppRouter } from '@/server/api/root';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import { Exportar } from '@/components/ui/Exportar';
import { BarraGuardar } from '@/components/ui/BarraGuardar';
import { useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import { fechaLegible } from '@/domain/texto';
import { CampoFecha } from './CampoFecha';
import { FilaEntrada } from './FilaEntrada';
import { TotalAsistencias } from './TotalAsistencias';
import {
  datosDe,
  desdeServidor,
  grupoDe,
  mensajeDeError,
  resumenCambios,
  textoTomada,
  tipoLibre,
  tiposOcupados,
  useClaves,
  useEdicion,
  type Editable,
} from './edicion';

type DatosPlanilla = inferRouterOutputs<AppRouter>['asistencias']['planilla'];
type CambiosPlanilla = Parameters<
  ReturnType<typeof api.asistencias.guardarPlanilla.useMutation>['mutateAsync']
>[0]['alumnos'];

export const TURNOS: Turno[] = ['Mañana', 'Tarde'];

const entradasDePlanilla = (p: DatosPlanilla) =>
  p.alumnos.flatMap((a) => a.entradas.map((e) => desdeServidor(a.orden, e)));

/** Sin recargas solas: la planilla en edición sólo se reemplaza al cambiar de curso o al guardar. */
const SIN_RECARGAS = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * Confirma descartar lo pendiente, nombrando qué se pierde: cuántas entradas y de qué planilla
 * (`de`: 'el curso 2° 1°, 12/05/2026, turno Mañana' o el alumno).
 */
export async function descartarCambios(pendientes: number, de: string): Promise<boolean> {
  return (
    pendientes === 0 ||
    confirmar({
      titulo: '¿Descartar los cambios sin guardar?',
      mensaje:
        pendientes === 1
          ? `La entrada agregada, modificada o marcada para borrar de ${de} se perderá.`
          : `Las ${pendientes} entradas agregadas, modificadas o marcadas para borrar de ${de} se perderán.`,
      confirmar: 'Descartar',
      peligro: true,
    })
  );
}

/**
 * "Por Curso" (spec 01 §2 Attendance): un curso, una fecha dentro de la ventana del modo
 * (spec 01 §5) y un turno (por defecto el de la hora, spec 01 §9); una fila por alumno con sus
 * entradas de ese día y turno. "Guardar" envía la planilla entera en una sola llamada (una
 * transacción en el servidor); si falla, la pantalla conserva lo editado. Guardar marca la
 * asistencia del curso, día y turno como tomada (issue 15 §5); sin cambios, "Sin faltas" la
 * marca con todos presentes. `zona`: la zona horaria de la escuela (la hora en que se tomó).
 */
export function PlanillaCurso({
  modo,
  hoy,
  turnoInicial,
  zona,
}: {
  modo: ModoFechas;
  hoy: string;
  turnoInicial: Turno;
  zona: string;
}) {
  const [curso, setCurso] = useState<Opcion | null>(null);
  const [fecha, setFecha] = useState(hoy);
  const [turno, setTurno] = useState<Turno>(turnoInicial);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  const minima = fechaMinimaAsistencia(hoy, modo);
  const utils = api.useUtils();
  const clave = { curso: curso?.id ?? 0, fecha, turno };
  const planilla = api.asistencias.planilla.useQuery(clave, { enabled: !!curso, ...SIN_RECARGAS });
  const totales = api.asistencias.reporte.useQuery(
    { curso: curso?.id ?? 0, mes: fecha.slice(0, 7) },
    { enabled: !!curso, refetchOnWindowFocus: false },
  );
  const guardar = api.asistencias.guardarPlanilla.useMutation();
  const datos = planilla.data;
  const { lista, despachar, recargar } = useEdicion(datos, entradasDePlanilla);
  const nuevaClave = useClaves();

  const pendientes = lista.filter((e) => e.orden == null || e.borrar || e.modificada).length;
  const { ocupados, repetidas } = useMemo(() => tiposOcupados(lista), [lista]);
  const porAlumno = useMemo(() => {
    const m = new Map<number, Editable[]>();
    for (const e of lista) m.set(e.alumno, [...(m.get(e.alumno) ?? []), e]);
    return m;
  }, [lista]);
  const totalDe = useMemo(
    () => new Map((totales.data?.alumnos ?? []).map((a) => [a.orden, a])),
    [totales.data],
  );

  const cambiar = async (aplicar: () => void) => {
    const de = datos
      ? `${datos.curso.nombre}, ${fechaLegible(datos.fecha)}, turno ${datos.turno}`
      : 'la planilla';
    if (await descartarCambios(pendientes, de)) aplicar();
  };

  /**
   * Envía la planilla (los cambios de cada alumno; ninguno: "sin faltas") y la reemplaza por la
   * releída, que ya dice quién tomó la asistencia. Si falla, la pantalla conserva lo editado.
   */
  const enviar = async (
    alumnos: CambiosPlanilla,
    aviso: { titulo: string; texto: (cambios: string) => string },
  ) => {
    if (!datos) return;
    try {
      const { cambios, ...releida } = await guardar.mutateAsync({
        curso: datos.curso.orden,
        fecha: datos.fecha,
        turno: datos.turno,
        alumnos,
      });
      utils.asistencias.planilla.setData(clave, releida);
      recargar(utils.asistencias.planilla.getData(clave) ?? releida);
      avisar({
        color: 'green',
        title: aviso.titulo,
        message: `${datos.curso.nombre}, ${fechaLegible(datos.fecha)}, turno ${datos.turno}: ${aviso.texto(resumenCambios(cambios))}.`,
      });
      void utils.asistencias.reporte.invalidate();
      void utils.asistencias.delAlumno.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
    }
  };

  const alGuardar = async () => {
    if (!datos) return;
    const alumnos = [...porAlumno]
      .map(([alumno, l]) => {
        const c = cambiosAsistencias(l);
        return {
          alumno,
          crear: c.crear.map(datosDe),
          actualizar: c.actualizar.map((e) => ({ orden: e.orden!, ...datosDe(e) })),
          borrar: c.borrar,
        };
      })
      .filter((a) => a.crear.length + a.actualizar.length + a.borrar.length > 0);
    await enviar(alumnos, {
      titulo: 'Asistencias guardadas',
      texto: (resumen) => `${resumen}; asistencia tomada`,
    });
  };

  /** Todos presentes: marca la asistencia tomada sin entradas nuevas. */
  const alMarcarSinFaltas = () =>
    enviar([], { titulo: 'Asistencia tomada', texto: () => 'sin faltas, todos presentes' });

  const agregar = (alumno: number) => {
    if (!datos) return;
    const base = { ...entradaNueva(datos.fecha, datos.turno), alumno };
    const tipo = tipoLibre(lista, grupoDe(base));
    if (tipo) despachar({ accion: 'agregar', clave: nuevaClave(), entrada: { ...base, tipo } });
  };

  let contenido: React.ReactNode;
  if (!curso) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Seleccione un curso
      </Text>
    );
  } else if (planilla.isPending) {
    contenido = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando la planilla">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Stack>
    );
  } else if (planilla.isError) {
    contenido = (
      <Alert color="red" role="alert">
        {planilla.error.message}
      </Alert>
    );
  } else if (datos && datos.alumnos.length === 0) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Sin resultados
      </Text>
    );
  } else if (datos) {
    contenido = (
      <Stack gap="sm">
        {!datos.editable && (
          <Alert color="yellow" data-testid="fuera-de-ventana">
            {`Sólo se pueden cargar asistencias entre el ${fechaLegible(datos.fechaMinima)} y hoy (${fechaLegible(datos.hoy)}). Esta planilla es sólo de consulta.`}
          </Alert>
        )}
        <Paper
          withBorder
          p="xs"
          data-testid="estado-tomada"
          data-tomada={datos.tomada ? 'si' : 'no'}
          bg={datos.tomada ? 'var(--mantine-color-green-light)' : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={6} wrap="nowrap" align="flex-start">
              {datos.tomada ? (
                <IconCircleCheck
                  size={18}
                  color="var(--mantine-color-green-light-color)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              ) : (
                <IconClock
                  size={18}
                  color="var(--mantine-color-dimmed)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              )}
              <Text
                size="sm"
                fw={datos.tomada ? 500 : undefined}
                // Verde oscuro: green.9 sobre el fondo verde claro no llega al contraste AA (3,8:1).
                c={datos.tomada ? '#1e6b2e' : 'dimmed'}
                aria-live="polite"
                data-testid="texto-tomada"
              >
                {textoTomada(datos.tomada, datos.fecha, zona)}
              </Text>
            </Group>
            {datos.editable && !datos.tomada && pendientes === 0 && (
              <Button
                size="compact-sm"
                variant="light"
                color="green"
                leftSection={<IconClipboardCheck size={16} aria-hidden />}
                loading={guardar.isPending}
                onClick={() => void alMarcarSinFaltas()}
                w={{ base: '100%', xs: 'auto' }}
                // En un teléfono angosto el texto baja de renglón en lugar de cortarse.
                h="auto"
                mih={30}
                py={4}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              >
                Sin faltas: marcar asistencia tomada
              </Button>
            )}
          </Group>
        </Paper>
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Alumnos del curso">
          {datos.alumnos.map((a) => {
            const entradas = porAlumno.get(a.orden) ?? [];
            const total = totalDe.get(a.orden);
            const nombre = `${a.apellido}, ${a.nombre}`;
            const libre = tipoLibre(lista, `${a.orden}|${datos.fecha}|${datos.turno}`);
            return (
              <Paper
                component="li"
                key={a.orden}
                withBorder
                p="xs"
                style={{ listStyle: 'none' }}
                data-testid="alumno-planilla"
              >
                <section aria-label={nombre}>
                  <Group justify="space-between" gap="xs" wrap="wrap" mb={entradas.length ? 6 : 0}>
                    <Text fw={600} size="sm">
                      {nombre}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {total && (
                        <TotalAsistencias
                          textoTotal={total.textoTotal}
                          etiqueta={total.etiqueta}
                          color={total.color}
                          size="xs"
                        />
                      )}
                      {datos.editable && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconPlus size={14} />}
                          disabled={!libre}
                          onClick={() => agregar(a.orden)}
                        >
                          Agregar entrada
                        </Button>
                      )}
                    </Group>
                  </Group>
                  {entradas.length > 0 && (
                    <Stack component="ul" gap={6} p={0} m={0} aria-label={`Entradas de ${nombre}`}>
                      {entradas.map((e) => (
                        <FilaEntrada
                          key={e.clave}
                          entrada={e}
                          editable={datos.editable}
                          borrable={datos.editable && puedeBorrarEntrada(e, datos.hoy, datos.modo)}
                          ocupados={ocupados.get(e.clave) ?? new Set()}
                          repetida={repetidas.has(e.clave)}
                          onCambiar={(cambios) =>
                            despachar({ accion: 'modificar', clave: e.clave, cambios })
                          }
                          onBorrar={() => despachar({ accion: 'borrar', clave: e.clave })}
                        />
                      ))}
                    </Stack>
                  )}
                </section>
              </Paper>
            );
          })}
        </Stack>
        {datos.editable && (
          <BarraGuardar
            cambios={pendientes}
            bloqueo={
              repetidas.size
                ? 'Hay entradas del mismo tipo repetidas para un alumno: cambie o borre una.'
                : null
            }
            guardando={guardar.isPending}
            onGuardar={alGuardar}
          />
        )}
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <PanelListaBuscable
          fuente="cursos"
          etiqueta="Cursos"
          seleccionado={curso?.id ?? null}
          alto={telefono ? 220 : 520}
          onElegir={(o) => {
            if (o.id !== curso?.id)
              void cambiar(() => {
                setCurso(o);
                irAlDetalle();
              });
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="md" ref={detalleRef} style={{ scrollMarginTop: 72 }}>
          <Paper withBorder p="md">
            <Group align="flex-end" gap="md" wrap="wrap">
              <CampoFecha
                etiqueta="Fecha"
                valor={fecha}
                minima={minima}
                maxima={hoy}
                onCambiar={(f) => void cambiar(() => setFecha(f))}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="etiqueta-turno">
                  Turno
                </Text>
                <SegmentedControl
                  aria-labelledby="etiqueta-turno"
                  data={TURNOS}
                  value={turno}
                  onChange={(t) => void cambiar(() => setTurno(t as Turno))}
                />
              </Stack>
              {curso && (
                <Exportar
                  lista="asistencia-curso"
                  parametros={{ curso: curso.id, mes: fecha.slice(0, 7) }}
                />
              )}
            </Group>
          </Paper>
          <Stack gap="sm">
            {curso && datos && (
              <Title order={2} size="h4">
                {`${datos.curso.nombre} · ${fechaLegible(datos.fecha)} · ${datos.turno}`}
              </Title>
            )}
            {contenido}
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
