/** Lo que las pantallas de /cronograma leen de la URL y cómo escriben las fechas. */
import type { PestanaCronograma } from '@/domain/cronograma';

/** Las pestañas de un cursado, en el orden en que se muestran. */
export const ETIQUETA_PESTANA: Record<PestanaCronograma, string> = {
  clases: 'Clases',
  planificacion: 'Planificación',
  detalles: 'Detalles',
};

export const rutaPestana = (cursado: number, pestana: PestanaCronograma) =>
  `/cronograma/${cursado}/${pestana}`;

const formatoLargo = new Intl.DateTimeFormat('es-AR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** 'AAAA-MM-DD' → 'lunes 15 de junio' (es-AR, sin la coma de Intl). */
export function fechaLarga(fecha: string): string {
  return formatoLargo.format(new Date(`${fecha}T12:00:00Z`)).replace(',', '');
}
