/**
 * La oferta de cursados de cada ciclo (spec 02 §2 /planificacion/cursados; §3 Cursado, §5; spec 01
 * §7): el ABM con sus materias y cursos permitidos y los inscriptos de un cursado. Los docentes de
 * cada cursado están en `docentes.ts`; las horas por curso y el CSV, en `horas.ts`. Cada lista se
 * arma en una consulta (las materias, los cursos y los docentes viajan como JSON agregado), sea
 * cual sea el tamaño de la página.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import { ETIQUETA_MODALIDAD, type Modalidad } from '@/domain/notas';
import { cursoDeOtroAnio, ERROR_GUARDAR_CURSADO } from '@/domain/planificacion';
import { cursadosVisibles, cursadoVisible, dentroDe } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { coincide, ordenPorNombre } from '@/server/consultas/personas';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  cursados,
  cursadosCursos,
  cursadosDocentes,
  cursadosMaterias,
  cursos,
  examenes,
  inscripciones,
  materias,
  notas,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { paginar } from '@/server/api/schemas';
import type { CrearCursado, EditarCursado, ListarCursados } from './schemas';

/** El id del cursado de la consulta externa, calificado: en una subconsulta correlacionada Drizzle
 * escribiría sólo "id", que tomaría el de la tabla interna. */
const ID_CURSADO = sql.raw('"cursados"."id"');

export const CURSADO_INEXISTENTE = 'El cursado no existe.';
export const MATERIAS_INEXISTENTES = `${ERROR_GUARDAR_CURSADO}: alguna de las materias no existe.`;
export const CURSOS_INEXISTENTES = `${ERROR_GUARDAR_CURSADO}: alguno de los cursos no existe.`;
export const DOCENTE_INVALIDO =
  'El usuario no existe, no está habilitado o no tiene el rol Docente.';
export const FUERA_DEL_DEPARTAMENTO = 'Sólo puede asignar docentes a cursados de su departamento.';
export const SOLO_SUS_CURSADOS = 'Sólo puede ver sus propios cursados.';

interface MateriaDeCursado {
  orden: number;
  nombre: string;
  materiaCode: string;
  anio: number;
}
interface CursoDeCursado {
  orden: number;
  anio: number;
  division: number;
  especialidad: string;
}
interface DocenteDeCursado {
  orden: number;
  apellido: string;
  nombre: string;
}

const columnas = {
  id: cursados.id,
  nombre: cursados.nombre,
  modalidad: cursados.modalidad,
  horas: cursados.horas,
  ciclolectivo: cursados.ciclolectivo,
  detalles: cursados.detalles,
  periodosCerrados: cursados.periodosCerrados,
  origenId: cursados.origenId,
  materias: sql<MateriaDeCursado[]>`coalesce((
    select json_agg(json_build_object('orden', m.id, 'nombre', m.nombre, 'materiaCode', m.codigo, 'anio', m.anio) order by m.id)
    from cursados_materias cm join materias m on m.id = cm.materia_id
    where cm.cursado_id = ${ID_CURSADO}), '[]'::json)`,
  cursos: sql<CursoDeCursado[]>`coalesce((
    select json_agg(json_build_object('orden', c.id, 'anio', c.anio, 'division', c.division, 'especialidad', c.especialidad) order by c.anio, c.division)
    from cursados_cursos cc join cursos c on c.id = cc.curso_id
    where cc.cursado_id = ${ID_CURSADO}), '[]'::json)`,
  docentes: sql<DocenteDeCursado[]>`coalesce((
    select json_agg(json_build_object('orden', u.id, 'apellido', u.apellido, 'nombre', u.nombre) order by u.apellido, u.nombre, u.id)
    from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
    where cd.cursado_id = ${ID_CURSADO}), '[]'::json)`,
  inscripciones: sql<number>`(select count(*)::int from inscripciones i where i.cursado_id = ${ID_CURSADO})`,
};

export type FilaCursado = {
  id: number;
  nombre: string;
  modalidad: number;
  horas: number;
  ciclolectivo: number;
  detalles: string | null;
  periodosCerrados: number;
  origenId: number | null;
  materias: MateriaDeCursado[];
  cursos: CursoDeCursado[];
  docentes: DocenteDeCursado[];
  inscripciones: number;
};

/** La forma de la spec (02 §3): cursadoId, nombre, modalidad, horas, ciclolectivo, … */
export function comoCursado(f: FilaCursado) {
  return {
    cursadoId: f.id,
    nombre: f.nombre,
    modalidad: f.modalidad,
    modalidadNombre: ETIQUETA_MODALIDAD[f.modalidad as Modalidad] ?? '',
    horas: f.horas,
    ciclolectivo: f.ciclolectivo,
    detalles: f.detalles,
    periodosCerrados: f.periodosCerrados,
    replicadoDe: f.origenId,
    materiasPermitidas: f.materias,
    cursosPermitidos: f.cursos.map((c) => ({ ...c, nombre: nombreCurso(c) })),
    docentes: f.docentes,
    _count: { inscripciones: f.inscripciones },
  };
}
export type Cursado = ReturnType<typeof comoCursado>;

