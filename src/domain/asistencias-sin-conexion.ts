/**
 * La planilla de un curso sin conexión (issue 36 §2 y §3): reglas puras de la cola de cambios
 * que se guardan en el teléfono y se envían al volver la señal.
 *
 * Cada cambio de la cola guarda, por alumno, lo que el servidor tenía cuando se abrió la
 * planilla (`anterior`, sus entradas guardadas) y lo que el preceptor quiere que quede
 * (`deseado`: las guardadas que siguen, con su `orden`, y las nuevas, sin él). Así:
 * - guardar otra vez la misma planilla sin conexión reemplaza `deseado` y conserva `anterior`
 *   (un cambio pendiente por planilla y usuario, siempre relativo a la copia ORIGINAL);
 * - lo que se envía (crear, actualizar, borrar) se calcula al final, comparando los dos;
 * - una entrada creada sin conexión y después cambiada o borrada sin conexión nunca llega al
 *   servidor como tal: sólo llega lo que quedó;
 * - ante un conflicto (el servidor ya no tiene `anterior`), "Quedarme con lo mío" vuelve a
 *   calcular los cambios contra lo que el servidor tiene ahora, y "Dejar lo de la otra persona"
 *   quita ese alumno del cambio.
 */
import type { Turno } from './escuela';
import { fechaLegible } from './texto';

/** Una entrada guardada en el servidor, con los datos que se comparan (issue 36 §3). */
export interface EntradaGuardada {
  orden: number;
  tipo: string;
  circunstancia: string;
  justificada: boolean;
  justificacion: string | null;
}

/** Una entrada que el preceptor quiere que quede: guardada (con `orden`) o nueva (null). */
export type EntradaDeseada = Omit<EntradaGuardada, 'orden'> & { orden: number | null };

/** Lo que cambió de un alumno: lo que había en el servidor y lo que debe quedar. */
export interface CambioAlumno {
  alumno: number;
  anterior: EntradaGuardada[];
  deseado: EntradaDeseada[];
}

/**
 * - `pendiente`: espera la conexión (o la sesión de su autor);
 * - `enviando`: está viajando;
 * - `conflicto`: otra persona guardó los mismos alumnos: el preceptor elige qué queda;
 * - `rechazado`: el servidor no lo acepta tal como está (`motivo`): reintentar no lo cambiaría,
 *   así que no se reenvía solo; el preceptor lo reintenta o lo descarta.
 */
export type EstadoCambio = 'pendiente' | 'enviando' | 'conflicto' | 'rechazado';

/** Un cambio de la cola: una planilla (curso, fecha y turno) de un usuario. */
export interface CambioEnCola {
  /** uuid v4: el servidor aplica una sola vez cada envío con el mismo id. */
  id: string;
  /** El usuario que hizo el cambio: sólo esa persona lo envía. */
  autor: number;
  curso: number;
  /** El nombre del curso, para el aviso ("2° 1°"). */
  cursoNombre: string;
  fecha: string;
  turno: Turno;
  alumnos: CambioAlumno[];
  /** Instante ISO en que se guardó en el teléfono (el primero, si se juntaron varios). */
  creado: string;
  estado: EstadoCambio;
  /** Por qué el servidor lo rechazó (el mensaje que respondió), sólo en `rechazado`. */
  motivo?: string;
}

/**
 * Los errores del servidor que dicen que el cambio, tal como está, no se acepta (datos, permiso,
 * curso o fecha que ya no corresponden): reenviarlo daría lo mismo. Los demás (la sesión que
 * venció, el servidor caído o saturado) pasan: el cambio espera y se reintenta.
 */
const RECHAZOS = new Set([
  'BAD_REQUEST',
  'PARSE_ERROR',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'UNSUPPORTED_MEDIA_TYPE',
]);

/** El estado de un cambio de la cola tras un error del servidor (su código tRPC). */
export function estadoTrasError(codigo: string | null | undefined): EstadoCambio {
  if (codigo === 'CONFLICT') return 'conflicto';
  return codigo && RECHAZOS.has(codigo) ? 'rechazado' : 'pendiente';
}

/** Los cambios de un alumno tal como los recibe `asistencias.guardarPlanilla`. */
export interface EnvioAlumno {
  alumno: number;
  crear: Omit<EntradaGuardada, 'orden'>[];
  actualizar: EntradaGuardada[];
  borrar: number[];
  anterior: EntradaGuardada[];
}

const datosDe = (e: EntradaDeseada | EntradaGuardada): Omit<EntradaGuardada, 'orden'> => ({
  tipo: e.tipo,
  circunstancia: e.circunstancia,
  justificada: e.justificada,
  justificacion: e.justificada ? (e.justificacion ?? null) : null,
});

const igualesDatos = (a: EntradaDeseada | EntradaGuardada, b: EntradaDeseada | EntradaGuardada) => {
  const x = datosDe(a);
  const y = datosDe(b);
  return (
    x.tipo === y.tipo &&
    x.circunstancia === y.circunstancia &&
    x.justificada === y.justificada &&
    (x.justificacion ?? '') === (y.justificacion ?? '')
  );
};

