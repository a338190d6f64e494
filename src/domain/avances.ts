/**
 * Avances (spec 01 §2 Progress reports, §3 Avance, §4, §6; spec 02 §9; issue 15): las instancias
 * salen del área 'avance' del calendario (apertura, cierre y publicación emparejadas como las de
 * notas); la fecha de una instancia es su cierre. En cada instancia, cada cursado tiene una
 * planilla: por alumno, los tipos de dificultad (ninguno es 'Sin Observaciones') y las
 * observaciones. El docente la edita, la guarda y la cierra; el jefe de departamento sólo la
 * cierra; coordinador y regente la leen. Cerrada, es de sólo lectura y la ven alumnos y
 * referentes. Puro: las fechas son 'AAAA-MM-DD' y "hoy" se recibe.
 */
import { type FechaCalendario, periodosDeArea } from './calendario';
import { Rol } from './roles';

export const SIN_OBSERVACIONES = 'Sin Observaciones';
export const NO_HAY_INSTANCIAS = 'No hay instancias abiertas de avances';

/** Los tipos de dificultad, con su bit en `tipos` (spec 01 §4). */
export const TIPOS_AVANCE = [
  { codigo: 'evaluaciones', bit: 1, nombre: 'Evaluaciones no Aprobadas' },
  { codigo: 'trabajos', bit: 2, nombre: 'Adeuda Trabajos' },
  { codigo: 'participacion', bit: 4, nombre: 'Falta de Participación' },
] as const;
export type CodigoAvance = (typeof TIPOS_AVANCE)[number]['codigo'];
export const CODIGOS_AVANCE = TIPOS_AVANCE.map((t) => t.codigo) as [
  CodigoAvance,
  ...CodigoAvance[],
];
/**
 * Desde cuántas materias con dificultades en una instancia se marca al alumno (issue 15 §5: el
 * planillón del preceptor y el tablero de pendientes).
 */
export const MATERIAS_PARA_MARCA = 3;
/** Las observaciones de un alumno, como máximo. */
export const MAXIMO_OBSERVACIONES = 1000;

/** La leyenda 'Significados de los avances' de las vistas de alumnos y referentes. */
export const SIGNIFICADOS: readonly { nombre: string; significado: string }[] = [
  { nombre: SIN_OBSERVACIONES, significado: 'El alumno no tiene dificultades en la materia.' },
  {
    nombre: 'Evaluaciones no Aprobadas',
    significado: 'Tiene evaluaciones de la materia sin aprobar.',
  },
  { nombre: 'Adeuda Trabajos', significado: 'Debe trabajos prácticos o tareas de la materia.' },
  {
    nombre: 'Falta de Participación',
    significado: 'No participa en las clases o actividades de la materia.',
  },
];

/** Códigos → máscara (repetidos cuentan una vez). */
export const mascaraDeTipos = (codigos: readonly CodigoAvance[]) =>
  TIPOS_AVANCE.reduce((m, t) => (codigos.includes(t.codigo) ? m | t.bit : m), 0);

/** Máscara → códigos, en el orden de la leyenda. */
export const tiposDeMascara = (mascara: number): CodigoAvance[] =>
  TIPOS_AVANCE.filter((t) => (mascara & t.bit) !== 0).map((t) => t.codigo);

/** Los nombres de una máscara; sin tipos, 'Sin Observaciones'. */
export function nombresDeTipos(mascara: number): string[] {
  const nombres = TIPOS_AVANCE.filter((t) => (mascara & t.bit) !== 0).map((t) => t.nombre);
  return nombres.length ? nombres : [SIN_OBSERVACIONES];
}

// ---------------------------------------------------------------------------
// Instancias

export interface Instancia {
  /** La fecha de la instancia: su cierre ('AAAA-MM-DD'). */
  fecha: string;
  apertura: string | null;
  publicacion: string | null;
  numero: number;
}

/**
 * Las instancias del año: los períodos del área 'avance' que tienen cierre (la fecha que las
 * nombra en las rutas y en las vistas). Un período sin cierre no es una instancia todavía.
 */
