import { asc, eq, inArray } from 'drizzle-orm';
import { ciclosLectivos, cicloLectivoActual, nombreCurso, zonaHoraria } from '@/domain/escuela';
import { rolesDe } from '@/domain/roles';
import type { Db } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  configuracion,
  cursos,
  referentes,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { MODULOS, modulosDe, type Modulo } from '@/server/permisos';

export function estado(sesion: Sesion) {
  const { usuario, rol } = sesion;
  return {
    usuario: {
      id: usuario.id,
      email: usuario.email,
      nombre: usuario.nombre,
      apellido: usuario.apellido,
    },
    rls: usuario.rls,
    rol,
    roles: rolesDe(usuario.rls),
  };
}

export interface ModuloSistema {
  moduleId: string;
  main: string;
  nombre: string;
  icono: string;
  disponible: boolean;
}

const aModuloSistema = (m: Modulo): ModuloSistema => ({
  moduleId: m.ruta.slice(1).replace(/\//g, '-'),
  main: m.ruta,
  nombre: m.nombre,
  icono: m.icono,
  disponible: m.disponible,
});

/** Los módulos que el rol activo puede abrir (grilla de inicio, /api/permissions). */
export function permisos(sesion: Sesion): ModuloSistema[] {
  return modulosDe(sesion.rol).map(aModuloSistema);
}

/** El catálogo de módulos del sistema (/api/sysconfig). */
export function sysconfig(): ModuloSistema[] {
  return MODULOS.map(aModuloSistema);
}

/** Claves de configuración visibles para cualquier usuario. */
const CLAVES_PUBLICAS = ['escuela'];

export async function configuracionPublica(db: Db) {
  const filas = await db
    .select()
    .from(configuracion)
    .where(inArray(configuracion.clave, CLAVES_PUBLICAS));
  const ciclo = cicloLectivoActual();
  const [cuota] = await db
    .select()
    .from(configuracion)
    .where(eq(configuracion.clave, `cuota.${ciclo}`));
  return {
    cicloLectivo: ciclo,
    ciclos: ciclosLectivos(),
    zonaHoraria: zonaHoraria(),
    ...Object.fromEntries(filas.map((f) => [f.clave, f.valor])),
    cuota: cuota?.valor ?? null,
  };
}

export interface Hijo {
  id: number;
  nombre: string;
  apellido: string;
  curso: string | null;
}

/** Los hijos vinculados al referente que inició sesión, con su curso del ciclo. */
export async function hijos(db: Db, sesion: Sesion, ciclo: number): Promise<Hijo[]> {
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
    .where(eq(referentes.usuarioId, sesion.usuario.id))
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
