/**
 * Los ajustes de avisos de la escuela (configuración 'avisos'): por ahora, cuánto se espera tras el
 * último cambio de una planilla de asistencia antes de avisar a la familia.
 */
import { eq } from 'drizzle-orm';
import { CLAVE_AJUSTES_AVISOS, esperaDeAjustes } from '@/domain/avisos';
import type { DbOTx } from '@/server/db';
import { configuracion } from '@/server/db/schema';

/** La espera de la escuela, en segundos (sin configurar: la de omisión, 15 minutos). */
export async function esperaDeLaEscuela(db: DbOTx): Promise<number> {
  const [f] = await db
    .select({ valor: configuracion.valor })
    .from(configuracion)
    .where(eq(configuracion.clave, CLAVE_AJUSTES_AVISOS));
  return esperaDeAjustes(f?.valor);
}
