/**
 * Horarios (spec 01 §2 Timetables, §3 Cursado horarios, §5, §7; issue 14 §1–§3): los bloques de
 * cada cursado, lo que ocupan los demás cursados del ciclo (para ver los choques mientras se
 * edita), el guardado (sin choques de docente ni de curso, sin pisar lo que otra persona cambió)
 * y la semana de un curso o de un alumno. Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { FIN_DE_CLASES, INICIO_DE_CLASES } from '@/domain/cronograma';
import { nombreCurso } from '@/domain/escuela';
import { semanaIcs } from '@/domain/ics';
import { Rol, tieneRol } from '@/domain/roles';
import {
  BLOQUES,
  bloqueBloqueado,
  choquesDeHorario,
  DIAS,
  NO_HAY_CURSO_SELECCIONADO,
  problemasDeBloques,
  type OcupacionAjena,
} from '@/domain/horario';
import {
  alumnoPropioOHijo,
  alumnoVisible,
  CURSO_INEXISTENTE,
  cursadoVisible,
} from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { fechasDelCalendario } from '@/server/consultas/clases';
import type { Contexto, Ctx } from '@/server/contexto';
import {
  CALENDARIO_INEXISTENTE,
  duenioDelEnlace,
  enlaceDelUsuario,
  generarEnlace,
  quitarEnlaceDelUsuario,
} from '@/server/consultas/enlaces-calendario';
import type { DbOTx } from '@/server/db';
import {
  cursados,
  cursadosCursos,
  cursadosDocentes,
  cursos,
  horarios,
  inscripciones,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { BloqueEntrada, GuardarHorario } from './schemas';

export const HORARIO_CAMBIADO =
  'Otra persona cambió este horario mientras lo editaba: se recargó con sus cambios. Revíselo y vuelva a guardar.';

const ordenBloques = [asc(horarios.dia), asc(horarios.bloque)];
const clave = (b: { dia: number; bloque: number; aula?: string | null }) =>
  `${b.dia}-${b.bloque}-${(b.aula ?? '').trim()}`;

/** El cursado con sus docentes y cursos (ids y nombres), en una consulta. */
async function cursadoConPersonas(db: DbOTx, id: number) {
  const [c] = await db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      horas: cursados.horas,
      ciclo: cursados.ciclolectivo,
      docentes: sql<{ id: number; nombre: string }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'nombre', u.apellido || ', ' || u.nombre) order by u.apellido, u.nombre)
        from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
        where cd.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
      cursos: sql<{ id: number; anio: number; division: number; especialidad: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'anio', c.anio, 'division', c.division, 'especialidad', c.especialidad) order by c.anio, c.division)
        from cursados_cursos cc join cursos c on c.id = cc.curso_id
        where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
    })
    .from(cursados)
    .where(eq(cursados.id, id));
  if (!c) return undefined;
  return { ...c, cursos: c.cursos.map((x) => ({ id: x.id, nombre: nombreCurso(x) })) };
}

async function bloquesDe(db: DbOTx, cursadoId: number) {
  return db
    .select({ dia: horarios.dia, bloque: horarios.bloque, aula: horarios.aula })
    .from(horarios)
    .where(eq(horarios.cursadoId, cursadoId))
    .orderBy(...ordenBloques);
}

/**
 * Lo que ocupan, en el ciclo, los demás cursados que comparten un docente o un curso con éste, o
 * que tienen aula: cada bloque con su cursado, sus docentes y sus cursos. Una consulta.
 */
