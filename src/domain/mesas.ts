/**
 * Mesas de examen (spec 02 §2 Mesas, §3 Mesa, §5, §9; spec 01 §3 Exam instance, §5, §9;
 * issue 16): qué ve y edita cada rol, la pestaña inicial, la validación del formulario y del
 * acta, qué alumno adeuda una materia, a qué ciclo pertenece una mesa (ventana del 1 de
 * noviembre al 1 de abril) y cuándo se superponen dos mesas o una mesa y una PIC.
 * Todo es puro: las fechas son 'AAAA-MM-DD', las horas 'HH:MM' y los instantes, `Date`.
 */
import {
  CUATRIMESTRES,
  apruebaExamen,
  aplicaCuatrimestre,
  condicionDeMateria,
  esInstanciaConocida,
  type ResultadoExamen,
  type TipoNotaExamen,
  type ValorNota,
} from './notas';
import { periodoCerrado } from './periodos-notas';
import { Rol } from './roles';

// ---------------------------------------------------------------------------
// Constantes (spec 02 §9)

/** Mesas por página del listado ("Cargar más"). */
export const MESAS_POR_PAGINA = 30;
/** Las altas y bajas de materias y del tribunal se guardan solas tras esta pausa. */
export const DEMORA_AUTOGUARDADO_MS = 100;
/** Duración supuesta de una mesa, para avisar superposiciones (la spec no la da). */
export const MINUTOS_MESA = 120;
/** Una PIC dura lo que separa dos de sus horarios fijos (07:30, 09:00, …). */
export const MINUTOS_PIC = 90;
export const LARGO_MAXIMO_AULA = 50;
export const LARGO_MAXIMO_INSTANCIA = 100;

export const TITULO_INSTANCIA_INUSUAL = 'Instancia inusual';
export const avisoInstanciaInusual = (instancia: string) =>
  `La instancia "${instancia}" no se reconoce. Si esto es un error, utilice una de la lista.`;
export const ERROR_MESA_NO_ENCONTRADA = 'Mesa no encontrada, no se puede guardar.';

/** ¿Hay que avisar "Instancia inusual" antes de guardar? (spec 02 §5). */
export const esInstanciaInusual = (instancia: string) =>
  instancia.trim() !== '' && !esInstanciaConocida(instancia);

// ---------------------------------------------------------------------------
// Roles (spec 02 §2: variantes del formulario y pestañas)

export type PestanaMesa = 'materias' | 'docentes' | 'alumnos';
/** alumnado: comienzo (fecha y hora), instancia y aula · admin: fecha e instancia · horario: hora y aula. */
export type FormularioMesa = 'alumnado' | 'admin' | 'horario';

export interface PermisosMesa {
  pestanas: PestanaMesa[];
  /** El formulario de la mesa que ve el rol, o null si no edita la mesa. */
  formulario: FormularioMesa | null;
  /** Crea y borra mesas, elige materias y anota alumnos. */
  administra: boolean;
  /** Edita el tribunal. */
  editaTribunal: boolean;
  /** Carga y cierra actas: Alumnado y Admin cualquier acta; el docente, las de su tribunal. */
  cargaActas: boolean;
}

const NINGUNO: PermisosMesa = {
  pestanas: [],
  formulario: null,
  administra: false,
  editaTribunal: false,
  cargaActas: false,
};

/**
 * Lo que el rol activo ve y hace en una mesa. Alumnado: las tres pestañas, agrega y edita
 * instancia, aula y comienzo. Admin: lo mismo con el formulario de fecha. Jefe de
 * Departamento: sólo docentes; edita hora y aula. Docente: sólo alumnos (las actas de las mesas
 * de su tribunal). Decisión: Alumnado y Admin también cargan y cierran actas (transcriben el
 * acta en papel cuando el tribunal no la carga).
 */
export function permisosMesa(rol: number): PermisosMesa {
  switch (rol) {
    case Rol.Alumnado:
    case Rol.Admin:
      return {
        pestanas: ['materias', 'docentes', 'alumnos'],
        formulario: rol === Rol.Alumnado ? 'alumnado' : 'admin',
        administra: true,
        editaTribunal: true,
        cargaActas: true,
      };
    case Rol.JefeDepartamento:
      return { ...NINGUNO, pestanas: ['docentes'], formulario: 'horario', editaTribunal: true };
    case Rol.Docente:
      return { ...NINGUNO, pestanas: ['alumnos'], cargaActas: true };
    default:
      return NINGUNO;
  }
}

