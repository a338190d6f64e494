/**
 * Registro de modos del planillón (spec 01 §2 Overview): qué modos hay y cuáles ofrece cada
 * ruta. Para agregar un modo basta con escribir su modo y registrarlo aquí.
 */
import type { IdModo, ModoPlanillon } from '../tipos';
import { modoAsistencias } from './asistencias';
import { modoAvances } from './avances';
import { modoMedidas } from './medidas';
import { modoNotas } from './notas';

/** Los modos construidos. */
export const MODOS_PLANILLON: readonly ModoPlanillon[] = [
  modoAsistencias,
  modoNotas,
  modoMedidas,
  modoAvances,
];

/** Los modos de cada ruta, en el orden de la spec. */
export const MODOS_DE_RUTA: Readonly<Record<string, readonly IdModo[]>> = {
  '/planillon': ['asistencias', 'notas', 'medidas', 'avances'],
  '/planillon-protected': ['asistencias', 'notas', 'medidas', 'avances'],
  '/planillon-departamento': ['notas'],
  '/planillon-coordinador': ['notas'],
};

/** Los modos registrados que ofrece la ruta, en su orden. */
export function modosDeRuta(
  ruta: string,
  registrados: readonly ModoPlanillon[] = MODOS_PLANILLON,
): ModoPlanillon[] {
  return (MODOS_DE_RUTA[ruta] ?? []).flatMap((id) => registrados.filter((m) => m.id === id));
}
