'use client';
import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import {
  BLOQUES,
  DIAS,
  NOMBRE_DIA,
  NO_HAY_CURSO_SELECCIONADO,
  NO_HAY_HORARIOS,
  NO_HAY_HORARIOS_PARA_GUARDAR,
  bloqueBloqueado,
  choquesDeHorario,
  problemasDeBloques,
  type BloqueDeCursado,
  type Choque,
} from '@/domain/horario';
import { avisar } from '@/components/ui/avisos';
import { BarraGuardar, textoCambios } from '@/components/ui/BarraGuardar';
import { confirmarDescarte } from '@/components/asignaciones/EditorAsignaciones';
import { mensajeDeError } from '@/components/ui/errores';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { GrillaSemana } from '@/components/horarios/GrillaSemana';
import estilos from '@/components/horarios/horario.module.css';
import { useAhora } from '@/components/horarios/reloj';
import { PantallaAsignaciones } from '@/components/asignaciones/PantallaAsignaciones';
import { Cargando } from '@/components/vistas/Cargando';
import type { AppRouter } from '@/server/api/root';
import type { inferRouterOutputs } from '@trpc/server';
import { api } from '@/trpc/react';
import { aulaMasUsada, aulaNormal, claveBloque, contarCambios, sinLugar } from './edicion';
import { cantidad } from '@/domain/texto';

type HorarioDelCursado = inferRouterOutputs<AppRouter>['horarios']['delCursado'];

/** Sin recargas solas: lo pendiente sólo se reemplaza al guardar o si otra persona lo cambió. */
const SIN_RECARGAS = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

const nombreBloque = (dia: number, bloque: number) =>
  `${NOMBRE_DIA[dia]} ${BLOQUES[bloque - 1]!.inicio}`;

/**
 * /horarios (spec 01 §2 Timetables, §5, §8; issue 14 §1–§2): se elige un cursado del ciclo y se
 * ve su semana; un clic en un bloque libre lo agrega (no más bloques que horas) y en uno elegido
 * lo quita; cada bloque elegido tiene su aula. Los choques con otros cursados del ciclo se ven
 * mientras se edita: el mismo docente o el mismo curso (rojo) impiden guardar; la misma aula
 * (amarillo) es un aviso. Si otra persona guardó el horario mientras tanto, el servidor responde
 * 409 y la grilla se recarga con lo guardado.
 */
export function PantallaHorarios({ zona }: { zona: string }) {
  const { ciclo } = useEstadoCompartido();
  return (
    <PantallaAsignaciones
      titulo="Horarios"
      testId="detalle-horarios"
      fuente="cursados"
      etiqueta="Cursados"
      altoLista={560}
      claveLista={ciclo}
      sinEleccion={
        <Stack gap="md">
          <Text c="dimmed" data-testid="sin-cursado">
            {NO_HAY_CURSO_SELECCIONADO}
          </Text>
          <BarraGuardar
            cambios={0}
            bloqueo={NO_HAY_CURSO_SELECCIONADO}
            guardando={false}
            onGuardar={() => undefined}
          />
        </Stack>
      }
    >
      {(cursado, onCambios) => (
        <EditorDelCursado
          key={`${cursado.id}-${ciclo}`}
          id={cursado.id}
          zona={zona}
          onCambios={onCambios}
        />
      )}
    </PantallaAsignaciones>
  );
}

/**
 * Los bloques elegidos, derivados de lo guardado: cuando el servidor trae otros (al guardar, o al
 * recargar tras un 409) lo pendiente se reemplaza.
 */
function useBloques(datos: HorarioDelCursado | undefined) {
  const [estado, setEstado] = useState(() => ({ datos, bloques: datos?.bloques ?? [] }));
  let actual = estado;
  if (estado.datos !== datos) {
    actual = { datos, bloques: datos?.bloques ?? [] };
    setEstado(actual);
  }
  const setBloques = (f: (b: BloqueDeCursado[]) => BloqueDeCursado[]) =>
    setEstado((s) => ({ ...s, bloques: f(s.bloques) }));
  const recargar = () => setEstado({ datos, bloques: datos?.bloques ?? [] });
  return { bloques: actual.bloques, setBloques, recargar };
}