async function ocupacionesAjenas(
  db: DbOTx,
  propio: { id: number; ciclo: number; docentes: { id: number }[]; cursos: { id: number }[] },
): Promise<OcupacionAjena[]> {
  const docentes = propio.docentes.map((d) => d.id);
  const cursosIds = propio.cursos.map((c) => c.id);
  const filas = await db
    .select({
      cursadoId: cursados.id,
      cursado: cursados.nombre,
      dia: horarios.dia,
      bloque: horarios.bloque,
      aula: horarios.aula,
      docentes: sql<{ id: number; nombre: string }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'nombre', u.apellido || ', ' || u.nombre))
        from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
        where cd.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
      cursos: sql<{ id: number; anio: number; division: number; especialidad: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'anio', c.anio, 'division', c.division, 'especialidad', c.especialidad))
        from cursados_cursos cc join cursos c on c.id = cc.curso_id
        where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
    })
    .from(horarios)
    .innerJoin(cursados, eq(cursados.id, horarios.cursadoId))
    .where(
      and(
        eq(cursados.ciclolectivo, propio.ciclo),
        ne(cursados.id, propio.id),
        sql`(${horarios.aula} is not null
          or ${docentes.length ? inArray(cursados.id, db.select({ id: cursadosDocentes.cursadoId }).from(cursadosDocentes).where(inArray(cursadosDocentes.usuarioId, docentes))) : sql`false`}
          or ${cursosIds.length ? inArray(cursados.id, db.select({ id: cursadosCursos.cursadoId }).from(cursadosCursos).where(inArray(cursadosCursos.cursoId, cursosIds))) : sql`false`})`,
      ),
    )
    .orderBy(...ordenBloques, asc(cursados.id));
  return filas.map((f) => ({
    ...f,
    cursos: f.cursos.map((c) => ({ id: c.id, nombre: nombreCurso(c) })),
  }));
}

/** GET /api/cursados/{id}/horarios: el cursado, sus docentes y cursos, y sus bloques. */
export async function delCursado(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  const c = (await cursadoConPersonas(ctx.db, p.id))!;
  return {
    cursado: {
      cursadoId: c.id,
      nombre: c.nombre,
      horas: c.horas,
      ciclolectivo: c.ciclo,
      docentes: c.docentes,
      cursos: c.cursos,
    },
    bloques: await bloquesDe(ctx.db, p.id),
  };
}

/**
 * GET /api/cursados/{id}/restricciones: lo que no se puede elegir o choca: los bloques
 * bloqueados de la semana (domingo, sábado a la tarde) y lo que ocupan los cursados del ciclo
 * que comparten docente o curso, o que usan aula (para avisar choques de aula).
 */
export async function restricciones(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  const c = (await cursadoConPersonas(ctx.db, p.id))!;
  const bloqueados = DIAS.flatMap((dia) =>
    BLOQUES.filter((b) => bloqueBloqueado(dia, b.bloque)).map((b) => ({ dia, bloque: b.bloque })),
  );
  return { bloqueados, ocupados: await ocupacionesAjenas(ctx.db, c) };
}

const mismos = (
  a: readonly BloqueEntrada[],
  b: readonly { dia: number; bloque: number; aula: string | null }[],
) =>
  a.length === b.length &&
  [...a].map(clave).sort().join('|') === [...b].map(clave).sort().join('|');

/**
 * PUT /api/cursados/horarios: reemplaza los bloques del cursado. Se rechaza (400) un bloque fuera
 * de la grilla, el domingo o el sábado a la tarde, repetido, más bloques que horas, o un choque
 * de docente o de curso con otro cursado del ciclo; si los bloques guardados ya no son los que
 * la pantalla mostraba (`anteriores`), 409. Los guardados de horarios de un ciclo se turnan (un
 * cerrojo por ciclo), así dos cursados que comparten un docente no se pisan el bloque a la vez.
 */