/**
 * La pestaña con la que abre la mesa (spec 02 §2): materias si no evalúa ninguna, docentes si
 * no hay tribunal, si no alumnos; siempre una de las que el rol ve.
 */
export function pestanaInicial(
  pestanas: readonly PestanaMesa[],
  mesa: { materias: number; tribunal: number },
): PestanaMesa | null {
  const deseada: PestanaMesa =
    mesa.materias === 0 ? 'materias' : mesa.tribunal === 0 ? 'docentes' : 'alumnos';
  return pestanas.includes(deseada) ? deseada : (pestanas[0] ?? null);
}

// ---------------------------------------------------------------------------
// El acta (spec 01 §3 Exam instance, §5 Display; issue 16)

/** Un resultado cargado: una nota de 1 a 10 (con medios), ausente o adeuda correlativa. */
export type ResultadoActa =
  { tipoNota: 'normal'; nota: number } | { tipoNota: 'ausente' | 'adeuda_correlativa'; nota: null };

export const ERROR_NOTA_ACTA = 'La nota del acta debe ser un número de 1 a 10 (se admiten medios).';
export const ERROR_TIPO_ACTA = 'El resultado debe ser una nota, ausente o adeuda correlativa.';

/** ¿Es una nota de acta válida? 1 a 10, enteros o medios (7,5). */
export function esNotaDeActa(nota: unknown): nota is number {
  return (
    typeof nota === 'number' &&
    Number.isFinite(nota) &&
    nota >= 1 &&
    nota <= 10 &&
    Number.isInteger(nota * 2)
  );
}

/**
 * Valida un resultado del acta: devuelve el mensaje del problema o null. `null` como resultado
 * (borrar lo cargado) es válido mientras el acta esté abierta.
 */
export function problemaDeResultado(
  r: { tipoNota: TipoNotaExamen; nota: number | null } | null,
): string | null {
  if (r == null) return null;
  if (r.tipoNota === 'normal') return esNotaDeActa(r.nota) ? null : ERROR_NOTA_ACTA;
  if (r.tipoNota === 'ausente' || r.tipoNota === 'adeuda_correlativa')
    return r.nota == null ? null : ERROR_TIPO_ACTA;
  return ERROR_TIPO_ACTA;
}

/** Cuántas filas del acta no tienen resultado todavía (no se puede cerrar con faltantes). */
export const sinResultado = (filas: readonly { tipoNota: string | null }[]) =>
  filas.filter((f) => f.tipoNota == null).length;

export const errorActaIncompleta = (faltan: number) =>
  faltan === 1
    ? 'Falta cargar el resultado de 1 alumno: no se puede cerrar el acta.'
    : `Falta cargar el resultado de ${faltan} alumnos: no se puede cerrar el acta.`;

/**
 * ¿Ya se puede cargar y cerrar el acta? (issue 32): cerrarla es definitivo, así que resultados y
 * cierre se habilitan cuando empezó la mesa (`ahora` desde el comienzo, inclusive).
 */
export const actaHabilitada = (comienzo: Date, ahora: Date) =>
  ahora.getTime() >= comienzo.getTime();

/** 'el 10/12 a las 08:00': desde cuándo se carga el acta (fecha y hora en la zona de la escuela). */
export const desdeCuandoActa = (fecha: string, hora: string) =>
  `el ${fecha.slice(8, 10)}/${fecha.slice(5, 7)} a las ${hora}`;

/** El texto del botón "Cerrar acta" mientras la mesa no empezó. */
export const textoCerrarDesde = (fecha: string, hora: string) =>
  `Se puede cerrar desde ${desdeCuandoActa(fecha, hora)}`;

export const errorActaAntesDeLaMesa = (fecha: string, hora: string) =>
  `La mesa todavía no empezó: los resultados se cargan y el acta se cierra desde ${desdeCuandoActa(fecha, hora)}.`;

/** ¿Son iguales dos resultados (para comparar con `anterior`)? */
export function mismoResultado(
  a: { tipoNota: string | null; nota: number | null } | null,
  b: { tipoNota: string | null; nota: number | null } | null,
): boolean {
  const ta = a?.tipoNota ?? null;
  const tb = b?.tipoNota ?? null;
  return ta === tb && (ta !== 'normal' || a?.nota === b?.nota);
}

// ---------------------------------------------------------------------------
// Quién adeuda una materia

export interface SituacionCursado {
  modalidad: number;
  /** Las notas de los cuatrimestres: número, 'ausente' o nada. */
  primera: ValorNota | null;
  segunda: ValorNota | null;
  /** Las actas de mesa ya cerradas de ese cursado. */
  examenes: readonly ResultadoExamen[];
}

