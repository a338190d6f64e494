/**
 * Quiénes reciben los avisos sobre un alumno (issue 35): sus referentes CONFIRMADOS con usuario
 * (un vínculo sólo declarado no recibe nada) y el usuario del propio alumno, si tiene. Una sola
 * consulta para todos los alumnos de un hecho (no crece con los datos), con el nombre y el curso
 * del ciclo de `hoy` para el texto del aviso.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { anioDe, nombreCurso } from '@/domain/escuela';
import { alumnos, alumnosCursos, cursos } from '@/server/db/schema';
import type { CtxTrabajo } from './tipos';

export interface AlumnoDelAviso {
  id: number;
  apellido: string;
  nombre: string;
  /** El curso del ciclo ('3° 1°'), o null si no tiene curso ese año. */
  curso: string | null;
}

export interface Destinatarios {
  alumno: AlumnoDelAviso;
  /** Los ids de usuario que reciben el aviso (sin repetir; ordenados). */
  usuarios: number[];
}

/**
 * Los destinatarios de cada alumno (los que no existen no aparecen en el mapa); el curso es el del
 * ciclo de `ctx.hoy`.
 */
export async function destinatarios(
  ctx: Pick<CtxTrabajo, 'db' | 'hoy'>,
  alumnoIds: readonly number[],
): Promise<Map<number, Destinatarios>> {
  const { db, hoy } = ctx;
  const ids = [...new Set(alumnoIds)];
  const resultado = new Map<number, Destinatarios>();
  if (!ids.length) return resultado;
  const filas = await db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
      usuarios: sql<number[] | null>`(
        select array_agg(distinct u.id order by u.id) from (
          select r.usuario_id as id
          from alumnos_referentes ar join referentes r on r.id = ar.referente_id
          where ar.alumno_id = ${alumnos.id} and ar.confirmado and r.usuario_id is not null
          union
          select ${alumnos.usuarioId} where ${alumnos.usuarioId} is not null
        ) u
      )`,
    })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anioDe(hoy))),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(inArray(alumnos.id, ids));
  for (const f of filas)
    resultado.set(f.id, {
      alumno: {
        id: f.id,
        apellido: f.apellido,
        nombre: f.nombre,
        curso:
          f.anio != null
            ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad! })
            : null,
      },
      usuarios: (f.usuarios ?? []).map(Number),
    });
  return resultado;
}

/** El alumno como lo nombra todo aviso: 'Pérez, Ana (3° 1°)' (sin curso: sólo el nombre). */
export function nombreEnAviso(a: AlumnoDelAviso): string {
  return `${a.apellido}, ${a.nombre}${a.curso ? ` (${a.curso})` : ''}`;
}
