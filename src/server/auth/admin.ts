import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { auditar } from '@/server/auditoria';
import { config, secretoDeSesion } from '@/server/config';
import type { Contexto } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { auditoria } from '@/server/db/schema';

/** Cookie firmada que marca un dispositivo de administración (bypass). */
export const COOKIE_ADMIN = 'portal_admin';
export const DURACION_ADMIN_SEGUNDOS = 30 * 24 * 60 * 60;
export const MAX_INTENTOS_BYPASS = 5;
export const VENTANA_INTENTOS_MINUTOS = 15;

export const secreto = () => secretoDeSesion();

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
  const real = config().claveBypass;
  if (!real) return false;
  const a = createHash('sha256').update(clave).digest();
  const b = createHash('sha256').update(real).digest();
  return timingSafeEqual(a, b);
}

/** Intentos fallidos recientes desde una IP (el registro vive en la base: vale para varias instancias). */
export async function intentosFallidos(db: DbOTx, ip: string, ahora = new Date()): Promise<number> {
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

export type ResultadoClaveBypass = { ok: true } | { ok: false; error: string };

/** Cerrojo de los intentos de /bypass (con la IP como segunda clave). */
const CANDADO_BYPASS = 727_004;

/**
 * Evalúa la clave de /bypass con el límite de intentos fallidos por IP (`ctx.ip`: la del salto
 * de confianza, src/server/ip.ts). Mirar el límite y anotar el intento es una sola operación:
 * un cerrojo por IP dentro de la transacción, así que N intentos a la vez evalúan a lo sumo
 * los que quedan y los demás se rechazan sin mirar la clave. Todo intento evaluado queda en la
 * auditoría (el fallido cuenta para el límite).
 */
export async function registrarDispositivoAdmin(
  ctx: Pick<Contexto, 'db' | 'ip'>,
  { clave }: { clave: string },
): Promise<ResultadoClaveBypass> {
  const ip = ctx.ip ?? 'desconocida';
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_BYPASS}::int, hashtext(${ip}))`);
    if ((await intentosFallidos(tx, ip)) >= MAX_INTENTOS_BYPASS) {
      return {
        ok: false,
        error: `Demasiados intentos fallidos. Espere ${VENTANA_INTENTOS_MINUTOS} minutos.`,
      };
    }
    const correcta = clave !== '' && claveBypassCorrecta(clave);
    await auditar(
      { db: tx, sesion: null, ip },
      {
        accion: correcta ? 'bypass.dispositivo_registrado' : 'bypass.clave_incorrecta',
        entidad: 'dispositivo',
      },
    );
    return correcta ? { ok: true } : { ok: false, error: 'Clave incorrecta.' };
  });
}
