/**
 * Lo que la base ya tiene de las personas y cursos de una planilla (issue 34 §1), en pocas
 * consultas con `= any(...)` (no una por fila): los alumnos por DNI (con su curso del ciclo), los
 * tutores por email, teléfono o nombre y los vinculados a esos alumnos, sus vínculos, el personal
 * por email, teléfono o nombre, y todos los cursos.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Busqueda } from '@/domain/importacion/filas';
import type {
  AlumnoExistente,
  CursoExistente,
  Existentes,
  ReferenteExistente,
  UsuarioExistente,
} from '@/domain/importacion/tipos';
import type { Contexto } from '@/server/contexto';
import { enteros, filasDe } from '@/server/db/sql';

/** Un arreglo de textos como un único parámetro: '{"a","b"}'::text[]. */
export function textos(xs: readonly string[]): SQL {
  const literal = `{${xs.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** Apellido y nombre sin tildes ni mayúsculas (la `clavePersona` del dominio). */
const claveNombre = (apellido: SQL, nombre: SQL) =>
  sql`regexp_replace(trim(translate(lower(${apellido} || ' ' || ${nombre}), 'áéíóúüñàèìòùç', 'aeiouunaeiouc')), '\\s+', ' ', 'g')`;

export async function cargarExistentes(
  ctx: Pick<Contexto, 'db'>,
  b: Busqueda,
  ciclo: number,
): Promise<Existentes> {
  const { db } = ctx;
  const alumnos = filasDe<AlumnoExistente>(
    await db.execute(sql`
      select a.id, a.dni, a.apellido, a.nombre, a.genero, a.nacimiento::text as nacimiento,
        a.email, a.telefono, ac.curso_id as "cursoId"
      from alumnos a
      left join alumnos_cursos ac on ac.alumno_id = a.id and ac.ciclolectivo = ${ciclo}
      where a.dni = any(${enteros(b.dnis)})`),
  );
  const ids = alumnos.map((a) => a.id);
  const vinculos = filasDe<Existentes['vinculos'][number]>(
    await db.execute(sql`
      select alumno_id as "alumnoId", referente_id as "referenteId", confirmado
      from alumnos_referentes
      where alumno_id = any(${enteros(ids)})`),
  );
  const referentes = filasDe<ReferenteExistente>(
    await db.execute(sql`
      select id, apellido, nombre, email, telefono, exalumno from referentes r
      where lower(r.email) = any(${textos(b.emails)})
        or r.telefono = any(${textos(b.telefonos)})
        or ${claveNombre(sql`r.apellido`, sql`r.nombre`)} = any(${textos(b.nombres)})
        or r.id = any(${enteros([...new Set(vinculos.map((v) => v.referenteId))])})`),
  );
  const usuarios = filasDe<UsuarioExistente>(
    await db.execute(sql`
      select id, email, apellido, nombre, telefono, rls from usuarios u
      where lower(u.email) = any(${textos(b.emails)})
        or u.telefono = any(${textos(b.telefonos)})
        or ${claveNombre(sql`u.apellido`, sql`u.nombre`)} = any(${textos(b.nombres)})`),
  );
  const cursos = filasDe<CursoExistente>(
    await db.execute(
      sql`select id, anio, division, especialidad from cursos order by anio, division`,
    ),
  );
  return { alumnos, referentes, vinculos, usuarios, cursos };
}
