/** Lo que leen las páginas (componentes de servidor) de la URL de /planificacion. */
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';

/** Los avisos que una página de edición deja al volver a la lista (`?error=`). */
export const AVISOS_DE_RUTA = {
  'materia-inexistente': 'La materia no existe o ya fue borrada.',
  'cursado-inexistente': 'El cursado no existe o ya fue borrado.',
} as const;
export type AvisoDeRuta = keyof typeof AVISOS_DE_RUTA;

export function avisoDeRuta(valor: string | string[] | undefined): string | null {
  const v = Array.isArray(valor) ? valor[0] : valor;
  return v && v in AVISOS_DE_RUTA ? AVISOS_DE_RUTA[v as AvisoDeRuta] : null;
}

/** El ciclo de `?ciclo=` si es planificable (de 2021 al siguiente del actual); si no, null. */
export function cicloDeParametro(
  valor: string | string[] | undefined,
  anioActual: number,
): number | null {
  const v = Array.isArray(valor) ? valor[0] : valor;
  if (!v || !/^\d{4}$/.test(v)) return null;
  const n = Number(v);
  return n >= PRIMER_CICLO_LECTIVO && n <= anioActual + 1 ? n : null;
}

/** La etiqueta de un ciclo en el selector: "2027 (próximo)" para el siguiente al actual. */
export const etiquetaCiclo = (ciclo: number, anioActual: number) =>
  ciclo === anioActual + 1 ? `${ciclo} (próximo)` : String(ciclo);
