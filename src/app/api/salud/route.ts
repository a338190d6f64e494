import { sql } from 'drizzle-orm';
import { version } from '../../../../package.json';
import { getDb } from '@/server/db';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

const SIN_CACHE = { 'Cache-Control': 'no-store' };

/**
 * GET /api/salud: para el balanceador o el monitoreo (README, "Varias instancias"). Sin sesión:
 * comprueba la base con una consulta mínima y responde `{ ok: true, version }`; si la base no
 * responde, 503 con `{ ok: false, version, message }`. No dice nada más del servidor.
 */
export async function GET() {
  try {
    await (await getDb()).execute(sql`select 1`);
    return Response.json({ ok: true, version }, { headers: SIN_CACHE });
  } catch {
    return Response.json(
      { ok: false, version, message: 'La base de datos no responde.' },
      { status: 503, headers: SIN_CACHE },
    );
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
