/**
 * Jornada cultural y deportiva (spec 02 §3 JCD activity, §4 JCD, §9; issue 17 §1): el horario
 * de la jornada, la máscara de quién puede elegir una actividad (un bit por año de cursado, bit 6
 * mujeres, bit 7 varones), los cupos libres y qué puede hacer un alumno. Todo es puro.
 */
import { cantidad } from './texto';

export const HORARIO_JCD = { desde: '07:30', hasta: '14:00' } as const;
export const ANIOS_JCD = [1, 2, 3, 4, 5, 6] as const;
export const BIT_MUJERES = 1 << 6;
export const BIT_VARONES = 1 << 7;
export const LARGO_MAXIMO_NOMBRE_JCD = 100;
export const LARGO_MAXIMO_DESCRIPCION_JCD = 2000;
export const MAXIMO_CUPOS_JCD = 1000;

export const ErrorJornada = {
  horario: `El horario debe estar entre las ${HORARIO_JCD.desde} y las ${HORARIO_JCD.hasta}, y el comienzo antes del fin.`,
  hora: 'La hora no es válida: use el formato HH:MM.',
  sinAnios: 'Elija al menos un año de cursado.',
  sinGenero: 'Elija mujeres, varones o ambos.',
  mascara: 'La máscara de la actividad no es válida (de 1 a 255, con algún año y algún género).',
  inexistente: 'La actividad no existe.',
  sinCupos: 'La actividad ya no tiene cupos libres: elija otra.',
  yaEligio: 'Ya eligió una actividad este año: no se puede cambiar.',
  noElegible: 'Esta actividad no es para su año o su género.',
  sinCurso: 'No tiene curso asignado este año: consulte en Preceptoría.',
  otroAnio: 'Sólo se elige la actividad del año en curso.',
  conElegidos: (n: number) =>
    `La actividad tiene ${cantidad(n, 'alumno anotado', 'alumnos anotados')}: no se puede borrar.`,
  menosCupos: (n: number) =>
    `La actividad tiene ${cantidad(n, 'alumno anotado', 'alumnos anotados')}: los cupos no pueden ser menos.`,
} as const;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/** ¿Es un horario válido de la jornada? 'HH:MM', dentro de 07:30–14:00 y comienzo < fin. */
export function problemaDeHorario(comienzo: string, fin: string): string | null {
  if (!HORA.test(comienzo) || !HORA.test(fin)) return ErrorJornada.hora;
  if (comienzo < HORARIO_JCD.desde || fin > HORARIO_JCD.hasta || comienzo >= fin)
    return ErrorJornada.horario;
  return null;
}

/** El bit de un año de cursado (1° → bit 0 … 6° → bit 5). */
export const bitDeAnio = (anio: number) => 1 << (anio - 1);

export interface DatosMascara {
  anios: readonly number[];
  mujeres: boolean;
  varones: boolean;
}

/** La máscara de quién puede elegir la actividad. */
export function mascaraDe({ anios, mujeres, varones }: DatosMascara): number {
  let m = 0;
  for (const a of anios) if (ANIOS_JCD.includes(a as 1)) m |= bitDeAnio(a);
  if (mujeres) m |= BIT_MUJERES;
  if (varones) m |= BIT_VARONES;
  return m;
}

/** Los años y géneros de una máscara. */
export function datosDeMascara(mascara: number): DatosMascara {
  return {
    anios: ANIOS_JCD.filter((a) => (mascara & bitDeAnio(a)) !== 0),
    mujeres: (mascara & BIT_MUJERES) !== 0,
    varones: (mascara & BIT_VARONES) !== 0,
  };
}

/** ¿Es una máscara con sentido? Entre 1 y 255, con algún año y algún género. */
export function problemaDeMascara(mascara: number): string | null {
  if (!Number.isInteger(mascara) || mascara < 1 || mascara > 255) return ErrorJornada.mascara;
  const d = datosDeMascara(mascara);
  if (!d.anios.length) return ErrorJornada.sinAnios;
  if (!d.mujeres && !d.varones) return ErrorJornada.sinGenero;
  return null;
}

/** '1°, 2° y 3° año · mujeres y varones'. */
export function describirMascara(mascara: number): string {
  const d = datosDeMascara(mascara);
  const anios = d.anios.map((a) => `${a}°`);
  const ultimo = anios.pop();
  const listaAnios = anios.length ? `${anios.join(', ')} y ${ultimo}` : (ultimo ?? '');
  const generos =
    d.mujeres && d.varones
      ? 'mujeres y varones'
      : d.mujeres
        ? 'mujeres'
        : d.varones
          ? 'varones'
          : '';
  return `${listaAnios} año${d.anios.length > 1 ? 's' : ''} · ${generos}`;
}

export type Genero = 'Masculino' | 'Femenino' | 'Otro' | null;

/**
 * ¿Puede el alumno elegir la actividad? Su año de cursado debe estar en la máscara y su género
 * también: Femenino con el bit 6, Masculino con el bit 7. Decisión: un alumno con género 'Otro'
 * (o sin cargar) puede elegir cualquier actividad de su año: la máscara no lo excluye.
 */
export function esElegible(mascara: number, alumno: { anio: number | null; genero: Genero }) {
  if (alumno.anio == null || (mascara & bitDeAnio(alumno.anio)) === 0) return false;
  if (alumno.genero === 'Femenino') return (mascara & BIT_MUJERES) !== 0;
  if (alumno.genero === 'Masculino') return (mascara & BIT_VARONES) !== 0;
  return true;
}

/** Los cupos libres (nunca negativos). */
export const cuposLibres = (cupos: number, elegidos: number) => Math.max(0, cupos - elegidos);

export type EstadoActividad = 'elegida' | 'disponible' | 'sinCupos' | 'bloqueada';

/**
 * Cómo ve el alumno una actividad (spec 02 §4: "once a student has a chosen activity, the others
 * cannot be chosen"): la suya, 'elegida'; si ya eligió otra, 'bloqueada'; si no quedan cupos,
 * 'sinCupos'; si no, 'disponible'. Las que no son para él no se le muestran.
 */
export function estadoActividad(p: {
  id: number;
  cupos: number;
  elegidos: number;
  elegida: number | null;
}): EstadoActividad {
  if (p.elegida === p.id) return 'elegida';
  if (p.elegida != null) return 'bloqueada';
  return cuposLibres(p.cupos, p.elegidos) === 0 ? 'sinCupos' : 'disponible';
}
