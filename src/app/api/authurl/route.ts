import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { Rol } from '@/domain/roles';
import { googleConfigurado, signIn } from '@/server/auth';
import { sesionActual } from '@/server/api/contexto-http';
import { errorJson } from '@/server/api/rest';
import { pedidoPorHttps } from '@/server/ip';
import {
  COOKIE_INTENCION,
  DURACION_INTENCION_SEGUNDOS,
  MENSAJES_LOGIN,
  crearIntencion,
  destinoDeError,
  esNavegacion,
  type Intencion,
} from '@/server/auth/ingreso-google';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/authurl (spec 02 §7 Login): empieza el ingreso con Google y redirige (302) a la
 * pantalla de Google. Es un enlace común: funciona aunque la página todavía no cargó su
 * JavaScript, como pasa en un teléfono lento.
 * - origin=login: ingreso de un usuario existente.
 * - origin=registrar&role=256: una cuenta nueva se registra como referente parental.
 * - origin=cambiar&uid={uid}: el alumno de la sesión pasa a ingresar con Google; el uid, si
 *   viene, tiene que ser el suyo (nunca se cambia la cuenta de otro).
 * La intención viaja en una cookie firmada y de vida corta (src/server/auth/ingreso-google.ts).
 *
 * Si falla, a un cliente de la API le responde `{ error: true, message }` con su estado; a un
 * navegador (un enlace tocado) lo lleva (303) a una página que muestra el mensaje en castellano
 * (`destinoDeError`): nunca JSON crudo en la pantalla.
 */
export async function GET(req: NextRequest): Promise<Response> {
  const p = req.nextUrl.searchParams;
  const navegacion = esNavegacion(req.headers);
  const error = (estado: number, mensaje: string): Response =>
    navegacion
      ? new Response(null, {
          status: 303,
          headers: { Location: destinoDeError(p.get('origin'), estado, mensaje) },
        })
      : errorJson(estado, mensaje);
  if (!googleConfigurado()) return error(503, MENSAJES_LOGIN.googleNoConfigurado);
  const origen = p.get('origin') ?? 'login';
  let intencion: Intencion | null = null;
  let destino = '/';
  if (origen === 'registrar') {
    if (p.get('role') !== String(Rol.ReferenteParental))
      return error(400, MENSAJES_LOGIN.soloReferentes);
    intencion = { tipo: 'registrar' };
    destino = '/inscripcion/completar';
  } else if (origen === 'cambiar') {
    const sesion = await sesionActual();
    if (!sesion) return error(401, MENSAJES_LOGIN.inicieSesionParaCambiar);
    const uid = p.get('uid');
    if (sesion.rol !== Rol.Alumno || (uid !== null && uid !== String(sesion.usuario.id)))
      return error(403, MENSAJES_LOGIN.soloAlumno);
    intencion = { tipo: 'cambiar', usuarioId: sesion.usuario.id };
  } else if (origen !== 'login') {
    return error(400, MENSAJES_LOGIN.origenInvalido);
  }
  const almacen = await cookies();
  if (intencion)
    almacen.set(COOKIE_INTENCION, crearIntencion(intencion), {
      httpOnly: true,
      // 'lax': la vuelta de Google es una navegación de primer nivel y la cookie tiene que viajar.
      sameSite: 'lax',
      secure: pedidoPorHttps(req.headers),
      path: '/',
      maxAge: DURACION_INTENCION_SEGUNDOS,
    });
  else almacen.delete(COOKIE_INTENCION);
  const url: string = await signIn('google', { redirect: false, redirectTo: destino });
  return new Response(null, { status: 302, headers: { Location: url } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