export const consulta = (db: DbOTx) => db.select(columnas).from(cursados);
export const orden = [asc(cursados.nombre), asc(cursados.id)];

/**
 * GET /api/cursados: los cursados del ciclo (el de la entrada o el elegido) dentro del alcance del
 * rol, con búsqueda por nombre, materia o docente; páginas de 20.
 */
export async function listar(ctx: Ctx, p: ListarCursados) {
  const ciclo = p.ciclo ?? ctx.ciclo;
  const texto = coincide(p.q, [
    cursados.nombre,
    sql`coalesce((select string_agg(m.nombre || ' ' || m.codigo, ' ') from cursados_materias cm join materias m on m.id = cm.materia_id where cm.cursado_id = ${ID_CURSADO}), '')`,
    sql`coalesce((select string_agg(u.apellido || ' ' || u.nombre, ' ') from cursados_docentes cd join usuarios u on u.id = cd.usuario_id where cd.cursado_id = ${ID_CURSADO}), '')`,
  ]);
  const filas = await consulta(ctx.db)
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(ctx, ciclo)),
        texto,
      ),
    )
    .orderBy(...orden)
    .limit(p.limit + 1)
    .offset(p.cursor);
  return { ciclo, ...paginar((filas as FilaCursado[]).map(comoCursado), p) };
}

/** GET /api/cursados/{id}: un cursado dentro del alcance del rol. */
export async function obtener(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  const [f] = await consulta(ctx.db).where(eq(cursados.id, p.id));
  return comoCursado(f as FilaCursado);
}

/** GET /api/miscursados: los cursados del ciclo elegido en los que el usuario es docente. */
export async function mios(ctx: Ctx) {
  const filas = await consulta(ctx.db)
    .where(
      and(
        eq(cursados.ciclolectivo, ctx.ciclo),
        inArray(
          cursados.id,
          ctx.db
            .select({ id: cursadosDocentes.cursadoId })
            .from(cursadosDocentes)
            .where(eq(cursadosDocentes.usuarioId, ctx.sesion.usuario.id)),
        ),
      ),
    )
    .orderBy(...orden);
  return (filas as FilaCursado[]).map(comoCursado);
}

// ---------------------------------------------------------------------------
// Escrituras: crear, editar, materias y cursos permitidos, borrar

/**
 * Verifica las materias y los cursos permitidos: que existan y que cada curso sea del año de
 * alguna de las materias (un curso de 2° año no cursa una materia de 4°). 400 si no.
 */
