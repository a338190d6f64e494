import { esCorreoGoogle } from '@/domain/escuela';
import { errorJson, leerCuerpo } from '@/server/api/rest';

export const dynamic = 'force-dynamic';

/**
 * POST /api/login_validate (spec 02 §7 Login; cuerpo { email }, JSON o formulario): dice si el
 * email es de una cuenta de Google, el único ingreso que acepta el portal. No dice si el email
 * es de un usuario: así no sirve para averiguar quién está registrado.
 */
export async function POST(req: Request): Promise<Response> {
  const cuerpo = (await leerCuerpo(req).catch(() => null)) as { email?: unknown } | null;
  const email = typeof cuerpo?.email === 'string' ? cuerpo.email.trim() : '';
  if (!email || email.length > 254) return errorJson(400, 'El email es obligatorio.');
  return Response.json({ google: esCorreoGoogle(email) });
}
