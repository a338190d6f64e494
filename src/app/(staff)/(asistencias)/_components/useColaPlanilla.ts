'use client';
/**
 * La cola de la planilla sin conexión en la pantalla (issue 36 §2 y §3): lee la cola del
 * teléfono, guarda en ella los cambios que no pudieron salir y la envía en orden al volver la
 * conexión (el evento `online`), al cargar la página y con "Reintentar". Cada envío lleva su id
 * (repetirlo no duplica nada) y lo que la pantalla mostraba antes (`anterior`). Sólo se envían
 * los cambios del usuario de la sesión; los de otra persona esperan a que ella ingrese.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import {
  envioDeCambio,
  estadoTrasError,
  resolverConflicto,
  type CambioEnCola,
  type Eleccion,
  type EntradaGuardada,
} from '@/domain/asistencias-sin-conexion';
import {
  actualizarCambio,
  encolar,
  guardarCopia,
  listarCola,
  nuevoId,
  quitarCambio,
  quitarEnviado,
  type CambioGuardado,
} from '@/components/sin-conexion/almacen';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';

type Entrada = inferRouterInputs<AppRouter>['asistencias']['guardarPlanilla'];
export type DatosPlanilla = inferRouterOutputs<AppRouter>['asistencias']['planilla'];

/** ¿Falló por falta de conexión (sin respuesta del servidor), no por una regla? */
export function esErrorDeRed(e: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const x = e as { name?: string; data?: { code?: string; httpStatus?: number } | null };
  return x?.name === 'TRPCClientError' && !x.data?.code;
}

const codigoDe = (e: unknown) => (e as { data?: { code?: string } | null })?.data?.code;

/** Las entradas guardadas de cada alumno de una planilla leída del servidor. */
export function guardadasDe(p: DatosPlanilla): Map<number, EntradaGuardada[]> {
  return new Map(
    p.alumnos.map((a) => [
      a.orden,
      a.entradas.map((e) => ({
        orden: e.orden,
        tipo: e.tipo,
        circunstancia: e.circunstancia ?? 'Normal',
        justificada: e.justificada,
        justificacion: e.justificacion,
      })),
    ]),
  );
}

/** El pedido de `guardarPlanilla` de un cambio: con su id (idempotente) y su autor. */
export function pedidoDe(c: CambioEnCola): Entrada {
  return {
    curso: c.curso,
    fecha: c.fecha,
    turno: c.turno,
    alumnos: envioDeCambio(c),
    envio: { id: c.id, autor: c.autor },
  } as Entrada;
}

function suscribirConexion(avisar: () => void) {
  window.addEventListener('online', avisar);
  window.addEventListener('offline', avisar);
  return () => {
    window.removeEventListener('online', avisar);
    window.removeEventListener('offline', avisar);
  };
}

