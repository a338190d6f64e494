/**
 * Alumnos (spec 01 §2 Student and guardian management, §3 Alumno, §5, §7, §8): listas con el
 * curso del ciclo, alta y edición (DNI único y no editable), habilitado, curso del ciclo,
 * inscripciones a cursados y el legajo. El alcance de cada rol sale de `alcance.ts`
 * (un preceptor, sólo los alumnos de sus cursos); toda escritura se audita en su transacción.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  cursadosAgregables,
  ERROR_VINCULAR_CURSO,
  listaInicial,
  primeraMateria,
} from '@/domain/inscripciones';
import { Rol } from '@/domain/roles';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  cursados,
  cursadosCursos,
  cursos,
  inscripciones,
  materias,
  referentes,
} from '@/server/db/schema';
import {
  ALUMNO_AJENO_PERSONAL as ALUMNO_AJENO,
  ALUMNO_INEXISTENTE,
  alumnosVisibles,
  CURSO_AJENO,
  CURSO_INEXISTENTE,
  dentroDe,
  estadoCurso,
  exigirAlumnosVisibles,
} from '@/server/alcance';
import type { Contexto, Ctx } from '@/server/contexto';
import {
  coincide,
  columnasCurso,
  columnasReferente,
  conTelefono,
  cursoInfo,
  ordenPorNombre,
} from '@/server/consultas/personas';
import { inscribibles } from '@/server/consultas/inscripciones';
import { violaIndiceUnico, transaccion } from '@/server/errores';
import { auditar } from '@/server/auditoria';
import { paginar } from '@/server/api/schemas';
import {
  ALUMNO_SIN_CURSO,
  DNI_NO_EDITABLE,
  DNI_REPETIDO,
  PRECEPTOR_SIN_CURSO,
  type CrearAlumno,
  type EditarAlumno,
  type ListarAlumnos,
} from './schemas';

export { ALUMNO_AJENO, ALUMNO_INEXISTENTE, CURSO_AJENO, CURSO_INEXISTENTE, PRECEPTOR_SIN_CURSO };
export const NO_INSCRIPTO = 'El alumno no está inscripto en ese cursado.';

// ---------------------------------------------------------------------------
// Lecturas

const columnasAlumno = {
  orden: alumnos.id,
  dni: alumnos.dni,
  apellido: alumnos.apellido,
  nombre: alumnos.nombre,
  genero: alumnos.genero,
  email: alumnos.email,
  telefono: alumnos.telefono,
  habilitado: alumnos.habilitado,
  nacimiento: alumnos.nacimiento,
  pronombre: alumnos.pronombre,
};

const delCiclo = (ciclo: number) =>
  and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, ciclo));
const ordenAlumnos = ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id);
const cursoDeLaFila = {
  cursoOrden: cursos.id,
  cursoAnio: cursos.anio,
  cursoDivision: cursos.division,
  cursoEspecialidad: cursos.especialidad,
};
type ConCurso = {
  cursoOrden: number | null;
  cursoAnio: number | null;
  cursoDivision: number | null;
  cursoEspecialidad: string | null;
};
function separarCurso<T extends ConCurso>(f: T) {
  const { cursoOrden, cursoAnio, cursoDivision, cursoEspecialidad, ...resto } = f;
  return {
    resto,
    curso: cursoInfo({
      orden: cursoOrden,
      anio: cursoAnio,
      division: cursoDivision,
      especialidad: cursoEspecialidad,
    }),
  };
}

/** GET /api/alumnos: los alumnos del alcance con su curso del ciclo, buscables y paginados. */
export async function listar(ctx: Ctx, b: ListarAlumnos) {
  const { db, ciclo } = ctx;
  const filas = await db
    .select({
      orden: alumnos.id,
      dni: alumnos.dni,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      habilitado: alumnos.habilitado,
      genero: alumnos.genero,
      nacimiento: alumnos.nacimiento,
      email: alumnos.email,
      telefono: alumnos.telefono,
      ...cursoDeLaFila,
    })
    .from(alumnos)
    .leftJoin(alumnosCursos, delCiclo(ciclo))
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(
      and(
        dentroDe(alumnos.id, alumnosVisibles(ctx)),
        b.curso ? eq(alumnosCursos.cursoId, b.curso) : undefined,
        coincide(b.q, [alumnos.apellido, alumnos.nombre, sql`${alumnos.dni}::text`]),
      ),
    )
    .orderBy(...ordenAlumnos)
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((f) => {
      const { resto, curso } = separarCurso(f);
      return { ...resto, curso };
    }),
    b,
  );
}

