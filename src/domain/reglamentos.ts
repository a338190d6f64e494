/**
 * Reglamentos y autorizaciones obligatorios (spec 02 §3 "Terms and regulations", §4 "Terms
 * modal"): qué forma tiene la respuesta, cuándo una diapositiva puede avanzar, cuándo un
 * usuario ya cumplió y cómo se despliegan las autorizaciones por hijo.
 */
import { Rol } from './roles';

export const NO_COINCIDEN_HIJOS = 'No coinciden los datos de los hijos asociados';
export const SIGUIENTE = 'Siguiente';
export const CERRAR = 'Cerrar';
export const errorTerminos = (mensaje: string) => `Error: ${mensaje}`;

/**
 * Forma de la respuesta según respuestasPosibles: null → texto libre; exactamente una →
 * aceptar (casilla); más de una → elegir una opción.
 */
export type FormaRespuesta = 'texto' | 'aceptar' | 'elegir';

export function formaRespuesta(respuestasPosibles: readonly string[] | null): FormaRespuesta {
  if (respuestasPosibles === null) return 'texto';
  return respuestasPosibles.length === 1 ? 'aceptar' : 'elegir';
}

/** Las respuestas posibles guardadas son válidas: null o al menos una opción no vacía, sin repetir. */
export function respuestasPosiblesValidas(r: readonly string[] | null): boolean {
  if (r === null) return true;
  return r.length >= 1 && r.every((x) => x.trim().length > 0) && new Set(r).size === r.length;
}

/**
 * La respuesta está dada (spec 02 §4): texto no vacío, casilla marcada (la única opción) u
 * opción elegida entre las posibles. Es la regla para avanzar de diapositiva y la que el
 * servidor aplica antes de guardar.
 */
export function respuestaCompleta(
  respuestasPosibles: readonly string[] | null,
  respuesta: string | null | undefined,
): boolean {
  if (typeof respuesta !== 'string') return false;
  switch (formaRespuesta(respuestasPosibles)) {
    case 'texto':
      return respuesta.trim().length > 0;
    case 'aceptar':
    case 'elegir':
      return respuestasPosibles!.includes(respuesta);
  }
}

export interface Termino {
  id: number;
  nombre: string;
  respuestasPosibles: string[] | null;
}

export interface RespuestaGuardada {
  terminoId: number;
  /** Hijo al que se refiere (autorizaciones); null en reglamentos. */
  alumnoId: number | null;
  respuesta: string;
}

export interface Diapositiva {
  termino: Termino;
  /** Autorizaciones: el hijo al que se refiere la diapositiva. */
  hijo: { id: number; nombre: string } | null;
  respuesta: string | null;
}

/**
 * Las diapositivas pendientes (spec 02 §4): cada reglamento sin respuesta del usuario y,
 * para un referente, cada autorización sin respuesta desplegada por hijo (las respuestas
 * por hijo ya dadas se conservan y no se vuelven a preguntar).
 * Lanza NO_COINCIDEN_HIJOS si una respuesta guardada menciona un hijo que no es del usuario.
 */
export function diapositivasPendientes(
  rol: number,
  reglamentos: readonly Termino[],
  autorizaciones: readonly Termino[],
  respuestas: readonly RespuestaGuardada[],
  hijos: readonly { id: number; nombre: string }[],
): Diapositiva[] {
  if (rol !== Rol.Alumno && rol !== Rol.ReferenteParental) return [];
  const idsHijos = new Set(hijos.map((h) => h.id));
  const idsAutorizaciones = new Set(autorizaciones.map((a) => a.id));
  for (const r of respuestas) {
    if (idsAutorizaciones.has(r.terminoId) && r.alumnoId !== null && !idsHijos.has(r.alumnoId)) {
      throw new Error(NO_COINCIDEN_HIJOS);
    }
  }
  const respondido = (terminoId: number, alumnoId: number | null) =>
    respuestas.some((r) => r.terminoId === terminoId && r.alumnoId === alumnoId);

  const pendientes: Diapositiva[] = reglamentos
    .filter((t) => !respondido(t.id, null))
    .map((t) => ({ termino: t, hijo: null, respuesta: null }));
  if (rol === Rol.ReferenteParental) {
    for (const t of autorizaciones) {
      for (const h of hijos) {
        if (!respondido(t.id, h.id)) pendientes.push({ termino: t, hijo: h, respuesta: null });
      }
    }
  }
  return pendientes;
}

/**
 * El usuario cumplió (spec 02 §4): un alumno, con todos los reglamentos respondidos; un
 * referente, además con cada autorización respondida para al menos tantos hijos como tiene.
 * Los demás roles nunca quedan bloqueados.
 */
export function terminosSatisfechos(
  rol: number,
  reglamentos: readonly Termino[],
  autorizaciones: readonly Termino[],
  respuestas: readonly RespuestaGuardada[],
  cantidadHijos: number,
): boolean {
  if (rol !== Rol.Alumno && rol !== Rol.ReferenteParental) return true;
  const reglamentosOk = reglamentos.every((t) =>
    respuestas.some((r) => r.terminoId === t.id && r.alumnoId === null),
  );
  if (!reglamentosOk || rol === Rol.Alumno) return reglamentosOk;
  return autorizaciones.every((t) => {
    const hijos = new Set(
      respuestas.filter((r) => r.terminoId === t.id && r.alumnoId !== null).map((r) => r.alumnoId),
    );
    return hijos.size >= cantidadHijos;
  });
}
