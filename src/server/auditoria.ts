import type { DbOTx } from '@/server/db';
import { auditoria } from '@/server/db/schema';

export interface EntradaAuditoria {
  usuarioId?: number | null;
  rol?: number | null;
  accion: string;
  entidad: string;
  entidadId?: string | number | null;
  antes?: unknown;
  despues?: unknown;
  ip?: string | null;
}

/** Escribe una entrada de auditoría (dentro de la transacción del cambio, si la hay). */
export async function auditar(db: DbOTx, e: EntradaAuditoria): Promise<void> {
  await db.insert(auditoria).values({
    usuarioId: e.usuarioId ?? null,
    rol: e.rol ?? null,
    accion: e.accion,
    entidad: e.entidad,
    entidadId: e.entidadId == null ? null : String(e.entidadId),
    antes: e.antes ?? null,
    despues: e.despues ?? null,
    ip: e.ip ?? null,
  });
}
