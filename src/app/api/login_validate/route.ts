import { esCorreoGoogle } from '@/domain/escuela';
import { leerFormularioChico } from '@/server/api/cuerpo';
import { errorJson } from '@/server/api/rest';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * POST /api/login_validate (spec 02 §7 Login; cuerpo { email }, JSON o formulario): dice si el
 * email es de una cuenta de Google, el único ingreso que acepta el portal. No dice si el email
 * es de un usuario: así no sirve para averiguar quién está registrado.
 */
export async function POST(req: Request): Promise<Response> {
  const cuerpo = await leerFormularioChico(req);
  if (cuerpo instanceof Response) return cuerpo;
  const email = typeof cuerpo.email === 'string' ? cuerpo.email.trim() : '';
  if (!email || email.length > 254) return errorJson(400, 'El email es obligatorio.');
  return Response.json({ google: esCorreoGoogle(email) });
}

export const { GET, PUT, PATCH, DELETE, OPTIONS, HEAD } = otrosMetodos('POST');
