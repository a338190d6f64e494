/**
 * Búsqueda de usuarios del personal (opcionalmente con un rol: preceptores, docentes) como
 * opciones de las listas buscables: la usan buscar, usuarios (/usuarios) y /bypass.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rolesDe, type RolBit } from '@/domain/roles';
import { paginar, type Busqueda, type Pagina } from '@/server/api/schemas';
import type { Contexto } from '@/server/contexto';
import { coincide } from '@/server/consultas/personas';
import { usuarios } from '@/server/db/schema';
import type { Opcion } from '@/domain/opciones';

export type { Opcion };

/** Usuarios, opcionalmente sólo los que tienen un rol (preceptores, docentes). */
export async function buscarUsuarios(
  ctx: Pick<Contexto, 'db'>,
  b: Busqueda & { conRol?: number },
): Promise<Pagina<Opcion>> {
  const { conRol } = b;
  const filas = await ctx.db
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

/**
 * Los usuarios para "ingresar como" (la pantalla /bypass y GET /api/admin/bypass): la búsqueda
 * de `buscarUsuarios` (apellido, nombre o email) con los roles de cada uno. Dos consultas.
 */
export async function usuariosParaIngresar(
  ctx: Pick<Contexto, 'db'>,
  b: Busqueda,
): Promise<Pagina<Opcion & { roles: RolBit[] }>> {
  const pagina = await buscarUsuarios(ctx, b);
  const roles = new Map(
    (
      await ctx.db
        .select({ id: usuarios.id, rls: usuarios.rls })
        .from(usuarios)
        .where(inArray(usuarios.id, pagina.items.map((i) => i.id).concat(0)))
    ).map((u) => [u.id, u.rls]),
  );
  return {
    ...pagina,
    items: pagina.items.map((u) => ({ ...u, roles: rolesDe(roles.get(u.id) ?? 0) })),
  };
}
