/**
 * Listas buscables (spec 01 §2): búsqueda en el servidor, páginas de 50, insensible
 * a mayúsculas y acentos, con el alcance del rol.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  cursados,
  cursos,
  materias,
  referentes,
} from '@/server/db/schema';
import type { Ctx } from '@/server/contexto';
import { coincide } from '@/server/consultas/personas';
import { alumnosVisibles, cursadosVisibles, cursosVisibles, dentroDe } from '@/server/alcance';
import { paginar, type Busqueda, type Pagina } from '@/server/api/schemas';
import type { Opcion } from '@/domain/opciones';
import { cantidad } from '@/domain/texto';
import { ALTA_ADMINISTRACION, Rol, type RolBit } from '@/domain/roles';

export async function buscarCursos(ctx: Ctx, b: Busqueda): Promise<Pagina<Opcion>> {
  const { db } = ctx;
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
        dentroDe(cursos.id, cursosVisibles(ctx)),
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

/**
 * Alumnos del alcance con su curso del ciclo. El DNI se muestra sólo a la alta administración
 * (issue 31, punto 6); se busca por DNI también el preceptor, que lo tiene en la ficha de sus
 * alumnos, pero no el docente (sería una forma de averiguarlo).
 */
export async function buscarAlumnos(ctx: Ctx, b: Busqueda): Promise<Pagina<Opcion>> {
  const { db, ciclo } = ctx;
  const { rol } = ctx.sesion;
  const veDni = ALTA_ADMINISTRACION.includes(rol as RolBit);
  const buscaDni = veDni || rol === Rol.Preceptor;
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
        dentroDe(alumnos.id, alumnosVisibles(ctx)),
        coincide(b.q, [
          alumnos.apellido,
          alumnos.nombre,
          ...(buscaDni ? [sql`${alumnos.dni}::text`] : []),
        ]),
      ),
    )
    .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((a) => {
      const curso = a.anio
        ? nombreCurso({ anio: a.anio, division: a.division!, especialidad: a.especialidad })
        : null;
      return {
        id: a.id,
        etiqueta: `${a.apellido}, ${a.nombre}`,
        detalle: veDni ? `DNI ${a.dni}${curso ? ` · ${curso}` : ''}` : curso,
      };
    }),
    b,
  );
}

export async function buscarReferentes(ctx: Ctx, b: Busqueda): Promise<Pagina<Opcion>> {
  const { db } = ctx;
  const visibles = alumnosVisibles(ctx);
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

export async function buscarMaterias(ctx: Ctx, b: Busqueda): Promise<Pagina<Opcion>> {
  const filas = await ctx.db
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

export async function buscarCursados(ctx: Ctx, b: Busqueda): Promise<Pagina<Opcion>> {
  const { db, ciclo } = ctx;
  const filas = await db
    .select({ id: cursados.id, nombre: cursados.nombre, horas: cursados.horas })
    .from(cursados)
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(ctx)),
        coincide(b.q, [cursados.nombre]),
      ),
    )
    .orderBy(asc(cursados.nombre), asc(cursados.id))
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(
    filas.map((c) => ({
      id: c.id,
      etiqueta: c.nombre,
      detalle: cantidad(c.horas, 'hora', 'horas'),
    })),
    b,
  );
}
