/**
 * Consultas compartidas sobre inscripciones a cursados (spec 01 §5): las materias permitidas
 * de cada cursado (la primera, por id, es la de la inscripción) y la autoinscripción de un
 * lote de alumnos. Las usan alumnos (panel de cursados), cursados (cambios) y cursos
 * (promoción al ciclo siguiente). Número fijo de consultas, sea cual sea el lote.
 */
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { primeraMateria, type CursadoInscribible } from '@/domain/inscripciones';
import type { Contexto } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  cursados,
  cursadosCursos,
  cursadosMaterias,
  inscripciones,
  materias,
} from '@/server/db/schema';
import { filasDesdeArreglos } from '@/server/db/sql';

/** Los cursados con sus materias permitidas ordenadas por id (la primera es la de la inscripción). */
export async function materiasPermitidas(
  db: DbOTx,
  cursadoIds: SQL | readonly number[],
): Promise<Map<number, number[]>> {
  const filtro = Array.isArray(cursadoIds)
    ? inArray(cursadosMaterias.cursadoId, cursadoIds)
    : (cursadoIds as SQL);
  const filas = await db
    .select({ cursadoId: cursadosMaterias.cursadoId, materiaId: cursadosMaterias.materiaId })
    .from(cursadosMaterias)
    .where(filtro)
    .orderBy(asc(cursadosMaterias.cursadoId), asc(cursadosMaterias.materiaId));
  const mapa = new Map<number, number[]>();
  for (const f of filas) mapa.set(f.cursadoId, [...(mapa.get(f.cursadoId) ?? []), f.materiaId]);
  return mapa;
}

/**
 * Agrega a cada cursado sus materias permitidas ordenadas por id (la primera es la de la
 * inscripción, spec 01 §5) en una consulta: devuelve la función que completa un cursado.
 */
export async function inscribibles(
  ctx: Pick<Contexto, 'db'>,
  lista: readonly { cursadoId: number }[],
): Promise<
  <C extends { cursadoId: number }>(
    c: C,
  ) => C & { materias: { id: number; nombre: string }[]; materiasPermitidas: number[] }
> {
  const ids = [...new Set(lista.map((c) => c.cursadoId))];
  const permitidas = ids.length
    ? await ctx.db
        .select({ cursadoId: cursadosMaterias.cursadoId, id: materias.id, nombre: materias.nombre })
        .from(cursadosMaterias)
        .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
        .where(inArray(cursadosMaterias.cursadoId, ids))
        .orderBy(asc(cursadosMaterias.cursadoId), asc(materias.id))
    : [];
  const materiasDe = new Map<number, { id: number; nombre: string }[]>();
  for (const m of permitidas)
    materiasDe.set(m.cursadoId, [
      ...(materiasDe.get(m.cursadoId) ?? []),
      { id: m.id, nombre: m.nombre },
    ]);
  return (c) => {
    const materiasC = materiasDe.get(c.cursadoId) ?? [];
    return { ...c, materias: materiasC, materiasPermitidas: materiasC.map((m) => m.id) };
  };
}

/**
 * Autoinscripción: cada alumno en todos los cursados del ciclo que admiten su curso, con la
 * primera materia permitida (spec 01 §5). Sólo a los alumnos que todavía no tienen ninguna
 * inscripción en el ciclo (así no deshace cambios hechos a mano y repetirla no duplica nada).
 * Cuatro consultas, sea cual sea la cantidad de alumnos. Devuelve cuántas inscripciones creó.
 */
export async function autoinscribir(
  ctx: Contexto,
  {
    ciclo,
    asignaciones,
  }: { ciclo: number; asignaciones: readonly { alumnoId: number; cursoId: number }[] },
): Promise<number> {
  const tx = ctx.db;
  if (!asignaciones.length) return 0;
  const ofertas = await tx
    .select({ cursoId: cursadosCursos.cursoId, cursadoId: cursados.id })
    .from(cursados)
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .where(eq(cursados.ciclolectivo, ciclo))
    .orderBy(asc(cursados.id));
  if (!ofertas.length) return 0;
  const permitidas = await materiasPermitidas(
    tx,
    inArray(
      cursadosMaterias.cursadoId,
      tx.select({ id: cursados.id }).from(cursados).where(eq(cursados.ciclolectivo, ciclo)),
    ),
  );
  const yaInscriptos = new Set(
    (
      await tx
        .selectDistinct({ alumnoId: inscripciones.alumnoId })
        .from(inscripciones)
        .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
        .where(eq(cursados.ciclolectivo, ciclo))
    ).map((f) => f.alumnoId),
  );
  const delCurso = new Map<number, CursadoInscribible[]>();
  for (const o of ofertas) {
    const c = { cursadoId: o.cursadoId, materiasPermitidas: permitidas.get(o.cursadoId) ?? [] };
    delCurso.set(o.cursoId, [...(delCurso.get(o.cursoId) ?? []), c]);
  }
  const filas = { alumnoId: [] as number[], cursadoId: [] as number[], materiaId: [] as number[] };
  for (const a of asignaciones) {
    if (yaInscriptos.has(a.alumnoId)) continue;
    for (const c of delCurso.get(a.cursoId) ?? []) {
      const materiaId = primeraMateria(c);
      if (materiaId == null) continue;
      filas.alumnoId.push(a.alumnoId);
      filas.cursadoId.push(c.cursadoId);
      filas.materiaId.push(materiaId);
    }
  }
  if (!filas.alumnoId.length) return 0;
  const nuevas = await tx
    .insert(inscripciones)
    .select(filasDesdeArreglos(inscripciones, filas))
    .onConflictDoNothing({ target: [inscripciones.alumnoId, inscripciones.cursadoId] })
    .returning({ id: inscripciones.id });
  return nuevas.length;
}
