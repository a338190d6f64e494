/**
 * Los avisos a las familias (issue 35): las categorías, cómo llega cada una (nada, en el momento o
 * en el resumen diario) y lo que vale por omisión. Reglas puras: las usan el trabajador de la cola
 * (src/server/avisos/), la pantalla de preferencias y la campana.
 */

export const CATEGORIAS = [
  'inasistencia',
  'umbral',
  'medida',
  'notas',
  'avances',
  'mesa',
  'pic',
  'inscripcion',
  'vinculo',
  'evaluacion',
  'comunicado',
] as const;
export type Categoria = (typeof CATEGORIAS)[number];

export const NOMBRE_CATEGORIA: Record<Categoria, string> = {
  inasistencia: 'Inasistencias, tardanzas y retiros',
  umbral: 'Condición por inasistencias',
  medida: 'Medidas disciplinarias',
  notas: 'Notas publicadas',
  avances: 'Avances',
  mesa: 'Mesas de examen',
  pic: 'PIC',
  inscripcion: 'Inscripción',
  vinculo: 'Referentes vinculados',
  evaluacion: 'Evaluaciones de los próximos 7 días',
  comunicado: 'Comunicados de la escuela',
};

export const MODOS = ['no', 'inmediato', 'resumen'] as const;
export type Modo = (typeof MODOS)[number];

export const NOMBRE_MODO: Record<Modo, string> = {
  no: 'No recibir por correo',
  inmediato: 'En el momento',
  resumen: 'En el resumen diario',
};

/** Por omisión: en el momento las inasistencias y las sanciones (y la seguridad); el resto, en el resumen. */
export const MODO_POR_OMISION: Record<Categoria, Modo> = {
  inasistencia: 'inmediato',
  umbral: 'inmediato',
  medida: 'inmediato',
  notas: 'resumen',
  avances: 'resumen',
  mesa: 'resumen',
  pic: 'resumen',
  inscripcion: 'resumen',
  vinculo: 'inmediato',
  evaluacion: 'resumen',
  comunicado: 'resumen',
};

/** Los modos que admite cada categoría: las evaluaciones próximas van sólo en el resumen. */
export function modosDe(categoria: Categoria): readonly Modo[] {
  return categoria === 'evaluacion' ? ['no', 'resumen'] : MODOS;
}

/** La hora del resumen diario por omisión (hora de la escuela, 0–23). */
export const HORA_RESUMEN_POR_OMISION = 18;

/** La espera por omisión tras el último cambio de la planilla de asistencia (segundos). */
export const ESPERA_ASISTENCIA_POR_OMISION = 15 * 60;

/**
 * La espera de la escuela (configuración 'avisos', `esperaMinutos`: la elige Admin o Regente en
 * /avisos/preferencias) y las que ofrece la pantalla. NOTIFICACIONES_ESPERA_SEGUNDOS la reemplaza.
 */
export const CLAVE_AJUSTES_AVISOS = 'avisos';
export const ESPERA_MINUTOS_MAXIMA = 120;
export const ESPERAS_MINUTOS = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

/** La espera en segundos según la configuración guardada (sin ella o inválida, la de omisión). */
export function esperaDeAjustes(valor: unknown): number {
  const m = (valor as { esperaMinutos?: unknown } | null)?.esperaMinutos;
  return typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= ESPERA_MINUTOS_MAXIMA
    ? m * 60
    : ESPERA_ASISTENCIA_POR_OMISION;
}

/** El modo de una categoría para una persona: el elegido, o el de omisión. */
export function modoDe(
  elegidos: ReadonlyMap<Categoria, Modo> | Partial<Record<Categoria, Modo>>,
  categoria: Categoria,
): Modo {
  const elegido =
    elegidos instanceof Map
      ? elegidos.get(categoria)
      : (elegidos as Partial<Record<Categoria, Modo>>)[categoria];
  return elegido && modosDe(categoria).includes(elegido) ? elegido : MODO_POR_OMISION[categoria];
}

export const esCategoria = (x: unknown): x is Categoria =>
  typeof x === 'string' && (CATEGORIAS as readonly string[]).includes(x);