function EditorDelCursado({
  id,
  zona,
  onCambios,
}: {
  id: number;
  zona: string;
  onCambios: (n: number) => void;
}) {
  const utils = api.useUtils();
  const datos = api.horarios.delCursado.useQuery({ id }, SIN_RECARGAS);
  const restricciones = api.horarios.restricciones.useQuery({ id }, SIN_RECARGAS);
  const guardar = api.horarios.guardar.useMutation();
  const ahora = useAhora(zona);
  const { bloques, setBloques, recargar } = useBloques(datos.data);
  const guardados = useMemo(() => datos.data?.bloques ?? [], [datos.data]);
  const pendientes = contarCambios(guardados, bloques);
  useEffect(() => onCambios(pendientes), [pendientes, onCambios]);

  const cursado = datos.data?.cursado;
  const docentes = useMemo(() => cursado?.docentes.map((d) => d.id) ?? [], [cursado]);
  const cursos = useMemo(() => cursado?.cursos.map((c) => c.id) ?? [], [cursado]);
  const ocupados = useMemo(() => restricciones.data?.ocupados ?? [], [restricciones.data]);
  const bloqueados = useMemo(
    () => new Set((restricciones.data?.bloqueados ?? []).map(claveBloque)),
    [restricciones.data],
  );

  // Los choques de lo elegido (regla del dominio, la misma que aplica el servidor al guardar).
  const choques = useMemo(
    () => choquesDeHorario({ bloques, docentes, cursos }, ocupados),
    [bloques, docentes, cursos, ocupados],
  );
  const choquesPorBloque = useMemo(() => {
    const m = new Map<string, Choque[]>();
    for (const c of choques) m.set(claveBloque(c), [...(m.get(claveBloque(c)) ?? []), c]);
    return m;
  }, [choques]);
  // Dónde el docente o el curso ya están ocupados (para verlo antes de elegir el bloque).
  const ocupadosPorBloque = useMemo(() => {
    const libres = DIAS.flatMap((dia) =>
      BLOQUES.filter((b) => !bloqueBloqueado(dia, b.bloque)).map((b) => ({
        dia,
        bloque: b.bloque,
        aula: null,
      })),
    );
    const m = new Map<string, Choque[]>();
    for (const c of choquesDeHorario({ bloques: libres, docentes, cursos }, ocupados))
      m.set(claveBloque(c), [...(m.get(claveBloque(c)) ?? []), c]);
    return m;
  }, [docentes, cursos, ocupados]);

  if (datos.isPending || restricciones.isPending) return <Cargando filas={4} />;
  if (datos.isError || restricciones.isError)
    return (
      <Alert color="red" role="alert" title="No se pudo cargar el horario">
        {mensajeDeError(datos.error ?? restricciones.error)}
      </Alert>
    );
  const c = datos.data.cursado;

  const elegidos = new Map(bloques.map((b) => [claveBloque(b), b]));
  const problemas = problemasDeBloques(bloques, c.horas);
  const bloqueantes = choques.filter((x) => x.bloquea);
  const avisos = choques.filter((x) => !x.bloquea);
  const bloqueo = problemas.length
    ? `No se puede guardar: ${problemas.join(' ')}`
    : bloqueantes.length
      ? `No se puede guardar: ${bloqueantes.map((x) => x.mensaje).join(' ')}`
      : null;

  const alternar = (dia: number, bloque: number) => {
    const k = claveBloque({ dia, bloque });
    if (elegidos.has(k)) {
      setBloques((bs) => bs.filter((b) => claveBloque(b) !== k));
      return;
    }
    const nuevos = [...bloques, { dia, bloque, aula: aulaMasUsada(bloques) || null }];
    if (nuevos.length > c.horas) {
      avisar({
        color: 'yellow',
        title: `No se agregó ${nombreBloque(dia, bloque)}`,
        message: `${problemasDeBloques(nuevos, c.horas).at(-1)} Quite otro bloque antes.`,
      });
      return;
    }
    setBloques((bs) => [...bs, { dia, bloque, aula: aulaMasUsada(bs) || null }]);
  };
  const cambiarAula = (k: string, aula: string) =>
    setBloques((bs) => bs.map((b) => (claveBloque(b) === k ? { ...b, aula } : b)));

  const alDescartar = async () => {
    if (await confirmarDescarte(pendientes)) recargar();
  };

  const alGuardar = async () => {
    if (bloqueo || pendientes === 0) return;
    try {
      const r = await guardar.mutateAsync({
        cursado: id,
        bloques: bloques.map((b) => ({ dia: b.dia, bloque: b.bloque, aula: aulaNormal(b.aula) })),
        anteriores: guardados.map((b) => ({ dia: b.dia, bloque: b.bloque, aula: b.aula })),
      });
      // Lo releído reemplaza a lo guardado: lo pendiente queda vacío.
      utils.horarios.delCursado.setData({ id }, (d) => d && { ...d, bloques: r.bloques });
      void utils.horarios.delCurso.invalidate();
      avisar({
        color: 'green',
        message: avisos.length
          ? `Datos guardados correctamente (con ${avisos.length === 1 ? 'un aviso' : `${avisos.length} avisos`} de aula).`
          : 'Datos guardados correctamente',
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
      // Otra persona lo cambió (409) o hay un choque nuevo (400): se recarga lo guardado y lo
      // que ocupan los demás, así la grilla muestra lo que hay (nada se pisa en silencio).
      const conflicto = (e as { data?: { code?: string } }).data?.code === 'CONFLICT';
      await Promise.all([
        conflicto ? utils.horarios.delCursado.invalidate({ id }) : null,
        utils.horarios.restricciones.invalidate({ id }),
      ]);
    }
  };

  const celda = (dia: number, bloque: number) => {
    const k = claveBloque({ dia, bloque });
    const nombre = nombreBloque(dia, bloque);
    if (bloqueBloqueado(dia, bloque) || bloqueados.has(k))
      return (
        <button
          type="button"
          className={estilos.boton}
          disabled
          aria-label={`${nombre}: bloqueado`}
        >
          Bloqueado
        </button>
      );
    const elegido = elegidos.get(k);
    const propios = choquesPorBloque.get(k) ?? [];
    const ajenos = elegido ? [] : (ocupadosPorBloque.get(k) ?? []).filter((x) => x.bloquea);
    const idMotivo = `motivo-${k}`;
    return (
      <>
        <button
          type="button"
          className={estilos.boton}
          aria-pressed={!!elegido}
          aria-describedby={propios.length || ajenos.length ? idMotivo : undefined}
          onClick={() => alternar(dia, bloque)}
        >
          {/* El nombre accesible: 'Lunes 07:30: Libre' (contiene el texto visible). */}
          <span className="solo-lector">{nombre}: </span>
          {elegido ? (
            <>
              <span aria-hidden="true">✓ </span>Elegido
            </>
          ) : (
            'Libre'
          )}
        </button>
        {elegido && (
          <TextInput
            className={estilos.aula}
            size="xs"
            aria-label={`Aula, ${nombre}`}
            placeholder="Aula"
            maxLength={40}
            value={elegido.aula ?? ''}
            onChange={(e) => cambiarAula(k, e.currentTarget.value)}
          />
        )}
        {(propios.length > 0 || ajenos.length > 0) && (
          <span id={idMotivo} data-testid="motivo-bloque">
            {propios.map((x, i) => (
              <span
                key={i}
                className={estilos.motivo}
                data-tipo={x.bloquea ? 'choque' : 'aviso'}
                title={x.mensaje}
              >
                {x.bloquea ? '' : 'Aviso: '}
                {sinLugar(x.mensaje)}
              </span>
            ))}
            {ajenos.length > 0 && (
              <span
                className={estilos.motivo}
                data-tipo="ocupado"
                title={ajenos.map((x) => x.mensaje).join(' ')}
              >
                {ajenos.some((x) => x.tipo === 'docente') ? 'Docente ocupado' : 'Curso ocupado'}
              </span>
            )}
          </span>
        )}
      </>
    );
  };

  const estadoCelda = (dia: number, bloque: number) => {
    const k = claveBloque({ dia, bloque });
    const propios = choquesPorBloque.get(k) ?? [];
    if (propios.some((x) => x.bloquea)) return 'choque';
    if (propios.length) return 'aviso';
    return elegidos.has(k) ? 'elegido' : undefined;
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h4" data-testid="cursado-elegido">
          {c.nombre}
        </Title>
        <Text size="sm" c="dimmed">
          Ciclo lectivo {c.ciclolectivo} · Docentes:{' '}
          {c.docentes.map((d) => d.nombre).join('; ') || 'sin docentes'} · Cursos:{' '}
          {c.cursos.map((x) => x.nombre).join(', ') || 'sin cursos'}
        </Text>
        <Text
          size="sm"
          fw={600}
          data-testid="cuenta-bloques"
          c={bloques.length > c.horas ? 'red.8' : undefined}
        >
          {bloques.length === 0
            ? `${NO_HAY_HORARIOS}: elija hasta ${cantidad(c.horas, 'bloque', 'bloques')} en la grilla.`
            : `${bloques.length} de ${c.horas} bloques (${c.horas === 1 ? 'una hora semanal' : `${c.horas} horas semanales`})`}
        </Text>
      </Stack>
      <Text size="sm" c="dimmed">
        Un clic en un bloque libre lo agrega; en uno elegido, lo quita. El mismo docente o el mismo
        curso en otro cursado a esa hora (en rojo) no se puede guardar; la misma aula (en amarillo)
        es un aviso.
      </Text>
      {avisos.length > 0 && (
        <Alert color="yellow" data-testid="avisos-aula">
          <Text size="sm" fw={700} mb={4}>
            Avisos de aula (se puede guardar)
          </Text>
          <List size="sm">
            {avisos.map((x, i) => (
              <List.Item key={i}>{x.mensaje}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <GrillaSemana
        titulo={`Horario de ${c.nombre}`}
        ahora={ahora}
        celda={celda}
        estadoCelda={estadoCelda}
        editable
      />
      <BarraGuardar
        cambios={pendientes}
        bloqueo={bloqueo}
        guardando={guardar.isPending}
        onGuardar={() => void alGuardar()}
        texto={pendientes ? textoCambios(pendientes) : NO_HAY_HORARIOS_PARA_GUARDAR}
      >
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconRestore size={18} />}
            onClick={() => void alDescartar()}
            disabled={pendientes === 0 || guardar.isPending}
          >
            Descartar cambios
          </Button>
        </Group>
      </BarraGuardar>
    </Stack>
  );
}
