import { contextoHttp } from '@/server/api/contexto-http';
import {
  atender,
  encontrarRuta,
  errorJson,
  leerCuerpo,
  MENSAJE_CAMINO_MAL_CODIFICADO,
} from '@/server/api/rest';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';

export const dynamic = 'force-dynamic';

async function handler(req: Request) {
  const url = new URL(req.url);
  const { ruta, params, metodoNoPermitido, malCodificado } = encontrarRuta(
    req.method,
    url.pathname,
  );
  if (malCodificado) return errorJson(400, MENSAJE_CAMINO_MAL_CODIFICADO);
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
  return atender(ctx, ruta, params ?? {}, Object.fromEntries(url.searchParams), cuerpo);
}

export { handler as GET, handler as POST, handler as PUT, handler as DELETE, handler as PATCH };
