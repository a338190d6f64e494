'use server';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { signIn } from '@/server/auth';
import {
  COOKIE_ADMIN,
  DURACION_ADMIN_SEGUNDOS,
  MAX_INTENTOS_BYPASS,
  VENTANA_INTENTOS_MINUTOS,
  claveBypassCorrecta,
  crearCookieAdmin,
  intentosFallidos,
} from '@/server/auth/admin';
import { auditar } from '@/server/auditoria';
import { ipDe } from '@/server/api/contexto-http';
import { getDb } from '@/server/db';

export interface EstadoBypass {
  error?: string;
}

/** Registra el dispositivo como de administración si la clave es correcta (con límite de intentos). */
export async function registrarDispositivo(
  _previo: EstadoBypass,
  datos: FormData,
): Promise<EstadoBypass> {
  const clave = String(datos.get('clave') ?? '');
  const ip = ipDe(await headers()) ?? 'desconocida';
  const db = await getDb();
  if ((await intentosFallidos(db, ip)) >= MAX_INTENTOS_BYPASS) {
    return { error: `Demasiados intentos fallidos. Espere ${VENTANA_INTENTOS_MINUTOS} minutos.` };
  }
  if (!clave || !claveBypassCorrecta(clave)) {
    await auditar(db, { accion: 'bypass.clave_incorrecta', entidad: 'dispositivo', ip });
    return { error: 'Clave incorrecta.' };
  }
  await auditar(db, { accion: 'bypass.dispositivo_registrado', entidad: 'dispositivo', ip });
  (await cookies()).set(COOKIE_ADMIN, crearCookieAdmin(), {
    httpOnly: true,
    sameSite: 'strict',
    secure:
      process.env.NODE_ENV === 'production' && process.env.AUTH_URL?.startsWith('https') === true,
    path: '/',
    maxAge: DURACION_ADMIN_SEGUNDOS,
  });
  redirect('/bypass');
}

/** Ingresa como otro usuario desde un dispositivo de administración (queda auditado). */
export async function ingresarComoUsuario(datos: FormData) {
  try {
    await signIn('bypass', { usuarioId: String(datos.get('usuarioId') ?? ''), redirectTo: '/' });
  } catch (e) {
    if (e instanceof AuthError) redirect('/bypass?error=1');
    throw e;
  }
}