export async function guardar(ctx: Ctx, p: GuardarHorario) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  return transaccion(ctx, async (tx) => {
    const [fila] = await tx.db
      .select({ ciclo: cursados.ciclolectivo })
      .from(cursados)
      .where(eq(cursados.id, p.cursado))
      .for('update');
    if (!fila) throw new TRPCError({ code: 'NOT_FOUND', message: NO_HAY_CURSO_SELECCIONADO });
    await tx.db.execute(sql`select pg_advisory_xact_lock(${0x686f7261}, ${fila.ciclo})`);
    const c = (await cursadoConPersonas(tx.db, p.cursado))!;
    const problemas = problemasDeBloques(p.bloques, c.horas);
    if (problemas.length)
      throw new TRPCError({ code: 'BAD_REQUEST', message: problemas.join(' ') });
    const antes = await bloquesDe(tx.db, p.cursado);
    if (!mismos(p.anteriores, antes))
      throw new TRPCError({ code: 'CONFLICT', message: HORARIO_CAMBIADO });
    const choques = choquesDeHorario(
      {
        bloques: p.bloques,
        docentes: c.docentes.map((d) => d.id),
        cursos: c.cursos.map((x) => x.id),
      },
      await ocupacionesAjenas(tx.db, c),
    ).filter((x) => x.bloquea);
    if (choques.length)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `No se puede guardar: ${choques.map((x) => x.mensaje).join(' ')}`,
      });
    await tx.db.delete(horarios).where(eq(horarios.cursadoId, p.cursado));
    if (p.bloques.length)
      await tx.db.insert(horarios).values(
        p.bloques.map((b) => ({
          cursadoId: p.cursado,
          dia: b.dia,
          bloque: b.bloque,
          aula: b.aula,
        })),
      );
    await auditar(tx, {
      accion: 'horarios',
      entidad: 'cursados',
      entidadId: p.cursado,
      antes: { bloques: antes },
      despues: { bloques: p.bloques },
    });
    return { cursado: p.cursado, bloques: await bloquesDe(tx.db, p.cursado) };
  });
}

// ---------------------------------------------------------------------------
// La semana de un curso o de un alumno

const columnasSemana = {
  dia: horarios.dia,
  bloque: horarios.bloque,
  aula: horarios.aula,
  cursadoId: cursados.id,
  cursado: cursados.nombre,
  materias: sql<string[]>`coalesce((
    select json_agg(m.nombre order by m.id) from cursados_materias cm join materias m on m.id = cm.materia_id
    where cm.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
  docentes: sql<string[]>`coalesce((
    select json_agg(u.apellido || ', ' || u.nombre order by u.apellido, u.nombre) from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
    where cd.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
};

/** GET /api/cursos/{a}/horarios/{b}: la semana de un curso (todos los cursados que lo admiten). */
export async function delCurso(ctx: Ctx, p: { curso: number; ciclo: number | null }) {
  const ciclo = p.ciclo ?? ctx.ciclo;
  const curso = await cursoVisibleParaHorario(ctx, p.curso);
  const bloques = await ctx.db
    .select(columnasSemana)
    .from(horarios)
    .innerJoin(cursados, eq(cursados.id, horarios.cursadoId))
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .where(and(eq(cursadosCursos.cursoId, p.curso), eq(cursados.ciclolectivo, ciclo)))
    .orderBy(...ordenBloques, asc(cursados.nombre));
  return { ciclo, curso, bloques };
}

/** El nombre del curso: todo el personal ve la semana de cualquier curso (/horarios-readonly). */
async function cursoVisibleParaHorario(ctx: Ctx, cursoId: number) {
  const [c] = await ctx.db.select().from(cursos).where(eq(cursos.id, cursoId));
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSO_INEXISTENTE });
  return nombreCurso(c);
}

async function semanaDeAlumno(ctx: Ctx, alumnoId: number, ciclo: number) {
  return ctx.db
    .select(columnasSemana)
    .from(horarios)
    .innerJoin(cursados, eq(cursados.id, horarios.cursadoId))
    .innerJoin(inscripciones, eq(inscripciones.cursadoId, cursados.id))
    .where(and(eq(inscripciones.alumnoId, alumnoId), eq(cursados.ciclolectivo, ciclo)))
    .orderBy(...ordenBloques, asc(cursados.nombre));
}

/** GET /api/mishorarios[/{id}]: la semana del alumno propio o del hijo elegido (su ciclo). */
export async function mios(ctx: Ctx, p: { alumno?: number }) {
  const alumno = await alumnoPropioOHijo(ctx, p.alumno);
  return { ciclo: ctx.ciclo, alumno, bloques: await semanaDeAlumno(ctx, alumno, ctx.ciclo) };
}

/** La semana de un alumno para el personal (legajo), dentro de su alcance. */
export async function delAlumno(ctx: Ctx, p: { alumno: number }) {
  await alumnoVisible(ctx, { alumno: p.alumno });
  return {
    ciclo: ctx.ciclo,
    alumno: p.alumno,
    bloques: await semanaDeAlumno(ctx, p.alumno, ctx.ciclo),
  };
}