export function useColaPlanilla(usuario: number, zona: string) {
  const utils = api.useUtils();
  const [cola, setCola] = useState<CambioGuardado[]>([]);
  const enLinea = useSyncExternalStore(
    suscribirConexion,
    () => navigator.onLine,
    () => true,
  );
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enCurso = useRef(false);

  const refrescar = useCallback(async () => {
    try {
      setCola(await listarCola());
    } catch {
      // Sin IndexedDB (navegación privada de algunos navegadores): la planilla anda con conexión.
    }
  }, []);

  /** Envía en orden los cambios del usuario que están pendientes; para al primer error de red. */
  const enviar = useCallback(async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    setEnviando(true);
    setError(null);
    let alguno = false;
    try {
      // Los cambios en conflicto esperan la elección; los rechazados, que el preceptor los
      // reintente o descarte (reenviarlos solos daría el mismo rechazo).
      let pendientes = (await listarCola(usuario)).filter(
        (c) => c.estado === 'pendiente' || c.estado === 'enviando',
      );
      while (pendientes.length) {
        const c = pendientes.shift()!;
        await actualizarCambio({ ...c, estado: 'enviando' });
        try {
          const respuesta = (await utils.client.asistencias.guardarPlanilla.mutate(
            pedidoDe(c),
          )) as DatosPlanilla & { cambios: unknown; repetido?: boolean };
          const { cambios: _cambios, repetido: _repetido, ...releida } = respuesta;
          const clave = { curso: c.curso, fecha: c.fecha, turno: c.turno };
          utils.asistencias.planilla.setData(clave, releida);
          await guardarCopia(usuario, c.curso, c.fecha, c.turno, releida, new Date());
          const cambiado = await quitarEnviado(c.id, c.version);
          // Mientras viajaba se le juntó otro guardado: se expresa contra lo que quedó y sigue.
          if (cambiado) {
            const rehecho = resolverConflicto(cambiado, guardadasDe(releida), new Map(), nuevoId());
            await actualizarCambio({ ...rehecho, n: cambiado.n, version: cambiado.version + 1 });
            pendientes = [
              { ...rehecho, n: cambiado.n, version: cambiado.version + 1 },
              ...pendientes,
            ];
          }
          alguno = true;
        } catch (e) {
          if (esErrorDeRed(e)) {
            await actualizarCambio({ ...c, estado: 'pendiente' });
            break;
          }
          const estado = estadoTrasError(codigoDe(e));
          const motivo = estado === 'rechazado' ? (e as Error).message : undefined;
          await actualizarCambio({ ...c, estado, motivo });
          // La sesión que venció o el servidor que falló: el cambio espera, y se dice por qué.
          if (estado === 'pendiente') {
            setError((e as Error).message);
            break;
          }
        }
      }
    } catch {
      // La base del teléfono no respondió: se reintenta con el próximo evento.
    } finally {
      enCurso.current = false;
      setEnviando(false);
      await refrescar();
      if (alguno) {
        setEnviado(true);
        void utils.asistencias.reporte.invalidate();
        void utils.asistencias.delAlumno.invalidate();
      }
    }
  }, [usuario, utils, refrescar]);

  // "Enviado" se muestra un momento y desaparece.
  useEffect(() => {
    if (!enviado) return;
    const t = setTimeout(() => setEnviado(false), 6000);
    return () => clearTimeout(t);
  }, [enviado]);

  useEffect(() => {
    const enLineaAhora = () => void enviar();
    window.addEventListener('online', enLineaAhora);
    // Al cargar: la cola del teléfono y, con conexión, el envío de lo pendiente.
    listarCola()
      .then((c) => {
        setCola(c);
        if (navigator.onLine) void enviar();
      })
      .catch(() => undefined);
    return () => {
      window.removeEventListener('online', enLineaAhora);
    };
  }, [enviar]);

  /** Guarda un cambio en la cola (junto al pendiente de la misma planilla, si hay). */
  const guardarEnCola = useCallback(
    async (c: CambioEnCola) => {
      await encolar(c);
      await refrescar();
      setEnviado(false);
    },
    [refrescar],
  );

  /** Resuelve un conflicto con lo que el servidor tiene ahora y lo vuelve a enviar. */
  const resolver = useCallback(
    async (
      c: CambioGuardado,
      servidor: Map<number, EntradaGuardada[]>,
      elecciones: Map<number, Eleccion>,
    ) => {
      const r = resolverConflicto(c, servidor, elecciones, nuevoId());
      await actualizarCambio({ ...r, n: c.n, version: c.version + 1 });
      await refrescar();
      await enviar();
    },
    [enviar, refrescar],
  );

  /** Vuelve a enviar un cambio rechazado (p. ej. después de que le devolvieron el curso). */
  const reintentarRechazado = useCallback(
    async (c: CambioGuardado) => {
      await actualizarCambio({ ...c, estado: 'pendiente', motivo: undefined });
      await refrescar();
      await enviar();
    },
    [enviar, refrescar],
  );

  /** Descarta un cambio rechazado: lo borra del teléfono (quien llama ya lo confirmó). */
  const descartar = useCallback(
    async (c: CambioGuardado) => {
      await quitarCambio(c.id);
      await refrescar();
    },
    [refrescar],
  );

  const mios = cola.filter((c) => c.autor === usuario);
  return {
    cola: mios,
    ajenos: cola.some((c) => c.autor !== usuario),
    enLinea,
    enviando,
    enviado,
    error,
    enviar,
    guardarEnCola,
    resolver,
    reintentarRechazado,
    descartar,
    zona,
  };
}
