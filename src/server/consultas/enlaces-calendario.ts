/**
 * El secreto de la dirección privada del calendario de un usuario (issue 14 §10; issue 32 §5):
 * uno por usuario (`enlaces_calendario`), el mismo para el .ics de sus evaluaciones (alumno o
 * referente) y para el de su semana de clases (docente). Generar otro reemplaza la fila: la
 * dirección anterior deja de funcionar en el mismo momento. Lo usan los módulos de evaluaciones
 * y de horarios.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { auditar } from '@/server/auditoria';
import type { Contexto, Ctx } from '@/server/contexto';
import { enlacesCalendario, usuarios } from '@/server/db/schema';
import { transaccion } from '@/server/errores';

export const CALENDARIO_INEXISTENTE =
  'El calendario no existe: el enlace se reemplazó por otro o se quitó.';

/** 32 bytes al azar en base64url: 43 caracteres (`PATRON_TOKEN_CALENDARIO`). */
const nuevoToken = () => randomBytes(32).toString('base64url');

/** El secreto de la dirección del usuario de la sesión, o null si no generó una. */
export async function enlaceDelUsuario(ctx: Ctx) {
  const [fila] = await ctx.db
    .select({ token: enlacesCalendario.token, creado: enlacesCalendario.creado })
    .from(enlacesCalendario)
    .where(eq(enlacesCalendario.usuarioId, ctx.sesion.usuario.id));
  return { token: fila?.token ?? null, creado: fila?.creado ?? null };
}

/** Genera la dirección del usuario de la sesión (o una nueva, que anula la anterior). */
export async function generarEnlace(ctx: Ctx) {
  const token = nuevoToken();
  return transaccion(ctx, async (tx) => {
    const [fila] = await tx.db
      .insert(enlacesCalendario)
      .values({ usuarioId: ctx.sesion.usuario.id, token })
      .onConflictDoUpdate({
        target: enlacesCalendario.usuarioId,
        set: { token, creado: sql`now()` },
      })
      .returning({ token: enlacesCalendario.token, creado: enlacesCalendario.creado });
    await auditar(tx, {
      accion: 'generar',
      entidad: 'enlaces_calendario',
      entidadId: ctx.sesion.usuario.id,
    });
    return { token: fila!.token, creado: fila!.creado };
  });
}

/** Quita la dirección del usuario de la sesión; la que estaba en uso deja de funcionar. */
export async function quitarEnlaceDelUsuario(ctx: Ctx) {
  return transaccion(ctx, async (tx) => {
    const borradas = await tx.db
      .delete(enlacesCalendario)
      .where(eq(enlacesCalendario.usuarioId, ctx.sesion.usuario.id))
      .returning({ usuarioId: enlacesCalendario.usuarioId });
    if (borradas.length)
      await auditar(tx, {
        accion: 'quitar',
        entidad: 'enlaces_calendario',
        entidadId: ctx.sesion.usuario.id,
      });
    return { quitado: borradas.length > 0 };
  });
}

/**
 * El dueño habilitado de un secreto (id y máscara de roles), o undefined: un secreto que no
 * existe, reemplazado o quitado, o de un usuario deshabilitado. Una consulta.
 */
export async function duenioDelEnlace(ctx: Contexto, token: string) {
  const [duenio] = await ctx.db
    .select({ id: usuarios.id, rls: usuarios.rls })
    .from(enlacesCalendario)
    .innerJoin(usuarios, eq(usuarios.id, enlacesCalendario.usuarioId))
    .where(and(eq(enlacesCalendario.token, token), eq(usuarios.habilitado, true)));
  return duenio;
}
