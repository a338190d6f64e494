import { eq } from 'drizzle-orm';
import { esRolBit, rolInicial, tieneRol, type RolBit } from '@/domain/roles';
import type { Db } from '@/server/db';
import { usuarios } from '@/server/db/schema';

export interface UsuarioSesion {
  id: number;
  email: string;
  nombre: string;
  apellido: string;
  rls: number;
}

export interface Sesion {
  usuario: UsuarioSesion;
  /** Rol activo: siempre un bit que el usuario tiene hoy. */
  rol: RolBit;
}

/**
 * Convierte el token (id de usuario + rol elegido) en la sesión vigente, releyendo la
 * fila del usuario: un usuario deshabilitado o borrado no tiene sesión, y un rol que
 * ya no tiene cae al primero de los que conserva.
 */
export async function cargarSesion(
  db: Db,
  token: { usuarioId?: number | string | null; rol?: number | null } | null | undefined,
): Promise<Sesion | null> {
  const id = Number(token?.usuarioId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const [fila] = await db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      rls: usuarios.rls,
      habilitado: usuarios.habilitado,
    })
    .from(usuarios)
    .where(eq(usuarios.id, id));
  if (!fila || !fila.habilitado) return null;
  const pedido = token?.rol;
  const rol = esRolBit(pedido) && tieneRol(fila.rls, pedido) ? pedido : rolInicial(fila.rls);
  if (rol == null) return null;
  const { habilitado: _h, ...usuario } = fila;
  return { usuario, rol };
}
