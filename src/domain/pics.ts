/**
 * PIC (spec 02 §2 /pics, §3 PIC, §5, §9; spec 01 §2 Evaluations, §3 PIC; issue 16): los
 * exámenes de recuperación de un cuatrimestre, uno por ciclo lectivo, materia y cuatrimestre.
 *
 *  - La hora sale de horarios fijos (`HORARIOS_PIC`); la fecha y la hora son de la zona de la
 *    escuela.
 *  - Sus alumnos: los inscriptos en un cursado de la materia en el ciclo que no aprobaron el
 *    cuatrimestre (`rindePic`), más los agregados a mano, menos los quitados a mano; un alumno
 *    con la nota de la PIC ya cargada no desaparece de la planilla si después le corrigen la nota
 *    del cuatrimestre. Cerrada la planilla, sus alumnos quedan fijos (los que tienen fila).
 *  - La nota de la PIC: un entero de 1 a 10 o ausente.
 *  - La planilla de notas de la PIC se rige por las fechas '_pic' del área 'nota' del
 *    calendario, como las planillas de notas: el 1er período es el del 1° cuatrimestre y el 2°,
 *    el del 2°; abierta de la apertura al cierre, publicada desde la publicación.
 * Puro: "hoy" y la zona horaria se reciben como parámetros.
 */
import { periodosDeArea, type FechaCalendario, type Periodo } from './calendario';
import { esFechaValida, partesEnZona } from './escuela';
import { instanteEnZona } from './ics';
import {
  AUSENTE,
  NOMBRE_CUATRIMESTRE,
  NOTA_MAXIMA,
  NOTA_MINIMA,
  rindePic,
  type Cuatrimestre,
  type ValorNota,
} from './notas';
import { estadoPeriodoNotas, type FasePeriodo, type ModoPlanilla } from './periodos-notas';
import { diaYMes } from './texto';

// ---------------------------------------------------------------------------
// Constantes y mensajes (spec 02 §5, §8, §9)

/** Los horarios de la PIC (spec 02 §9). */
export const HORARIOS_PIC = [
  '07:30',
  '09:00',
  '10:30',
  '12:00',
  '13:30',
  '15:00',
  '16:30',
] as const;
export type HorarioPic = (typeof HORARIOS_PIC)[number];

/** Materias por página en el selector de /pics (spec 02 §9). */
export const MATERIAS_POR_PAGINA_PIC = 4;

export const SELECCIONE_MATERIA = 'Seleccione una materia';
export const CONFIRMAR_BORRAR_PIC = '¿Borrar la PIC?';
export const ESTUDIANTE_NO_EXISTE = 'El estudiante no existe';

export const ErrorPic = {
  horario: `La hora de la PIC debe ser uno de los horarios fijos: ${HORARIOS_PIC.join(', ')}.`,
  comienzo: 'El comienzo debe ser una fecha y una hora: AAAA-MM-DDTHH:MM.',
  fechaFueraDelCiclo: (anio: number) =>
    `La fecha de la PIC debe ser del ciclo lectivo ${anio} o del año siguiente.`,
  cuatrimestre: 'El cuatrimestre debe ser 1 o 2.',
  inexistente: 'PIC no encontrada.',
  yaExiste: 'Ya hay una PIC de esa materia en ese cuatrimestre del ciclo lectivo.',
  materiaInexistente: 'La materia no existe.',
  otroDepartamento:
    'La materia es de otro departamento: sólo puede programar PIC de su departamento.',
  noDocente: 'Sólo el docente de la materia en el ciclo o Alumnado cargan la planilla de esta PIC.',
  cerradaModificar: 'La PIC está cerrada: no se puede modificar.',
  cerradaBorrar: 'La PIC está cerrada: no se puede borrar.',
  cerradaAjustar: 'La PIC está cerrada: sus alumnos ya no se pueden cambiar.',
  nota: 'La nota de la PIC debe ser un número entero de 1 a 10, o ausente.',
  noEstaEnLaPic: 'El alumno no está en la PIC',
  yaEstaEnLaPic: 'El alumno ya está en la PIC.',
  noCursaLaMateria: 'El alumno no cursa la materia en ese ciclo lectivo.',
  cerrada: 'La planilla de la PIC está cerrada: no se pueden cargar notas.',
  publicada: 'Las notas de la PIC ya están publicadas: no se pueden modificar.',
  fueraDeFechas: (nombre: string) =>
    `El período de notas de PIC del ${nombre} no está abierto: no se pueden cargar notas.`,
  yaCerrada: 'La planilla de la PIC ya está cerrada.',
  noSePuedeCerrar: (nombre: string) =>
    `No se puede cerrar la planilla de la PIC: el período de notas de PIC del ${nombre} no está abierto.`,
  sinPermiso: 'Su rol no puede cargar ni cerrar planillas de PIC.',
  conflicto: (quienes: string) =>
    `Otra persona modificó estas notas de la PIC mientras usted editaba la planilla: ${quienes}. ` +
    'No se guardó ningún cambio. Recargue la planilla y vuelva a cargarlos.',
} as const;

