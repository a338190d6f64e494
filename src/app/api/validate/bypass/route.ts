import { contextoHttp } from '@/server/api/contexto-http';
import { leerFormularioChico } from '@/server/api/cuerpo';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { pedidoPorHttps } from '@/server/ip';
import {
  COOKIE_ADMIN,
  DURACION_ADMIN_SEGUNDOS,
  crearCookieAdmin,
  registrarDispositivoAdmin,
} from '@/server/auth/admin';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * POST /api/validate/bypass (spec 02 §7; formulario o JSON { clave }): registra el dispositivo
 * como de administración si la clave es correcta, con el mismo límite de intentos por IP que la
 * pantalla /bypass (cinco fallidos en 15 minutos: 429) y la misma auditoría. Correcta: 200 y la
 * cookie del dispositivo; incorrecta: 401.
 */
export async function POST(req: Request): Promise<Response> {
  const ctx = await contextoHttp();
  const cuerpo = await leerFormularioChico(req);
  if (cuerpo instanceof Response) return cuerpo;
  const clave = typeof cuerpo.clave === 'string' ? cuerpo.clave : '';
  if (!clave || clave.length > 200) return errorJson(400, 'Falta la clave de administración.');
  try {
    const r = await registrarDispositivoAdmin(ctx, {
      clave,
      userAgent: req.headers.get('user-agent'),
    });
    if (!r.ok) return errorJson(r.error.startsWith('Demasiados') ? 429 : 401, r.error);
    const respuesta = Response.json({ ok: true });
    const segura = pedidoPorHttps(req.headers) ? '; Secure' : '';
    respuesta.headers.append(
      'Set-Cookie',
      `${COOKIE_ADMIN}=${crearCookieAdmin(r.dispositivoId)}; Path=/; Max-Age=${DURACION_ADMIN_SEGUNDOS}; HttpOnly; SameSite=Strict${segura}`,
    );
    return respuesta;
  } catch (e) {
    return respuestaDeError(e, ctx, 'POST /api/validate/bypass');
  }
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('POST');
