/**
 * La auditoría de las escrituras (DESIGN §7): quién (usuario y rol activo), qué, antes y
 * después, desde qué IP. Un solo camino para todas: `auditar(ctx, …)` escribe en la misma
 * conexión del contexto (dentro de la transacción del cambio, si `ctx.db` es una).
 */
import { sql } from 'drizzle-orm';
import type { Contexto } from '@/server/contexto';
import { auditoria } from '@/server/db/schema';

export interface EntradaAuditoria {
  accion: string;
  entidad: string;
  entidadId?: string | number | null;
  antes?: unknown;
  despues?: unknown;
  /** Sólo para escrituras sin sesión (registro, ingreso por /bypass): quién y con qué rol. */
  usuarioId?: number | null;
  rol?: number | null;
  /** Sólo para el ingreso por /bypass (sin sesión todavía): el Admin que suplanta a `usuarioId`. */
  impersonadoPor?: number | null;
}

/**
 * Escribe una o varias entradas (una sola sentencia) con el usuario, el rol y la IP del contexto.
 * Las filas van juntas en un único parámetro jsonb (`jsonb_to_recordset`): el texto de la
 * sentencia es siempre el mismo y Drizzle no arma un parámetro por celda (un guardado de 70 notas
 * eran 560). Un `null` de JSON es NULL, como antes.
 */
export async function auditar(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  entradas: EntradaAuditoria | readonly EntradaAuditoria[],
): Promise<void> {
  const lista = Array.isArray(entradas) ? entradas : [entradas as EntradaAuditoria];
  if (!lista.length) return;
  const filas = lista.map((e) => ({
    usuario_id: e.usuarioId ?? ctx.sesion?.usuario.id ?? null,
    rol: e.rol ?? ctx.sesion?.rol ?? null,
    // En una sesión de suplantación (/bypass), cada fila dice qué Admin actuaba como el usuario.
    impersonado_por: e.impersonadoPor ?? ctx.sesion?.impersonadoPor ?? null,
    accion: e.accion,
    entidad: e.entidad,
    entidad_id: e.entidadId == null ? null : String(e.entidadId),
    antes: e.antes ?? null,
    despues: e.despues ?? null,
  }));
  await ctx.db.execute(sql`
    insert into ${auditoria}
      (usuario_id, rol, impersonado_por, accion, entidad, entidad_id, antes, despues, ip)
    select usuario_id, rol, impersonado_por, accion, entidad, entidad_id, antes, despues,
      ${ctx.ip}::text
    from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) as t(
      usuario_id integer, rol integer, impersonado_por integer, accion text, entidad text,
      entidad_id text, antes jsonb, despues jsonb)`);
}
