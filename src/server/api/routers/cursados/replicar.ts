/**
 * Un ciclo lectivo nuevo (spec 02 §7 "replicate previous school year"; issue 13): "Replicar ciclo
 * anterior" copia los cursados del ciclo anterior (materias y cursos permitidos, docentes) al
 * ciclo elegido, primero como vista previa (qué se crea, qué ya existe, qué está en conflicto) y
 * después de verdad, en una transacción; aplicarlo dos veces no crea nada nuevo y dos pestañas a
 * la vez crean cada cursado una sola vez. Si se pide, copia también los cursos de cada preceptor
 * (las asignaciones son de cada ciclo: issue 31). La autoinscripción inscribe después a los alumnos.
 * Un número fijo de sentencias, sea cual sea la cantidad de cursados.
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MENSAJE_CONFLICTO,
  planDeReplicacion,
  type CursadoReplicable,
  type PlanDeReplicacion,
} from '@/domain/planificacion';
import { Rol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { autoinscribir as autoinscribirLote } from '@/server/consultas/inscripciones';
import type { DbOTx } from '@/server/db';
import {
  alumnosCursos,
  cursados,
  cursadosCursos,
  cursadosDocentes,
  cursadosMaterias,
  preceptoresCursos,
  usuarios,
} from '@/server/db/schema';

/** El id del cursado de la consulta externa, calificado: en una subconsulta correlacionada Drizzle
 * escribiría sólo "id", que tomaría el de la tabla interna. */
const ID_CURSADO = sql.raw('"cursados"."id"');

/** Los cursados de un ciclo con sus materias, cursos y docentes (ids), en una consulta. */
async function cursadosDelCiclo(db: DbOTx, ciclo: number): Promise<CursadoReplicable[]> {
  const filas = await db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      modalidad: cursados.modalidad,
      horas: cursados.horas,
      detalles: cursados.detalles,
      origenId: cursados.origenId,
      materias: sql<
        number[]
      >`coalesce((select array_agg(cm.materia_id order by cm.materia_id) from cursados_materias cm where cm.cursado_id = ${ID_CURSADO}), '{}')`,
      cursos: sql<
        number[]
      >`coalesce((select array_agg(cc.curso_id order by cc.curso_id) from cursados_cursos cc where cc.cursado_id = ${ID_CURSADO}), '{}')`,
      docentes: sql<
        number[]
      >`coalesce((select array_agg(cd.usuario_id order by cd.usuario_id) from cursados_docentes cd where cd.cursado_id = ${ID_CURSADO}), '{}')`,
    })
    .from(cursados)
    .where(eq(cursados.ciclolectivo, ciclo));
  return filas.map((f) => ({
    ...f,
    materias: (f.materias ?? []).map(Number),
    cursos: (f.cursos ?? []).map(Number),
    docentes: (f.docentes ?? []).map(Number),
  }));
}

/** Los docentes habilitados (rol Docente) entre los de `ids`. */
async function docentesHabilitados(db: DbOTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const filas = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(
      and(
        inArray(usuarios.id, ids),
        eq(usuarios.habilitado, true),
        sql`(${usuarios.rls} & ${Rol.Docente}) <> 0`,
      ),
    );
  return new Set(filas.map((f) => f.id));
}

async function armarPlan(db: DbOTx, ciclo: number): Promise<PlanDeReplicacion> {
  const [origen, destino] = await Promise.all([
    cursadosDelCiclo(db, ciclo - 1),
    cursadosDelCiclo(db, ciclo),
  ]);
  const habilitados = await docentesHabilitados(db, [
    ...new Set(origen.flatMap((c) => c.docentes)),
  ]);
  return planDeReplicacion(origen, destino, habilitados);
}

/** El plan en la forma de la pantalla: nombres y motivos, sin los ids internos. */
function resumen(ciclo: number, plan: PlanDeReplicacion) {
  return {
    ciclo,
    desde: ciclo - 1,
    crear: plan.crear.map((r) => ({
      origen: r.origen.id,
      nombre: r.origen.nombre,
      materias: r.origen.materias.length,
      cursos: r.origen.cursos.length,
      docentes: r.docentes.length,
      docentesOmitidos: r.docentesOmitidos.length,
    })),
    existentes: plan.existentes.map((e) => ({
      origen: e.origen.id,
      nombre: e.origen.nombre,
      cursadoId: e.destinoId,
    })),
    conflictos: plan.conflictos.map((c) => ({
      origen: c.origen.id,
      nombre: c.origen.nombre,
      motivo: MENSAJE_CONFLICTO[c.motivo],
      cursadoId: c.destinoId,
    })),
  };
}

