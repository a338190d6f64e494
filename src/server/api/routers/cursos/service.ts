import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import { primeraMateria, promocion } from '@/domain/inscripciones';
import { ERROR_DESVINCULAR_PRECEPTOR, ERROR_VINCULAR_PRECEPTOR } from '@/domain/asignaciones';
import { Rol } from '@/domain/roles';
import {
  alumnos,
  alumnosCursos,
  cursados,
  cursadosCursos,
  cursos,
  preceptoresCursos,
  usuarios,
} from '@/server/db/schema';
import { cursosVisibles, cursoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { NO_AUTORIZADO } from '@/server/api/trpc';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { autoinscribir, inscribibles } from '@/server/consultas/inscripciones';
import { ordenPorNombre } from '@/server/consultas/personas';
import { filasDesdeArreglos } from '@/server/db/sql';

const columnas = {
  orden: cursos.id,
  anio: cursos.anio,
  division: cursos.division,
  especialidad: cursos.especialidad,
};
type FilaCurso = { orden: number; anio: number; division: number; especialidad: string };
const conNombre = (c: FilaCurso) => ({ ...c, nombre: nombreCurso(c) });
const orden = [asc(cursos.anio), asc(cursos.division)];

export async function listar(ctx: Ctx) {
  return (
    await ctx.db
      .select(columnas)
      .from(cursos)
      .orderBy(...orden)
  ).map(conNombre);
}

/**
 * Cursos de un preceptor en el ciclo (el pedido o el elegido): los propios, o los de otro si el
 * rol ve toda la escuela. Las asignaciones son de cada ciclo lectivo.
 */
export async function delPreceptor(ctx: Ctx, preceptorId?: number, ciclo: number = ctx.ciclo) {
  const { db, sesion } = ctx;
  const id = preceptorId ?? sesion.usuario.id;
  if (id !== sesion.usuario.id && sesion.rol === Rol.Preceptor) {
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
  }
  if (preceptorId !== undefined) {
    const [u] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id));
    if (!u) throw new TRPCError({ code: 'NOT_FOUND', message: 'El preceptor no existe.' });
  }
  const filas = await db
    .select(columnas)
    .from(cursos)
    .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, cursos.id))
    .where(and(eq(preceptoresCursos.usuarioId, id), eq(preceptoresCursos.ciclolectivo, ciclo)))
    .orderBy(...orden);
  return filas.map(conNombre);
}

/** Cursos con cursados del ciclo dentro del alcance del rol (departamento o coordinación). */
export async function visiblesEnCiclo(ctx: Ctx) {
  const sub = cursosVisibles(ctx);
  const filas = await ctx.db
    .select(columnas)
    .from(cursos)
    .where(and(sub ? inArray(cursos.id, sub) : undefined))
    .orderBy(...orden);
  return filas.map(conNombre);
}

// ---------------------------------------------------------------------------
// Alumnos de un curso y promoción anual (spec 01 §2 Student and guardian management)

