import { esRolBit, tieneRol } from '@/domain/roles';
import { unstable_update } from '@/server/auth';
import { sesionActual } from '@/server/api/contexto-http';
import { errorJson } from '@/server/api/rest';
import { navegacionDeOtroSitio } from '@/server/seguridad';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/login/change/{rol} (spec 02 §7 Login): cambia el rol activo de la sesión a uno que
 * el usuario tiene hoy. Responde el rol activo nuevo; la pantalla usa la acción cambiarRol.
 * Un enlace de otro sitio (`Sec-Fetch-Site: cross-site`) no cambia nada: vuelve al inicio.
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ rol: string }> },
): Promise<Response> {
  if (navegacionDeOtroSitio(req))
    return new Response(null, { status: 303, headers: { Location: '/' } });
  const sesion = await sesionActual();
  if (!sesion) return errorJson(401, 'Inicie sesión.');
  const texto = (await params).rol;
  const rol = /^\d{1,6}$/.test(texto) ? Number(texto) : NaN;
  if (!esRolBit(rol) || !tieneRol(sesion.usuario.rls, rol))
    return errorJson(403, 'No tiene ese rol.');
  await unstable_update({ rol } as never);
  return Response.json({ rol });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
