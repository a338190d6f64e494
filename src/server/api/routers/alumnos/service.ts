/**
 * Alumnos (spec 01 §2 Student and guardian management, §3 Alumno, §5, §7, §8): listas con el
 * curso del ciclo, alta y edición (DNI único y no editable), habilitado, curso del ciclo,
 * inscripciones a cursados y el legajo. El alcance de cada rol sale de `alcance.ts`
 * (un preceptor, sólo los alumnos de sus cursos); toda escritura se audita en su transacción.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { nombreCurso, partirTelefono } from '@/domain/escuela';
import {
  cursadosAgregables,
  ERROR_VINCULAR_CURSO,
  listaInicial,
  primeraMateria,
} from '@/domain/inscripciones';
import { Rol } from '@/domain/roles';
import type { Db, DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  cursados,
  cursadosCursos,
  cursadosMaterias,
  cursos,
  inscripciones,
  materias,
  referentes,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { alumnosVisibles, cursosVisibles, dentroDe } from '@/server/alcance';
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

export const ALUMNO_INEXISTENTE = 'El alumno no existe.';
export const ALUMNO_AJENO = 'No tiene acceso a ese alumno.';
export const CURSO_INEXISTENTE = 'El curso no existe.';
export const CURSO_AJENO = 'No tiene acceso a ese curso.';
export { PRECEPTOR_SIN_CURSO };
export const NO_INSCRIPTO = 'El alumno no está inscripto en ese cursado.';

// ---------------------------------------------------------------------------
// Piezas compartidas (también las usan cursos, cursados y referentes)

export interface CursoInfo {
  orden: number;
  anio: number;
  division: number;
  especialidad: string;
  nombre: string;
}

export const columnasCurso = {
  orden: cursos.id,
  anio: cursos.anio,
  division: cursos.division,
  especialidad: cursos.especialidad,
};

/** El curso con su nombre corto, o null si la fila no tiene curso (left join). */
export function cursoInfo(c: {
  orden: number | null;
  anio: number | null;
  division: number | null;
  especialidad: string | null;
}): CursoInfo | null {
  if (c.orden == null || c.anio == null || c.division == null) return null;
  const curso = {
    orden: c.orden,
    anio: c.anio,
    division: c.division,
    especialidad: c.especialidad ?? '',
  };
  return { ...curso, nombre: nombreCurso(curso) };
}

/** Teléfono guardado "área número" y sus partes para los formularios (spec 01 §5). */
export function conTelefono<T extends { telefono: string | null }>(fila: T) {
  const { codigoArea, numero } = partirTelefono(fila.telefono);
  return { ...fila, codigoArea, numero };
}

/** El contacto de un referente (spec 01 §3 Referente, spec 02 §3). */
export const columnasReferente = {
  orden: referentes.id,
  apellido: referentes.apellido,
  nombre: referentes.nombre,
  email: referentes.email,
  telefono: referentes.telefono,
  exalumno: referentes.exalumno,
};

/** ¿El error es la violación de ese índice único (23505), aun envuelto por el driver? */
export function violaIndiceUnico(e: unknown, indice: string): boolean {
  let x: unknown = e;
  for (let i = 0; i < 5 && x && typeof x === 'object'; i++) {
    const { code, constraint_name, constraint } = x as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (code === '23505') return (constraint_name ?? constraint) === indice;
    x = (x as { cause?: unknown }).cause;
  }
  return false;
}

const sinAcentos = (x: SQL | AnyColumn) => sql`translate(lower(${x}), 'áéíóúüñ', 'aeiouun')`;

/**
 * Orden alfabético de personas sin depender de la intercalación de la base (PGlite usa C:
 * 'Páez' quedaría después de 'Pereyra'): apellido y nombre sin acentos ni mayúsculas, y el id.
 */
export function ordenPorNombre(apellido: AnyColumn, nombre: AnyColumn, id: AnyColumn): SQL[] {
  return [asc(sinAcentos(apellido)), asc(sinAcentos(nombre)), asc(id)];
}

