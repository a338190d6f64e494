import { otrosMetodos } from '@/server/api/metodos';
import { atenderBaja } from '@/server/avisos/correo/baja';
import { secretoDeSesion } from '@/server/config';
import { getDb } from '@/server/db';
import { ipDePeticion } from '@/server/ip';

export const dynamic = 'force-dynamic';

/**
 * /api/avisos/baja?t=<token> (issue 35 §2): el enlace de List-Unsubscribe de cada correo de
 * avisos. Público: el token firmado (usuario y categoría) es la prueba. GET muestra la página que
 * confirma; POST (el "un clic" del cliente de correo, o el botón) pone la categoría en 'no' y lo
 * anota en el registro de consentimientos.
 */
async function atender(req: Request) {
  return atenderBaja(req, {
    db: await getDb(),
    secreto: secretoDeSesion(),
    ahora: new Date(),
    ip: ipDePeticion(req.headers),
  });
}

export const GET = atender;
export const POST = atender;

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET', 'POST');
