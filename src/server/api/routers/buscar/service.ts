/**
 * Listas buscables (spec 01 §2): búsqueda en el servidor, páginas de 50, insensible
 * a mayúsculas y acentos, con el alcance del rol.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import type { Db } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  cursados,
  cursos,
  materias,
  referentes,
  usuarios,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { alumnosVisibles, cursadosVisibles, cursosVisibles, dentroDe } from '@/server/alcance';
import { paginar, type Busqueda, type Pagina } from '@/server/api/schemas';

export interface Opcion {
  id: number;
  etiqueta: string;
  detalle: string | null;
}

const sinAcentos = (x: SQL | AnyColumn) => sql`translate(lower(${x}), 'áéíóúüñ', 'aeiouun')`;
function normalizar(q: string) {
  return q
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** Cada palabra de la búsqueda debe aparecer en alguna de las columnas. */
function coincide(q: string, columnas: (SQL | AnyColumn)[]): SQL | undefined {
  const palabras = normalizar(q).split(/\s+/).filter(Boolean);
  if (!palabras.length) return undefined;
  return and(...palabras.map((p) => or(...columnas.map((c) => ilike(sinAcentos(c), `%${p}%`)))));
}

export async function buscarCursos(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  b: Busqueda,
): Promise<Pagina<Opcion>> {
  const filas = await db
    .select({
      id: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(cursos)
    .where(
      and(
        dentroDe(cursos.id, cursosVisibles(db, sesion, ciclo)),
        coincide(b.q, [
          sql`${cursos.anio}::text || '° ' || ${cursos.division}::text || '° ' || ${cursos.especialidad}`,
        ]),
      ),
    )
    .orderBy(asc(cursos.anio), asc(cursos.division))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((c) => ({
      id: c.id,
      etiqueta: nombreCurso(c),
      detalle: c.anio > 3 ? null : c.especialidad,
    })),
    b,
  );
}

export async function buscarAlumnos(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  b: Busqueda,
): Promise<Pagina<Opcion>> {
  const filas = await db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, ciclo)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(
      and(
        dentroDe(alumnos.id, alumnosVisibles(db, sesion, ciclo)),
        coincide(b.q, [alumnos.apellido, alumnos.nombre, sql`${alumnos.dni}::text`]),
      ),
    )
    .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((a) => ({
      id: a.id,
      etiqueta: `${a.apellido}, ${a.nombre}`,
      detalle: `DNI ${a.dni}${a.anio ? ` · ${nombreCurso({ anio: a.anio, division: a.division!, especialidad: a.especialidad })}` : ''}`,
    })),
    b,
  );
}

export async function buscarReferentes(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  b: Busqueda,
): Promise<Pagina<Opcion>> {
  const visibles = alumnosVisibles(db, sesion, ciclo);
  const filas = await db
    .select({
      id: referentes.id,
      apellido: referentes.apellido,
      nombre: referentes.nombre,
      email: referentes.email,
    })
    .from(referentes)
    .where(
      and(
        visibles
          ? inArray(
              referentes.id,
              db
                .select({ id: alumnosReferentes.referenteId })
                .from(alumnosReferentes)
                .where(inArray(alumnosReferentes.alumnoId, visibles)),
            )
          : undefined,
        coincide(b.q, [
          referentes.apellido,
          referentes.nombre,
          sql`coalesce(${referentes.email}, '')`,
        ]),
      ),
    )
    .orderBy(asc(referentes.apellido), asc(referentes.nombre), asc(referentes.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((r) => ({ id: r.id, etiqueta: `${r.apellido}, ${r.nombre}`, detalle: r.email })),
    b,
  );
}

export async function buscarMaterias(db: Db, b: Busqueda): Promise<Pagina<Opcion>> {
  const filas = await db
    .select({
      id: materias.id,
      nombre: materias.nombre,
      codigo: materias.codigo,
      anio: materias.anio,
    })
    .from(materias)
    .where(coincide(b.q, [materias.nombre, materias.codigo]))
    .orderBy(asc(materias.anio), asc(materias.nombre), asc(materias.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((m) => ({ id: m.id, etiqueta: m.nombre, detalle: `${m.anio}° año · ${m.codigo}` })),
    b,
  );
}

export async function buscarCursados(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  b: Busqueda,
): Promise<Pagina<Opcion>> {
  const filas = await db
    .select({ id: cursados.id, nombre: cursados.nombre, horas: cursados.horas })
    .from(cursados)
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(db, sesion, ciclo)),
        coincide(b.q, [cursados.nombre]),
      ),
    )
    .orderBy(asc(cursados.nombre), asc(cursados.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((c) => ({ id: c.id, etiqueta: c.nombre, detalle: `${c.horas} horas` })),
    b,
  );
}

/** Usuarios, opcionalmente sólo los que tienen un rol (preceptores, docentes). */
export async function buscarUsuarios(
  db: Db,
  b: Busqueda,
  conRol?: number,
): Promise<Pagina<Opcion>> {
  const filas = await db
    .select({
      id: usuarios.id,
      apellido: usuarios.apellido,
      nombre: usuarios.nombre,
      email: usuarios.email,
    })
    .from(usuarios)
    .where(
      and(
        conRol ? sql`(${usuarios.rls} & ${conRol}) <> 0` : undefined,
        conRol ? eq(usuarios.habilitado, true) : undefined,
        coincide(b.q, [usuarios.apellido, usuarios.nombre, usuarios.email]),
      ),
    )
    .orderBy(asc(usuarios.apellido), asc(usuarios.nombre), asc(usuarios.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((u) => ({ id: u.id, etiqueta: `${u.apellido}, ${u.nombre}`, detalle: u.email })),
    b,
  );
}
