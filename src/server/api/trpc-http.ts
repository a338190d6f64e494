/**
 * Una petición a /api/trpc (el manejador de src/app/api/trpc y las pruebas, con el contexto que
 * arma cada uno), con el mismo orden que el contrato REST: el origen (una mutación de otro sitio,
 * 403), la sesión y el permiso de cada procedimiento del camino (`/api/trpc/a.b,c.d` en un lote)
 * y recién entonces el cuerpo, con el máximo de JSON (413: por `Content-Length` sin leerlo, o al
 * pasarlo mientras llega). Si alguno no puede llamarse, tRPC recibe la petición sin cuerpo y
 * responde sus errores (401, 403, 404) con su forma: el cuerpo no se lee.
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { puedeLlamar } from '@/server/permisos';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';
import { CuerpoDemasiadoGrande, LIMITE_JSON, leerBytes, respuestaCuerpoGrande } from './cuerpo';
import { appRouter } from './root';
import type { Contexto } from './trpc';

const PREFIJO = '/api/trpc';

/** Los procedimientos del camino; null si está mal codificado. */
function procedimientosDe(url: URL): string[] | null {
  try {
    return decodeURIComponent(url.pathname.slice(PREFIJO.length + 1)).split(',');
  } catch {
    return null;
  }
}

export async function atenderTrpc(
  req: Request,
  contexto: () => Promise<Contexto>,
): Promise<Response> {
  // tRPC sólo cambia datos por POST (mutaciones): ahí se exige el origen propio.
  if (req.method !== 'GET' && !origenPermitido(req))
    return Response.json({ error: true, message: MENSAJE_ORIGEN }, { status: 403 });
  const ctx = await contexto();
  let pedido = req;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const puede = procedimientosDe(new URL(req.url))?.every((p) =>
      puedeLlamar(p, ctx.sesion?.rol, ctx.dispositivoAdmin),
    );
    const cabeceras = new Headers(req.headers);
    cabeceras.delete('content-length');
    cabeceras.delete('transfer-encoding');
    let cuerpo: Uint8Array<ArrayBuffer> | undefined;
    if (puede) {
      try {
        cuerpo = await leerBytes(req, LIMITE_JSON);
      } catch (e) {
        if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
        return Response.json(
          { error: true, message: 'No se pudo leer el cuerpo de la petición.' },
          { status: 400 },
        );
      }
    }
    pedido = new Request(req.url, { method: req.method, headers: cabeceras, body: cuerpo });
  }
  return fetchRequestHandler({
    endpoint: PREFIJO,
    req: pedido,
    router: appRouter,
    // El contexto ya armado: la sesión no se carga dos veces.
    createContext: () => ctx,
    allowMethodOverride: false,
  });
}