// ---------------------------------------------------------------------------
// Horario y comienzo

export function esHorarioPic(hora: unknown): hora is HorarioPic {
  return typeof hora === 'string' && (HORARIOS_PIC as readonly string[]).includes(hora);
}

const RE_COMIENZO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::00(?:\.0+)?)?$/;

/** Fecha y hora locales de la escuela. */
export interface FechaHora {
  fecha: string;
  hora: string;
}

/**
 * 'AAAA-MM-DDTHH:MM' (o con espacio, o con ':00' de segundos), hora de la escuela → fecha y
 * hora, o el mensaje de error: formato o fecha inválidos, o una hora fuera de los horarios fijos.
 */
export function leerComienzo(texto: string): FechaHora | { error: string } {
  const m = RE_COMIENZO.exec(texto.trim());
  if (!m || !esFechaValida(m[1])) return { error: ErrorPic.comienzo };
  const hora = m[2]!;
  if (!esHorarioPic(hora)) return { error: ErrorPic.horario };
  return { fecha: m[1]!, hora };
}

/** El instante (UTC) de una fecha y hora de la escuela. */
export function instanteDeComienzo(c: FechaHora, zona: string): Date {
  return instanteEnZona(c.fecha, c.hora, zona);
}

/** La fecha y la hora de la escuela de un instante. */
export function comienzoEnZona(instante: Date, zona: string): FechaHora {
  const p = partesEnZona(instante, zona);
  const dos = (n: number) => String(n).padStart(2, '0');
  return {
    fecha: `${p.anio}-${dos(p.mes)}-${dos(p.dia)}`,
    hora: `${dos(p.hora)}:${dos(p.minuto)}`,
  };
}

/** ¿La fecha puede ser de una PIC del ciclo? (del ciclo o del año siguiente: la de diciembre puede pasar a febrero). */
export function fechaDelCiclo(fecha: string, anio: number): boolean {
  const a = Number(fecha.slice(0, 4));
  return a === anio || a === anio + 1;
}

// ---------------------------------------------------------------------------
// Quién está en la PIC

export type AjustePic = 'agregado' | 'quitado';
export const AJUSTES_PIC: readonly AjustePic[] = ['agregado', 'quitado'];

/** Una inscripción del alumno en un cursado de la materia en el ciclo, con su nota del cuatrimestre. */
export interface InscripcionPic {
  alumnoId: number;
  modalidad: number;
  valor: ValorNota | null;
}

/** Una fila de `pics_alumnos`: un ajuste a mano y/o la nota de la PIC. */
export interface FilaPic {
  alumnoId: number;
  ajuste: AjustePic | null;
  nota: number | null;
  ausente: boolean;
}

