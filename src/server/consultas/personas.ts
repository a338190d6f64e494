/**
 * Consultas compartidas sobre personas y cursos: las columnas y el nombre de un curso, el
 * teléfono partido de un contacto, el orden alfabético y la búsqueda sin acentos. Las usan
 * varios módulos (alumnos, cursos, referentes, inscripción, buscar); ninguno es su dueño.
 */
import { and, asc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { nombreCurso, partirTelefono } from '@/domain/escuela';
import { sinAcentos } from '@/domain/texto';
import type { DbOTx } from '@/server/db';
import { alumnos, alumnosCursos, cursos, referentes } from '@/server/db/schema';

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

/** La columna en minúsculas y sin tildes (la misma regla que `sinAcentos` del dominio). */
export const sinAcentosSql = (x: SQL | AnyColumn) =>
  sql`translate(lower(${x}), 'áéíóúüñ', 'aeiouun')`;

/**
 * Orden alfabético de personas sin depender de la intercalación de la base (PGlite usa C:
 * 'Páez' quedaría después de 'Pereyra'): apellido y nombre sin acentos ni mayúsculas, y el id.
 */
export function ordenPorNombre(apellido: AnyColumn, nombre: AnyColumn, id: AnyColumn): SQL[] {
  return [asc(sinAcentosSql(apellido)), asc(sinAcentosSql(nombre)), asc(id)];
}

/** Cada palabra de la búsqueda debe aparecer en alguna de las columnas (sin acentos ni mayúsculas). */
export function coincide(q: string, columnas: (SQL | AnyColumn)[]): SQL | undefined {
  const palabras = sinAcentos(q)
    .replace(/[%_\\]/g, (c) => `\\${c}`)
    .split(/\s+/)
    .filter(Boolean);
  if (!palabras.length) return undefined;
  return and(...palabras.map((p) => or(...columnas.map((c) => ilike(sinAcentosSql(c), `%${p}%`)))));
}

/** Un curso del alumno en un ciclo, como lo arma `cursosDelAlumnoJson`. */
export interface CursoDelAlumnoJson {
  ciclo: number;
  anio: number;
  division: number;
  especialidad: string | null;
}

/**
 * Los cursos (uno por ciclo) del alumno de la fila de afuera (`from alumnos`), ordenados por
 * ciclo, como un arreglo JSON: una subconsulta para leer al alumno y sus listas de una vez.
 */
export function cursosDelAlumnoJson(): SQL<CursoDelAlumnoJson[]> {
  return sql<CursoDelAlumnoJson[]>`(
    select coalesce(json_agg(json_build_object('ciclo', ac.ciclolectivo, 'anio', c.anio,
      'division', c.division, 'especialidad', c.especialidad) order by ac.ciclolectivo), '[]')
    from alumnos_cursos ac join cursos c on c.id = ac.curso_id
    where ac.alumno_id = alumnos.id)`;
}

/**
 * El año que cursa en `ciclo` el alumno del usuario (null si no es alumno o no tiene curso ese
 * ciclo): decide los módulos de un solo año (gimnasia electiva, 5°). Va por el índice único de
 * `alumnos.usuario_id` y el de alumnos_cursos.
 */
export async function anioQueCursa(db: DbOTx, usuarioId: number, ciclo: number) {
  const [fila] = await db
    .select({ anio: cursos.anio })
    .from(alumnos)
    .innerJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, ciclo)),
    )
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnos.usuarioId, usuarioId))
    .limit(1);
  return fila?.anio ?? null;
}
