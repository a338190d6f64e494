/**
 * Materias (spec 02 §2 /planificacion/materias, /coordinadores, /alumnos-cursados; §3, §5; spec 01
 * §7): el ABM con su plan y departamento, los coordinadores de cada materia, los alumnos de una
 * materia en un cursado, y el CSV (exportar e importar con vista previa). Borrar una materia que
 * usan cursados o inscripciones se rechaza nombrando lo que depende de ella.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { archivoCsv, leerCsv } from '@/domain/csv';
import { nombreCurso } from '@/domain/escuela';
import {
  ENCABEZADO_MATERIAS_CSV,
  ERROR_GUARDAR_MATERIA,
  leerMateriasCsv,
  type FilaMateriaCsv,
} from '@/domain/planificacion';
import { Rol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { coincide, ordenPorNombre } from '@/server/consultas/personas';
import { transaccion } from '@/server/errores';
import {
  alumnos,
  alumnosCursos,
  coordinadoresMaterias,
  cursados,
  cursadosCursos,
  cursadosMaterias,
  cursos,
  departamentos,
  inscripciones,
  jefesDepartamento,
  materias,
  planes,
  usuarios,
} from '@/server/db/schema';
import { paginar, type Busqueda } from '@/server/api/schemas';
import type { DatosMateria } from './schemas';

export const MATERIA_INEXISTENTE = 'La materia no existe.';
export const CODIGO_REPETIDO = `${ERROR_GUARDAR_MATERIA}: ya hay una materia con ese código en el plan.`;
export const PLAN_O_DEPARTAMENTO_INEXISTENTE = `${ERROR_GUARDAR_MATERIA}: el plan o el departamento no existe.`;
export const NO_ES_COORDINADOR = 'El usuario no existe o no tiene el rol Coordinador.';
export const CURSADO_INEXISTENTE = 'El cursado no existe.';
export const MATERIA_NO_PERMITIDA = 'La materia no es una de las permitidas del cursado.';
export const CSV_CON_ERRORES = 'El archivo tiene errores: corríjalos y vuelva a importarlo.';

const MENSAJES = {
  unico: { materias_plan_codigo_idx: CODIGO_REPETIDO },
  claveForanea: PLAN_O_DEPARTAMENTO_INEXISTENTE,
};

const columnas = {
  id: materias.id,
  nombre: materias.nombre,
  codigo: materias.codigo,
  anio: materias.anio,
  planId: planes.id,
  planAnio: planes.anio,
  planCodigo: planes.codigo,
  planNombre: planes.nombre,
  departamentoId: departamentos.id,
  departamento: departamentos.nombre,
  cursadosAsociados: sql<number>`(select count(*)::int from cursados_materias cm where cm.materia_id = ${sql.raw('"materias"."id"')})`,
};

interface FilaMateria {
  id: number;
  nombre: string;
  codigo: string;
  anio: number;
  planId: number;
  planAnio: number;
  planCodigo: string;
  planNombre: string;
  departamentoId: number;
  departamento: string;
  cursadosAsociados: number;
}

/** La forma de la spec (02 §3): orden, nombre, materiaCode, plan{year, code, name}, … */
function comoMateria(f: FilaMateria) {
  return {
    orden: f.id,
    nombre: f.nombre,
    materiaCode: f.codigo,
    anio: f.anio,
    plan: { orden: f.planId, year: f.planAnio, code: f.planCodigo, name: f.planNombre },
    departamentoId: f.departamentoId,
    departamentoName: f.departamento,
    cursadosAsociados: f.cursadosAsociados,
  };
}
export type Materia = ReturnType<typeof comoMateria>;

function consultaMaterias(ctx: Ctx) {
  return ctx.db
    .select(columnas)
    .from(materias)
    .innerJoin(planes, eq(planes.id, materias.planId))
    .innerJoin(departamentos, eq(departamentos.id, materias.departamentoId));
}