/** Cada palabra de la búsqueda debe aparecer en alguna de las columnas (sin acentos ni mayúsculas). */
export function coincide(q: string, columnas: (SQL | AnyColumn)[]): SQL | undefined {
  const palabras = q
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[%_\\]/g, (c) => `\\${c}`)
    .split(/\s+/)
    .filter(Boolean);
  if (!palabras.length) return undefined;
  return and(...palabras.map((p) => or(...columnas.map((c) => ilike(sinAcentos(c), `%${p}%`)))));
}

/**
 * Exige que los alumnos existan (404) y estén en el alcance del rol (403): un preceptor sólo
 * los de sus cursos en el ciclo, un docente los de sus cursados, etc. Una consulta.
 */
export async function exigirAlumnosVisibles(
  db: DbOTx,
  sesion: Sesion,
  ciclo: number,
  ids: readonly number[],
) {
  const unicos = [...new Set(ids)];
  if (!unicos.length) return;
  const visibles = alumnosVisibles(db, sesion, ciclo);
  const filas = await db
    .select({
      id: alumnos.id,
      visible: visibles ? sql<boolean>`${inArray(alumnos.id, visibles)}` : sql<boolean>`true`,
    })
    .from(alumnos)
    .where(inArray(alumnos.id, unicos));
  if (filas.length < unicos.length)
    throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  if (filas.some((f) => !f.visible))
    throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
}

/** 'ok', 'inexistente' o 'ajeno' (fuera de los cursos del preceptor). */
export async function estadoCurso(db: DbOTx, sesion: Sesion, ciclo: number, cursoId: number) {
  const visibles = cursosVisibles(db, sesion, ciclo);
  const [fila] = await db
    .select({
      visible: visibles ? sql<boolean>`${inArray(cursos.id, visibles)}` : sql<boolean>`true`,
    })
    .from(cursos)
    .where(eq(cursos.id, cursoId));
  if (!fila) return 'inexistente' as const;
  return fila.visible ? ('ok' as const) : ('ajeno' as const);
}

/** Exige que el curso exista (404) y esté en el alcance del rol (403). Devuelve el curso. */
export async function exigirCursoVisible(
  db: DbOTx,
  sesion: Sesion,
  ciclo: number,
  cursoId: number,
): Promise<CursoInfo> {
  const estado = await estadoCurso(db, sesion, ciclo, cursoId);
  if (estado === 'inexistente')
    throw new TRPCError({ code: 'NOT_FOUND', message: CURSO_INEXISTENTE });
  if (estado === 'ajeno') throw new TRPCError({ code: 'FORBIDDEN', message: CURSO_AJENO });
  const [c] = await db.select(columnasCurso).from(cursos).where(eq(cursos.id, cursoId));
  return cursoInfo(c!)!;
}

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
export async function listar(db: DbOTx, sesion: Sesion, ciclo: number, b: ListarAlumnos) {
  const filas = await db
    .select({
      orden: alumnos.id,
      dni: alumnos.dni,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      habilitado: alumnos.habilitado,
      ...cursoDeLaFila,
    })
    .from(alumnos)
    .leftJoin(alumnosCursos, delCiclo(ciclo))
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(
      and(
        dentroDe(alumnos.id, alumnosVisibles(db, sesion, ciclo)),
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
export async function base(db: DbOTx, sesion: Sesion, ciclo: number) {
  return db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
    })
    .from(alumnos)
    .where(dentroDe(alumnos.id, alumnosVisibles(db, sesion, ciclo)))
    .orderBy(...ordenAlumnos);
}

/** El alumno con su curso del ciclo (sin controlar alcance: lo hace quien llama). */
async function leerAlumno(db: DbOTx, id: number, ciclo: number) {
  const [f] = await db
    .select({ ...columnasAlumno, ...cursoDeLaFila })
    .from(alumnos)
    .leftJoin(alumnosCursos, delCiclo(ciclo))
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnos.id, id));
  if (!f) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  const { resto, curso } = separarCurso(f);
  return { ...conTelefono(resto), curso };
}

