/**
 * Lo pendiente del editor de horarios (la comparación con lo guardado): qué bloques se agregan,
 * se quitan o cambian de aula. Las reglas (horas, bloqueos, choques) están en src/domain/horario.
 */
import type { BloqueDeCursado } from '@/domain/horario';

export const claveBloque = (b: { dia: number; bloque: number }) => `${b.dia}-${b.bloque}`;

/** El aula como se guarda: sin espacios de más; vacía, null. */
export const aulaNormal = (aula: string | null | undefined) => aula?.trim() || null;

/** Cuántos cambios hay entre lo guardado y lo elegido: bloques agregados, quitados o con otra aula. */
export function contarCambios(
  guardados: readonly BloqueDeCursado[],
  elegidos: readonly BloqueDeCursado[],
): number {
  const antes = new Map(guardados.map((b) => [claveBloque(b), aulaNormal(b.aula)]));
  const ahora = new Map(elegidos.map((b) => [claveBloque(b), aulaNormal(b.aula)]));
  let n = 0;
  for (const [k, aula] of ahora) if (!antes.has(k) || antes.get(k) !== aula) n++;
  for (const k of antes.keys()) if (!ahora.has(k)) n++;
  return n;
}

/** El aula que más usa el cursado (la que recibe un bloque nuevo), o ''. */
export function aulaMasUsada(bloques: readonly BloqueDeCursado[]): string {
  const cuenta = new Map<string, number>();
  for (const b of bloques) {
    const a = aulaNormal(b.aula);
    if (a) cuenta.set(a, (cuenta.get(a) ?? 0) + 1);
  }
  let mejor = '';
  let max = 0;
  for (const [a, n] of cuenta)
    if (n > max) {
      mejor = a;
      max = n;
    }
  return mejor;
}

/** El mensaje de un choque sin el lugar ('Lunes 07:30: '), para mostrarlo dentro de su bloque. */
export const sinLugar = (mensaje: string) => mensaje.replace(/^[^:]+\d\d:\d\d: /, '');