/** Por qué está el alumno: por la regla, agregado a mano, o porque ya tiene nota de la PIC. */
export type OrigenPic = 'regla' | 'agregado' | 'calificado';

/** ¿El alumno rinde la PIC por la regla? (alguna de sus inscripciones en la materia). */
export function rindePorRegla(
  cuatrimestre: Cuatrimestre,
  inscripciones: readonly Omit<InscripcionPic, 'alumnoId'>[],
): boolean {
  return inscripciones.some((i) => rindePic(i.modalidad, cuatrimestre, i.valor));
}

const calificado = (f: FilaPic | undefined) => f != null && (f.ausente || f.nota != null);

/**
 * Los alumnos de la PIC con su origen (spec 02 §2 "adjustable by hand"):
 *  - quitado a mano: no está;
 *  - agregado a mano: está;
 *  - cerrada: está quien tiene fila (el cierre fija la lista);
 *  - abierta: está quien rinde por la regla o ya tiene nota de la PIC.
 */
export function alumnosDePic(p: {
  cuatrimestre: Cuatrimestre;
  cerrada: boolean;
  inscripciones: readonly InscripcionPic[];
  filas: readonly FilaPic[];
}): Map<number, OrigenPic> {
  const porAlumno = new Map<number, InscripcionPic[]>();
  for (const i of p.inscripciones) {
    const l = porAlumno.get(i.alumnoId) ?? [];
    l.push(i);
    porAlumno.set(i.alumnoId, l);
  }
  const fila = new Map(p.filas.map((f) => [f.alumnoId, f]));
  const ids = new Set([...porAlumno.keys(), ...fila.keys()]);
  const resultado = new Map<number, OrigenPic>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    const f = fila.get(id);
    const rinde = rindePorRegla(p.cuatrimestre, porAlumno.get(id) ?? []);
    if (f?.ajuste === 'quitado') continue;
    if (f?.ajuste === 'agregado') resultado.set(id, 'agregado');
    else if (p.cerrada) {
      if (f) resultado.set(id, rinde ? 'regla' : 'calificado');
    } else if (rinde) resultado.set(id, 'regla');
    else if (calificado(f)) resultado.set(id, 'calificado');
  }
  return resultado;
}

/**
 * Lo que se escribe en `pics_alumnos` para agregar o quitar a mano (issue 16 §4): la fila nueva
 * (`ajuste` y si conserva la nota), borrar la fila, o el error si no corresponde.
 */
export function ajustarAlumno(p: {
  accion: 'agregar' | 'quitar';
  rinde: boolean;
  esta: boolean;
  fila: FilaPic | null;
}):
  | { tipo: 'fila'; ajuste: AjustePic | null; conservaNota: boolean }
  | { tipo: 'borrar' }
  | { tipo: 'nada' }
  | { tipo: 'error'; mensaje: string } {
  if (p.accion === 'agregar') {
    if (p.esta) return { tipo: 'error', mensaje: ErrorPic.yaEstaEnLaPic };
    // Quitado a mano que rinde por la regla: se quita el ajuste; si no, agregado a mano.
    return { tipo: 'fila', ajuste: p.rinde ? null : 'agregado', conservaNota: false };
  }
  if (!p.esta) return { tipo: 'error', mensaje: `${ErrorPic.noEstaEnLaPic}.` };
  if (p.rinde) return { tipo: 'fila', ajuste: 'quitado', conservaNota: false };
  return p.fila ? { tipo: 'borrar' } : { tipo: 'nada' };
}

// ---------------------------------------------------------------------------
// La nota de la PIC

export type ValorPic = number | typeof AUSENTE;

/** ¿Es una nota de PIC válida? Un entero de 1 a 10 o 'ausente'. */
export function esNotaPicValida(valor: unknown): valor is ValorPic {
  if (valor === AUSENTE) return true;
  return (
    typeof valor === 'number' &&
    Number.isInteger(valor) &&
    valor >= NOTA_MINIMA &&
    valor <= NOTA_MAXIMA
  );
}

