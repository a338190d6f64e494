import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { auditar } from '@/server/auditoria';
import { config, secretoDeSesion } from '@/server/config';
import type { Contexto } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { auditoria, dispositivosAdmin, sesiones, usuarios } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { Rol } from '@/domain/roles';
import type { Sesion } from './sesion';

/** Cookie firmada que marca un dispositivo de administración (bypass). */
export const COOKIE_ADMIN = 'portal_admin';
export const DURACION_ADMIN_SEGUNDOS = 30 * 24 * 60 * 60;
export const MAX_INTENTOS_BYPASS = 5;
export const VENTANA_INTENTOS_MINUTOS = 15;

export const secreto = () => secretoDeSesion();

/** Largo máximo del user agent que se guarda del dispositivo (lo manda el navegador: no se confía). */
export const MAX_USER_AGENT = 300;
/** `ultimo_uso` se actualiza a lo sumo una vez por este intervalo (no una escritura por pedido). */
const INTERVALO_ULTIMO_USO = '1 minute';

function firma(payload: string): string {
  return createHmac('sha256', secreto()).update(`admin:${payload}`).digest('base64url');
}

/**
 * La huella de la clave de /bypass: HMAC con el secreto de sesión (la clave no se guarda). Un
 * dispositivo vale sólo mientras la huella con la que se registró es la de la clave de hoy.
 */
export function huellaDeClave(clave: string): string {
  return createHmac('sha256', secreto()).update(`bypass:${clave}`).digest('base64url');
}

/** La huella de la clave configurada, o null si no hay clave (entonces ningún dispositivo vale). */
export function huellaActual(): string | null {
  const clave = config().claveBypass;
  return clave ? huellaDeClave(clave) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Valor de la cookie: el id del dispositivo (fila de `dispositivos_admin`) y su firma HMAC. */
export function crearCookieAdmin(dispositivoId: string): string {
  return `${dispositivoId}.${firma(dispositivoId)}`;
}

/** El id del dispositivo si la cookie está bien firmada (sin mirar la base), o null. */
export function idDeCookieAdmin(valor: string | null | undefined): string | null {
  if (!valor || valor.length > 200) return null;
  const [id, f, ...resto] = valor.split('.');
  if (!id || !f || resto.length || !UUID.test(id)) return null;
  const esperada = Buffer.from(firma(id));
  const recibida = Buffer.from(f);
  return esperada.length === recibida.length && timingSafeEqual(esperada, recibida) ? id : null;
}

/**
 * El dispositivo de administración vigente de la cookie, o null: bien firmada, y su fila existe,
 * no está revocada, se registró con la clave de hoy (la huella) y hace menos de 30 días (desde
 * el registro, no desde el último uso: a los 30 días se vuelve a escribir la clave). Una sola
 * sentencia, y sólo si hay cookie: lee la fila y, si pasó más de un minuto, anota el uso.
 */
export async function dispositivoVigente(
  db: DbOTx,
  valor: string | null | undefined,
): Promise<string | null> {
  const id = idDeCookieAdmin(valor);
  const huella = huellaActual();
  if (!id || !huella) return null;
  const r = await db.execute(sql`
    with d as (
      select id, ultimo_uso from ${dispositivosAdmin}
      where id = ${id} and revocado is null and huella_clave = ${huella}
        and creado > now() - ${sql.raw(`interval '${DURACION_ADMIN_SEGUNDOS} seconds'`)}
    ), uso as (
      update ${dispositivosAdmin} set ultimo_uso = now()
      where id in (
        select id from d
        where ultimo_uso is null or ultimo_uso < now() - ${sql.raw(`interval '${INTERVALO_ULTIMO_USO}'`)}
      )
    )
    select id from d`);
  const filas = Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? []);
  return filas.length ? id : null;
}

/**
 * Revoca dispositivos (los de `id`, o todos los que no se registraron con la clave de hoy) y
 * cierra las sesiones de suplantación abiertas desde ellos, en una transacción. Devuelve los ids
 * revocados.
 */
export async function revocarDispositivos(
  db: DbOTx,
  cuales: { id: string } | { huellaDistintaDe: string | null },
  porUsuario: number | null = null,
): Promise<string[]> {
  return transaccion({ db }, async ({ db: tx }) => {
    const filtro =
      'id' in cuales
        ? eq(dispositivosAdmin.id, cuales.id)
        : cuales.huellaDistintaDe == null
          ? undefined
          : ne(dispositivosAdmin.huellaClave, cuales.huellaDistintaDe);
    const revocados = await tx
      .update(dispositivosAdmin)
      .set({ revocado: sql`now()`, revocadoPor: porUsuario })
      .where(and(isNull(dispositivosAdmin.revocado), filtro))
      .returning({ id: dispositivosAdmin.id });
    const ids = revocados.map((d) => d.id);
    if (ids.length)
      await tx
        .update(sesiones)
        .set({ cerrada: sql`now()` })
        .where(and(inArray(sesiones.dispositivoId, ids), isNull(sesiones.cerrada)));
    return ids;
  });
}

