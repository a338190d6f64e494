import { TRPCError } from '@trpc/server';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Rol, rolesDe, tieneRol } from '@/domain/roles';
import type { Busqueda } from '@/server/api/schemas';
import { buscarUsuarios } from '@/server/consultas/usuarios';
import { usuarios } from '@/server/db/schema';
import type { Ctx } from '@/server/contexto';
import {
  actualizarEmailDelReferente,
  asegurarReferenteDeUsuario,
} from '@/server/consultas/referentes';
import { violaIndiceUnico, transaccion } from '@/server/errores';
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

export async function yo(ctx: Ctx) {
  const { db, sesion } = ctx;
  const [u] = await db.select(columnas).from(usuarios).where(eq(usuarios.id, sesion.usuario.id));
  return { ...u!, rolActivo: sesion.rol };
}

/**
 * GET /api/usuarios (/usuarios): la búsqueda de la lista (apellido, nombre o email, de a
 * `limit`) con los datos de cada uno que escribe la planilla del personal. Dos consultas.
 */
export async function listar(ctx: Ctx, b: Busqueda) {
  const pagina = await buscarUsuarios(ctx, b);
  const datos = new Map(
    (
      await ctx.db
        .select({
          id: usuarios.id,
          apellido: usuarios.apellido,
          nombre: usuarios.nombre,
          email: usuarios.email,
          telefono: usuarios.telefono,
          rls: usuarios.rls,
          habilitado: usuarios.habilitado,
        })
        .from(usuarios)
        .where(inArray(usuarios.id, pagina.items.map((i) => i.id).concat(0)))
    ).map((u) => [u.id, u]),
  );
  return {
    ...pagina,
    items: pagina.items.map((o) => {
      const { id: _, rls, ...u } = datos.get(o.id)!;
      return { ...o, ...u, roles: rolesDe(rls) };
    }),
  };
}

export async function obtener(ctx: Ctx, orden: number) {
  const [u] = await ctx.db.select(columnas).from(usuarios).where(eq(usuarios.id, orden));
  if (!u) throw new TRPCError({ code: 'NOT_FOUND', message: 'El usuario no existe.' });
  return u;
}

const EMAIL_REPETIDO = 'Ya existe un usuario con ese email.';

/**
 * Alta o edición de un usuario. Dos altas simultáneas con el mismo email pasan las dos la
 * consulta previa; la segunda choca con el índice único al insertar: también es 409.
 */
export async function guardar(ctx: Ctx, datos: GuardarUsuario) {
  try {
    return await guardarEnTransaccion(ctx, datos);
  } catch (e) {
    if (violaIndiceUnico(e, 'usuarios_email_idx', true))
      throw new TRPCError({ code: 'CONFLICT', message: EMAIL_REPETIDO });
    throw e;
  }
}

function guardarEnTransaccion(ctx: Ctx, datos: GuardarUsuario) {
  const { sesion } = ctx;
  return transaccion(ctx, async (tx) => {
    const repetido = await tx.db
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
      const [nuevo] = await tx.db.insert(usuarios).values(valores).returning(columnas);
      await auditar(tx, {
        accion: 'crear',
        entidad: 'usuarios',
        entidadId: nuevo!.orden,
        despues: nuevo,
      });
      await referenteDelUsuario(tx, nuevo!);
      return nuevo!;
    }
    const [antes] = await tx.db
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
    const [despues] = await tx.db
      .update(usuarios)
      .set(valores)
      .where(eq(usuarios.id, datos.orden))
      .returning(columnas);
    await auditar(tx, {
      accion: 'editar',
      entidad: 'usuarios',
      entidadId: datos.orden,
      antes,
      despues,
    });
    if (despues!.email !== antes.email)
      await actualizarEmailDelReferente(tx, {
        usuario: despues!.orden,
        email: despues!.email,
      });
    await referenteDelUsuario(tx, despues!);
    return despues!;
  });
}

/**
 * Un usuario con el rol Referente Parental tiene su fila de `referentes` (la inscripción la
 * necesita): se vincula la que la escuela cargó con su email o se crea, en la misma
 * transacción. Quitar el rol no la borra (conserva sus hijos e inscripciones).
 */
async function referenteDelUsuario(
  ctx: Ctx,
  u: {
    orden: number;
    email: string;
    apellido: string;
    nombre: string;
    telefono: string | null;
    rol: number;
  },
) {
  if (!tieneRol(u.rol, Rol.ReferenteParental)) return;
  await asegurarReferenteDeUsuario(ctx, { ...u, id: u.orden });
}
