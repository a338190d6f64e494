import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import type { Db } from '@/server/db';
import { cursos, preceptoresCursos, usuarios } from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { cursosVisibles } from '@/server/alcance';
import { NO_AUTORIZADO } from '@/server/api/trpc';

const columnas = { orden: cursos.id, anio: cursos.anio, division: cursos.division, especialidad: cursos.especialidad };
type FilaCurso = { orden: number; anio: number; division: number; especialidad: string };
const conNombre = (c: FilaCurso) => ({ ...c, nombre: nombreCurso(c) });
const orden = [asc(cursos.anio), asc(cursos.division)];

export async function listar(db: Db) {
  return (await db.select(columnas).from(cursos).orderBy(...orden)).map(conNombre);
}

/** Cursos de un preceptor: los propios, o los de otro si el rol ve toda la escuela. */
export async function delPreceptor(db: Db, sesion: Sesion, preceptorId?: number) {
  const id = preceptorId ?? sesion.usuario.id;
  if (id !== sesion.usuario.id && sesion.rol === Rol.Preceptor) {
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
  }
  if (preceptorId !== undefined) {
    const [u] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id));
    if (!u) throw new TRPCError({ code: 'NOT_FOUND', message: 'El preceptor no existe.' });
  }
  const filas = await db
    .select(columnas)
    .from(cursos)
    .innerJoin(preceptoresCursos, eq(preceptoresCursos.cursoId, cursos.id))
    .where(eq(preceptoresCursos.usuarioId, id))
    .orderBy(...orden);
  return filas.map(conNombre);
}

/** Cursos con cursados del ciclo dentro del alcance del rol (departamento o coordinación). */
export async function visiblesEnCiclo(db: Db, sesion: Sesion, ciclo: number) {
  const sub = cursosVisibles(db, sesion, ciclo);
  const filas = await db
    .select(columnas)
    .from(cursos)
    .where(and(sub ? inArray(cursos.id, sub) : undefined))
    .orderBy(...orden);
  return filas.map(conNombre);
}
