import { momentoEscolar, cicloValido } from '@/server/reloj';
import 'server-only';
import { cookies, headers } from 'next/headers';

import { COOKIE_ADMIN, dispositivoVigente } from '@/server/auth/admin';
import { cargarSesion, type Sesion, type TokenDeSesion } from '@/server/auth/sesion';
import { tokenDeCookies } from '@/server/auth/token';
import { secretoDeSesion } from '@/server/config';
import { getDb } from '@/server/db';
import { ipDePeticion } from '@/server/ip';
import { crearContexto, type Contexto } from './trpc';

/** Cookies del estado compartido: ciclo lectivo elegido e hijo elegido por el referente. */
export const COOKIE_CICLO = 'portal_ciclo';
export const COOKIE_HIJO = 'portal_hijo';

/**
 * La sesión vigente de la petición: el token de next-auth de la cookie (src/server/auth/token.ts)
 * y la sesión y el usuario releídos de la base en una consulta.
 */
export async function sesionActual(): Promise<Sesion | null> {
  const jar = await cookies();
  const token = tokenDeCookies(
    (nombre) => jar.get(nombre)?.value,
    jar.getAll().map((c) => c.name),
    secretoDeSesion(),
    Math.floor(Date.now() / 1000),
  );
  if (!token) return null;
  return cargarSesion(await getDb(), {
    usuarioId: token.usuarioId as TokenDeSesion['usuarioId'],
    rol: token.rol as TokenDeSesion['rol'],
    sid: token.sid,
  });
}

export function cicloDeCookie(valor: string | undefined): number {
  const n = Number(valor);
  return cicloValido(n) ? n : momentoEscolar().ciclo;
}

/** El contexto de tRPC para una petición HTTP (tRPC, REST o componente de servidor). */
export async function contextoHttp(): Promise<Contexto> {
  const [db, jar, h] = await Promise.all([getDb(), cookies(), headers()]);
  // La sesión y el dispositivo de administración (una consulta, sólo si hay cookie) a la vez.
  const [sesion, dispositivoId] = await Promise.all([
    sesionActual(),
    dispositivoVigente(db, jar.get(COOKIE_ADMIN)?.value),
  ]);
  const hijo = Number(jar.get(COOKIE_HIJO)?.value);
  return crearContexto({
    db,
    sesion,
    ciclo: cicloDeCookie(jar.get(COOKIE_CICLO)?.value),
    hijo: Number.isInteger(hijo) && hijo > 0 ? hijo : null,
    ip: ipDePeticion(h),
    requestId: h.get('x-request-id') ?? crypto.randomUUID(),
    dispositivoAdmin: dispositivoId != null,
    dispositivoId,
  });
}
