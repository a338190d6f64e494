/**
 * La auditoría de las escrituras (DESIGN §7): quién (usuario y rol activo), qué, antes y
 * después, desde qué IP. Un solo camino para todas: `auditar(ctx, …)` escribe en la misma
 * conexión del contexto (dentro de la transacción del cambio, si `ctx.db` es una).
 */
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
}

/** Escribe una o varias entradas (una sola sentencia) con el usuario, el rol y la IP del contexto. */
export async function auditar(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  entradas: EntradaAuditoria | readonly EntradaAuditoria[],
): Promise<void> {
  const lista = Array.isArray(entradas) ? entradas : [entradas as EntradaAuditoria];
  if (!lista.length) return;
  await ctx.db.insert(auditoria).values(
    lista.map((e) => ({
      usuarioId: e.usuarioId ?? ctx.sesion?.usuario.id ?? null,
      rol: e.rol ?? ctx.sesion?.rol ?? null,
      accion: e.accion,
      entidad: e.entidad,
      entidadId: e.entidadId == null ? null : String(e.entidadId),
      antes: e.antes ?? null,
      despues: e.despues ?? null,
      ip: ctx.ip,
    })),
  );
}
