import { contextoHttp } from '@/server/api/contexto-http';
import { encontrarRuta, errorJson, leerCuerpo, llamar, respuestaDeError } from '@/server/api/rest';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';

export const dynamic = 'force-dynamic';

async function handler(req: Request) {
  const url = new URL(req.url);
  const { ruta, params, metodoNoPermitido } = encontrarRuta(req.method, url.pathname);
  if (!ruta)
    return metodoNoPermitido
      ? errorJson(405, 'Método no permitido.')
      : errorJson(404, 'No existe esa ruta.');
  if (req.method !== 'GET' && !origenPermitido(req)) return errorJson(403, MENSAJE_ORIGEN);
  const ctx = await contextoHttp();
  let cuerpo: unknown;
  if (req.method !== 'GET') {
    try {
      cuerpo = await leerCuerpo(req);
    } catch {
      return errorJson(400, 'El cuerpo de la petición no es JSON válido.');
    }
  }
  const query = Object.fromEntries(url.searchParams);
  const entrada = ruta.entrada ? ruta.entrada({ params: params ?? {}, query, cuerpo }) : cuerpo;
  try {
    return Response.json(await llamar(ctx, ruta.procedimiento, entrada));
  } catch (e) {
    return respuestaDeError(e, ctx.requestId);
  }
}

export { handler as GET, handler as POST, handler as PUT, handler as DELETE, handler as PATCH };
