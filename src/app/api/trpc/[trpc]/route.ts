import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { contextoHttp } from '@/server/api/contexto-http';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';

export const dynamic = 'force-dynamic';

function handler(req: Request) {
  // tRPC sólo cambia datos por POST (mutaciones): ahí se exige el origen propio.
  if (req.method !== 'GET' && !origenPermitido(req)) {
    return Response.json({ error: true, message: MENSAJE_ORIGEN }, { status: 403 });
  }
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => contextoHttp(),
    allowMethodOverride: false,
  });
}

export { handler as GET, handler as POST };
