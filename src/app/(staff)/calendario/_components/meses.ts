/**
 * Las grillas de los meses del calendario: semanas de lunes a domingo. Puro y sin zona horaria:
 * las fechas son 'AAAA-MM-DD' y el día de la semana se calcula en UTC al mediodía.
 */
import type { EstadoFecha } from '@/domain/calendario';
import { DIAS_SEMANA, MESES, fechaLarga } from '@/components/planillon/calendario';

export { MESES };

/** Encabezado de la grilla, de lunes a domingo (miércoles es X, como en el planillón). */
export const SEMANA = [
  { inicial: 'L', nombre: DIAS_SEMANA[1] },
  { inicial: 'M', nombre: DIAS_SEMANA[2] },
  { inicial: 'X', nombre: DIAS_SEMANA[3] },
  { inicial: 'J', nombre: DIAS_SEMANA[4] },
  { inicial: 'V', nombre: DIAS_SEMANA[5] },
  { inicial: 'S', nombre: DIAS_SEMANA[6] },
  { inicial: 'D', nombre: DIAS_SEMANA[0] },
] as const;

export interface DiaDelMes {
  fecha: string;
  dia: number;
  /** 0 es domingo, como `Date.getUTCDay()`. */
  diaSemana: number;
  /** 'lunes 9 de noviembre de 2026'. */
  descripcion: string;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** Los días del mes (1 a 12) y cuántas celdas vacías van antes del día 1 (semana desde el lunes). */
export function diasDelMes(anio: number, mes: number): { vacias: number; dias: DiaDelMes[] } {
  const cantidad = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
  const dias = Array.from({ length: cantidad }, (_, i) => {
    const fecha = `${anio}-${dos(mes)}-${dos(i + 1)}`;
    const diaSemana = new Date(Date.UTC(anio, mes - 1, i + 1, 12)).getUTCDay();
    return { fecha, dia: i + 1, diaSemana, descripcion: fechaLarga(fecha, diaSemana) };
  });
  return { vacias: (dias[0]!.diaSemana + 6) % 7, dias };
}

/** Cómo se anuncia el estado de una fecha (la leyenda usa los mismos textos). */
export const TEXTO_ESTADO: Record<NonNullable<EstadoFecha> | 'libre', string> = {
  guardada: 'marcada',
  nueva: 'para agregar, sin guardar',
  borrada: 'para borrar, sin guardar',
  libre: 'sin marcar',
};