/** Un alumno del alcance para el formulario de edición. */
export async function obtener(db: DbOTx, sesion: Sesion, ciclo: number, id: number) {
  await exigirAlumnosVisibles(db, sesion, ciclo, [id]);
  return leerAlumno(db, id, ciclo);
}

/**
 * El legajo (/legajo/{orden}, spec 02 §2): resumen del perfil, contacto, curso del ciclo,
 * cursos de todos los ciclos (anioCursado) y referentes. Para todo el personal, con su alcance.
 */
export async function legajo(db: DbOTx, sesion: Sesion, ciclo: number, id: number) {
  await exigirAlumnosVisibles(db, sesion, ciclo, [id]);
  const alumno = await leerAlumno(db, id, ciclo);
  const historial = await db
    .select({ anioCursado: alumnosCursos.ciclolectivo, ...columnasCurso })
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnosCursos.alumnoId, id))
    .orderBy(desc(alumnosCursos.ciclolectivo));
  const refs = await db
    .select(columnasReferente)
    .from(alumnosReferentes)
    .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
    .where(eq(alumnosReferentes.alumnoId, id))
    .orderBy(...ordenPorNombre(referentes.apellido, referentes.nombre, referentes.id));
  return {
    ...alumno,
    ciclo,
    aviso: alumno.curso ? null : ALUMNO_SIN_CURSO,
    cursos: historial.map(({ anioCursado, ...c }) => ({ anioCursado, ...cursoInfo(c)! })),
    referentes: refs.map(conTelefono),
  };
}

// ---------------------------------------------------------------------------
// Escrituras

const auditoria = (sesion: Sesion, ip: string | null) => ({
  usuarioId: sesion.usuario.id,
  rol: sesion.rol,
  ip,
});

/**
 * POST /api/alumnos/insert: alta con DNI único (409 'Ya existe un alumno con ese DNI.') y,
 * optativamente, su curso del ciclo elegido. Un preceptor debe darle uno de sus cursos (si no,
 * el alumno quedaría fuera de su alcance).
 */
