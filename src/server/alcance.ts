/**
 * Alcance de los datos por rol activo (DESIGN §6), como subconsultas de ids que los
 * servicios usan en sus `where`. Nunca se decide en la interfaz.
 *  - Preceptor: los cursos que tiene asignados en el ciclo (cada asignación es de un año).
 *  - Docente: sus cursados.
 *  - JefeDepartamento: los cursados con materias de su departamento.
 *  - Coordinador: los cursados con sus materias.
 *  - JefePreceptor, Regente, Alumnado, Admin: toda la escuela (`null` = sin filtro).
 *  - Alumno y Referente: nada por estas vías (tienen sus propias vistas).
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import {
  alumnosCursos,
  coordinadoresMaterias,
  cursados,
  cursadosCursos,
  cursadosDocentes,
  cursadosMaterias,
  inscripciones,
  jefesDepartamento,
  materias,
  preceptoresCursos,
} from '@/server/db/schema';
import type { Ctx } from '@/server/contexto';
import { cursoInfo, columnasCurso, type CursoInfo } from '@/server/consultas/personas';
import { idsDeHijos } from '@/server/consultas/hijos';
import { TRPCError } from '@trpc/server';
import { alumnos, alumnosReferentes, cursos } from '@/server/db/schema';

const TODA_LA_ESCUELA: readonly number[] = [
  Rol.JefePreceptor,
  Rol.Regente,
  Rol.Alumnado,
  Rol.Admin,
];

export function veTodaLaEscuela(rol: number): boolean {
  return TODA_LA_ESCUELA.includes(rol);
}

/** Subconsulta de ids de cursados visibles en el ciclo, o `null` si ve todos. */
export function cursadosVisibles(ctx: Ctx, ciclo: number = ctx.ciclo) {
  const { db, sesion } = ctx;
  const { rol, usuario } = sesion;
  if (veTodaLaEscuela(rol)) return null;
  const delCiclo = eq(cursados.ciclolectivo, ciclo);
  switch (rol) {
    case Rol.Docente:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .innerJoin(cursadosDocentes, eq(cursadosDocentes.cursadoId, cursados.id))
        .where(and(delCiclo, eq(cursadosDocentes.usuarioId, usuario.id)));
    case Rol.JefeDepartamento:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .innerJoin(cursadosMaterias, eq(cursadosMaterias.cursadoId, cursados.id))
        .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
        .innerJoin(jefesDepartamento, eq(jefesDepartamento.departamentoId, materias.departamentoId))
        .where(and(delCiclo, eq(jefesDepartamento.usuarioId, usuario.id)));
    case Rol.Coordinador:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .innerJoin(cursadosMaterias, eq(cursadosMaterias.cursadoId, cursados.id))
        .innerJoin(
          coordinadoresMaterias,
          eq(coordinadoresMaterias.materiaId, cursadosMaterias.materiaId),
        )
        .where(and(delCiclo, eq(coordinadoresMaterias.usuarioId, usuario.id)));
    case Rol.Preceptor:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
        .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, cursadosCursos.cursoId))
        .where(
          and(
            delCiclo,
            eq(preceptoresCursos.usuarioId, usuario.id),
            eq(preceptoresCursos.ciclolectivo, ciclo),
          ),
        );
    default:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .where(sql`false`);
  }
}

/** Subconsulta de ids de cursos visibles, o `null` si ve todos. */
export function cursosVisibles(ctx: Ctx, ciclo: number = ctx.ciclo) {
  const { db, sesion } = ctx;
  if (veTodaLaEscuela(sesion.rol)) return null;
  if (sesion.rol === Rol.Preceptor) {
    return db
      .select({ id: preceptoresCursos.cursoId })
      .from(preceptoresCursos)
      .where(
        and(
          eq(preceptoresCursos.usuarioId, sesion.usuario.id),
          eq(preceptoresCursos.ciclolectivo, ciclo),
        ),
      );
  }
  const visibles = cursadosVisibles(ctx, ciclo)!;
  return db
    .select({ id: cursadosCursos.cursoId })
    .from(cursadosCursos)
    .where(inArray(cursadosCursos.cursadoId, visibles));
}