/** GET /api/alumnos/base: id, apellido, nombre y DNI de todos los alumnos del alcance. */
export async function base(ctx: Ctx) {
  return ctx.db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
    })
    .from(alumnos)
    .where(dentroDe(alumnos.id, alumnosVisibles(ctx)))
    .orderBy(...ordenAlumnos);
}

/** El alumno con su curso del ciclo (sin controlar alcance: lo hace quien llama). */
async function leerAlumno(ctx: Contexto, id: number) {
  const [f] = await ctx.db
    .select({ ...columnasAlumno, ...cursoDeLaFila })
    .from(alumnos)
    .leftJoin(alumnosCursos, delCiclo(ctx.ciclo))
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnos.id, id));
  if (!f) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  const { resto, curso } = separarCurso(f);
  return { ...conTelefono(resto), curso };
}

/** Un alumno del alcance para el formulario de edición. */
export async function obtener(ctx: Ctx, id: number) {
  await exigirAlumnosVisibles(ctx, { alumnos: [id] });
  return leerAlumno(ctx, id);
}

/**
 * El legajo (/legajo/{orden}, spec 02 §2): resumen del perfil, contacto, curso del ciclo,
 * cursos de todos los ciclos (anioCursado) y referentes. Para todo el personal, con su alcance.
 * Con el rol activo Docente, sólo el perfil y el correo (spec 02 §6 "Teacher: profile and mail
 * link only"; issue 31, punto 6): ni DNI, ni teléfono, ni nacimiento, ni referentes.
 */
export async function legajo(ctx: Ctx, id: number) {
  const { db, ciclo } = ctx;
  await exigirAlumnosVisibles(ctx, { alumnos: [id] });
  const alumno = await leerAlumno(ctx, id);
  const historial = await db
    .select({ anioCursado: alumnosCursos.ciclolectivo, ...columnasCurso })
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnosCursos.alumnoId, id))
    .orderBy(desc(alumnosCursos.ciclolectivo));
  const perfil = {
    orden: alumno.orden,
    apellido: alumno.apellido,
    nombre: alumno.nombre,
    pronombre: alumno.pronombre,
    email: alumno.email,
    curso: alumno.curso,
    ciclo,
    aviso: alumno.curso ? null : ALUMNO_SIN_CURSO,
    cursos: historial.map(({ anioCursado, ...c }) => ({ anioCursado, ...cursoInfo(c)! })),
  };
  if (ctx.sesion.rol === Rol.Docente) return { ...perfil, completo: false as const };
  const refs = await db
    .select(columnasReferente)
    .from(alumnosReferentes)
    .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
    .where(eq(alumnosReferentes.alumnoId, id))
    .orderBy(...ordenPorNombre(referentes.apellido, referentes.nombre, referentes.id));
  return { ...alumno, ...perfil, completo: true as const, referentes: refs.map(conTelefono) };
}

// ---------------------------------------------------------------------------
// Escrituras

/**
 * POST /api/alumnos/insert: alta con DNI único (409 'Ya existe un alumno con ese DNI.') y,
 * optativamente, su curso del ciclo elegido. Un preceptor debe darle uno de sus cursos (si no,
 * el alumno quedaría fuera de su alcance).
 */
