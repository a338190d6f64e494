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
import {
  IconCircleCheck,
  IconClipboardCheck,
  IconClock,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  entradaNueva,
  fechaMinimaAsistencia,
  puedeBorrarEntrada,
  type ModoFechas,
} from '@/domain/asistencias';
import { partesEnZona, type Turno } from '@/domain/escuela';
import {
  aplicarCola,
  deseadoDePantalla,
  planillaDelCambio,
  type CambioAlumno,
  type CambioEnCola,
} from '@/domain/asistencias-sin-conexion';
import {
  guardarCopia,
  guardarUltima,
  leerCopia,
  leerUltima,
  nuevoId,
  type CopiaPlanilla,
} from '@/components/sin-conexion/almacen';
import { AvisoSinConexion } from './AvisoSinConexion';
import {
  esErrorDeRed,
  guardadasDe,
  pedidoDe,
  useColaPlanilla,
  type DatosPlanilla,
} from './useColaPlanilla';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import { confirmar } from '@/components/ui/confirmar';
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

export const TURNOS: Turno[] = ['Mañana', 'Tarde'];

/** '2° 1°, 12/05/2026, turno Mañana', como en los avisos de la cola. */
const planillaDe = (p: DatosPlanilla) =>
  planillaDelCambio({ cursoNombre: p.curso.nombre, fecha: p.fecha, turno: p.turno });

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
  usuario,
}: {
  modo: ModoFechas;
  hoy: string;
  turnoInicial: Turno;
  zona: string;
  /** El usuario de la sesión: autor de los cambios que se guardan en el teléfono. */
  usuario: number;
}) {
  const [curso, setCurso] = useState<Opcion | null>(null);
  const [fecha, setFecha] = useState(hoy);
  const [turno, setTurno] = useState<Turno>(turnoInicial);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  const minima = fechaMinimaAsistencia(hoy, modo);
  const utils = api.useUtils();
  const cola = useColaPlanilla(usuario, zona);
  const clave = { curso: curso?.id ?? 0, fecha, turno };
  /**
   * El teléfono tiene red pero el servidor no contesta (un Wi-Fi sin salida a internet): la lista
   * de cursos o la planilla fallaron sin respuesta. Se trata como sin conexión hasta "Reintentar".
   */
  const [sinServidor, setSinServidor] = useState(false);
  const conServidor = cola.enLinea && !sinServidor;
  const planilla = api.asistencias.planilla.useQuery(clave, {
    enabled: !!curso && conServidor,
    ...SIN_RECARGAS,
  });
  const totales = api.asistencias.reporte.useQuery(
    { curso: curso?.id ?? 0, mes: fecha.slice(0, 7) },
    { enabled: !!curso && conServidor, refetchOnWindowFocus: false },
  );
  const [guardando, setGuardando] = useState(false);
  /** Sin conexión (o el servidor no contesta): la planilla sale de la copia del teléfono. */
  const sinRed = !conServidor || (planilla.isError && esErrorDeRed(planilla.error));
  const [copia, setCopia] = useState<CopiaPlanilla<DatosPlanilla> | null>(null);
  // La red que vuelve (el evento `online`) es otra oportunidad para el servidor.
  useEffect(() => {
    const volvio = () => setSinServidor(false);
    window.addEventListener('online', volvio);
    return () => window.removeEventListener('online', volvio);
  }, []);
  const alFallarLaLista = useCallback((e: unknown) => {
    if (esErrorDeRed(e)) setSinServidor(true);
  }, []);
  const reintentarServidor = () => {
    setSinServidor(false);
    if (planilla.isError) void planilla.refetch();
  };

  // Sin conexión y sin curso elegido (una recarga sin señal, o el servidor que no contesta): se
  // vuelve a abrir la última planilla de hoy de este usuario.
  const reabrir = sinRed && !curso;
  useEffect(() => {
    if (!reabrir) return;
    void leerUltima(usuario)
      .then((u) => {
        if (!u || u.fecha !== hoy) return;
        setCurso(
          (c) =>
            c ?? { id: u.curso.id, etiqueta: u.curso.etiqueta, detalle: u.curso.detalle ?? null },
        );
        setTurno(u.turno);
      })
      .catch(() => undefined);
  }, [reabrir, usuario, hoy]);

  // Sin conexión: la copia de esta planilla guardada en el teléfono (sólo la de hoy).
  useEffect(() => {
    if (!sinRed || !curso || fecha !== hoy) return;
    let vigente = true;
    void leerCopia<DatosPlanilla>(usuario, curso.id, fecha, turno)
      .then((c) => vigente && setCopia(c))
      .catch(() => vigente && setCopia(null));
    return () => {
      vigente = false;
    };
  }, [sinRed, curso, fecha, turno, hoy, usuario]);

  // Con conexión: la planilla de hoy leída queda en el teléfono, y la elección para la recarga.
  useEffect(() => {
    const p = planilla.data;
    if (!p || !curso || p.fecha !== hoy) return;
    void guardarCopia(usuario, curso.id, p.fecha, p.turno, p, new Date()).catch(() => undefined);
    void guardarUltima(usuario, { curso, turno: p.turno, fecha: p.fecha }).catch(() => undefined);
  }, [planilla.data, curso, hoy, usuario]);

  const copiaVigente =
    sinRed && copia && copia.curso === curso?.id && copia.fecha === fecha && copia.turno === turno
      ? copia
      : null;
  const servidor = planilla.data ?? copiaVigente?.planilla;
  /** Los cambios de este usuario en la cola para esta planilla (el teléfono los muestra). */
  const enCola = cola.cola.filter(
    (c) => c.curso === curso?.id && c.fecha === fecha && c.turno === turno,
  );
  const firmaCola = JSON.stringify(enCola.map((c) => [c.id, c.version, c.alumnos]));
  const datos = useMemo(() => {
    if (!servidor || enCola.length === 0) return servidor;
    const mostradas = aplicarCola(guardadasDe(servidor), enCola);
    return {
      ...servidor,
      alumnos: servidor.alumnos.map((a) => ({
        ...a,
        entradas: (mostradas.get(a.orden) ?? []).map((e) => ({
          orden: e.orden,
          tipo: e.tipo,
          circunstancia: e.circunstancia,
          justificada: e.justificada,
          justificacion: e.justificacion,
          fecha: servidor.fecha,
          turno: servidor.turno,
        })),
      })),
    } as DatosPlanilla;
    // firmaCola resume enCola: otra lectura de la cola igual no recarga la edición.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [servidor, firmaCola]);
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
    const de = datos ? planillaDe(datos) : 'la planilla';
    if (await descartarCambios(pendientes, de)) aplicar();
  };

  /**
   * Envía la planilla (los cambios de cada alumno, con lo que la pantalla mostraba antes;
   * ninguno: "sin faltas") y la reemplaza por la releída, que ya dice quién tomó la asistencia.
   * Sin conexión, o si ya hay cambios de esta planilla esperando en el teléfono, el cambio va a
   * la cola (se envía en orden al volver la conexión). Si otra persona guardó los mismos
   * alumnos mientras tanto, el cambio queda en conflicto para elegir. Ante otro error, la
   * pantalla conserva lo editado.
   */
  const enviar = async (
    alumnos: CambioAlumno[],
    aviso: { titulo: string; texto: (cambios: string) => string },
  ) => {
    if (!datos || !servidor) return;
    const cambio: CambioEnCola = {
      id: nuevoId(),
      autor: usuario,
      curso: datos.curso.orden,
      cursoNombre: datos.curso.nombre,
      fecha: datos.fecha,
      turno: datos.turno,
      alumnos,
      creado: new Date().toISOString(),
      estado: 'pendiente',
    };
    setGuardando(true);
    try {
      if (sinRed || enCola.length > 0) {
        await cola.guardarEnCola(cambio);
        if (!sinRed) void cola.enviar();
        return;
      }
      try {
        const respuesta = (await utils.client.asistencias.guardarPlanilla.mutate(
          pedidoDe(cambio),
        )) as DatosPlanilla & { cambios: Parameters<typeof resumenCambios>[0]; repetido?: boolean };
        const { cambios, repetido: _repetido, ...releida } = respuesta;
        utils.asistencias.planilla.setData(clave, releida);
        recargar(utils.asistencias.planilla.getData(clave) ?? releida);
        avisar({
          color: 'green',
          title: aviso.titulo,
          message: `${planillaDe(datos)}: ${aviso.texto(resumenCambios(cambios))}.`,
        });
        void utils.asistencias.reporte.invalidate();
        void utils.asistencias.delAlumno.invalidate();
      } catch (e) {
        if (esErrorDeRed(e)) await cola.guardarEnCola(cambio);
        else if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT')
          await cola.guardarEnCola({ ...cambio, estado: 'conflicto' });
        else avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
      }
    } catch {
      avisar({
        color: 'red',
        title: 'No se pudo guardar',
        message: 'No se pudo guardar en este teléfono. Revise la conexión e intente de nuevo.',
      });
    } finally {
      setGuardando(false);
    }
  };

  const alGuardar = async () => {
    if (!datos || !servidor) return;
    const antes = guardadasDe(servidor);
    const alumnos = [...porAlumno]
      .filter(([, l]) => l.some((e) => e.orden == null || e.borrar || e.modificada))
      .map(([alumno, l]) => ({
        alumno,
        anterior: antes.get(alumno) ?? [],
        deseado: deseadoDePantalla(
          l.map((e) => ({ ...datosDe(e), orden: e.orden, borrar: e.borrar })),
        ),
      }));
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

  /** 'HH:MM' en la zona de la escuela. */
  const horaDe = (iso: string) => {
    const { hora, minuto } = partesEnZona(new Date(iso), zona);
    return `${String(hora).padStart(2, '0')}:${String(minuto).padStart(2, '0')}`;
  };
  let contenido: React.ReactNode;
  if (!curso) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Seleccione un curso
      </Text>
    );
  } else if (sinRed && fecha !== hoy) {
    contenido = (
      <Alert color="yellow" role="status" data-testid="sin-conexion-otra-fecha">
        {`Sin conexión: sólo la planilla de hoy (${fechaLegible(hoy)}) se puede usar sin señal. Para ver otra fecha hace falta conexión.`}
      </Alert>
    );
  } else if (sinRed && !copiaVigente) {
    contenido = (
      <Alert color="yellow" role="status" data-testid="sin-copia">
        Sin conexión: esta planilla no está guardada en este teléfono. Ábrala una vez con conexión
        para poder usarla sin señal.
      </Alert>
    );
  } else if (planilla.isPending && !sinRed) {
    contenido = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando la planilla">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Stack>
    );
  } else if (planilla.isError && !sinRed) {
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
        {copiaVigente && (
          <Text size="sm" c="dimmed" data-testid="copia-del-telefono">
            {`Sin conexión: se muestra la copia guardada en este teléfono a las ${horaDe(copiaVigente.guardada)}. Los totales del mes necesitan conexión.`}
          </Text>
        )}
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
                {enCola.length > 0 && !datos.tomada
                  ? 'Asistencia tomada en este teléfono, todavía sin enviar'
                  : textoTomada(datos.tomada, datos.fecha, zona)}
              </Text>
            </Group>
            {datos.editable && !datos.tomada && pendientes === 0 && enCola.length === 0 && (
              <Button
                size="compact-sm"
                variant="light"
                color="green"
                leftSection={<IconClipboardCheck size={16} aria-hidden />}
                loading={guardando}
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
            guardando={guardando}
            onGuardar={alGuardar}
          />
        )}
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        {sinRed ? (
          <Paper withBorder p="md" data-testid="cursos-sin-conexion">
            <Title order={2} size="h4" mb="sm">
              Cursos
            </Title>
            <Text size="sm" c="dimmed">
              {curso
                ? `Sin conexión: se muestra ${curso.etiqueta}, el último curso abierto. Para elegir otro hace falta conexión.`
                : 'Sin conexión: para elegir un curso hace falta conexión.'}
            </Text>
            {cola.enLinea && (
              <Stack gap="xs" mt="sm" data-testid="servidor-sin-respuesta">
                <Text size="sm">
                  El teléfono tiene red, pero el portal no responde (¿un Wi-Fi sin internet?).
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={reintentarServidor}
                  w="fit-content"
                >
                  Reintentar
                </Button>
              </Stack>
            )}
          </Paper>
        ) : (
          <PanelListaBuscable
            fuente="cursos"
            etiqueta="Cursos"
            seleccionado={curso?.id ?? null}
            alto={telefono ? 220 : 520}
            onFallo={alFallarLaLista}
            onElegir={(o) => {
              if (o.id !== curso?.id)
                void cambiar(() => {
                  setCurso(o);
                  irAlDetalle();
                });
            }}
          />
        )}
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
              {curso && !sinRed && (
                <Exportar
                  lista="asistencia-curso"
                  parametros={{ curso: curso.id, mes: fecha.slice(0, 7) }}
                />
              )}
            </Group>
          </Paper>
          <Stack gap="sm">
            <AvisoSinConexion cola={cola} />
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