/** Las entradas guardadas en orden de `orden`, sólo con los datos que se comparan. */
export function normalizarGuardadas(entradas: readonly EntradaGuardada[]): EntradaGuardada[] {
  return [...entradas]
    .sort((a, b) => a.orden - b.orden)
    .map((e) => ({ orden: e.orden, ...datosDe(e) }));
}

/** ¿Son las mismas entradas guardadas (mismos `orden` y datos, en cualquier orden)? */
export function mismasGuardadas(
  a: readonly EntradaGuardada[],
  b: readonly EntradaGuardada[],
): boolean {
  if (a.length !== b.length) return false;
  const x = normalizarGuardadas(a);
  const y = normalizarGuardadas(b);
  return x.every((e, i) => e.orden === y[i]!.orden && igualesDatos(e, y[i]!));
}

/** Lo que hay que enviar de un alumno: `deseado` comparado con `anterior`. */
export function envioDe(c: CambioAlumno): EnvioAlumno {
  const deseadas = new Map(
    c.deseado.filter((e) => e.orden != null).map((e) => [e.orden!, e] as const),
  );
  const conocidas = new Set(c.anterior.map((e) => e.orden));
  const actualizar: EntradaGuardada[] = [];
  const borrar: number[] = [];
  for (const a of normalizarGuardadas(c.anterior)) {
    const d = deseadas.get(a.orden);
    if (!d) borrar.push(a.orden);
    else if (!igualesDatos(a, d)) actualizar.push({ orden: a.orden, ...datosDe(d) });
  }
  // Una guardada que `anterior` no conoce no puede actualizarse: se envía como nueva.
  const crear = c.deseado
    .filter((e) => e.orden == null || !conocidas.has(e.orden))
    .map((e) => datosDe(e));
  return {
    alumno: c.alumno,
    crear,
    actualizar,
    borrar,
    anterior: normalizarGuardadas(c.anterior),
  };
}

/** ¿Cambia algo para este alumno? */
export function hayCambio(c: CambioAlumno): boolean {
  const e = envioDe(c);
  return e.crear.length + e.actualizar.length + e.borrar.length > 0;
}

/** Lo que se envía de un cambio de la cola: sólo los alumnos con algo que cambiar. */
export function envioDeCambio(item: Pick<CambioEnCola, 'alumnos'>): EnvioAlumno[] {
  return item.alumnos.filter(hayCambio).map(envioDe);
}

/**
 * Junta un guardado nuevo de la misma planilla con el que ya estaba en la cola (o lo crea): por
 * alumno, `deseado` es el del guardado nuevo y `anterior` el del primero (la copia original
 * del servidor). Un alumno que vuelve a quedar como estaba sale del cambio. El cambio conserva
 * su lugar en la cola, su id y su fecha de creación, y vuelve a estar pendiente.
 */
export function fusionarGuardado(previo: CambioEnCola | null, nuevo: CambioEnCola): CambioEnCola {
  if (!previo) return { ...nuevo, alumnos: nuevo.alumnos.filter(hayCambio) };
  const porAlumno = new Map(previo.alumnos.map((a) => [a.alumno, a] as const));
  for (const a of nuevo.alumnos) {
    const antes = porAlumno.get(a.alumno);
    porAlumno.set(a.alumno, {
      alumno: a.alumno,
      anterior: antes?.anterior ?? a.anterior,
      deseado: a.deseado,
    });
  }
  return {
    ...previo,
    alumnos: [...porAlumno.values()].filter(hayCambio),
    estado: 'pendiente',
    motivo: undefined,
  };
}

/** Una entrada como la muestra la planilla: las nuevas de la cola llevan un `orden` negativo. */
export type EntradaMostrada = EntradaGuardada & { local: boolean };

/**
 * Lo que el teléfono muestra de la planilla: la copia guardada con los cambios de la cola de esa
 * planilla aplicados (`entradas`: las de cada alumno en la copia). Las entradas creadas sin
 * conexión llevan un `orden` negativo (único en la planilla) y `local: true`: la planilla las
 * edita como guardadas y, al volver a guardar, se convierten otra vez en nuevas.
 */
export function aplicarCola(
  entradas: ReadonlyMap<number, readonly EntradaGuardada[]>,
  cambios: readonly Pick<CambioEnCola, 'alumnos'>[],
): Map<number, EntradaMostrada[]> {
  const resultado = new Map<number, EntradaMostrada[]>(
    [...entradas].map(([alumno, l]) => [alumno, l.map((e) => ({ ...e, local: false }))]),
  );
  let local = 0;
  for (const c of cambios)
    for (const a of c.alumnos) {
      if (!resultado.has(a.alumno)) continue;
      resultado.set(
        a.alumno,
        a.deseado.map((e) =>
          e.orden == null
            ? { ...datosDe(e), orden: -++local, local: true }
            : { ...datosDe(e), orden: e.orden, local: false },
        ),
      );
    }
  return resultado;
}