export async function crear(ctx: Ctx, datos: CrearAlumno) {
  const { sesion, ciclo } = ctx;
  try {
    return await transaccion(ctx, async (tx) => {
      if (datos.curso == null && sesion.rol === Rol.Preceptor) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: PRECEPTOR_SIN_CURSO });
      }
      if (datos.curso != null) {
        const estado = await estadoCurso(tx, { curso: datos.curso });
        if (estado === 'inexistente')
          throw new TRPCError({
            code: 'NOT_FOUND',
            message: `${ERROR_VINCULAR_CURSO}: ${CURSO_INEXISTENTE.toLowerCase()}`,
          });
        if (estado === 'ajeno') throw new TRPCError({ code: 'FORBIDDEN', message: CURSO_AJENO });
      }
      const [repetido] = await tx.db
        .select({ id: alumnos.id })
        .from(alumnos)
        .where(eq(alumnos.dni, datos.dni));
      if (repetido) throw new TRPCError({ code: 'CONFLICT', message: DNI_REPETIDO });

      const { curso, ...valores } = datos;
      const [nuevo] = await tx.db
        .insert(alumnos)
        .values({ ...valores, habilitado: true })
        .returning({ id: alumnos.id });
      if (curso != null)
        await tx.db
          .insert(alumnosCursos)
          .values({ alumnoId: nuevo!.id, cursoId: curso, ciclolectivo: ciclo });
      const despues = await leerAlumno(tx, nuevo!.id);
      await auditar(tx, {
        accion: 'crear',
        entidad: 'alumnos',
        entidadId: nuevo!.id,
        despues: { ...despues, ciclo },
      });
      return despues;
    });
  } catch (e) {
    if (violaIndiceUnico(e, 'alumnos_dni_idx'))
      throw new TRPCError({ code: 'CONFLICT', message: DNI_REPETIDO });
    throw e;
  }
}

/** POST /api/alumnos/{id}/editar: datos del alumno; el DNI no cambia (spec 01 §5). */
export async function editar(ctx: Ctx, datos: EditarAlumno) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [datos.id] });
    const [bloqueado] = await tx.db
      .select({ dni: alumnos.dni })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!bloqueado) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
    if (datos.dni !== undefined && datos.dni !== bloqueado.dni) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: DNI_NO_EDITABLE });
    }
    const antes = await leerAlumno(tx, datos.id);
    const { id, dni: _dni, ...cambios } = datos;
    const definidos = Object.fromEntries(
      Object.entries(cambios).filter(([, v]) => v !== undefined),
    ) as Partial<typeof alumnos.$inferInsert>;
    await tx.db.update(alumnos).set(definidos).where(eq(alumnos.id, id));
    const despues = await leerAlumno(tx, id);
    await auditar(tx, {
      accion: 'editar',
      entidad: 'alumnos',
      entidadId: id,
      antes,
      despues,
    });
    return despues;
  });
}

/** POST /api/alumnos/{id}/habilitar/{x} (Alumnado, Admin). */
export async function habilitar(ctx: Ctx, datos: { id: number; habilitado: boolean }) {
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .select({ orden: alumnos.id, habilitado: alumnos.habilitado })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
    const [despues] = await tx.db
      .update(alumnos)
      .set({ habilitado: datos.habilitado })
      .where(eq(alumnos.id, datos.id))
      .returning({ orden: alumnos.id, habilitado: alumnos.habilitado });
    await auditar(tx, {
      accion: datos.habilitado ? 'habilitar' : 'deshabilitar',
      entidad: 'alumnos',
      entidadId: datos.id,
      antes,
      despues,
    });
    return despues!;
  });
}

/**
 * El curso del alumno en el ciclo elegido (alumnos_cursos, uno por ciclo). Cualquier falla
 * responde 'No se pudo vincular el alumno al curso' (spec 01 §8) con el motivo. Las
 * inscripciones a cursados no se tocan: se editan en el mismo panel.
 */