const ordenMaterias = [
  asc(planes.anio),
  asc(materias.anio),
  asc(materias.nombre),
  asc(materias.id),
];

/** GET /api/materias: búsqueda por nombre, código, plan o departamento; páginas de 30. */
export async function listar(ctx: Ctx, b: Busqueda) {
  const filas = await consultaMaterias(ctx)
    .where(
      coincide(b.q, [
        materias.nombre,
        materias.codigo,
        planes.nombre,
        planes.codigo,
        departamentos.nombre,
      ]),
    )
    .orderBy(...ordenMaterias)
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar((filas as FilaMateria[]).map(comoMateria), b);
}

export async function obtener(ctx: Ctx, p: { id: number }) {
  const [f] = await consultaMaterias(ctx).where(eq(materias.id, p.id));
  if (!f) throw new TRPCError({ code: 'NOT_FOUND', message: MATERIA_INEXISTENTE });
  return comoMateria(f as FilaMateria);
}

/** GET /api/planes: los planes de estudio, para el selector de la materia. */
export function planesDeEstudio(ctx: Ctx) {
  return ctx.db
    .select({ orden: planes.id, year: planes.anio, code: planes.codigo, name: planes.nombre })
    .from(planes)
    .orderBy(asc(planes.anio), asc(planes.codigo));
}

const filaDe = (d: DatosMateria) => ({
  nombre: d.nombre,
  codigo: d.codigo,
  anio: d.anio,
  planId: d.plan,
  departamentoId: d.departamento,
});

/** POST /api/materias. Código repetido en el plan: 409; plan o departamento inexistente: 409. */
export async function crear(ctx: Ctx, d: DatosMateria) {
  const id = await transaccion(
    ctx,
    async (tx) => {
      const [nueva] = await tx.db.insert(materias).values(filaDe(d)).returning();
      await auditar(tx, {
        accion: 'crear',
        entidad: 'materias',
        entidadId: nueva!.id,
        despues: nueva,
      });
      return nueva!.id;
    },
    MENSAJES,
  );
  return obtener(ctx, { id });
}

/** PUT /api/materias/{id}. */
export async function editar(ctx: Ctx, d: DatosMateria & { id: number }) {
  await transaccion(
    ctx,
    async (tx) => {
      const [antes] = await tx.db
        .select()
        .from(materias)
        .where(eq(materias.id, d.id))
        .for('update');
      if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: MATERIA_INEXISTENTE });
      const [despues] = await tx.db
        .update(materias)
        .set(filaDe(d))
        .where(eq(materias.id, d.id))
        .returning();
      await auditar(tx, {
        accion: 'editar',
        entidad: 'materias',
        entidadId: d.id,
        antes,
        despues,
      });
    },
    MENSAJES,
  );
  return obtener(ctx, { id: d.id });
}

/** Lo que depende de una materia, en palabras: '3 cursados y 120 inscripciones'. */
function enPalabras(partes: [number, string, string][]): string {
  const l = partes
    .filter(([n]) => n > 0)
    .map(([n, uno, varios]) => `${n} ${n === 1 ? uno : varios}`);
  return l.length > 1 ? `${l.slice(0, -1).join(', ')} y ${l.at(-1)}` : (l[0] ?? '');
}

/**
 * DELETE /api/materias/{id}: sólo si ningún cursado la permite y ninguna inscripción la usa; si
 * no, 409 con lo que depende de ella (nunca un borrado en cascada de registros escolares).
 */
