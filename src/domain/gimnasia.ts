/**
 * Gimnasia electiva (spec 02 §2 /gimnasia-electiva, §5, §8, §9; issue 17 §2): sólo para alumnos
 * de 5° año; tres opciones distintas entre las 12 (deportes con su horario semanal y su cupo) y
 * el recordatorio del certificado médico. Más allá de la spec, la asignación: cada alumno recibe
 * la opción mejor rankeada que todavía tenga cupo, en un orden al azar con semilla guardada
 * (reproducible: la misma semilla da la misma asignación). Todo es puro.
 */

export const ANIO_GIMNASIA = 5;
export const CANTIDAD_OPCIONES = 3;

export interface OpcionGimnasia {
  numero: number;
  deporte: string;
  horario: string;
  cupo: number;
}

/** Las 12 opciones (spec 02 §9: "options 1 to 12 (sports with weekly slots)"). */
export const OPCIONES_GIMNASIA: readonly OpcionGimnasia[] = [
  { numero: 1, deporte: 'Fútbol', horario: 'Lunes 14:00 a 15:30', cupo: 30 },
  { numero: 2, deporte: 'Vóley', horario: 'Lunes 15:30 a 17:00', cupo: 24 },
  { numero: 3, deporte: 'Básquet', horario: 'Martes 14:00 a 15:30', cupo: 24 },
  { numero: 4, deporte: 'Handball', horario: 'Martes 15:30 a 17:00', cupo: 24 },
  { numero: 5, deporte: 'Atletismo', horario: 'Miércoles 14:00 a 15:30', cupo: 30 },
  { numero: 6, deporte: 'Natación', horario: 'Miércoles 16:00 a 17:30', cupo: 20 },
  { numero: 7, deporte: 'Hockey', horario: 'Jueves 14:00 a 15:30', cupo: 22 },
  { numero: 8, deporte: 'Rugby', horario: 'Jueves 15:30 a 17:00', cupo: 26 },
  { numero: 9, deporte: 'Tenis de mesa', horario: 'Viernes 14:00 a 15:30', cupo: 16 },
  { numero: 10, deporte: 'Gimnasia artística', horario: 'Viernes 15:30 a 17:00', cupo: 18 },
  { numero: 11, deporte: 'Ajedrez deportivo', horario: 'Sábado 9:00 a 10:30', cupo: 16 },
  { numero: 12, deporte: 'Entrenamiento funcional', horario: 'Sábado 10:30 a 12:00', cupo: 30 },
];

export const RECORDATORIO_CERTIFICADO =
  'Recuerde que para hacer gimnasia electiva debe presentar un certificado médico de aptitud física.';
export const ErrorGimnasia = {
  repetidas: 'Las opciones no pueden repetirse.',
  faltan: 'Elija las tres opciones.',
  fueraDeRango: 'Cada opción debe ser un número de 1 a 12.',
  noEsDeQuinto: 'La gimnasia electiva es sólo para alumnos de 5° año.',
  publicada: 'La asignación ya se publicó: las opciones no se pueden cambiar.',
  sinElecciones: 'Nadie eligió todavía: no hay nada que asignar.',
  sinAsignar: 'Todavía no se asignó: primero "Asignar".',
} as const;

/** El problema de las tres opciones, o null: obligatorias, de 1 a 12 y sin repetir. */
export function problemaDeOpciones(
  opciones: readonly (number | null | undefined)[],
): string | null {
  if (opciones.length !== CANTIDAD_OPCIONES || opciones.some((o) => o == null))
    return ErrorGimnasia.faltan;
  if (opciones.some((o) => !Number.isInteger(o) || o! < 1 || o! > OPCIONES_GIMNASIA.length))
    return ErrorGimnasia.fueraDeRango;
  if (new Set(opciones).size !== opciones.length) return ErrorGimnasia.repetidas;
  return null;
}

/** mulberry32: números en [0, 1) determinados por la semilla. */
function azar(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface EleccionGimnasia {
  alumno: number;
  opciones: readonly number[];
}

/**
 * La asignación (más allá de la spec): los alumnos en un orden al azar dado por la semilla (Fisher
 * –Yates sobre los ids ordenados, así el resultado no depende del orden de entrada); cada uno
 * recibe su primera opción con cupo, si no la segunda, si no la tercera; si ninguna tiene cupo,
 * queda sin asignar (null). Devuelve alumno → opción.
 */
export function asignarGimnasia(
  elecciones: readonly EleccionGimnasia[],
  semilla: number,
  cupos: Readonly<Record<number, number>> = Object.fromEntries(
    OPCIONES_GIMNASIA.map((o) => [o.numero, o.cupo]),
  ),
): Map<number, number | null> {
  const orden = [...elecciones].sort((a, b) => a.alumno - b.alumno);
  const r = azar(semilla);
  for (let i = orden.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [orden[i], orden[j]] = [orden[j]!, orden[i]!];
  }
  const libres = new Map(Object.entries(cupos).map(([k, v]) => [Number(k), v]));
  const resultado = new Map<number, number | null>();
  for (const e of orden) {
    const opcion = e.opciones.find((o) => (libres.get(o) ?? 0) > 0) ?? null;
    if (opcion != null) libres.set(opcion, libres.get(opcion)! - 1);
    resultado.set(e.alumno, opcion);
  }
  return resultado;
}