export async function vincularCurso(ctx: Ctx, datos: { id: number; curso: number }) {
  const { ciclo } = ctx;
  return transaccion(ctx, async (tx) => {
    const [alumno] = await tx.db
      .select({ id: alumnos.id })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!alumno)
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `${ERROR_VINCULAR_CURSO}: el alumno no existe.`,
      });
    const [curso] = await tx.db
      .select(columnasCurso)
      .from(cursos)
      .where(eq(cursos.id, datos.curso));
    if (!curso)
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `${ERROR_VINCULAR_CURSO}: el curso no existe.`,
      });
    const [antes] = await tx.db
      .select({ curso: alumnosCursos.cursoId })
      .from(alumnosCursos)
      .where(and(eq(alumnosCursos.alumnoId, datos.id), eq(alumnosCursos.ciclolectivo, ciclo)));
    await tx.db
      .insert(alumnosCursos)
      .values({ alumnoId: datos.id, cursoId: datos.curso, ciclolectivo: ciclo })
      .onConflictDoUpdate({
        target: [alumnosCursos.alumnoId, alumnosCursos.ciclolectivo],
        set: { cursoId: datos.curso },
      });
    await auditar(tx, {
      accion: 'vincularCurso',
      entidad: 'alumnos_cursos',
      entidadId: datos.id,
      antes: { ciclo, curso: antes?.curso ?? null },
      despues: { ciclo, curso: datos.curso },
    });
    return { alumno: datos.id, ciclo, curso: cursoInfo(curso)! };
  });
}

/**
 * GET /api/alumnos/{id}/cursados: las inscripciones del ciclo (cursado, materia y materias
 * permitidas) y los cursados de su curso que se pueden agregar, cada uno con la primera
 * materia permitida (spec 01 §5). Las materias permitidas van por id: ese es "el orden".
 */
export async function cursadosDelAlumno(ctx: Ctx, alumnoId: number) {
  const { db, ciclo } = ctx;
  await exigirAlumnosVisibles(ctx, { alumnos: [alumnoId] });
  const [delCurso] = await db
    .select(columnasCurso)
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(and(eq(alumnosCursos.alumnoId, alumnoId), eq(alumnosCursos.ciclolectivo, ciclo)));
  const curso = delCurso ? cursoInfo(delCurso) : null;

  const inscriptas = await db
    .select({
      cursadoId: cursados.id,
      nombre: cursados.nombre,
      materiaId: inscripciones.materiaId,
      materia: materias.nombre,
    })
    .from(inscripciones)
    .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
    .innerJoin(materias, eq(materias.id, inscripciones.materiaId))
    .where(and(eq(inscripciones.alumnoId, alumnoId), eq(cursados.ciclolectivo, ciclo)))
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  const delCursoCursados = curso
    ? await db
        .select({ cursadoId: cursados.id, nombre: cursados.nombre })
        .from(cursados)
        .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
        .where(and(eq(cursados.ciclolectivo, ciclo), eq(cursadosCursos.cursoId, curso.orden)))
        .orderBy(asc(cursados.nombre), asc(cursados.id))
    : [];

  const inscribible = await inscribibles(ctx, [...inscriptas, ...delCursoCursados]);

  const lista = listaInicial(
    inscriptas.map((i) => ({ cursado: inscribible(i), materiaId: i.materiaId })),
  );
  const nombreMateria = new Map(inscriptas.map((i) => [i.cursadoId, i.materia]));
  return {
    alumno: alumnoId,
    ciclo,
    curso,
    aviso: curso ? null : ALUMNO_SIN_CURSO,
    inscripciones: lista.map((i) => ({
      ...i.cursado,
      materiaId: i.materiaId,
      materia: nombreMateria.get(i.cursado.cursadoId) ?? null,
    })),
    disponibles: cursadosAgregables(lista, delCursoCursados.map(inscribible)).map((c) => {
      const materiaId = primeraMateria(c)!;
      return { ...c, materiaId, materia: c.materias.find((m) => m.id === materiaId)!.nombre };
    }),
  };
}

/** DELETE /api/alumnos/{id}/cursa/{x}: quita la inscripción del alumno a ese cursado. */
export async function desinscribir(ctx: Ctx, datos: { id: number; cursado: number }) {
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .delete(inscripciones)
      .where(and(eq(inscripciones.alumnoId, datos.id), eq(inscripciones.cursadoId, datos.cursado)))
      .returning({
        orden: inscripciones.id,
        alumnoId: inscripciones.alumnoId,
        cursadoId: inscripciones.cursadoId,
        materiaId: inscripciones.materiaId,
      });
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: NO_INSCRIPTO });
    await auditar(tx, {
      accion: 'desinscribir',
      entidad: 'inscripciones',
      entidadId: antes.orden,
      antes,
    });
    return { alumno: datos.id, cursado: datos.cursado, materiaId: antes.materiaId };
  });
}
