/**
 * Inscripciones a cursados (spec 01 §2 panel de cursos, §5, §7, §8): los cambios 'set' / 'unset'
 * en una transacción, y la autoinscripción de alumnos en los cursados de su curso con la
 * primera materia permitida. Todo en un número fijo de consultas: los lotes viajan como
 * arreglos de enteros (unnest), sin una consulta por alumno ni límite de parámetros.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  ERROR_VINCULAR_CURSADOS,
  primeraMateria,
  puedeInscribirse,
  type CursadoInscribible,
} from '@/domain/inscripciones';
import type { Db, DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  cursados,
  cursadosCursos,
  cursadosMaterias,
  inscripciones,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { auditar } from '@/server/auditoria';
import type { CambioInscripcion } from './schemas';

/** Un arreglo de enteros como un único parámetro: '{1,2,3}'::int[]. */
export function enteros(xs: readonly number[]): SQL {
  if (!xs.every(Number.isSafeInteger)) throw new Error('Se esperaban enteros');
  return sql`${`{${xs.join(',')}}`}::int[]`;
}

/**
 * `select ... from unnest(arreglos)` con las columnas de la tabla en su orden, para
 * `insert(tabla).select(...)`: cada columna toma su arreglo (una fila por posición) o un
 * entero fijo; el `id` serial, el próximo valor de su secuencia.
 */
export function filasDesdeArreglos(
  tabla: PgTable,
  valores: Record<string, readonly number[] | number>,
): SQL {
  const arreglos = Object.entries(valores).filter((e): e is [string, readonly number[]] =>
    Array.isArray(e[1]),
  );
  const posicion = new Map(arreglos.map(([clave], i) => [clave, i]));
  const lista = Object.keys(getTableColumns(tabla)).map((clave) => {
    const v = valores[clave];
    if (typeof v === 'number') return sql`${v}::int`;
    if (v !== undefined) return sql.raw(`t.c${posicion.get(clave)}`);
    if (clave === 'id') return sql`nextval(pg_get_serial_sequence(${getTableName(tabla)}, 'id'))`;
    throw new Error(`Falta la columna ${clave}`);
  });
  const fuentes = sql.join(
    arreglos.map(([, a]) => enteros(a)),
    sql`, `,
  );
  const alias = sql.raw(arreglos.map((_, i) => `c${i}`).join(', '));
  return sql`select ${sql.join(lista, sql`, `)} from unnest(${fuentes}) as t(${alias})`;
}

/** Los cursados con sus materias permitidas ordenadas por id (la primera es la de la inscripción). */
async function materiasPermitidas(
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
export async function guardarInscripciones(
  db: Db,
  sesion: Sesion,
  cambios: CambioInscripcion[],
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const alumnoIds = [...new Set(cambios.map((c) => c.alumnoId))];
    const cursadoIds = [...new Set(cambios.map((c) => c.cursadoId))];

    const existentes = await tx
      .select({ id: alumnos.id })
      .from(alumnos)
      .where(inArray(alumnos.id, alumnoIds));
    if (existentes.length < alumnoIds.length) throw falla('NOT_FOUND', 'el alumno no existe.');
    const delCursado = await tx
      .select({ id: cursados.id, ciclo: cursados.ciclolectivo })
      .from(cursados)
      .where(inArray(cursados.id, cursadoIds));
    if (delCursado.length < cursadoIds.length) throw falla('NOT_FOUND', 'el cursado no existe.');
    const cicloDe = new Map(delCursado.map((c) => [c.id, c.ciclo]));
    const permitidas = await materiasPermitidas(tx, cursadoIds);
    const cursosDe = await tx
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
      await tx
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
      ? await tx
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
      ? await tx
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
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'inscripciones',
      entidad: 'inscripciones',
      antes,
      despues: { cambios, ...resultado },
      ip,
    });
    return resultado;
  });
}

/**
 * Autoinscripción: cada alumno en todos los cursados del ciclo que admiten su curso, con la
 * primera materia permitida (spec 01 §5). Sólo a los alumnos que todavía no tienen ninguna
 * inscripción en el ciclo (así no deshace cambios hechos a mano y repetirla no duplica nada).
 * Cuatro consultas, sea cual sea la cantidad de alumnos. Devuelve cuántas inscripciones creó.
 */
export async function autoinscribir(
  tx: DbOTx,
  ciclo: number,
  asignaciones: readonly { alumnoId: number; cursoId: number }[],
): Promise<number> {
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
