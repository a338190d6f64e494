import { eq, inArray } from 'drizzle-orm';
import { anioDe, ciclosHasta } from '@/domain/escuela';
import { rolesDe } from '@/domain/roles';
import type { Contexto, Ctx } from '@/server/contexto';
import { configuracion } from '@/server/db/schema';
import { aModuloSistema, MODULOS, type ModuloSistema } from '@/domain/modulos';

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

/** Los módulos que abre el rol activo: la misma consulta que la grilla y el menú del marco. */
export { permisos } from '@/server/consultas/modulos';

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

export { hijos } from '@/server/consultas/hijos';
