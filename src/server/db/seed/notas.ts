/**
 * Las notas del ciclo de la escuela de demostración (DESIGN §7): con las fechas del calendario
 * sembrado (1° cuatrimestre: apertura 15/6, cierre 3/7, publicación 10/7; 2° cuatrimestre:
 * 9/11, 27/11, 4/12), lo que ya pasó a `hoy`:
 *  - terminado el 1° cuatrimestre, una nota por inscripción en las materias que lo usan (casi
 *    todas aprobadas, algunas en riesgo, unas pocas desaprobadas y algún ausente) y la planilla
 *    cerrada, salvo en el primer cursado del docente de demostración, que quedó abierta (el
 *    aviso "…quedó abierta, y ya pasó la fecha de cierre…");
 *  - abierto el 2° cuatrimestre, la mitad de los cursados ya tiene sus notas cargadas.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { aplicaCuatrimestre, type Cuatrimestre } from '@/domain/notas';
import { bitCuatrimestre } from '@/domain/periodos-notas';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { fecha } from './estructura';
import { insertarEnLotes } from './lotes';

/** Una nota al azar: la mayoría aprobadas, algunas 4–5, pocas desaprobadas, ~2 % ausentes. */
export function notaAlAzar(az: Azar): { nota: number | null; ausente: boolean } {
  if (az.si(0.02)) return { nota: null, ausente: true };
  const nota = az.ponderado<number>([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 6],
    [5, 8],
    [6, 16],
    [7, 20],
    [8, 20],
    [9, 14],
    [10, 10],
  ]);
  return { nota, ausente: false };
}

/** Las fechas de notas de un ciclo en el calendario sembrado (las mismas todos los años). */
export function fechasDeNotas(ciclo: number) {
  const f = (mes: number, dia: number, tipo: string) => ({
    fecha: fecha(ciclo, mes, dia),
    tipo,
    area: 'nota',
  });
  return [
    f(6, 15, 'apertura'),
    f(7, 3, 'cierre'),
    f(7, 10, 'publicacion'),
    f(11, 9, 'apertura'),
    f(11, 27, 'cierre'),
    f(12, 4, 'publicacion'),
  ];
}

export async function sembrarNotas(
  tx: DbOTx,
  opciones: { ciclo: number; hoy: string },
): Promise<{ notas: number }> {
  const { ciclo, hoy } = opciones;
  const terminoPrimero = hoy > `${ciclo}-07-03`;
  const empezoSegundo = hoy >= `${ciclo}-11-09`;
  if (!terminoPrimero) return { notas: 0 };
  const az = new Azar(SEMILLAS.notas + ciclo);

  const cursados = await tx
    .select({ id: s.cursados.id, modalidad: s.cursados.modalidad })
    .from(s.cursados)
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.cursados.id));
  const [docente] = await tx
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.docente));
  const [abiertoDelDocente] = docente
    ? await tx
        .select({ id: s.cursadosDocentes.cursadoId })
        .from(s.cursadosDocentes)
        .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
        .where(
          and(
            eq(s.cursadosDocentes.usuarioId, docente.id),
            eq(s.cursados.ciclolectivo, ciclo),
            inArray(s.cursados.modalidad, [0, 1, 3]),
          ),
        )
        .orderBy(asc(s.cursados.id))
        .limit(1)
    : [];
  const inscriptos = await tx
    .select({ alumnoId: s.inscripciones.alumnoId, cursadoId: s.inscripciones.cursadoId })
    .from(s.inscripciones)
    .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.inscripciones.cursadoId), asc(s.inscripciones.alumnoId));

  const modalidad = new Map(cursados.map((c) => [c.id, c.modalidad]));
  /** En el 2° cuatrimestre, la mitad de los cursados (los de posición par) ya cargó. */
  const cargoSegundo = new Set(cursados.filter((_, i) => i % 2 === 0).map((c) => c.id));
  const filas: (typeof s.notas.$inferInsert)[] = [];
  for (const i of inscriptos) {
    const m = modalidad.get(i.cursadoId)!;
    const cuatrimestres: Cuatrimestre[] = [];
    if (aplicaCuatrimestre(m, 1)) cuatrimestres.push(1);
    if (empezoSegundo && aplicaCuatrimestre(m, 2) && cargoSegundo.has(i.cursadoId)) {
      cuatrimestres.push(2);
    }
    for (const c of cuatrimestres) {
      filas.push({
        alumnoId: i.alumnoId,
        cursadoId: i.cursadoId,
        cuatrimestre: c,
        ...notaAlAzar(az),
        modificadoPor: docente?.id ?? null,
      });
    }
  }
  await insertarEnLotes(tx, s.notas, filas);
  // El 1° cuatrimestre quedó cerrado, salvo el cursado del docente que lo dejó abierto.
  const cerrar = cursados
    .filter((c) => aplicaCuatrimestre(c.modalidad, 1) && c.id !== abiertoDelDocente?.id)
    .map((c) => c.id);
  if (cerrar.length) {
    await tx
      .update(s.cursados)
      .set({ periodosCerrados: sql`${s.cursados.periodosCerrados} | ${bitCuatrimestre(1)}` })
      .where(inArray(s.cursados.id, cerrar));
  }
  return { notas: filas.length };
}