// ---------------------------------------------------------------------------
// La semana de un docente (issue 32 §5): /mi-horario y su calendario (.ics)

/**
 * Los bloques de los cursados de un docente en el ciclo, con sus materias, cursos y aula. El
 * docente sale de la sesión (o del dueño del secreto del calendario), nunca de la entrada. Una
 * consulta, cualquiera sea la cantidad de cursados.
 */
async function semanaDeDocente(db: DbOTx, docente: number, ciclo: number) {
  const filas = await db
    .select({
      ...columnasSemana,
      cursos: sql<{ anio: number; division: number; especialidad: string | null }[]>`coalesce((
        select json_agg(json_build_object('anio', c.anio, 'division', c.division, 'especialidad', c.especialidad) order by c.anio, c.division)
        from cursados_cursos cc join cursos c on c.id = cc.curso_id
        where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`,
    })
    .from(horarios)
    .innerJoin(cursados, eq(cursados.id, horarios.cursadoId))
    .innerJoin(cursadosDocentes, eq(cursadosDocentes.cursadoId, cursados.id))
    .where(and(eq(cursadosDocentes.usuarioId, docente), eq(cursados.ciclolectivo, ciclo)))
    .orderBy(...ordenBloques, asc(cursados.nombre), asc(cursados.id));
  return filas.map((f) => ({ ...f, cursos: f.cursos.map(nombreCurso) }));
}

/** /mi-horario: la semana del docente de la sesión en el ciclo elegido (sus cursados). */
export async function miSemana(ctx: Ctx) {
  return {
    ciclo: ctx.ciclo,
    bloques: await semanaDeDocente(ctx.db, ctx.sesion.usuario.id, ctx.ciclo),
  };
}

/** El secreto de la dirección del calendario del docente (el mismo del usuario), o null. */
export const enlace = (ctx: Ctx) => enlaceDelUsuario(ctx);

/** Genera la dirección (o una nueva: la anterior deja de funcionar en el mismo momento). */
export const nuevoEnlace = (ctx: Ctx) => generarEnlace(ctx);

/** Quita la dirección; la que estaba en uso deja de funcionar. */
export const quitarEnlace = (ctx: Ctx) => quitarEnlaceDelUsuario(ctx);

/**
 * GET /api/ics/horario/{token}: la semana del dueño del secreto en el ciclo en curso, cada bloque
 * un evento semanal del 1 de marzo al 15 de diciembre sin los días restringidos del calendario
 * (el año lectivo del cronograma). Sin sesión: el secreto es la llave; el dueño debe tener el rol
 * Docente y estar habilitado (si no, 404). Tres consultas.
 */
export async function calendario(ctx: Contexto, p: { token: string }) {
  const duenio = await duenioDelEnlace(ctx, p.token);
  if (!duenio || !tieneRol(duenio.rls, Rol.Docente))
    throw new TRPCError({ code: 'NOT_FOUND', message: CALENDARIO_INEXISTENTE });
  const [bloques, sinClases] = await Promise.all([
    semanaDeDocente(ctx.db, duenio.id, ctx.ciclo),
    fechasDelCalendario(ctx.db, ctx.ciclo, 'restriccion'),
  ]);
  // Las mismas fechas de clase que el cronograma (`fechasDeClase`): el año lectivo menos las
  // restricciones del calendario.
  const contenido = semanaIcs({
    nombre: `Horario ${ctx.ciclo}`,
    zona: ctx.zona,
    desde: `${ctx.ciclo}-${INICIO_DE_CLASES}`,
    hasta: `${ctx.ciclo}-${FIN_DE_CLASES}`,
    sinClases,
    marca: ctx.ahora,
    clases: bloques.map((b) => ({
      uid: `horario-cursado-${b.cursadoId}-dia-${b.dia}-bloque-${b.bloque}@portal-escolar`,
      titulo: b.cursado,
      descripcion: [b.cursos.join(', '), b.materias.join(', ')].filter(Boolean).join(' · '),
      lugar: b.aula,
      dia: b.dia,
      inicio: BLOQUES[b.bloque - 1]!.inicio,
      fin: BLOQUES[b.bloque - 1]!.fin,
    })),
  });
  return { contenido, eventos: bloques.length };
}