/**
 * Al arrancar (src/instrumentation.ts): si cambió la clave de /bypass, revoca todos los
 * dispositivos registrados con la anterior (sin clave, todos). La validación ya los rechaza por
 * la huella; esto deja la revocación a la vista en /root/dispositivos y cierra sus sesiones.
 */
export async function revocarDispositivosDeOtraClave(db: DbOTx): Promise<number> {
  return (await revocarDispositivos(db, { huellaDistintaDe: huellaActual() })).length;
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

/** Las cookies de una cabecera Cookie (la primera de cada nombre). */
export function cookiesDeCabecera(cabecera: string | null | undefined): Map<string, string> {
  const galletas = new Map<string, string>();
  for (const parte of (cabecera ?? '').split(';')) {
    const [k, ...v] = parte.trim().split('=');
    if (!k || galletas.has(k)) continue;
    try {
      galletas.set(k, decodeURIComponent(v.join('=')));
    } catch {
      // Un valor mal codificado no es ninguna cookie nuestra.
    }
  }
  return galletas;
}

export function leerCookie(
  cabecera: string | null | undefined,
  nombre: string,
): string | undefined {
  return cookiesDeCabecera(cabecera).get(nombre);
}

/** ¿La sesión puede suplantar? Admin como rol activo, y no una suplantación (no se encadenan). */
export const sesionDeAdmin = (sesion: Sesion | null | undefined): sesion is Sesion =>
  sesion?.rol === Rol.Admin && sesion.impersonadoPor == null;

export interface IngresoComo {
  usuario: { id: number; email: string; nombre: string; apellido: string };
  impersonadoPor: number;
  dispositivoId: string;
}

/**
 * "Ingresar como" (/bypass): exige las dos cosas, el dispositivo de administración vigente (la
 * cookie) y una sesión de Admin abierta en ese navegador. Anota el comienzo de la suplantación
 * en la auditoría (quién, como quién, desde qué dispositivo). Devuelve lo que necesita la sesión
 * nueva, o null si no corresponde.
 */
export async function autorizarIngresoComo(
  ctx: Pick<Contexto, 'db' | 'ip'>,
  {
    cookieDispositivo,
    sesion,
    usuarioId,
  }: { cookieDispositivo: string | null | undefined; sesion: Sesion | null; usuarioId: number },
): Promise<IngresoComo | null> {
  if (!sesionDeAdmin(sesion) || !Number.isInteger(usuarioId) || usuarioId <= 0) return null;
  const dispositivoId = await dispositivoVigente(ctx.db, cookieDispositivo);
  if (!dispositivoId) return null;
  const [u] = await ctx.db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      habilitado: usuarios.habilitado,
    })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId));
  if (!u || !u.habilitado) return null;
  await auditar(
    { db: ctx.db, sesion: null, ip: ctx.ip },
    {
      usuarioId: u.id,
      impersonadoPor: sesion.usuario.id,
      accion: 'bypass.ingreso',
      entidad: 'usuarios',
      entidadId: u.id,
      despues: { email: u.email, admin: sesion.usuario.email, dispositivo: dispositivoId },
    },
  );
  const { habilitado: _h, ...usuario } = u;
  return { usuario, impersonadoPor: sesion.usuario.id, dispositivoId };
}

export type ResultadoClaveBypass =
  { ok: true; dispositivoId: string } | { ok: false; error: string };

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
  { clave, userAgent = null }: { clave: string; userAgent?: string | null },
): Promise<ResultadoClaveBypass> {
  const ip = ctx.ip ?? 'desconocida';
  return transaccion(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_BYPASS}::int, hashtext(${ip}))`);
    if ((await intentosFallidos(tx, ip)) >= MAX_INTENTOS_BYPASS) {
      return {
        ok: false,
        error: `Demasiados intentos fallidos. Espere ${VENTANA_INTENTOS_MINUTOS} minutos.`,
      };
    }
    const correcta = clave !== '' && claveBypassCorrecta(clave);
    const dispositivoId = correcta ? crypto.randomUUID() : null;
    if (dispositivoId)
      await tx.insert(dispositivosAdmin).values({
        id: dispositivoId,
        ip: ctx.ip,
        userAgent: userAgent?.slice(0, MAX_USER_AGENT) || null,
        huellaClave: huellaDeClave(clave),
      });
    await auditar(
      { db: tx, sesion: null, ip },
      {
        accion: correcta ? 'bypass.dispositivo_registrado' : 'bypass.clave_incorrecta',
        entidad: 'dispositivo',
        entidadId: dispositivoId,
      },
    );
    return dispositivoId ? { ok: true, dispositivoId } : { ok: false, error: 'Clave incorrecta.' };
  });
}
