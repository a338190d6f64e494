'use server';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { signIn } from '@/server/auth';
import {
  COOKIE_ADMIN,
  DURACION_ADMIN_SEGUNDOS,
  crearCookieAdmin,
  registrarDispositivoAdmin,
} from '@/server/auth/admin';
import { getDb } from '@/server/db';
import { ipDePeticion, pedidoPorHttps } from '@/server/ip';

export interface EstadoBypass {
  error?: string;
}

/**
 * Registra el dispositivo como de administración si la clave es correcta, con el límite de
 * intentos por IP (la del salto de confianza) mirado y anotado de una vez.
 */
export async function registrarDispositivo(
  _previo: EstadoBypass,
  datos: FormData,
): Promise<EstadoBypass> {
  const clave = datos.get('clave');
  const h = await headers();
  const r = await registrarDispositivoAdmin(
    { db: await getDb(), ip: ipDePeticion(h) },
    { clave: typeof clave === 'string' ? clave : '', userAgent: h.get('user-agent') },
  );
  if (!r.ok) return { error: r.error };
  (await cookies()).set(COOKIE_ADMIN, crearCookieAdmin(r.dispositivoId), {
    httpOnly: true,
    sameSite: 'strict',
    secure: pedidoPorHttps(await headers()),
    path: '/',
    maxAge: DURACION_ADMIN_SEGUNDOS,
  });
  redirect('/bypass');
}

/**
 * Ingresa como otro usuario: con el dispositivo de administración y una sesión de Admin (lo
 * verifica el proveedor 'bypass', src/server/auth/index.ts); queda auditado.
 */
export async function ingresarComoUsuario(datos: FormData) {
  try {
    await signIn('bypass', { usuarioId: String(datos.get('usuarioId') ?? ''), redirectTo: '/' });
  } catch (e) {
    if (e instanceof AuthError) redirect('/bypass?error=1');
    throw e;
  }
}
