import { signOut } from '@/server/auth';
import { navegacionDeOtroSitio } from '@/server/seguridad';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * Cierra la sesión (GET, como lo pide el contrato) y vuelve a /login. Un enlace o una imagen de
 * otro sitio (`Sec-Fetch-Site: cross-site`) no cierra nada: vuelve al inicio con la sesión como
 * estaba.
 */
export async function GET(req: Request) {
  if (navegacionDeOtroSitio(req))
    return new Response(null, { status: 303, headers: { Location: '/' } });
  await signOut({ redirect: false });
  return new Response(null, { status: 303, headers: { Location: '/login' } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