async function verificarPermitidos(
  tx: DbOTx,
  materiaIds: readonly number[],
  cursoIds: readonly number[],
) {
  const ms = materiaIds.length
    ? await tx
        .select({ id: materias.id, anio: materias.anio })
        .from(materias)
        .where(inArray(materias.id, [...materiaIds]))
    : [];
  if (ms.length < materiaIds.length)
    throw new TRPCError({ code: 'BAD_REQUEST', message: MATERIAS_INEXISTENTES });
  const cs = cursoIds.length
    ? await tx
        .select({
          id: cursos.id,
          anio: cursos.anio,
          division: cursos.division,
          especialidad: cursos.especialidad,
        })
        .from(cursos)
        .where(inArray(cursos.id, [...cursoIds]))
    : [];
  if (cs.length < cursoIds.length)
    throw new TRPCError({ code: 'BAD_REQUEST', message: CURSOS_INEXISTENTES });
  const otro = cursoDeOtroAnio(
    ms.map((m) => m.anio),
    cs,
  );
  if (otro)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${ERROR_GUARDAR_CURSADO}: el curso ${nombreCurso(otro)} es de otro año que las materias del cursado.`,
    });
}

/** Reemplaza las filas de una tabla de vínculos del cursado por exactamente `ids`. */
async function reemplazar(
  tx: DbOTx,
  tabla: typeof cursadosMaterias | typeof cursadosCursos,
  cursadoId: number,
  ids: readonly number[],
) {
  const columna = tabla === cursadosMaterias ? cursadosMaterias.materiaId : cursadosCursos.cursoId;
  const antes = (
    await tx.select({ id: columna }).from(tabla).where(eq(tabla.cursadoId, cursadoId))
  ).map((f) => f.id);
  await tx
    .delete(tabla)
    .where(
      and(eq(tabla.cursadoId, cursadoId), ids.length ? notInArray(columna, [...ids]) : undefined),
    );
  if (ids.length) {
    const filas =
      tabla === cursadosMaterias
        ? ids.map((materiaId) => ({ cursadoId, materiaId }))
        : ids.map((cursoId) => ({ cursadoId, cursoId }));
    await tx
      .insert(tabla)
      .values(filas as never)
      .onConflictDoNothing();
  }
  return antes.sort((a, b) => a - b);
}

/** La fila del cursado para una escritura (bloqueada hasta el fin de la transacción), o 404. */
async function bloquear(tx: DbOTx, id: number) {
  const [c] = await tx.select().from(cursados).where(eq(cursados.id, id)).for('update');
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSADO_INEXISTENTE });
  return c;
}

/** Una escritura de cursados: una materia, un curso o un docente que ya no existe es un 409. */
export const transaccionDeCursado = <T>(ctx: Ctx, f: (tx: Ctx) => Promise<T>) =>
  transaccion(ctx, f, {
    claveForanea: `${ERROR_GUARDAR_CURSADO}: alguna materia, curso o docente ya no existe.`,
  });

/** POST /api/cursados: el cursado con sus materias y cursos permitidos, en una transacción. */
export async function crear(ctx: Ctx, d: CrearCursado) {
  const id = await transaccionDeCursado(ctx, async (tx) => {
    await verificarPermitidos(tx.db, d.materias, d.cursos);
    const [nuevo] = await tx.db
      .insert(cursados)
      .values({
        nombre: d.nombre,
        modalidad: d.modalidad,
        horas: d.horas,
        ciclolectivo: d.ciclo,
        detalles: d.detalles ?? null,
      })
      .returning();
    if (d.materias.length)
      await tx.db
        .insert(cursadosMaterias)
        .values(d.materias.map((materiaId) => ({ cursadoId: nuevo!.id, materiaId })));
    if (d.cursos.length)
      await tx.db
        .insert(cursadosCursos)
        .values(d.cursos.map((cursoId) => ({ cursadoId: nuevo!.id, cursoId })));
    await auditar(tx, {
      accion: 'crear',
      entidad: 'cursados',
      entidadId: nuevo!.id,
      despues: { ...nuevo, materias: d.materias, cursos: d.cursos },
    });
    return nuevo!.id;
  });
  return obtener(ctx, { id });
}

/**
 * PUT /api/cursados/{id}: nombre, modalidad, horas y detalles y, si vienen, las materias y los
 * cursos permitidos: todo en una transacción (la pantalla guarda el formulario de una vez).
 */
export async function editar(ctx: Ctx, d: EditarCursado) {
  await transaccionDeCursado(ctx, async (tx) => {
    const antes = await bloquear(tx.db, d.id);
    const [despues] = await tx.db
      .update(cursados)
      .set({
        nombre: d.nombre,
        modalidad: d.modalidad,
        horas: d.horas,
        ...(d.detalles !== undefined ? { detalles: d.detalles } : {}),
      })
      .where(eq(cursados.id, d.id))
      .returning();
    const permitidos =
      d.materias !== undefined || d.cursos !== undefined
        ? await cambiarPermitidos(tx.db, d.id, { materias: d.materias, cursos: d.cursos })
        : { antes: {}, despues: {} };
    await auditar(tx, {
      accion: 'editar',
      entidad: 'cursados',
      entidadId: d.id,
      antes: { ...antes, ...permitidos.antes },
      despues: { ...despues, ...permitidos.despues },
    });
  });
  return obtener(ctx, { id: d.id });
}

/**
 * Cambia las materias y/o los cursos permitidos de un cursado ya bloqueado, verificando el
 * conjunto final (que existan, que los cursos sean del año de las materias) y que ninguna
 * inscripción use una materia que se quita (409).
 */
async function cambiarPermitidos(
  tx: DbOTx,
  id: number,
  p: { materias?: number[]; cursos?: number[] },
) {
  const materiasFinal =
    p.materias ??
    (
      await tx
        .select({ id: cursadosMaterias.materiaId })
        .from(cursadosMaterias)
        .where(eq(cursadosMaterias.cursadoId, id))
    ).map((f) => f.id);
  const cursosFinal =
    p.cursos ??
    (
      await tx
        .select({ id: cursadosCursos.cursoId })
        .from(cursadosCursos)
        .where(eq(cursadosCursos.cursadoId, id))
    ).map((f) => f.id);
  await verificarPermitidos(tx, materiasFinal, cursosFinal);
  const antes: { materias?: number[]; cursos?: number[] } = {};
  const despues: { materias?: number[]; cursos?: number[] } = {};
  if (p.materias !== undefined) {
    const enUso = await tx
      .select({ id: inscripciones.materiaId })
      .from(inscripciones)
      .where(
        and(
          eq(inscripciones.cursadoId, id),
          p.materias.length ? notInArray(inscripciones.materiaId, p.materias) : undefined,
        ),
      )
      .limit(1);
    if (enUso.length)
      throw new TRPCError({
        code: 'CONFLICT',
        message: `${ERROR_GUARDAR_CURSADO}: hay alumnos inscriptos por una materia que se quita. Cámbielos en Alumnos por cursado primero.`,
      });
    antes.materias = await reemplazar(tx, cursadosMaterias, id, p.materias);
    despues.materias = [...p.materias].sort((a, b) => a - b);
  }
  if (p.cursos !== undefined) {
    antes.cursos = await reemplazar(tx, cursadosCursos, id, p.cursos);
    despues.cursos = [...p.cursos].sort((a, b) => a - b);
  }
  return { antes, despues };
}

/** PUT /api/cursados/{id}/materias: las materias permitidas pasan a ser exactamente éstas. */
export async function guardarMaterias(ctx: Ctx, p: { id: number; materias: number[] }) {
  await transaccionDeCursado(ctx, async (tx) => {
    await bloquear(tx.db, p.id);
    const cambio = await cambiarPermitidos(tx.db, p.id, { materias: p.materias });
    await auditar(tx, {
      accion: 'materias',
      entidad: 'cursados',
      entidadId: p.id,
      ...cambio,
    });
  });
  return obtener(ctx, { id: p.id });
}

/** PUT /api/cursados/{id}/cursos: los cursos permitidos pasan a ser exactamente éstos. */
export async function guardarCursos(ctx: Ctx, p: { id: number; cursos: number[] }) {
  await transaccionDeCursado(ctx, async (tx) => {
    await bloquear(tx.db, p.id);
    const cambio = await cambiarPermitidos(tx.db, p.id, { cursos: p.cursos });
    await auditar(tx, {
      accion: 'cursos',
      entidad: 'cursados',
      entidadId: p.id,
      ...cambio,
    });
  });
  return obtener(ctx, { id: p.id });
}

/**
 * DELETE /api/cursados/{id}: sólo un cursado sin inscripciones, notas ni actas de examen; si no,
 * 409 con lo que depende de él. Sus materias, cursos y docentes permitidos se van con él.
 */
export async function borrar(ctx: Ctx, p: { id: number }) {
  return transaccionDeCursado(ctx, async (tx) => {
    const antes = await bloquear(tx.db, p.id);
    const [dep] = await tx.db
      .select({
        inscripciones: sql<number>`(select count(*)::int from ${inscripciones} where ${inscripciones.cursadoId} = ${p.id})`,
        notas: sql<number>`(select count(*)::int from ${notas} where ${notas.cursadoId} = ${p.id})`,
        examenes: sql<number>`(select count(*)::int from ${examenes} where ${examenes.cursadoId} = ${p.id})`,
        libro: sql<number>`(select count(*)::int from libro_temas l where l.cursado_id = ${p.id})`,
        planes: sql<number>`(select count(*)::int from planificaciones pl where pl.cursado_id = ${p.id})`,
        evaluaciones: sql<number>`(select count(*)::int from evaluaciones ev where ev.cursado_id = ${p.id})`,
      })
      .from(sql`(select 1) as uno`);
    const partes = (
      [
        [dep!.inscripciones, 'alumno inscripto', 'alumnos inscriptos'],
        [dep!.notas, 'nota', 'notas'],
        [dep!.examenes, 'acta de examen', 'actas de examen'],
        [dep!.libro, 'clase en el libro de temas', 'clases en el libro de temas'],
        [dep!.planes, 'planificación', 'planificaciones'],
        [dep!.evaluaciones, 'evaluación reservada', 'evaluaciones reservadas'],
      ] as const
    )
      .filter(([n]) => n > 0)
      .map(([n, uno, varios]) => `${n} ${n === 1 ? uno : varios}`);
    if (partes.length)
      throw new TRPCError({
        code: 'CONFLICT',
        message: `No se puede borrar ${antes.nombre}: tiene ${
          partes.length > 1 ? `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)}` : partes[0]
        }.`,
      });
    await tx.db.delete(cursados).where(eq(cursados.id, p.id));
    await auditar(tx, {
      accion: 'borrar',
      entidad: 'cursados',
      entidadId: p.id,
      antes,
    });
    return { cursadoId: p.id, borrado: true };
  });
}

/** GET /api/cursados/{id}/inscripciones: los alumnos inscriptos y la materia de cada uno. */
export async function inscripcionesDe(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  return ctx.db
    .select({
      alumnoId: inscripciones.alumnoId,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      materiaId: inscripciones.materiaId,
      materia: materias.nombre,
    })
    .from(inscripciones)
    .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
    .innerJoin(materias, eq(materias.id, inscripciones.materiaId))
    .where(eq(inscripciones.cursadoId, p.id))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
}
