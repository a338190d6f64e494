import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { auditoria } from '@/server/db/schema';

/** Cookie firmada que marca un dispositivo de administración (bypass). */
export const COOKIE_ADMIN = 'portal_admin';
export const DURACION_ADMIN_SEGUNDOS = 30 * 24 * 60 * 60;
export const MAX_INTENTOS_BYPASS = 5;
export const VENTANA_INTENTOS_MINUTOS = 15;

export function secreto(): string {
  const s = process.env.AUTH_SECRET;
  if (s) return s;
  if (process.env.NODE_ENV === 'production') throw new Error('Falta AUTH_SECRET');
  return 'secreto-de-desarrollo-no-usar-en-produccion';
}

function firma(payload: string): string {
  return createHmac('sha256', secreto()).update(`admin:${payload}`).digest('base64url');
}

/** Valor de la cookie: vencimiento (epoch s) y firma HMAC. */
export function crearCookieAdmin(ahora = Date.now()): string {
  const vence = Math.floor(ahora / 1000) + DURACION_ADMIN_SEGUNDOS;
  return `${vence}.${firma(String(vence))}`;
}

export function cookieAdminValida(valor: string | null | undefined, ahora = Date.now()): boolean {
  if (!valor) return false;
  const [vence, f] = valor.split('.');
  if (!vence || !f || !/^\d+$/.test(vence)) return false;
  if (Number(vence) * 1000 < ahora) return false;
  const esperada = Buffer.from(firma(vence));
  const recibida = Buffer.from(f);
  return esperada.length === recibida.length && timingSafeEqual(esperada, recibida);
}

export function claveBypassCorrecta(clave: string): boolean {
  const real = process.env.ADMIN_BYPASS_PASSWORD;
  if (!real) return false;
  const a = createHash('sha256').update(clave).digest();
  const b = createHash('sha256').update(real).digest();
  return timingSafeEqual(a, b);
}

/** Intentos fallidos recientes desde una IP (el registro vive en la base: vale para varias instancias). */
export async function intentosFallidos(db: Db, ip: string, ahora = new Date()): Promise<number> {
  const desde = new Date(ahora.getTime() - VENTANA_INTENTOS_MINUTOS * 60_000);
  const [fila] = await db
    .select({ n: count() })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.accion, 'bypass.clave_incorrecta'),
        eq(auditoria.ip, ip),
        gt(auditoria.cuando, desde),
      ),
    );
  return fila?.n ?? 0;
}

export function leerCookie(
  cabecera: string | null | undefined,
  nombre: string,
): string | undefined {
  for (const parte of (cabecera ?? '').split(';')) {
    const [k, ...v] = parte.trim().split('=');
    if (k === nombre) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
