/**
 * El techo de Next, sólo en la build del benchmark: `next.config.mjs` agrega la extensión
 * `techo.ts` a las de las rutas cuando BENCH_TECHO=1 (la pone `npm run bench`); en cualquier
 * otra build este archivo no es una ruta y no existe /api/techo.
 *
 * Responde GET /api/techo/<ruta> con el mismo código de la línea de base (tests/bench/base.ts:
 * postgres.js, sin sesión, sin tRPC, sin Drizzle) dentro de un manejador de rutas de Next: lo
 * más rápido que puede atender Next ese pedido en esta máquina. Así el benchmark separa lo que
 * cuesta Next de lo que cuesta la app (sesión, contexto, tRPC, Drizzle).
 */
import { config } from '@/server/config';
import { conectarBase, responder } from '../../../../../tests/bench/base';

export const dynamic = 'force-dynamic';

const sql = conectarBase(config().databaseUrl ?? '');

export async function GET(req: Request) {
  const u = new URL(req.url);
  u.pathname = u.pathname.replace(/^\/api\/techo/, '');
  const { status, cuerpo } = await responder(sql, 'GET', u);
  return Response.json(cuerpo, { status });
}
