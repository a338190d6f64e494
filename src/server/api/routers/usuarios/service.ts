import { TRPCError } from '@trpc/server';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Db } from '@/server/db';
import { usuarios } from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { auditar } from '@/server/auditoria';
import type { GuardarUsuario } from './schemas';

const columnas = {
  orden: usuarios.id,
  email: usuarios.email,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  telefono: usuarios.telefono,
  rol: usuarios.rls,
  habilitado: usuarios.habilitado,
};

export async function yo(db: Db, sesion: Sesion) {
  const [u] = await db.select(columnas).from(usuarios).where(eq(usuarios.id, sesion.usuario.id));
  return { ...u!, rolActivo: sesion.rol };
}

export async function obtener(db: Db, orden: number) {
  const [u] = await db.select(columnas).from(usuarios).where(eq(usuarios.id, orden));
  if (!u) throw new TRPCError({ code: 'NOT_FOUND', message: 'El usuario no existe.' });
  return u;
}

const EMAIL_REPETIDO = 'Ya existe un usuario con ese email.';

/**
 * ¿El error es la violación del índice único de email (23505)? Dos altas simultáneas con el
 * mismo email pasan las dos la consulta previa; la segunda choca con el índice al insertar.
 */
function esEmailRepetido(e: unknown): boolean {
  let x: unknown = e;
  for (let i = 0; i < 5 && x && typeof x === 'object'; i++) {
    const { code, constraint_name, constraint } = x as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (code === '23505')
      return (constraint_name ?? constraint ?? 'usuarios_email_idx') === 'usuarios_email_idx';
    x = (x as { cause?: unknown }).cause;
  }
  return false;
}

export async function guardar(db: Db, sesion: Sesion, datos: GuardarUsuario, ip: string | null) {
  try {
    return await guardarEnTransaccion(db, sesion, datos, ip);
  } catch (e) {
    if (esEmailRepetido(e)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_REPETIDO });
    throw e;
  }
}

function guardarEnTransaccion(db: Db, sesion: Sesion, datos: GuardarUsuario, ip: string | null) {
  return db.transaction(async (tx) => {
    const repetido = await tx
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(
        and(
          eq(sql`lower(${usuarios.email})`, datos.email),
          datos.orden ? ne(usuarios.id, datos.orden) : undefined,
        ),
      );
    if (repetido.length) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_REPETIDO });

    const valores = {
      apellido: datos.apellido,
      nombre: datos.nombre,
      email: datos.email,
      telefono: datos.telefono,
      rls: datos.rol,
      habilitado: datos.habilitado,
    };
    if (!datos.orden) {
      const [nuevo] = await tx.insert(usuarios).values(valores).returning(columnas);
      await auditar(tx, {
        usuarioId: sesion.usuario.id,
        rol: sesion.rol,
        accion: 'crear',
        entidad: 'usuarios',
        entidadId: nuevo!.orden,
        despues: nuevo,
        ip,
      });
      return nuevo!;
    }
    const [antes] = await tx
      .select(columnas)
      .from(usuarios)
      .where(eq(usuarios.id, datos.orden))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: 'El usuario no existe.' });
    if (datos.orden === sesion.usuario.id && (!datos.habilitado || (datos.rol & Rol.Admin) === 0)) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'No puede quitarse a sí mismo el rol de administrador ni deshabilitarse.',
      });
    }
    const [despues] = await tx
      .update(usuarios)
      .set(valores)
      .where(eq(usuarios.id, datos.orden))
      .returning(columnas);
    await auditar(tx, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'editar',
      entidad: 'usuarios',
      entidadId: datos.orden,
      antes,
      despues,
      ip,
    });
    return despues!;
  });
}
