/**
 * Inscripciones a cursados (spec 01 §2 panel de cursos, §5, §7, §8): los cambios 'set' / 'unset'
 * en una transacción (la autoinscripción, que también usa la promoción de cursos, está en
 * `server/consultas/inscripciones.ts`). Todo en un número fijo de consultas: los lotes viajan como
 * arreglos de enteros (unnest), sin una consulta por alumno ni límite de parámetros.
 */
import { TRPCError } from '@trpc/server';
import { and, inArray, sql } from 'drizzle-orm';
import { ERROR_VINCULAR_CURSADOS, puedeInscribirse } from '@/domain/inscripciones';
import { alumnos, alumnosCursos, cursados, inscripciones } from '@/server/db/schema';
import { enteros, filasDesdeArreglos } from '@/server/db/sql';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { materiasPermitidas } from '@/server/consultas/inscripciones';
import { auditar } from '@/server/auditoria';
import type { CambioInscripcion } from './schemas';

const falla = (code: 'BAD_REQUEST' | 'NOT_FOUND', motivo?: string) =>
  new TRPCError({
    code,
    message: motivo ? `${ERROR_VINCULAR_CURSADOS}: ${motivo}` : ERROR_VINCULAR_CURSADOS,
  });

/**
 * PUT /api/cursados/inscripciones: 'set' inscribe (o cambia la materia) y 'unset' desinscribe,
 * todo o nada en una transacción. Para inscribirse el alumno debe tener curso en el ciclo del
 * cursado (spec 01 §5; si no: 'No se pudo vincular el alumno a los cursados') y la materia debe
 * ser una de las permitidas del cursado. No se exige que el cursado sea de su curso: el panel
 * ofrece los de su curso, y /alumnos-cursados asigna por materia.
 */
export async function guardarInscripciones(ctx: Ctx, cambios: CambioInscripcion[]) {
  return transaccion(ctx, async (tx) => {
    const alumnoIds = [...new Set(cambios.map((c) => c.alumnoId))];
    const cursadoIds = [...new Set(cambios.map((c) => c.cursadoId))];

    const existentes = await tx.db
      .select({ id: alumnos.id })
      .from(alumnos)
      .where(inArray(alumnos.id, alumnoIds));
    if (existentes.length < alumnoIds.length) throw falla('NOT_FOUND', 'el alumno no existe.');
    const delCursado = await tx.db
      .select({ id: cursados.id, ciclo: cursados.ciclolectivo })
      .from(cursados)
      .where(inArray(cursados.id, cursadoIds));
    if (delCursado.length < cursadoIds.length) throw falla('NOT_FOUND', 'el cursado no existe.');
    const cicloDe = new Map(delCursado.map((c) => [c.id, c.ciclo]));
    const permitidas = await materiasPermitidas(tx.db, cursadoIds);
    const cursosDe = await tx.db
      .select({
        alumnoId: alumnosCursos.alumnoId,
        cursoId: alumnosCursos.cursoId,
        ciclo: alumnosCursos.ciclolectivo,
      })
      .from(alumnosCursos)
      .where(inArray(alumnosCursos.alumnoId, alumnoIds));
    const curso = new Map(cursosDe.map((f) => [`${f.alumnoId}|${f.ciclo}`, f.cursoId]));

    const altas = cambios.filter((c) => c.action === 'set');
    const bajas = cambios.filter((c) => c.action === 'unset');
    for (const c of altas) {
      if (!puedeInscribirse(curso.get(`${c.alumnoId}|${cicloDe.get(c.cursadoId)}`)))
        throw falla('BAD_REQUEST');
      if (!(permitidas.get(c.cursadoId) ?? []).includes(c.materiaId)) {
        throw falla('BAD_REQUEST', 'la materia no está permitida en ese cursado.');
      }
    }

    const par = (x: { alumnoId: number; cursadoId: number }) => `${x.alumnoId}|${x.cursadoId}`;
    const pedidos = new Set(cambios.map(par));
    const antes = (
      await tx.db
        .select({
          alumnoId: inscripciones.alumnoId,
          cursadoId: inscripciones.cursadoId,
          materiaId: inscripciones.materiaId,
        })
        .from(inscripciones)
        .where(
          and(
            inArray(inscripciones.alumnoId, alumnoIds),
            inArray(inscripciones.cursadoId, cursadoIds),
          ),
        )
    ).filter((i) => pedidos.has(par(i)));

    const agregadas = altas.length
      ? await tx.db
          .insert(inscripciones)
          .select(
            filasDesdeArreglos(inscripciones, {
              alumnoId: altas.map((c) => c.alumnoId),
              cursadoId: altas.map((c) => c.cursadoId),
              materiaId: altas.map((c) => c.materiaId),
            }),
          )
          .onConflictDoUpdate({
            target: [inscripciones.alumnoId, inscripciones.cursadoId],
            set: { materiaId: sql`excluded.materia_id` },
          })
          .returning({ id: inscripciones.id })
      : [];
    const quitadas = bajas.length
      ? await tx.db
          .delete(inscripciones)
          .where(
            sql`(${inscripciones.alumnoId}, ${inscripciones.cursadoId}) in (select * from unnest(${enteros(
              bajas.map((c) => c.alumnoId),
            )}, ${enteros(bajas.map((c) => c.cursadoId))}))`,
          )
          .returning({ id: inscripciones.id })
      : [];

    const resultado = { agregadas: agregadas.length, quitadas: quitadas.length };
    await auditar(tx, {
      accion: 'inscripciones',
      entidad: 'inscripciones',
      antes,
      despues: { cambios, ...resultado },
    });
    return resultado;
  });
}