/** GET /api/cursos/alumnos/{id}: los alumnos del curso en el ciclo elegido (un preceptor, sólo sus cursos). */
export async function alumnosDelCurso(ctx: Ctx, cursoId: number) {
  const { ciclo } = ctx;
  const curso = await cursoVisible(ctx, { curso: cursoId });
  const filas = await ctx.db
    .select({
      orden: alumnos.id,
      dni: alumnos.dni,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      genero: alumnos.genero,
      habilitado: alumnos.habilitado,
    })
    .from(alumnosCursos)
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .where(and(eq(alumnosCursos.cursoId, cursoId), eq(alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
  return { curso, ciclo, alumnos: filas };
}

/**
 * GET /api/cursos/{a}/cursados/{b}: los cursados del curso `a` en el ciclo `b`, cada uno con sus
 * materias permitidas por id y la primera, con la que se inscribe (spec 01 §5; null si no tiene).
 * Es la lista de "cursados que se pueden agregar" del panel de cursos. Un preceptor, sólo sus
 * cursos. Tres consultas, sea cual sea la cantidad de cursados.
 */
export async function cursadosDelCurso(ctx: Ctx, pedido: { curso: number; ciclo?: number | null }) {
  const { curso: cursoId } = pedido;
  const ciclo = pedido.ciclo ?? ctx.ciclo;
  const curso = await cursoVisible(ctx, { curso: cursoId, ciclo });
  const filas = await ctx.db
    .select({ cursadoId: cursados.id, nombre: cursados.nombre })
    .from(cursados)
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .where(and(eq(cursados.ciclolectivo, ciclo), eq(cursadosCursos.cursoId, cursoId)))
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  const inscribible = await inscribibles(ctx, filas);
  return {
    curso,
    ciclo,
    cursados: filas.map((f) => {
      const c = inscribible(f);
      const materiaId = primeraMateria(c);
      return {
        ...c,
        materiaId,
        materia: c.materias.find((m) => m.id === materiaId)?.nombre ?? null,
      };
    }),
  };
}

/** Clave del candado de la promoción (dos promociones a la vez se ordenan). */
const CANDADO_PROMOCION = 727_003;

export interface Pendiente {
  orden: number;
  apellido: string;
  nombre: string;
  curso: string;
  /** paraAsignar: de 3° a 4° (o especialidad con varias divisiones) lo decide Alumnado; sinCurso: falta el curso siguiente. */
  motivo: 'paraAsignar' | 'sinCurso';
}

/**
 * POST /api/cursos/promover, "Promover estudiantes de curso y autoinscribir": cada alumno
 * habilitado con curso en el ciclo pasa al curso siguiente (`promocion` de
 * src/domain/inscripciones.ts) en el ciclo + 1, y se lo inscribe en los cursados de ese curso
 * del ciclo + 1 si ya existen. Una transacción, con candado; idempotente: quien ya tiene curso
 * en el ciclo siguiente no se toca (cuenta como yaAsignado) y no se duplican inscripciones.
 * Un número fijo de consultas, sea cual sea la cantidad de alumnos.
 */
export async function promover(ctx: Ctx) {
  const { ciclo } = ctx;
  const siguiente = ciclo + 1;
  return transaccion(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${CANDADO_PROMOCION})`);
    const todos = (
      await tx.db
        .select(columnas)
        .from(cursos)
        .orderBy(...orden)
    ).map(conNombre);
    const porId = new Map(todos.map((c) => [c.orden, c]));
    const actuales = await tx.db
      .select({
        alumnoId: alumnosCursos.alumnoId,
        cursoId: alumnosCursos.cursoId,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        habilitado: alumnos.habilitado,
      })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(eq(alumnosCursos.ciclolectivo, ciclo))
      .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
    const yaAsignados = new Map(
      (
        await tx.db
          .select({ alumnoId: alumnosCursos.alumnoId, cursoId: alumnosCursos.cursoId })
          .from(alumnosCursos)
          .where(eq(alumnosCursos.ciclolectivo, siguiente))
      ).map((f) => [f.alumnoId, f.cursoId]),
    );

    const resumen = { egresados: 0, paraAsignar: 0, sinCurso: 0, yaAsignados: 0, noHabilitados: 0 };
    const pendientes: Pendiente[] = [];
    const nuevos: { alumnoId: number; cursoId: number }[] = [];
    const aInscribir: { alumnoId: number; cursoId: number }[] = [];
    for (const a of actuales) {
      if (!a.habilitado) {
        resumen.noHabilitados++;
        continue;
      }
      const asignado = yaAsignados.get(a.alumnoId);
      if (asignado !== undefined) {
        resumen.yaAsignados++;
        aInscribir.push({ alumnoId: a.alumnoId, cursoId: asignado });
        continue;
      }
      const actual = porId.get(a.cursoId)!;
      const p = promocion(actual, todos);
      if (p.resultado === 'promueve') nuevos.push({ alumnoId: a.alumnoId, cursoId: p.curso.orden });
      else if (p.resultado === 'egresa') resumen.egresados++;
      else {
        const motivo = p.resultado === 'asignaAlumnado' ? 'paraAsignar' : 'sinCurso';
        resumen[motivo]++;
        pendientes.push({
          orden: a.alumnoId,
          apellido: a.apellido,
          nombre: a.nombre,
          curso: actual.nombre,
          motivo,
        });
      }
    }

    const promovidos = nuevos.length
      ? await tx.db
          .insert(alumnosCursos)
          .select(
            filasDesdeArreglos(alumnosCursos, {
              alumnoId: nuevos.map((n) => n.alumnoId),
              cursoId: nuevos.map((n) => n.cursoId),
              ciclolectivo: siguiente,
            }),
          )
          .onConflictDoNothing({ target: [alumnosCursos.alumnoId, alumnosCursos.ciclolectivo] })
          .returning({ alumnoId: alumnosCursos.alumnoId, cursoId: alumnosCursos.cursoId })
      : [];
    const inscripciones = await autoinscribir(tx, {
      ciclo: siguiente,
      asignaciones: [...promovidos, ...aInscribir],
    });

    const resultado = {
      ciclo,
      cicloSiguiente: siguiente,
      promovidos: promovidos.length,
      ...resumen,
      inscripciones,
    };
    await auditar(tx, {
      accion: 'promover',
      entidad: 'alumnos_cursos',
      entidadId: `${ciclo}-${siguiente}`,
      despues: { ...resultado, pendientes: pendientes.map((p) => p.orden) },
    });
    return { ...resultado, pendientes };
  });
}

export { ERROR_DESVINCULAR_PRECEPTOR, ERROR_VINCULAR_PRECEPTOR };

/**
 * POST /api/link/preceptor_curso { preceptor, curso, link }: vincula (link true) o desvincula un
 * curso de un preceptor (spec 02 §2 /preceptores). Un vínculo que ya existe se ignora, y quitar
 * uno que no existe no cambia nada. La asignación es del ciclo elegido (`ctx.ciclo`): otros años
 * no cambian. El usuario debe tener el rol Preceptor y el curso existir (400 con el mensaje del
 * catálogo). El alcance del preceptor cambia en la petición siguiente.
 */
export async function vincularPreceptor(
  ctx: Ctx,
  p: { preceptor: number; curso: number; link: boolean },
) {
  const catalogo = p.link ? ERROR_VINCULAR_PRECEPTOR : ERROR_DESVINCULAR_PRECEPTOR;
  return transaccion(ctx, async (tx) => {
    const [u] = await tx.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(and(eq(usuarios.id, p.preceptor), sql`(${usuarios.rls} & ${Rol.Preceptor}) <> 0`));
    if (!u)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `${catalogo}: el usuario no existe o no es preceptor.`,
      });
    const [c] = await tx.db.select({ id: cursos.id }).from(cursos).where(eq(cursos.id, p.curso));
    if (!c)
      throw new TRPCError({ code: 'BAD_REQUEST', message: `${catalogo}: el curso no existe.` });
    const cambio = p.link
      ? await tx.db
          .insert(preceptoresCursos)
          .values({ usuarioId: p.preceptor, cursoId: p.curso, ciclolectivo: ctx.ciclo })
          .onConflictDoNothing()
          .returning({ id: preceptoresCursos.cursoId })
      : await tx.db
          .delete(preceptoresCursos)
          .where(
            and(
              eq(preceptoresCursos.usuarioId, p.preceptor),
              eq(preceptoresCursos.cursoId, p.curso),
              eq(preceptoresCursos.ciclolectivo, ctx.ciclo),
            ),
          )
          .returning({ id: preceptoresCursos.cursoId });
    if (cambio.length)
      await auditar(tx, {
        accion: p.link ? 'vincular' : 'desvincular',
        entidad: 'preceptores_cursos',
        entidadId: p.preceptor,
        despues: { preceptor: p.preceptor, curso: p.curso, ciclo: ctx.ciclo },
      });
    return { preceptor: p.preceptor, curso: p.curso, link: p.link, cambio: cambio.length > 0 };
  });
}