/**
 * Lo que quedó en la pantalla de un alumno (sus entradas editadas, sin las marcadas para
 * borrar) como `deseado`: las entradas locales (orden negativo) y las nuevas, sin `orden`.
 */
export function deseadoDePantalla(
  lista: readonly (Omit<EntradaGuardada, 'orden'> & { orden: number | null; borrar?: boolean })[],
): EntradaDeseada[] {
  return lista
    .filter((e) => !e.borrar)
    .map((e) => ({ ...datosDe(e), orden: e.orden != null && e.orden > 0 ? e.orden : null }));
}

/** Los alumnos del cambio cuyo `anterior` ya no es lo que el servidor tiene (los del conflicto). */
export function alumnosEnConflicto(
  item: Pick<CambioEnCola, 'alumnos'>,
  servidor: ReadonlyMap<number, readonly EntradaGuardada[]>,
): number[] {
  return item.alumnos
    .filter((a) => !mismasGuardadas(a.anterior, servidor.get(a.alumno) ?? []))
    .map((a) => a.alumno);
}

/**
 * `deseado` expresado contra lo que el servidor tiene ahora: las guardadas que siguen allí
 * conservan su `orden`; las que ya no están y las nuevas toman, si hay, una guardada del mismo
 * tipo que nadie usa (se actualiza en lugar de borrar y crear, que chocaría con el índice de un
 * tipo por alumno, día y turno); las demás van como nuevas.
 */
export function rebasarDeseado(
  deseado: readonly EntradaDeseada[],
  servidor: readonly EntradaGuardada[],
): EntradaDeseada[] {
  const existentes = new Set(servidor.map((e) => e.orden));
  const usados = new Set(
    deseado.filter((e) => e.orden != null && existentes.has(e.orden)).map((e) => e.orden!),
  );
  return deseado.map((e) => {
    if (e.orden != null && existentes.has(e.orden)) return { ...e };
    const libre = servidor.find((s) => !usados.has(s.orden) && s.tipo === e.tipo);
    if (libre) {
      usados.add(libre.orden);
      return { ...e, orden: libre.orden };
    }
    return { ...e, orden: null };
  });
}

export type Eleccion = 'mio' | 'otro';

/**
 * Resuelve un conflicto: por cada alumno elegido, 'mio' (quedarme con lo mío) deja `deseado`
 * como está y toma lo del servidor como `anterior` (lo que quede será lo mío); 'otro' (dejar lo
 * de la otra persona) quita el alumno. Los alumnos sin conflicto se vuelven a expresar contra el
 * servidor igual que 'mio' (su `anterior` ya coincidía). El resultado es un envío nuevo: otro id.
 * Aunque no quede ningún alumno, el cambio se envía: guardar la planilla es también tomar la
 * asistencia, y eso el preceptor lo hizo (sin alumnos es "Sin faltas" para el servidor).
 */
export function resolverConflicto(
  item: CambioEnCola,
  servidor: ReadonlyMap<number, readonly EntradaGuardada[]>,
  elecciones: ReadonlyMap<number, Eleccion>,
  idNuevo: string,
): CambioEnCola {
  const alumnos = item.alumnos
    .filter((a) => elecciones.get(a.alumno) !== 'otro')
    .map((a) => {
      const ahora = normalizarGuardadas(servidor.get(a.alumno) ?? []);
      return { alumno: a.alumno, anterior: ahora, deseado: rebasarDeseado(a.deseado, ahora) };
    })
    .filter(hayCambio);
  return { ...item, id: idNuevo, alumnos, estado: 'pendiente', motivo: undefined };
}

/** 'Sin conexión: 1 cambio guardado en este teléfono' / '…: 3 cambios guardados…'. */
export function textoPendientes(n: number): string {
  return `Sin conexión: ${n} ${n === 1 ? 'cambio guardado' : 'cambios guardados'} en este teléfono`;
}

/** '2° 1°, 28/11/2026, turno Mañana': una planilla (la de un cambio), para los avisos. */
export const planillaDelCambio = (c: Pick<CambioEnCola, 'cursoNombre' | 'fecha' | 'turno'>) =>
  `${c.cursoNombre}, ${fechaLegible(c.fecha)}, turno ${c.turno}`;

/**
 * Cuántos cambios hay en la cola: las entradas nuevas, cambiadas o borradas de cada planilla; una
 * planilla sin entradas ("Sin faltas": la asistencia tomada) cuenta uno.
 */
export function contarCambios(items: readonly Pick<CambioEnCola, 'alumnos'>[]): number {
  return items.reduce((n, i) => {
    const entradas = envioDeCambio(i).reduce(
      (m, a) => m + a.crear.length + a.actualizar.length + a.borrar.length,
      0,
    );
    return n + Math.max(1, entradas);
  }, 0);
}
