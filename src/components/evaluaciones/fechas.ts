/**
 * Fechas de las vistas de evaluaciones (spec 01 §2 Evaluations): puras y sin zona horaria. Las
 * fechas llegan del servidor como 'AAAA-MM-DD' (también `hoy`: nunca el reloj del navegador).
 */
import { DIAS_SEMANA, MESES } from '@/components/planillon/calendario';
import { fechaLegible } from '@/domain/texto';

/** Día de la semana de 'AAAA-MM-DD' (domingo 0). */
export function diaDeLaSemana(fecha: string): number {
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d)).getUTCDay();
}

/** 'AAAA-MM-DD' → 'lunes 23 de noviembre de 2026' (es-AR). */
export function fechaCompleta(fecha: string): string {
  const [a, m, d] = fecha.split('-');
  return `${DIAS_SEMANA[diaDeLaSemana(fecha)]} ${Number(d)} de ${MESES[Number(m) - 1]?.toLowerCase()} de ${a}`;
}

/** 'AAAA-MM-DD' → 'jueves 26/11/2026'. */
export function fechaConDia(fecha: string): string {
  return `${DIAS_SEMANA[diaDeLaSemana(fecha)]} ${fechaLegible(fecha)}`;
}
