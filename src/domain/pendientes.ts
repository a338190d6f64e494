/**
 * "Pendientes" (issue 15 §5): lo que quedó sin hacer a tiempo, para quien lo tiene que reclamar
 * (Regente, Alumnado, Jefe de Preceptores; el Jefe de Departamento, lo de su departamento):
 *  - planillas de notas abiertas después de su fecha de cierre (y antes de la publicación);
 *  - planillas de avances sin cerrar después de la fecha de su instancia (mientras la instancia
 *    siga abierta: publicada, ya nadie la cierra);
 *  - cursos sin la asistencia tomada hoy, por turno (sólo en un día de clase).
 * Cada pendiente lleva a sus responsables (docentes o preceptores): el tablero los agrupa por
 * persona y copia sus emails. Puro: las fechas son 'AAAA-MM-DD' y "hoy" se recibe.
 */
import { cierreVencido, publicado, type Periodo } from './calendario';
import { FIN_DE_CLASES, INICIO_DE_CLASES } from './cronograma';
import { aplicaCuatrimestre, type Cuatrimestre } from './notas';
import { periodoCerrado } from './periodos-notas';

export const SIN_PENDIENTES = 'Sin pendientes';

/** ¿La planilla de notas de ese cuatrimestre quedó abierta después de su cierre? */
export function notaVencida(p: {
  periodo: Periodo | null;
  cuatrimestre: Cuatrimestre;
  modalidad: number;
  cerrados: number;
  hoy: string;
}): boolean {
  if (!p.periodo || !aplicaCuatrimestre(p.modalidad, p.cuatrimestre)) return false;
  if (periodoCerrado(p.cerrados, p.cuatrimestre)) return false;
  return cierreVencido(p.periodo, p.hoy) && !publicado(p.periodo, p.hoy);
}

/** El día de la semana de 'AAAA-MM-DD' (lunes 1 … domingo 7). */
const diaIso = (fecha: string) => {
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(a, m - 1, d)).getUTCDay() + 6) % 7) + 1;
};

/**
 * ¿Hoy se toma asistencia? De lunes a viernes, dentro del año lectivo y sin restricción en el
 * calendario (feriados, receso).
 */
export function esDiaDeAsistencia(hoy: string, restringidas: ReadonlySet<string>): boolean {
  const anio = hoy.slice(0, 4);
  return (
    diaIso(hoy) <= 5 &&
    hoy >= `${anio}-${INICIO_DE_CLASES}` &&
    hoy <= `${anio}-${FIN_DE_CLASES}` &&
    !restringidas.has(hoy)
  );
}

export interface Responsable {
  id: number;
  nombre: string;
  email: string | null;
}

/**
 * Los pendientes agrupados por responsable (un pendiente sin responsable queda en el grupo
 * "Sin asignar", id 0), por apellido; dentro de cada uno, en el orden recibido.
 */
export function porResponsable<T extends { responsables: readonly Responsable[] }>(
  items: readonly T[],
): { responsable: Responsable; items: T[] }[] {
  const grupos = new Map<number, { responsable: Responsable; items: T[] }>();
  for (const item of items) {
    const quienes = item.responsables.length
      ? item.responsables
      : [{ id: 0, nombre: 'Sin asignar', email: null }];
    for (const r of quienes) {
      const g = grupos.get(r.id) ?? { responsable: r, items: [] };
      g.items.push(item);
      grupos.set(r.id, g);
    }
  }
  return [...grupos.values()].sort(
    (a, b) =>
      Number(a.responsable.id === 0) - Number(b.responsable.id === 0) ||
      a.responsable.nombre.localeCompare(b.responsable.nombre, 'es'),
  );
}
