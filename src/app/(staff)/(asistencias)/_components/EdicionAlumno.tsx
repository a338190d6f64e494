'use client';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { avisar } from '@/components/ui/avisos';
import { IconPlus } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import {
  cambiosAsistencias,
  entradaNueva,
  fechaEnVentana,
  fechaMinimaAsistencia,
  puedeBorrarEntrada,
} from '@/domain/asistencias';
import { ListaYDetalle, useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import type { Turno } from '@/domain/escuela';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import type { AppRouter } from '@/server/api/root';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import { BarraGuardar } from '@/components/ui/BarraGuardar';
import { FilaEntrada } from './FilaEntrada';
import { descartarCambios } from './PlanillaCurso';
import { Exportar } from '@/components/ui/Exportar';
import { TotalAsistencias } from './TotalAsistencias';
import {
  datosDe,
  desdeServidor,
  grupoDe,
  mensajeDeError,
  resumenCambios,
  tipoLibre,
  tiposOcupados,
  useClaves,
  useEdicion,
  type Editable,
  type Entrada,
} from './edicion';

type DatosAlumno = inferRouterOutputs<AppRouter>['asistencias']['delAlumno'];

const entradasDelAlumno = (d: DatosAlumno) =>
  d.entradas.map((e) => desdeServidor(d.alumno.orden, e));

/** Las nuevas arriba (la última agregada primero); después las guardadas, más nueva primero. */
function ordenar(lista: readonly Editable[]): Editable[] {
  const nuevas = lista.filter((e) => e.orden == null).reverse();
  const guardadas = lista
    .filter((e) => e.orden != null)
    .sort(
      (a, b) =>
        b.fecha.localeCompare(a.fecha) ||
        (a.turno === b.turno ? 0 : a.turno === 'Tarde' ? -1 : 1) ||
        b.orden! - a.orden!,
    );
  return [...nuevas, ...guardadas];
}

/**
 * "Por Alumno" (spec 01 §2 Attendance): las entradas de un alumno en un año, con la ventana
 * completa de fechas (spec 01 §5), para agregar, cambiar y borrar (spec 01 §4). Guardar envía
 * todos los cambios en una llamada.
 */
export function EdicionAlumno({ hoy, turnoInicial }: { hoy: string; turnoInicial: Turno }) {
  const [alumno, setAlumno] = useState<Opcion | null>(null);
  const [anio, setAnio] = useState<number | undefined>(undefined);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  const minima = fechaMinimaAsistencia(hoy, 'completo');
  const utils = api.useUtils();
  const clave = { alumno: alumno?.id ?? 0, anio };
  const consulta = api.asistencias.delAlumno.useQuery(clave, {
    enabled: !!alumno,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const guardar = api.asistencias.guardarAlumno.useMutation();
  const datos = consulta.data;
  const { lista, despachar, recargar } = useEdicion(datos, entradasDelAlumno);
  const nuevaClave = useClaves();

  const pendientes = lista.filter((e) => e.orden == null || e.borrar || e.modificada).length;
  const { ocupados, repetidas } = useMemo(() => tiposOcupados(lista), [lista]);
  const ordenadas = useMemo(() => ordenar(lista), [lista]);

  const cambiar = async (aplicar: () => void) => {
    const de = datos ? `${datos.alumno.apellido}, ${datos.alumno.nombre}` : 'la planilla';
    if (await descartarCambios(pendientes, de)) aplicar();
  };

  /** La fecha de una entrada nueva: hoy, o el último día del año elegido dentro de la ventana. */
  const anioVisto = datos?.anio;
  const fechaNueva = (() => {
    if (anioVisto === undefined) return null;
    const f = hoy.slice(0, 4) === String(anioVisto) ? hoy : `${anioVisto}-12-31`;
    return fechaEnVentana(f, minima, hoy) ? f : null;
  })();

  const agregar = () => {
    if (!datos || !fechaNueva) return;
    const base = { ...entradaNueva(fechaNueva, turnoInicial), alumno: datos.alumno.orden };
    const tipo = tipoLibre(lista, grupoDe(base));
    if (tipo) despachar({ accion: 'agregar', clave: nuevaClave(), entrada: { ...base, tipo } });
    else
      avisar({
        color: 'yellow',
        message: 'Ese día y turno ya tienen todos los tipos: cambie la fecha o el turno.',
      });
  };

  const alGuardar = async () => {
    if (!datos) return;
    const c = cambiosAsistencias(lista);
    const conFecha = (e: Entrada) => ({ ...datosDe(e), fecha: e.fecha, turno: e.turno });
    try {
      const r = await guardar.mutateAsync({
        alumno: datos.alumno.orden,
        crear: c.crear.map(conFecha),
        actualizar: c.actualizar.map((e) => ({ orden: e.orden!, ...conFecha(e) })),
        borrar: c.borrar,
      });
      await utils.asistencias.delAlumno.invalidate({ alumno: datos.alumno.orden });
      const fresco = utils.asistencias.delAlumno.getData(clave);
      if (fresco) recargar(fresco);
      avisar({
        color: 'green',
        title: 'Asistencias guardadas',
        message: `${datos.alumno.apellido}, ${datos.alumno.nombre}: ${resumenCambios(r.cambios)}.`,
      });
      void utils.asistencias.planilla.invalidate();
      void utils.asistencias.reporte.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
    }
  };

  let contenido: React.ReactNode;
  if (!alumno) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Seleccione un alumno
      </Text>
    );
  } else if (consulta.isPending) {
    contenido = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando las asistencias">
        <Skeleton height={32} width={260} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  } else if (consulta.isError) {
    contenido = (
      <Alert color="red" role="alert">
        {consulta.error.message}
      </Alert>
    );
  } else if (datos) {
    const anios = [...new Set([...datos.anios.map((a) => a.anio), datos.anio])].sort(
      (a, b) => b - a,
    );
    const cursoDe = new Map(datos.anios.map((a) => [a.anio, a.curso]));
    contenido = (
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {`${datos.alumno.apellido}, ${datos.alumno.nombre}`}
            </Title>
            <Group gap="sm" wrap="wrap">
              <TotalAsistencias
                textoTotal={datos.resumenConHoy.textoTotal}
                etiqueta={datos.resumenConHoy.etiqueta}
                color={datos.resumenConHoy.color}
              />
              <Text size="sm" c="dimmed">
                {datos.resumenConHoy.textoJustificadas}
              </Text>
            </Group>
          </Stack>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Año"
              data={anios.map((a) => ({
                value: String(a),
                label: cursoDe.get(a) ? `${a} (${cursoDe.get(a)})` : String(a),
              }))}
              value={String(datos.anio)}
              onChange={(e) => {
                const v = Number(e.currentTarget.value);
                void cambiar(() => setAnio(v));
              }}
            />
            <Button leftSection={<IconPlus size={16} />} disabled={!fechaNueva} onClick={agregar}>
              Agregar entrada
            </Button>
            <Exportar
              lista="asistencia-alumno"
              parametros={{ alumno: datos.alumno.orden, anio: datos.anio }}
            />
          </Group>
        </Group>
        {ordenadas.length === 0 ? (
          <Text c="dimmed" data-testid="estado-vacio">
            Sin resultados
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} aria-label={`Asistencias ${datos.anio}`}>
            {ordenadas.map((e) => {
              const editable = fechaEnVentana(e.fecha, minima, hoy);
              return (
                <FilaEntrada
                  key={e.clave}
                  entrada={e}
                  editable={editable}
                  borrable={editable && puedeBorrarEntrada(e, hoy, 'completo')}
                  ocupados={ocupados.get(e.clave) ?? new Set()}
                  repetida={repetidas.has(e.clave)}
                  ventana={{ minima, hoy }}
                  onCambiar={(cambios) =>
                    despachar({ accion: 'modificar', clave: e.clave, cambios })
                  }
                  onBorrar={() => despachar({ accion: 'borrar', clave: e.clave })}
                />
              );
            })}
          </Stack>
        )}
        <BarraGuardar
          cambios={pendientes}
          bloqueo={
            repetidas.size
              ? 'Hay dos entradas del mismo tipo en el mismo día y turno: cambie o borre una.'
              : null
          }
          guardando={guardar.isPending}
          onGuardar={alGuardar}
        />
      </Stack>
    );
  }

  return (
    <ListaYDetalle
      detalleRef={detalleRef}
      lista={
        <PanelListaBuscable
          fuente="alumnos"
          etiqueta="Alumnos"
          seleccionado={alumno?.id ?? null}
          alto={telefono ? 240 : 520}
          onElegir={(o) => {
            if (o.id !== alumno?.id)
              void cambiar(() => {
                setAlumno(o);
                setAnio(undefined);
                irAlDetalle();
              });
          }}
        />
      }
    >
      {contenido}
    </ListaYDetalle>
  );
}