/**
 * ¿El alumno adeuda la materia de ese cursado? Lo decide la fila de la materia
 * (`condicionDeMateria`, la misma regla que la planilla y la libreta): no la aprobó, tiene algún
 * cuatrimestre cargado (un ausente cuenta y no aprueba), ninguno es -1; y no aprobó ninguna mesa
 * de ese cursado.
 */
export function adeudaMateria(s: SituacionCursado): boolean {
  return (
    condicionDeMateria(s.modalidad, s.primera, s.segunda).adeuda && !s.examenes.some(apruebaExamen)
  );
}

/** ¿La planilla de notas del cursado está cerrada en todos los cuatrimestres que usa? */
export function planillaCerrada(modalidad: number, periodosCerrados: number): boolean {
  return CUATRIMESTRES.every(
    (c) => !aplicaCuatrimestre(modalidad, c) || periodoCerrado(periodosCerrados, c),
  );
}

// ---------------------------------------------------------------------------
// Ventana de la libreta (spec 01 §9): del 1 de noviembre al 1 de abril del año siguiente

/**
 * El ciclo lectivo cuyos alumnos rinden en una mesa de esa fecha: las mesas del 1 de noviembre
 * de un año al 1 de abril del siguiente (inclusive) son las de ese ciclo (spec 01 §9: "Exam
 * tables after 1 November up to 1 April of the next year … appear in the grade sheet"); las del
 * resto del año (Julio, Flotante Abril tardía) son de deudas de ciclos anteriores.
 */
export function cicloDeMesa(fecha: string): number {
  const anio = Number(fecha.slice(0, 4));
  return fecha.slice(5) >= '11-01' ? anio : anio - 1;
}

/** ¿La mesa de esa fecha entra en la ventana del ciclo (1/11 del ciclo al 1/4 siguiente)? */
export function enVentanaDelCiclo(fecha: string, ciclo: number): boolean {
  return fecha >= `${ciclo}-11-01` && fecha <= `${ciclo + 1}-04-01`;
}

/**
 * ¿Se propone al alumno para la mesa? Sólo desde planillas cerradas (issue 16: "from the closed
 * grade sheets"): cursados del ciclo de la mesa o anteriores.
 */
export function seProponeParaMesa(p: {
  fechaMesa: string;
  cicloCursado: number;
  planillaCerrada: boolean;
}): boolean {
  return p.planillaCerrada && p.cicloCursado <= cicloDeMesa(p.fechaMesa);
}

// ---------------------------------------------------------------------------
// Superposiciones (issue 16, más allá de la spec)

export interface Turno {
  comienzo: Date;
  minutos: number;
}

/** ¿Se superponen dos turnos? (uno empieza antes de que termine el otro). */
export function seSuperponen(a: Turno, b: Turno): boolean {
  const finA = a.comienzo.getTime() + a.minutos * 60_000;
  const finB = b.comienzo.getTime() + b.minutos * 60_000;
  return a.comienzo.getTime() < finB && b.comienzo.getTime() < finA;
}

/** Cuánto dura cada examen (issue 16): una mesa, 120 minutos; una PIC, 90. */
export const MINUTOS_EXAMEN = { mesa: MINUTOS_MESA, pic: MINUTOS_PIC } as const;
export type TipoExamen = keyof typeof MINUTOS_EXAMEN;

/** El turno de un examen: su comienzo y lo que dura su tipo. */
export const turnoDeExamen = (tipo: TipoExamen, comienzo: Date): Turno => ({
  comienzo,
  minutos: MINUTOS_EXAMEN[tipo],
});

/**
 * La regla de las superposiciones de mesas y PIC (las mismas para el formulario de la mesa, sus
 * candidatos y el de la PIC): un examen de tipo `otro` choca con el turno si empieza dentro de
 * (desde, hasta), sin los bordes. Es `seSuperponen` despejado para el comienzo del otro, así la
 * consulta trae sólo los que chocan.
 */
export function ventanaDeChoque(turno: Turno, otro: TipoExamen): { desde: Date; hasta: Date } {
  return {
    desde: new Date(turno.comienzo.getTime() - MINUTOS_EXAMEN[otro] * 60_000),
    hasta: new Date(turno.comienzo.getTime() + turno.minutos * 60_000),
  };
}

/** ¿Choca con el turno un examen de ese tipo que empieza en `comienzo`? */
export const chocaConExamen = (turno: Turno, otro: TipoExamen, comienzo: Date) =>
  seSuperponen(turno, turnoDeExamen(otro, comienzo));
