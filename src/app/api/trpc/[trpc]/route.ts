import { contextoHttp } from '@/server/api/contexto-http';
import { otrosMetodos } from '@/server/api/metodos';
import { atenderTrpc } from '@/server/api/trpc-http';

export const dynamic = 'force-dynamic';

/** tRPC (src/server/api/trpc-http.ts): origen, sesión y permiso, y recién el cuerpo. */
function handler(req: Request) {
  return atenderTrpc(req, contextoHttp);
}

export { handler as GET, handler as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET', 'POST');
