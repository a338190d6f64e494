/**
 * Los hijos del referente parental que inició sesión, con su curso del ciclo: el selector de
 * alumno de la barra (sesion), GET /api/mishijos (referentes) y el marco de las pantallas.
 * Un hijo es un vínculo CONFIRMADO (por la escuela, con el código de vinculación o por el email): un vínculo que el
 * referente sólo declaró no abre ningún dato del alumno (issue 11).
 */
import { and, asc, eq } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import type { Hijo } from '@/domain/vinculos';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { alumnos, alumnosCursos, alumnosReferentes, cursos, referentes } from '@/server/db/schema';

/** Condición de un vínculo que abre los datos del alumno a su referente. */
export const vinculoConfirmado = eq(alumnosReferentes.confirmado, true);

/**
 * Consulta (o subconsulta) de los ids de los hijos (vínculo confirmado) del usuario que inició
 * sesión: para `alcance.alumnoPropioOHijo` y cada lectura de "mis hijos".
 */
export function idsDeHijos(ctx: Pick<Ctx, 'db' | 'sesion'>) {
  return idsDeHijosDeUsuario(ctx.db, ctx.sesion.usuario.id);
}

/** Lo mismo para un usuario dado (el dueño del calendario personal, que se lee sin sesión). */
export function idsDeHijosDeUsuario(db: DbOTx, usuarioId: number) {
  return db
    .select({ id: alumnosReferentes.alumnoId })
    .from(referentes)
    .innerJoin(alumnosReferentes, eq(alumnosReferentes.referenteId, referentes.id))
    .where(and(eq(referentes.usuarioId, usuarioId), vinculoConfirmado));
}

export type { Hijo } from '@/domain/vinculos';

/** Los hijos vinculados al referente que inició sesión, con su curso del ciclo. */
export async function hijos(ctx: Pick<Ctx, 'db' | 'sesion' | 'ciclo'>): Promise<Hijo[]> {
  const { db, sesion, ciclo } = ctx;
  const filas = await db
    .select({
      id: alumnos.id,
      nombre: alumnos.nombre,
      apellido: alumnos.apellido,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
      ciclo: alumnosCursos.ciclolectivo,
    })
    .from(referentes)
    .innerJoin(alumnosReferentes, eq(alumnosReferentes.referenteId, referentes.id))
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .leftJoin(alumnosCursos, eq(alumnosCursos.alumnoId, alumnos.id))
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(and(eq(referentes.usuarioId, sesion.usuario.id), vinculoConfirmado))
    .orderBy(asc(alumnos.id), asc(alumnosCursos.ciclolectivo));
  // Un hijo por alumno, con el curso del ciclo elegido (o el último conocido).
  const porAlumno = new Map<number, Hijo & { delCiclo: boolean }>();
  for (const f of filas) {
    if (porAlumno.get(f.id)?.delCiclo) continue;
    const curso = f.anio
      ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad })
      : null;
    porAlumno.set(f.id, {
      id: f.id,
      nombre: f.nombre,
      apellido: f.apellido,
      curso,
      delCiclo: f.ciclo === ciclo,
    });
  }
  return [...porAlumno.values()].map(({ id, nombre, apellido, curso }) => ({
    id,
    nombre,
    apellido,
    curso,
  }));
}
