/**
 * Meses y días del planillón (spec 01 §2 Overview): los meses del ciclo lectivo para el
 * selector y las columnas de un mes, con los domingos angostos. Puro, sin zona horaria: las
 * fechas son 'AAAA-MM-DD' y el día de la semana lo manda el servidor.
 */
import type { ColumnaPlanillon } from './tipos';

export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** Domingo es 0, como `Date.getUTCDay()` y el `diaSemana` del servidor. */
export const DIAS_SEMANA = [
  'domingo',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
] as const;
/** Iniciales del encabezado (miércoles es X, como en los calendarios escolares). */
export const INICIALES_DIA = ['D', 'L', 'M', 'X', 'J', 'V', 'S'] as const;
export const DOMINGO = 0;

/** 'AAAA-MM' → 'Noviembre 2026'. */
export function nombreMes(mes: string): string {
  const [a, m] = mes.split('-');
  return `${MESES[Number(m) - 1] ?? m} ${a}`;
}

/**
 * Los meses del ciclo para el selector, de enero a diciembre; en el ciclo en curso, hasta el
 * mes de hoy (después no hay nada que mostrar).
 */
export function mesesDelCiclo(ciclo: number, hoy: string): { value: string; label: string }[] {
  const anioHoy = Number(hoy.slice(0, 4));
  const ultimo = ciclo < anioHoy ? 12 : ciclo === anioHoy ? Number(hoy.slice(5, 7)) : 0;
  return Array.from({ length: ultimo }, (_, i) => {
    const value = `${ciclo}-${String(i + 1).padStart(2, '0')}`;
    return { value, label: MESES[i]! };
  });
}

/** El mes que se muestra al entrar: el de hoy en el ciclo en curso; si no, diciembre. */
export function mesInicial(ciclo: number, hoy: string): string {
  const meses = mesesDelCiclo(ciclo, hoy);
  return meses.at(-1)?.value ?? `${ciclo}-12`;
}

/** 'AAAA-MM-DD' y su día de la semana → 'lunes 3 de noviembre de 2026'. */
export function fechaLarga(fecha: string, diaSemana: number): string {
  const [a, m, d] = fecha.split('-');
  return `${DIAS_SEMANA[diaSemana]} ${Number(d)} de ${MESES[Number(m) - 1]?.toLowerCase()} de ${a}`;
}

/** Las columnas de un mes: una por día, con los domingos angostos y hoy destacado. */
export function columnasDelMes(
  dias: readonly { fecha: string; diaSemana: number }[],
  hoy?: string,
): ColumnaPlanillon[] {
  return dias.map(({ fecha, diaSemana }) => ({
    clave: fecha,
    titulo: String(Number(fecha.slice(8, 10))),
    subtitulo: INICIALES_DIA[diaSemana],
    descripcion: fechaLarga(fecha, diaSemana),
    angosta: diaSemana === DOMINGO,
    destacada: fecha === hoy,
  }));
}

/** Agrupa por fecha los elementos del mes de un alumno. */
export function porFecha<T extends { fecha: string }>(lista: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of lista) {
    const l = m.get(x.fecha);
    if (l) l.push(x);
    else m.set(x.fecha, [x]);
  }
  return m;
}