/** El valor de una fila: la nota, 'ausente' o null (sin nota). */
export function valorDeFila(f: { nota: number | null; ausente: boolean } | null | undefined) {
  if (!f) return null;
  return f.ausente ? AUSENTE : f.nota;
}

/** Las columnas de una fila para un valor (null: borra la nota). */
export function columnasDeValor(v: ValorPic | null): { nota: number | null; ausente: boolean } {
  if (v === AUSENTE) return { nota: null, ausente: true };
  return { nota: v, ausente: false };
}

// ---------------------------------------------------------------------------
// La planilla de la PIC y el calendario

/** Los períodos de notas de PIC del año: el 1° es el del 1° cuatrimestre, el 2° el del 2°. */
export function periodosPic(
  fechas: readonly FechaCalendario[],
): Record<Cuatrimestre, Periodo | null> {
  const p = periodosDeArea(fechas, 'nota', true);
  return { 1: p[0] ?? null, 2: p[1] ?? null };
}

export interface EstadoPlanillaPic {
  fase: FasePeriodo;
  /** 'Abierta hasta el 14/08', 'Publicada el 21/08', … */
  texto: string;
  apertura: string | null;
  cierre: string | null;
  publicacion: string | null;
  cerrada: boolean;
  publicada: boolean;
  puedeCargar: boolean;
  puedeCerrar: boolean;
  /** Por qué no se puede cargar (null si se puede o si el rol sólo lee). */
  motivo: string | null;
}

/**
 * El estado de la planilla de una PIC (como `estadoPeriodoNotas`, para una planilla anual):
 * publicada, nadie carga; cerrada, nadie carga; el docente carga y cierra de la apertura al cierre;
 * Alumnado también después del cierre, hasta la publicación; quien sólo lee, nada.
 */
export function estadoPlanillaPic(p: {
  cuatrimestre: Cuatrimestre;
  periodo: Periodo | null;
  cerrada: boolean;
  hoy: string;
  modo: ModoPlanilla;
}): EstadoPlanillaPic {
  const e = estadoPeriodoNotas({
    modalidad: 0,
    cuatrimestre: p.cuatrimestre,
    fechas: p.periodo,
    cerrados: p.cerrada ? 1 << (p.cuatrimestre - 1) : 0,
    hoy: p.hoy,
    modo: p.modo,
  });
  const nombre = NOMBRE_CUATRIMESTRE[p.cuatrimestre];
  const dm = (f: string | null) => (f ? diaYMes(f) : '');
  const texto = {
    publicada: `Publicada el ${dm(e.publicacion)}`,
    cerrada: e.publicacion ? `Cerrada, se publica el ${dm(e.publicacion)}` : 'Cerrada',
    sinFechas: 'Sin fechas de PIC en el calendario',
    porAbrir: `Abre el ${dm(e.apertura)}`,
    vencida: `Abierta, cierre vencido el ${dm(e.cierre)}`,
    abierta: e.cierre ? `Abierta hasta el ${dm(e.cierre)}` : 'Abierta',
  }[e.fase];
  const motivo =
    e.puedeCargar || p.modo === 'lectura'
      ? null
      : e.fase === 'publicada'
        ? ErrorPic.publicada
        : e.fase === 'cerrada'
          ? ErrorPic.cerrada
          : ErrorPic.fueraDeFechas(nombre);
  return {
    fase: e.fase,
    texto,
    apertura: e.apertura,
    cierre: e.cierre,
    publicacion: e.publicacion,
    cerrada: p.cerrada,
    publicada: e.publicado,
    puedeCargar: e.puedeCargar,
    puedeCerrar: e.puedeCerrar,
    motivo,
  };
}

/** ¿Alumnos y referentes ven la nota? Desde la publicación del período de PIC del cuatrimestre. */
export function notaPicPublicada(periodo: Periodo | null, hoy: string): boolean {
  return periodo?.publicacion != null && periodo.publicacion <= hoy;
}
