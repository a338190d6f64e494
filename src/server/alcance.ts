/**
 * Alcance de los datos por rol activo (DESIGN §6), como subconsultas de ids que los
 * servicios usan en sus `where`. Nunca se decide en la interfaz.
 *  - Preceptor: los cursos que tiene asignados.
 *  - Docente: sus cursados.
 *  - JefeDepartamento: los cursados con materias de su departamento.
 *  - Coordinador: los cursados con sus materias.
 *  - JefePreceptor, Regente, Alumnado, Admin: toda la escuela (`null` = sin filtro).
 *  - Alumno y Referente: nada por estas vías (tienen sus propias vistas).
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { DbOTx } from '@/server/db';
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
import type { Sesion } from '@/server/auth/sesion';

const TODA_LA_ESCUELA: readonly number[] = [Rol.JefePreceptor, Rol.Regente, Rol.Alumnado, Rol.Admin];

export function veTodaLaEscuela(rol: number): boolean {
  return TODA_LA_ESCUELA.includes(rol);
}

/** Subconsulta de ids de cursados visibles en el ciclo, o `null` si ve todos. */
export function cursadosVisibles(db: DbOTx, sesion: Sesion, ciclo: number) {
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
        .innerJoin(coordinadoresMaterias, eq(coordinadoresMaterias.materiaId, cursadosMaterias.materiaId))
        .where(and(delCiclo, eq(coordinadoresMaterias.usuarioId, usuario.id)));
    case Rol.Preceptor:
      return db
        .select({ id: cursados.id })
        .from(cursados)
        .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
        .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, cursadosCursos.cursoId))
        .where(and(delCiclo, eq(preceptoresCursos.usuarioId, usuario.id)));
    default:
      return db.select({ id: cursados.id }).from(cursados).where(sql`false`);
  }
}

/** Subconsulta de ids de cursos visibles, o `null` si ve todos. */
export function cursosVisibles(db: DbOTx, sesion: Sesion, ciclo: number) {
  if (veTodaLaEscuela(sesion.rol)) return null;
  if (sesion.rol === Rol.Preceptor) {
    return db
      .select({ id: preceptoresCursos.cursoId })
      .from(preceptoresCursos)
      .where(eq(preceptoresCursos.usuarioId, sesion.usuario.id));
  }
  const visibles = cursadosVisibles(db, sesion, ciclo)!;
  return db
    .select({ id: cursadosCursos.cursoId })
    .from(cursadosCursos)
    .where(inArray(cursadosCursos.cursadoId, visibles));
}

/** Subconsulta de ids de alumnos visibles en el ciclo, o `null` si ve todos. */
export function alumnosVisibles(db: DbOTx, sesion: Sesion, ciclo: number) {
  if (veTodaLaEscuela(sesion.rol)) return null;
  if (sesion.rol === Rol.Preceptor) {
    return db
      .select({ id: alumnosCursos.alumnoId })
      .from(alumnosCursos)
      .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, alumnosCursos.cursoId))
      .where(and(eq(alumnosCursos.ciclolectivo, ciclo), eq(preceptoresCursos.usuarioId, sesion.usuario.id)));
  }
  const visibles = cursadosVisibles(db, sesion, ciclo)!;
  return db
    .select({ id: inscripciones.alumnoId })
    .from(inscripciones)
    .where(inArray(inscripciones.cursadoId, visibles));
}

/** `columna in (subconsulta)`, o nada si el alcance es toda la escuela. */
export function dentroDe(columna: Parameters<typeof inArray>[0], sub: SQLWrapper | null): SQL | undefined {
  return sub ? inArray(columna, sub) : undefined;
}