export async function borrar(ctx: Ctx, p: { id: number }) {
  return transaccion(
    ctx,
    async (tx) => {
      const [antes] = await tx.db
        .select()
        .from(materias)
        .where(eq(materias.id, p.id))
        .for('update');
      if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: MATERIA_INEXISTENTE });
      const [dep] = await tx.db
        .select({
          cursados: sql<number>`(select count(*)::int from ${cursadosMaterias} where ${cursadosMaterias.materiaId} = ${p.id})`,
          inscripciones: sql<number>`(select count(*)::int from ${inscripciones} where ${inscripciones.materiaId} = ${p.id})`,
        })
        .from(sql`(select 1) as uno`);
      const usos = enPalabras([
        [dep!.cursados, 'cursado la permite', 'cursados la permiten'],
        [dep!.inscripciones, 'inscripción la usa', 'inscripciones la usan'],
      ]);
      if (usos)
        throw new TRPCError({
          code: 'CONFLICT',
          message: `No se puede borrar ${antes.nombre} (${antes.codigo}): ${usos}. Quítela de esos cursados primero.`,
        });
      await tx.db.delete(materias).where(eq(materias.id, p.id));
      await auditar(tx, {
        accion: 'borrar',
        entidad: 'materias',
        entidadId: p.id,
        antes,
      });
      return { orden: p.id, borrada: true };
    },
    { claveForanea: `No se puede borrar la materia: otros registros la usan.` },
  );
}

// ---------------------------------------------------------------------------
// Departamento y coordinadores

/** GET /api/materias/departamento: las materias de los departamentos del jefe. */
export async function delDepartamento(ctx: Ctx) {
  const filas = await consultaMaterias(ctx)
    .innerJoin(jefesDepartamento, eq(jefesDepartamento.departamentoId, materias.departamentoId))
    .where(eq(jefesDepartamento.usuarioId, ctx.sesion.usuario.id))
    .orderBy(...ordenMaterias);
  return (filas as FilaMateria[]).map(comoMateria);
}

/** Un usuario con el rol Coordinador (bit 512), o 400. */
async function exigirCoordinador(ctx: Ctx, id: number) {
  const [u] = await ctx.db
    .select({ id: usuarios.id, apellido: usuarios.apellido, nombre: usuarios.nombre })
    .from(usuarios)
    .where(and(eq(usuarios.id, id), sql`(${usuarios.rls} & ${Rol.Coordinador}) <> 0`));
  if (!u) throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ES_COORDINADOR });
  return u;
}

/**
 * GET /api/materias/coordinador[/{id}]: sin id, las del coordinador de la sesión; con id, las de
 * ese coordinador (Admin y Regente; un coordinador sólo puede pedir las suyas).
 */
export async function delCoordinador(ctx: Ctx, p: { id?: number }) {
  const propio = ctx.sesion.usuario.id;
  const id = p.id ?? propio;
  if (id !== propio && ctx.sesion.rol === Rol.Coordinador)
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Sólo puede ver sus propias materias.' });
  await exigirCoordinador(ctx, id);
  const filas = await consultaMaterias(ctx)
    .innerJoin(coordinadoresMaterias, eq(coordinadoresMaterias.materiaId, materias.id))
    .where(eq(coordinadoresMaterias.usuarioId, id))
    .orderBy(...ordenMaterias);
  return (filas as FilaMateria[]).map(comoMateria);
}

/**
 * PUT /api/materias/coordinador/{id}: las materias del coordinador pasan a ser exactamente las
 * de la lista (agrega las que faltan, quita las demás) en una transacción auditada.
 */
export async function guardarCoordinador(ctx: Ctx, p: { id: number; materias: number[] }) {
  await exigirCoordinador(ctx, p.id);
  return transaccion(ctx, async (tx) => {
    // Dos pestañas guardando a la vez: la segunda espera a la primera.
    await tx.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.id, p.id))
      .for('update');
    if (p.materias.length) {
      const existen = await tx.db
        .select({ n: count() })
        .from(materias)
        .where(inArray(materias.id, p.materias));
      if (existen[0]!.n < p.materias.length)
        throw new TRPCError({ code: 'BAD_REQUEST', message: MATERIA_INEXISTENTE });
    }
    const antes = (
      await tx.db
        .select({ id: coordinadoresMaterias.materiaId })
        .from(coordinadoresMaterias)
        .where(eq(coordinadoresMaterias.usuarioId, p.id))
    ).map((f) => f.id);
    await tx.db
      .delete(coordinadoresMaterias)
      .where(
        and(
          eq(coordinadoresMaterias.usuarioId, p.id),
          p.materias.length ? notInArray(coordinadoresMaterias.materiaId, p.materias) : undefined,
        ),
      );
    if (p.materias.length)
      await tx.db
        .insert(coordinadoresMaterias)
        .values(p.materias.map((materiaId) => ({ usuarioId: p.id, materiaId })))
        .onConflictDoNothing();
    await auditar(tx, {
      accion: 'asignar-materias',
      entidad: 'coordinadores_materias',
      entidadId: p.id,
      antes: { materias: antes.sort((a, b) => a - b) },
      despues: { materias: [...p.materias].sort((a, b) => a - b) },
    });
    return { orden: p.id, materias: p.materias.length };
  });
}