/** Las asignaciones de preceptores (habilitados) del ciclo anterior que faltan en `ciclo`. */
function preceptoresACopiar(db: DbOTx, ciclo: number) {
  const origen = alias(preceptoresCursos, 'origen');
  const yaEsta = db
    .select({ x: sql`1` })
    .from(preceptoresCursos)
    .where(
      and(
        eq(preceptoresCursos.ciclolectivo, ciclo),
        eq(preceptoresCursos.usuarioId, origen.usuarioId),
        eq(preceptoresCursos.cursoId, origen.cursoId),
      ),
    );
  return db
    .select({
      usuarioId: origen.usuarioId,
      cursoId: origen.cursoId,
      ciclolectivo: sql<number>`${ciclo}::integer`.as('ciclolectivo'),
    })
    .from(origen)
    .innerJoin(usuarios, eq(usuarios.id, origen.usuarioId))
    .where(
      and(
        eq(origen.ciclolectivo, ciclo - 1),
        eq(usuarios.habilitado, true),
        sql`(${usuarios.rls} & ${Rol.Preceptor}) <> 0`,
        notExists(yaEsta),
      ),
    );
}

/** GET /api/cursados/replicar/{ciclo}: la vista previa, sin escribir nada. */
export async function planReplicacion(ctx: Ctx, p: { ciclo: number }) {
  const [plan, preceptores] = await Promise.all([
    armarPlan(ctx.db, p.ciclo),
    preceptoresACopiar(ctx.db, p.ciclo),
  ]);
  return { ...resumen(p.ciclo, plan), preceptores: preceptores.length };
}

/**
 * POST /api/cursados/replicar: aplica el plan en una transacción. Un cerrojo por ciclo hace que
 * dos pestañas a la vez se turnen (la segunda ve todo "ya existe"), y el índice único de
 * `origen_id` lo garantiza aunque no lo hubiera. Con `preceptores`, copia además las asignaciones
 * de los preceptores habilitados del ciclo anterior. Devuelve el resumen de lo hecho.
 */
export async function replicar(ctx: Ctx, p: { ciclo: number; preceptores?: boolean }) {
  return transaccion(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${0x7265706c}, ${p.ciclo})`);
    const plan = await armarPlan(tx.db, p.ciclo);
    const creados = plan.crear.length
      ? await tx.db
          .insert(cursados)
          .values(
            plan.crear.map((r) => ({
              nombre: r.origen.nombre,
              modalidad: r.origen.modalidad,
              horas: r.origen.horas,
              detalles: r.origen.detalles ?? null,
              ciclolectivo: p.ciclo,
              origenId: r.origen.id,
            })),
          )
          .onConflictDoNothing({ target: cursados.origenId })
          .returning({ id: cursados.id, origenId: cursados.origenId })
      : [];
    const nuevo = new Map(creados.map((c) => [c.origenId!, c.id]));
    const hechas = plan.crear.filter((r) => nuevo.has(r.origen.id));
    const vinculos = <T>(f: (r: (typeof hechas)[number], id: number) => T[]) =>
      hechas.flatMap((r) => f(r, nuevo.get(r.origen.id)!));
    const materias = vinculos((r, cursadoId) =>
      r.origen.materias.map((materiaId) => ({ cursadoId, materiaId })),
    );
    const cursos = vinculos((r, cursadoId) =>
      r.origen.cursos.map((cursoId) => ({ cursadoId, cursoId })),
    );
    const docentes = vinculos((r, cursadoId) =>
      r.docentes.map((usuarioId) => ({ cursadoId, usuarioId })),
    );
    if (materias.length) await tx.db.insert(cursadosMaterias).values(materias);
    if (cursos.length) await tx.db.insert(cursadosCursos).values(cursos);
    if (docentes.length) await tx.db.insert(cursadosDocentes).values(docentes);
    const preceptores = p.preceptores
      ? await tx.db
          .insert(preceptoresCursos)
          .select(preceptoresACopiar(tx.db, p.ciclo))
          .onConflictDoNothing()
          .returning({ usuarioId: preceptoresCursos.usuarioId, cursoId: preceptoresCursos.cursoId })
      : [];
    const r = resumen(p.ciclo, plan);
    const resultado = {
      ...r,
      crear: r.crear.filter((c) => nuevo.has(c.origen)),
      creados: creados.length,
      preceptores: preceptores.length,
    };
    await auditar(tx, {
      accion: 'replicar',
      entidad: 'cursados',
      despues: {
        ciclo: p.ciclo,
        creados: creados.map((c) => c.id),
        existentes: r.existentes.length,
        conflictos: r.conflictos.length,
        preceptores,
      },
    });
    return resultado;
  });
}

/**
 * PUT /api/cursados/autoinscribir: inscribe a cada alumno con curso en el ciclo, que todavía no
 * tiene ninguna inscripción en él, en los cursados de su curso con la primera materia permitida
 * (spec 01 §5). Repetirla no duplica nada.
 */
export async function autoinscribir(ctx: Ctx, p: { ciclo: number }) {
  return transaccion(ctx, async (tx) => {
    const asignaciones = await tx.db
      .select({ alumnoId: alumnosCursos.alumnoId, cursoId: alumnosCursos.cursoId })
      .from(alumnosCursos)
      .where(eq(alumnosCursos.ciclolectivo, p.ciclo));
    const inscriptas = await autoinscribirLote(tx, {
      ciclo: p.ciclo,
      asignaciones,
    });
    await auditar(tx, {
      accion: 'autoinscribir',
      entidad: 'inscripciones',
      despues: { ciclo: p.ciclo, inscripciones: inscriptas },
    });
    return { ciclo: p.ciclo, alumnos: asignaciones.length, inscripciones: inscriptas };
  });
}
