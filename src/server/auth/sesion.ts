import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { esRolBit, rolInicial, tieneRol, type RolBit } from '@/domain/roles';
import type { Db } from '@/server/db';
import { sesiones, usuarios } from '@/server/db/schema';

/** Una sesión dura 12 h desde el ingreso (el JWT y la fila de `sesiones`). */
export const DURACION_SESION_SEGUNDOS = 12 * 60 * 60;
/** Las sesiones cerradas o vencidas se borran pasados estos días (al ingresar alguien). */
export const DIAS_CONSERVAR_SESIONES = 30;

/**
 * Abre una sesión para el usuario (al ingresar, por cualquier camino) y devuelve su id, que
 * va en el JWT. De paso borra las vencidas hace más de DIAS_CONSERVAR_SESIONES (las cerradas
 * vencen a las 12 h de abiertas): la tabla no crece sin fin.
 */
export async function abrirSesion(
  db: Db,
  usuarioId: number,
  suplantacion: { impersonadoPor: number; dispositivoId: string } | null = null,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .delete(sesiones)
    .where(
      lt(sesiones.vence, sql`now() - ${sql.raw(`interval '${DIAS_CONSERVAR_SESIONES} days'`)}`),
    );
  await db.insert(sesiones).values({
    id,
    usuarioId,
    vence: sql`now() + ${sql.raw(`interval '${DURACION_SESION_SEGUNDOS} seconds'`)}`,
    impersonadoPor: suplantacion?.impersonadoPor ?? null,
    dispositivoId: suplantacion?.dispositivoId ?? null,
  });
  return id;
}

/** Cierra la sesión (salir): desde ahora su JWT no vale, aunque alguien guarde una copia. */
export async function cerrarSesion(db: Db, sid: unknown): Promise<void> {
  if (!esIdDeSesion(sid)) return;
  await db
    .update(sesiones)
    .set({ cerrada: sql`now()` })
    .where(and(eq(sesiones.id, sid), isNull(sesiones.cerrada)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const esIdDeSesion = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export interface UsuarioSesion {
  id: number;
  email: string;
  nombre: string;
  apellido: string;
  rls: number;
}

/** Lo que lleva el JWT: el usuario, el rol activo elegido y el id de la sesión abierta. */
export interface TokenDeSesion {
  usuarioId?: number | string | null;
  rol?: number | null;
  sid?: unknown;
}

export interface Sesion {
  usuario: UsuarioSesion;
  /** Rol activo: siempre un bit que el usuario tiene hoy. */
  rol: RolBit;
  /**
   * Si la sesión es una suplantación (un Admin ingresó como este usuario desde /bypass): el id
   * del Admin. La auditoría lo anota en cada fila escrita en la sesión.
   */
  impersonadoPor?: number | null;
}

/**
 * La lectura de la sesión y su usuario, armada una vez por base (sentencia preparada): corre en
 * cada pedido con sesión, así Drizzle no vuelve a construir el SQL cada vez.
 */
const consultas = new WeakMap<Db, ReturnType<typeof prepararConsultaDeSesion>>();

function prepararConsultaDeSesion(db: Db) {
  return db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      rls: usuarios.rls,
      impersonadoPor: sesiones.impersonadoPor,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuarioId))
    .where(
      and(
        eq(sesiones.id, sql.placeholder('sid')),
        eq(sesiones.usuarioId, sql.placeholder('usuario')),
        isNull(sesiones.cerrada),
        gt(sesiones.vence, sql`now()`),
        eq(usuarios.habilitado, true),
      ),
    )
    .prepare('cargar_sesion');
}

function consultaDeSesion(db: Db) {
  let consulta = consultas.get(db);
  if (!consulta) {
    consulta = prepararConsultaDeSesion(db);
    consultas.set(db, consulta);
  }
  return consulta;
}

/**
 * Convierte el token (usuario, rol elegido, id de sesión) en la sesión vigente con UNA
 * consulta por la clave primaria de `sesiones`, que relee también la fila del usuario: una
 * sesión cerrada (salir) o vencida, o un token sin sesión (de antes), no tiene sesión; un
 * usuario deshabilitado o borrado tampoco, y un rol que ya no tiene cae al primero de los que
 * conserva.
 */
export async function cargarSesion(
  db: Db,
  token: TokenDeSesion | null | undefined,
): Promise<Sesion | null> {
  const id = Number(token?.usuarioId);
  const sid = token?.sid;
  if (!Number.isInteger(id) || id <= 0 || !esIdDeSesion(sid)) return null;
  const [fila] = await consultaDeSesion(db).execute({ sid, usuario: id });
  if (!fila) return null;
  const { impersonadoPor, ...usuario } = fila;
  const pedido = token?.rol;
  const rol = esRolBit(pedido) && tieneRol(usuario.rls, pedido) ? pedido : rolInicial(usuario.rls);
  if (rol == null) return null;
  return { usuario, rol, impersonadoPor };
}