// ---------------------------------------------------------------------------
// Alumnos de una materia en un cursado (/alumnos-cursados)

/**
 * GET /api/materias/{id}/alumnos/{cursado}: los alumnos de los cursos permitidos del cursado (en
 * su ciclo), cada uno con su inscripción al cursado: por esta materia, por otra, o ninguna.
 * La materia debe ser una de las permitidas del cursado. Tres consultas.
 */
export async function alumnosDe(ctx: Ctx, p: { id: number; cursado: number }) {
  const [c] = await ctx.db
    .select({ id: cursados.id, nombre: cursados.nombre, ciclo: cursados.ciclolectivo })
    .from(cursados)
    .where(eq(cursados.id, p.cursado));
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSADO_INEXISTENTE });
  const permitidas = await ctx.db
    .select({ id: materias.id, nombre: materias.nombre })
    .from(cursadosMaterias)
    .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
    .where(eq(cursadosMaterias.cursadoId, p.cursado))
    .orderBy(asc(materias.id));
  const materia = permitidas.find((m) => m.id === p.id);
  if (!materia) throw new TRPCError({ code: 'BAD_REQUEST', message: MATERIA_NO_PERMITIDA });
  const filas = await ctx.db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
      cursoId: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
      materiaInscripta: inscripciones.materiaId,
    })
    .from(alumnosCursos)
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursoId, alumnosCursos.cursoId))
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .leftJoin(
      inscripciones,
      and(eq(inscripciones.alumnoId, alumnos.id), eq(inscripciones.cursadoId, p.cursado)),
    )
    .where(and(eq(cursadosCursos.cursadoId, p.cursado), eq(alumnosCursos.ciclolectivo, c.ciclo)))
    .orderBy(
      asc(cursos.anio),
      asc(cursos.division),
      ...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id),
    );
  return {
    cursado: { cursadoId: c.id, nombre: c.nombre, ciclolectivo: c.ciclo },
    materia: { orden: materia.id, nombre: materia.nombre },
    materiasPermitidas: permitidas.map((m) => ({ orden: m.id, nombre: m.nombre })),
    alumnos: filas.map((f) => ({
      orden: f.id,
      apellido: f.apellido,
      nombre: f.nombre,
      dni: f.dni,
      curso: nombreCurso(f),
      inscripto: f.materiaInscripta === p.id,
      /** La otra materia por la que está inscripto al cursado, si la hay. */
      otraMateria:
        f.materiaInscripta != null && f.materiaInscripta !== p.id
          ? (permitidas.find((m) => m.id === f.materiaInscripta)?.nombre ?? null)
          : null,
    })),
  };
}

// ---------------------------------------------------------------------------
// CSV

/** Las materias en CSV (lo que se manda al ministerio), ordenadas por plan, año y nombre. */
export async function csv(ctx: Ctx) {
  const filas = (await consultaMaterias(ctx).orderBy(...ordenMaterias)) as FilaMateria[];
  return {
    nombre: 'materias.csv',
    contenido: archivoCsv(
      [...ENCABEZADO_MATERIAS_CSV, 'Cursados'],
      filas.map((f) => [
        f.planAnio,
        f.planCodigo,
        f.codigo,
        f.nombre,
        f.anio,
        f.departamento,
        f.cursadosAsociados,
      ]),
    ),
  };
}

