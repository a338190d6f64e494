import { esFechaValida } from '@/domain/escuela';

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' (sólo para mostrar). */
export function fechaLegible(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
}

/** 'DD/MM/AAAA' (o 'AAAA-MM-DD') → 'AAAA-MM-DD'; null si no es una fecha del calendario. */
export function leerFecha(texto: string): string | null {
  const t = texto.trim();
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const fecha = /^\d{4}-\d{2}-\d{2}$/.test(t)
    ? t
    : local
      ? `${local[3]}-${local[2]!.padStart(2, '0')}-${local[1]!.padStart(2, '0')}`
      : null;
  return fecha && esFechaValida(fecha) ? fecha : null;
}

/** Una cantidad como se escribe en es-AR: 2,5. */
export function numero(n: number): string {
  return n.toLocaleString('es-AR', { maximumFractionDigits: 1 });
}