/** Subconsulta de ids de alumnos visibles en el ciclo, o `null` si ve todos. */
export function alumnosVisibles(ctx: Ctx, ciclo: number = ctx.ciclo) {
  const { db, sesion } = ctx;
  if (veTodaLaEscuela(sesion.rol)) return null;
  if (sesion.rol === Rol.Preceptor) {
    return db
      .select({ id: alumnosCursos.alumnoId })
      .from(alumnosCursos)
      .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, alumnosCursos.cursoId))
      .where(
        and(
          eq(alumnosCursos.ciclolectivo, ciclo),
          eq(preceptoresCursos.usuarioId, sesion.usuario.id),
          eq(preceptoresCursos.ciclolectivo, ciclo),
        ),
      );
  }
  const visibles = cursadosVisibles(ctx, ciclo)!;
  return db
    .select({ id: inscripciones.alumnoId })
    .from(inscripciones)
    .where(inArray(inscripciones.cursadoId, visibles));
}

/** `columna in (subconsulta)`, o nada si el alcance es toda la escuela. */
export function dentroDe(
  columna: Parameters<typeof inArray>[0],
  sub: SQLWrapper | null,
): SQL | undefined {
  return sub ? inArray(columna, sub) : undefined;
}

export const SIN_ALUMNO_PROPIO = 'No hay un alumno vinculado a su usuario.';
export const SIN_HIJOS = 'No tiene alumnos vinculados.';
export const ALUMNO_AJENO = 'No puede ver los datos de ese alumno.';

/**
 * El alumno de las vistas propias (-externo, mis*): para un Alumno, él mismo; para un
 * ReferenteParental, el hijo vinculado pedido (`alumnoId`), si no el elegido en la cookie
 * (`ctx.hijo`, sólo si está vinculado), si no el primero; siempre con el vínculo confirmado
 * (por la escuela, con el código de vinculación o por el email). Pedir otro alumno: FORBIDDEN;
 * no tener ninguno: NOT_FOUND; otros roles: FORBIDDEN (el personal usa `alumnosVisibles`).
 */
export async function alumnoPropioOHijo(ctx: Ctx, alumnoId?: number | null): Promise<number> {
  const { db, sesion, hijo: hijoCookie } = ctx;
  if (sesion.rol === Rol.Alumno) {
    const [propio] = await db
      .select({ id: alumnos.id })
      .from(alumnos)
      .where(eq(alumnos.usuarioId, sesion.usuario.id));
    if (!propio) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_ALUMNO_PROPIO });
    if (alumnoId != null && alumnoId !== propio.id)
      throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
    return propio.id;
  }
  if (sesion.rol === Rol.ReferenteParental) {
    // Sólo los vínculos confirmados: uno que el referente apenas declaró no abre nada.
    const hijos = (await idsDeHijos(ctx).orderBy(alumnosReferentes.alumnoId)).map((h) => h.id);
    if (alumnoId != null) {
      if (!hijos.includes(alumnoId))
        throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
      return alumnoId;
    }
    if (hijoCookie != null && hijos.includes(hijoCookie)) return hijoCookie;
    if (hijos[0] === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_HIJOS });
    return hijos[0];
  }
  throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
}

export const CURSO_INEXISTENTE = 'El curso no existe.';
export const CURSO_AJENO = 'No tiene acceso a ese curso.';

/** El curso, si existe y está dentro del alcance del rol (un Preceptor: sus cursos); si no, NOT_FOUND o FORBIDDEN. */
export async function cursoVisible(
  ctx: Ctx,
  { curso: cursoId, ciclo = ctx.ciclo }: { curso: number; ciclo?: number },
): Promise<CursoInfo> {
  const { db } = ctx;
  const sub = cursosVisibles(ctx, ciclo);
  const [c] = await db
    .select({
      ...columnasCurso,
      visible: sub ? sql<boolean>`${inArray(cursos.id, sub)}` : sql<boolean>`true`,
    })
    .from(cursos)
    .where(eq(cursos.id, cursoId));
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSO_INEXISTENTE });
  if (!c.visible) throw new TRPCError({ code: 'FORBIDDEN', message: CURSO_AJENO });
  return cursoInfo(c)!;
}

