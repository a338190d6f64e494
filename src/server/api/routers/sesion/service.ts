import { eq, inArray } from 'drizzle-orm';
import { anioDe, ciclosHasta } from '@/domain/escuela';
import { rolesDe } from '@/domain/roles';
import type { Contexto, Ctx } from '@/server/contexto';
import { configuracion } from '@/server/db/schema';
import { dependeDelAnio, MODULOS, modulosDe, type Modulo } from '@/domain/modulos';
import { anioQueCursa } from '@/server/consultas/personas';

export function estado(ctx: Pick<Ctx, 'sesion'>) {
  const { usuario, rol } = ctx.sesion;
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

/**
 * Los módulos que el rol activo puede abrir (grilla de inicio, menú, /api/permissions). Al alumno,
 * los de un solo año (gimnasia electiva) sólo si lo cursa en el ciclo en curso (el del día
 * escolar, no el del selector de año): una lectura más, sólo para ese rol.
 */
export async function permisos(ctx: Pick<Ctx, 'sesion' | 'db' | 'hoy'>): Promise<ModuloSistema[]> {
  const { rol, usuario } = ctx.sesion;
  const anio = dependeDelAnio(rol) ? await anioQueCursa(ctx.db, usuario.id, anioDe(ctx.hoy)) : null;
  return modulosDe(rol, anio).map(aModuloSistema);
}

/** El catálogo de módulos del sistema (/api/sysconfig). */
export function sysconfig(): ModuloSistema[] {
  return MODULOS.map(aModuloSistema);
}

/** Claves de configuración visibles para cualquier usuario. */
const CLAVES_PUBLICAS = ['escuela'];

export async function configuracionPublica(ctx: Contexto) {
  const { db } = ctx;
  const filas = await db
    .select()
    .from(configuracion)
    .where(inArray(configuracion.clave, CLAVES_PUBLICAS));
  const ciclo = anioDe(ctx.hoy);
  const [cuota] = await db
    .select()
    .from(configuracion)
    .where(eq(configuracion.clave, `cuota.${ciclo}`));
  return {
    cicloLectivo: ciclo,
    ciclos: ciclosHasta(ciclo),
    zonaHoraria: ctx.zona,
    ...Object.fromEntries(filas.map((f) => [f.clave, f.valor])),
    cuota: cuota?.valor ?? null,
  };
}

export { hijos, type Hijo } from '@/server/consultas/hijos';