export function instanciasDeAvances(fechas: readonly FechaCalendario[]): Instancia[] {
  return periodosDeArea(fechas, 'avance')
    .filter((p): p is typeof p & { cierre: string } => p.cierre != null)
    .map((p) => ({
      fecha: p.cierre,
      apertura: p.apertura,
      publicacion: p.publicacion,
      numero: p.numero,
    }));
}

/**
 * ¿Está abierta la instancia? Desde la apertura (inclusive; sin apertura, desde el cierre) hasta
 * la publicación (exclusive; sin publicación, abierta). Pasado el cierre sigue abierta: las
 * planillas que quedaron sin cerrar muestran el aviso y todavía se cierran.
 */
export function instanciaAbierta(i: Instancia, hoy: string): boolean {
  const desde = i.apertura ?? i.fecha;
  return desde <= hoy && (i.publicacion == null || hoy < i.publicacion);
}

/** Las pestañas de /avances: las instancias abiertas, ordenadas por fecha. */
export const instanciasAbiertas = (instancias: readonly Instancia[], hoy: string) =>
  instancias.filter((i) => instanciaAbierta(i, hoy)).sort((a, b) => a.fecha.localeCompare(b.fecha));

/**
 * La pestaña elegida por la fecha: la primera abierta cuyo cierre no pasó (la que está en curso);
 * si todas pasaron su cierre, la última. Sin abiertas, null.
 */
export function instanciaElegida(abiertas: readonly Instancia[], hoy: string): Instancia | null {
  return abiertas.find((i) => hoy <= i.fecha) ?? abiertas.at(-1) ?? null;
}

// ---------------------------------------------------------------------------
// La planilla

export type ModoAvances = 'docente' | 'cierra' | 'lectura';

/** Quién hace qué (spec 01 §6): Docente edita y cierra; JefeDepartamento cierra; Coordinador y Regente leen. */
export function modoAvances(rol: number): ModoAvances | null {
  if (rol === Rol.Docente) return 'docente';
  if (rol === Rol.JefeDepartamento) return 'cierra';
  if (rol === Rol.Coordinador || rol === Rol.Regente) return 'lectura';
  return null;
}

/** Los roles con el filtro 'Todas / Abiertas' (spec 01 §2, §6). */
export const conFiltroAbiertas = (rol: number) =>
  rol === Rol.JefeDepartamento || rol === Rol.Coordinador || rol === Rol.Regente;

export interface EstadoPlanillaAvances {
  cerrada: boolean;
  puedeEditar: boolean;
  puedeCerrar: boolean;
  /** Pasó la fecha de la instancia y la planilla sigue abierta. */
  quedoAbierta: boolean;
  /** Por qué no se puede editar (si no se puede), para el aviso de la pantalla y los errores. */
  motivo: string | null;
}

export const AvancesError = {
  cerrada: 'La planilla de avances está cerrada: no se puede modificar.',
  instanciaCerrada: 'La instancia de avances no está abierta.',
  instanciaInexistente: 'No hay una instancia de avances en esa fecha.',
  sinPermiso: 'No tiene permiso para modificar esta planilla.',
  noInscripto: 'El alumno no está inscripto en el cursado',
  conflicto: (quienes: string) =>
    `Otra persona guardó cambios en ${quienes} mientras editaba. Se muestran los datos guardados: revise y vuelva a guardar.`,
  quedoAbierta: (fecha: string) =>
    `La planilla quedó abierta y ya pasó la fecha de la instancia (${fecha}): ciérrela para que la vean alumnos y referentes.`,
} as const;

/** El estado de una planilla para quien la mira. */
export function estadoPlanillaAvances(p: {
  modo: ModoAvances;
  instancia: Instancia;
  cerrada: boolean;
  hoy: string;
}): EstadoPlanillaAvances {
  const abierta = instanciaAbierta(p.instancia, p.hoy);
  const quedoAbierta = !p.cerrada && p.hoy > p.instancia.fecha;
  const motivo = p.cerrada
    ? AvancesError.cerrada
    : !abierta
      ? AvancesError.instanciaCerrada
      : p.modo !== 'docente'
        ? AvancesError.sinPermiso
        : null;
  return {
    cerrada: p.cerrada,
    puedeEditar: motivo === null,
    puedeCerrar: !p.cerrada && abierta && (p.modo === 'docente' || p.modo === 'cierra'),
    quedoAbierta,
    motivo,
  };
}