export const CURSADO_INEXISTENTE = 'El cursado no existe.';
export const CURSADO_FUERA_DE_ALCANCE = 'No tiene acceso a ese cursado.';

/**
 * El cursado (id y ciclo), si existe y está dentro del alcance del rol en su propio ciclo (un
 * Docente: los suyos; un JefeDepartamento: los de su departamento); si no, NOT_FOUND o FORBIDDEN.
 * Una consulta para quien ve toda la escuela, dos para los demás.
 */
export async function cursadoVisible(
  ctx: Ctx,
  { cursado: cursadoId }: { cursado: number },
): Promise<{ id: number; ciclo: number }> {
  const { db } = ctx;
  const [c] = await db
    .select({ id: cursados.id, ciclo: cursados.ciclolectivo })
    .from(cursados)
    .where(eq(cursados.id, cursadoId));
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSADO_INEXISTENTE });
  const sub = cursadosVisibles(ctx, c.ciclo);
  if (sub) {
    const [visible] = await db
      .select({ id: cursados.id })
      .from(cursados)
      .where(and(eq(cursados.id, cursadoId), inArray(cursados.id, sub)));
    if (!visible) throw new TRPCError({ code: 'FORBIDDEN', message: CURSADO_FUERA_DE_ALCANCE });
  }
  return c;
}

export const ALUMNO_INEXISTENTE = 'El alumno no existe.';
export const ALUMNO_FUERA_DE_ALCANCE = 'No tiene acceso a los datos de ese alumno.';

/** El alumno, si existe y está dentro del alcance del rol en el ciclo (una consulta); si no, NOT_FOUND o FORBIDDEN. */
export async function alumnoVisible(
  ctx: Ctx,
  {
    alumno: alumnoId,
    ciclo = ctx.ciclo,
    mensajes = { inexistente: ALUMNO_INEXISTENTE, ajeno: ALUMNO_FUERA_DE_ALCANCE },
  }: { alumno: number; ciclo?: number; mensajes?: { inexistente: string; ajeno: string } },
) {
  const { db } = ctx;
  const sub = alumnosVisibles(ctx, ciclo);
  const [a] = await db
    .select({
      orden: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      visible: sub ? sql<boolean>`${inArray(alumnos.id, sub)}` : sql<boolean>`true`,
    })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!a) throw new TRPCError({ code: 'NOT_FOUND', message: mensajes.inexistente });
  if (!a.visible) throw new TRPCError({ code: 'FORBIDDEN', message: mensajes.ajeno });
  const { visible: _v, ...alumno } = a;
  return alumno;
}

/** 'ok', 'inexistente' o 'ajeno' (fuera de los cursos del rol en el ciclo). */
export async function estadoCurso(
  ctx: Ctx,
  { curso, ciclo = ctx.ciclo }: { curso: number; ciclo?: number },
) {
  const visibles = cursosVisibles(ctx, ciclo);
  const [fila] = await ctx.db
    .select({
      visible: visibles ? sql<boolean>`${inArray(cursos.id, visibles)}` : sql<boolean>`true`,
    })
    .from(cursos)
    .where(eq(cursos.id, curso));
  if (!fila) return 'inexistente' as const;
  return fila.visible ? ('ok' as const) : ('ajeno' as const);
}

export const ALUMNO_AJENO_PERSONAL = 'No tiene acceso a ese alumno.';

/**
 * Exige que los alumnos existan (404) y estén en el alcance del rol (403): un preceptor sólo
 * los de sus cursos en el ciclo, un docente los de sus cursados, etc. Una consulta.
 */
export async function exigirAlumnosVisibles(
  ctx: Ctx,
  { alumnos: ids, ciclo = ctx.ciclo }: { alumnos: readonly number[]; ciclo?: number },
) {
  const unicos = [...new Set(ids)];
  if (!unicos.length) return;
  const visibles = alumnosVisibles(ctx, ciclo);
  const filas = await ctx.db
    .select({
      id: alumnos.id,
      visible: visibles ? sql<boolean>`${inArray(alumnos.id, visibles)}` : sql<boolean>`true`,
    })
    .from(alumnos)
    .where(inArray(alumnos.id, unicos));
  if (filas.length < unicos.length)
    throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  if (filas.some((f) => !f.visible))
    throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO_PERSONAL });
}