export async function crear(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: CrearAlumno,
  ip: string | null,
) {
  try {
    return await db.transaction(async (tx) => {
      if (datos.curso == null && sesion.rol === Rol.Preceptor) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: PRECEPTOR_SIN_CURSO });
      }
      if (datos.curso != null) {
        const estado = await estadoCurso(tx, sesion, ciclo, datos.curso);
        if (estado === 'inexistente')
          throw new TRPCError({
            code: 'NOT_FOUND',
            message: `${ERROR_VINCULAR_CURSO}: ${CURSO_INEXISTENTE.toLowerCase()}`,
          });
        if (estado === 'ajeno') throw new TRPCError({ code: 'FORBIDDEN', message: CURSO_AJENO });
      }
      const [repetido] = await tx
        .select({ id: alumnos.id })
        .from(alumnos)
        .where(eq(alumnos.dni, datos.dni));
      if (repetido) throw new TRPCError({ code: 'CONFLICT', message: DNI_REPETIDO });

      const { curso, ...valores } = datos;
      const [nuevo] = await tx
        .insert(alumnos)
        .values({ ...valores, habilitado: true })
        .returning({ id: alumnos.id });
      if (curso != null)
        await tx
          .insert(alumnosCursos)
          .values({ alumnoId: nuevo!.id, cursoId: curso, ciclolectivo: ciclo });
      const despues = await leerAlumno(tx, nuevo!.id, ciclo);
      await auditar(tx, {
        ...auditoria(sesion, ip),
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
export async function editar(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: EditarAlumno,
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    await exigirAlumnosVisibles(tx, sesion, ciclo, [datos.id]);
    const [bloqueado] = await tx
      .select({ dni: alumnos.dni })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!bloqueado) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
    if (datos.dni !== undefined && datos.dni !== bloqueado.dni) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: DNI_NO_EDITABLE });
    }
    const antes = await leerAlumno(tx, datos.id, ciclo);
    const { id, dni: _dni, ...cambios } = datos;
    const definidos = Object.fromEntries(
      Object.entries(cambios).filter(([, v]) => v !== undefined),
    ) as Partial<typeof alumnos.$inferInsert>;
    await tx.update(alumnos).set(definidos).where(eq(alumnos.id, id));
    const despues = await leerAlumno(tx, id, ciclo);
    await auditar(tx, {
      ...auditoria(sesion, ip),
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
export async function habilitar(
  db: Db,
  sesion: Sesion,
  datos: { id: number; habilitado: boolean },
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const [antes] = await tx
      .select({ orden: alumnos.id, habilitado: alumnos.habilitado })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
    const [despues] = await tx
      .update(alumnos)
      .set({ habilitado: datos.habilitado })
      .where(eq(alumnos.id, datos.id))
      .returning({ orden: alumnos.id, habilitado: alumnos.habilitado });
    await auditar(tx, {
      ...auditoria(sesion, ip),
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
export async function vincularCurso(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: { id: number; curso: number },
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const [alumno] = await tx
      .select({ id: alumnos.id })
      .from(alumnos)
      .where(eq(alumnos.id, datos.id))
      .for('update');
    if (!alumno)
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `${ERROR_VINCULAR_CURSO}: el alumno no existe.`,
      });
    const [curso] = await tx.select(columnasCurso).from(cursos).where(eq(cursos.id, datos.curso));
    if (!curso)
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `${ERROR_VINCULAR_CURSO}: el curso no existe.`,
      });
    const [antes] = await tx
      .select({ curso: alumnosCursos.cursoId })
      .from(alumnosCursos)
      .where(and(eq(alumnosCursos.alumnoId, datos.id), eq(alumnosCursos.ciclolectivo, ciclo)));
    await tx
      .insert(alumnosCursos)
      .values({ alumnoId: datos.id, cursoId: datos.curso, ciclolectivo: ciclo })
      .onConflictDoUpdate({
        target: [alumnosCursos.alumnoId, alumnosCursos.ciclolectivo],
        set: { cursoId: datos.curso },
      });
    await auditar(tx, {
      ...auditoria(sesion, ip),
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
 * Agrega a cada cursado sus materias permitidas ordenadas por id (la primera es la de la
 * inscripción, spec 01 §5) en una consulta: devuelve la función que completa un cursado.
 */
export async function inscribibles(
  db: DbOTx,
  lista: readonly { cursadoId: number }[],
): Promise<
  <C extends { cursadoId: number }>(
    c: C,
  ) => C & { materias: { id: number; nombre: string }[]; materiasPermitidas: number[] }
> {
  const ids = [...new Set(lista.map((c) => c.cursadoId))];
  const permitidas = ids.length
    ? await db
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
 * GET /api/alumnos/{id}/cursados: las inscripciones del ciclo (cursado, materia y materias
 * permitidas) y los cursados de su curso que se pueden agregar, cada uno con la primera
 * materia permitida (spec 01 §5). Las materias permitidas van por id: ese es "el orden".
 */
export async function cursadosDelAlumno(
  db: DbOTx,
  sesion: Sesion,
  ciclo: number,
  alumnoId: number,
) {
  await exigirAlumnosVisibles(db, sesion, ciclo, [alumnoId]);
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

  const inscribible = await inscribibles(db, [...inscriptas, ...delCursoCursados]);

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
export async function desinscribir(
  db: Db,
  sesion: Sesion,
  datos: { id: number; cursado: number },
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const [antes] = await tx
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
      ...auditoria(sesion, ip),
      accion: 'desinscribir',
      entidad: 'inscripciones',
      entidadId: antes.orden,
      antes,
    });
    return { alumno: datos.id, cursado: datos.cursado, materiaId: antes.materiaId };
  });
}