export type EstadoFilaCsv = 'nueva' | 'existe' | 'error';
export interface FilaImportacion extends FilaMateriaCsv {
  estado: EstadoFilaCsv;
}

/** Las filas del CSV con los errores que sólo la base sabe (plan, departamento, ya cargada). */
async function revisarCsv(ctx: Ctx, contenido: string) {
  const { filas, error } = leerMateriasCsv(leerCsv(contenido));
  if (error) throw new TRPCError({ code: 'BAD_REQUEST', message: error });
  const [todosLosPlanes, deptos, existentes] = await Promise.all([
    ctx.db.select().from(planes),
    ctx.db.select().from(departamentos),
    ctx.db.select({ planId: materias.planId, codigo: materias.codigo }).from(materias),
  ]);
  const clave = (t: string) =>
    t
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
  const plan = new Map(todosLosPlanes.map((p) => [`${p.anio};${clave(p.codigo)}`, p.id]));
  const depto = new Map(deptos.map((d) => [clave(d.nombre), d.id]));
  const yaEsta = new Set(existentes.map((m) => `${m.planId};${clave(m.codigo)}`));
  return filas.map((f) => {
    const planId = plan.get(`${f.planAnio};${clave(f.planCodigo)}`) ?? null;
    const departamentoId = depto.get(clave(f.departamento)) ?? null;
    const errores = [...f.errores];
    if (f.planAnio != null && f.planCodigo && planId == null)
      errores.push(`Plan: no existe el plan ${f.planCodigo} de ${f.planAnio}.`);
    if (f.departamento && departamentoId == null)
      errores.push(`Departamento: no existe "${f.departamento}".`);
    const existe = planId != null && yaEsta.has(`${planId};${clave(f.codigo)}`);
    const estado: EstadoFilaCsv = errores.length ? 'error' : existe ? 'existe' : 'nueva';
    return { ...f, errores, estado, planId, departamentoId };
  });
}

/** Vista previa de la importación: cada fila con su estado (nueva, ya existe, error). */
export async function importarVista(ctx: Ctx, p: { contenido: string }) {
  const filas = await revisarCsv(ctx, p.contenido);
  return {
    filas: filas.map(({ planId: _p, departamentoId: _d, ...f }): FilaImportacion => f),
    nuevas: filas.filter((f) => f.estado === 'nueva').length,
    existentes: filas.filter((f) => f.estado === 'existe').length,
    errores: filas.filter((f) => f.estado === 'error').length,
  };
}

/**
 * Importa las materias nuevas del CSV, todas o ninguna: con alguna fila con error, 400 y nada
 * escrito; las que ya existen no se tocan. Una sola inserción; importar dos veces no duplica.
 */
export async function importar(ctx: Ctx, p: { contenido: string }) {
  const filas = await revisarCsv(ctx, p.contenido);
  const conError = filas.filter((f) => f.estado === 'error');
  if (conError.length)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${CSV_CON_ERRORES} Líneas: ${conError.map((f) => f.linea).join(', ')}.`,
    });
  const nuevas = filas.filter((f) => f.estado === 'nueva');
  return transaccion(ctx, async (tx) => {
    const creadas = nuevas.length
      ? await tx.db
          .insert(materias)
          .values(
            nuevas.map((f) => ({
              nombre: f.nombre,
              codigo: f.codigo,
              anio: f.anio!,
              planId: f.planId!,
              departamentoId: f.departamentoId!,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: materias.id })
      : [];
    await auditar(tx, {
      accion: 'importar',
      entidad: 'materias',
      despues: { creadas: creadas.map((c) => c.id), existentes: filas.length - nuevas.length },
    });
    return { creadas: creadas.length, existentes: filas.length - nuevas.length };
  });
}
