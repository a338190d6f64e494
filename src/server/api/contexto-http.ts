import { momentoEscolar, cicloValido } from '@/server/reloj';
import 'server-only';
import { cookies, headers } from 'next/headers';

import { auth } from '@/server/auth';
import { COOKIE_ADMIN, cookieAdminValida } from '@/server/auth/admin';
import { cargarSesion, type Sesion } from '@/server/auth/sesion';
import { getDb } from '@/server/db';
import { ipDePeticion } from '@/server/ip';
import { crearContexto, type Contexto } from './trpc';

/** Cookies del estado compartido: ciclo lectivo elegido e hijo elegido por el referente. */
export const COOKIE_CICLO = 'portal_ciclo';
export const COOKIE_HIJO = 'portal_hijo';

/** La sesión vigente de la petición (token de next-auth + sesión y usuario releídos de la base). */
export async function sesionActual(): Promise<Sesion | null> {
  const token = await auth();
  if (!token) return null;
  return cargarSesion(await getDb(), {
    usuarioId: token.usuarioId,
    rol: token.rol,
    sid: token.sid,
  });
}

export function cicloDeCookie(valor: string | undefined): number {
  const n = Number(valor);
  return cicloValido(n) ? n : momentoEscolar().ciclo;
}

/** El contexto de tRPC para una petición HTTP (tRPC, REST o componente de servidor). */
export async function contextoHttp(): Promise<Contexto> {
  const [db, sesion, jar, h] = await Promise.all([getDb(), sesionActual(), cookies(), headers()]);
  const hijo = Number(jar.get(COOKIE_HIJO)?.value);
  return crearContexto({
    db,
    sesion,
    ciclo: cicloDeCookie(jar.get(COOKIE_CICLO)?.value),
    hijo: Number.isInteger(hijo) && hijo > 0 ? hijo : null,
    ip: ipDePeticion(h),
    requestId: h.get('x-request-id') ?? crypto.randomUUID(),
    dispositivoAdmin: cookieAdminValida(jar.get(COOKIE_ADMIN)?.value),
  });
}
