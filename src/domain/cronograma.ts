/**
 * Cronograma (spec 01 §2 Teaching follow-up, §3 Logbook entry, §5 Teaching and timetable, §6;
 * issue 14 §4–§5): las fechas de clase de un cursado son los días de la semana de sus bloques de
 * horario dentro del año lectivo, menos las fechas del área `restriccion` del calendario. Las
 * clases pasadas (hasta hoy) llevan el libro de temas; las futuras, las reservas de evaluación.
 */
import { esFechaValida } from './escuela';
import { Rol } from './roles';

/** El año lectivo de las clases: del 1 de marzo al 15 de diciembre (fuera, no hay clases). */
export const INICIO_DE_CLASES = '03-01';
export const FIN_DE_CLASES = '12-15';
export const MAXIMO_TEXTO_LIBRO = 4000;
/** Límites de la planificación y de los detalles (los mismos en la pantalla y en el servidor). */
export const MAXIMO_ITEMS = 200;
export const MAXIMO_TEXTO_ITEM = 2000;
export const MAXIMO_DETALLES = 4000;
export const SIN_TEMAS = 'No se han registrado temas para esta clase.';
export const SIN_DESCRIPCION = 'No hay descripción disponible para este cursado.';
export const AUTOGUARDADO_MS = 1000;

/** El día de la semana ISO de una fecha 'AAAA-MM-DD': 1 lunes … 7 domingo. */
export function diaDeLaSemana(fecha: string): number {
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const dia = new Date(Date.UTC(a, m - 1, d)).getUTCDay();
  return dia === 0 ? 7 : dia;
}

/**
 * Las fechas de clase de un cursado en un ciclo: cada fecha del año lectivo cuyo día de la
 * semana tiene algún bloque del cursado, salvo las restringidas. Ordenadas.
 */
export function fechasDeClase(
  ciclo: number,
  diasConBloques: Iterable<number>,
  restringidas: ReadonlySet<string>,
): string[] {
  const dias = new Set(diasConBloques);
  const fechas: string[] = [];
  if (!dias.size) return fechas;
  const [mi, di] = INICIO_DE_CLASES.split('-').map(Number) as [number, number];
  const [mf, df] = FIN_DE_CLASES.split('-').map(Number) as [number, number];
  const fin = Date.UTC(ciclo, mf - 1, df);
  for (let t = Date.UTC(ciclo, mi - 1, di); t <= fin; t += 86_400_000) {
    const fecha = new Date(t).toISOString().slice(0, 10);
    if (dias.has(diaDeLaSemana(fecha)) && !restringidas.has(fecha)) fechas.push(fecha);
  }
  return fechas;
}

/** ¿Es una clase que ya pasó (o es hoy)? Sólo esas llevan el libro de temas. */
export const clasePasada = (fecha: string, hoy: string) => esFechaValida(fecha) && fecha <= hoy;

export type PestanaCronograma = 'clases' | 'planificacion' | 'detalles';

/**
 * Las pestañas de /cronograma/{cursado} por rol (spec 01 §6): el docente escribe el libro,
 * reserva evaluaciones y maneja planificaciones y detalles; el jefe de departamento ve clases,
 * planificación y detalles sin editar; los demás (Regente, Coordinador, Admin), sólo detalles.
 */
export function pestanasCronograma(rol: number): { pestanas: PestanaCronograma[]; edita: boolean } {
  if (rol === Rol.Docente)
    return { pestanas: ['clases', 'planificacion', 'detalles'], edita: true };
  if (rol === Rol.JefeDepartamento)
    return { pestanas: ['clases', 'planificacion', 'detalles'], edita: false };
  return { pestanas: ['detalles'], edita: false };
}
