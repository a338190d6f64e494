/**
 * La configuración del portal: el único lugar de `src/` que lee `process.env` (lint lo exige).
 * Se valida con zod al primer uso; un valor inválido detiene el arranque con un mensaje en
 * castellano que nombra la variable. El resto del código pide `config()`.
 */
import { z } from 'zod';
import { esFechaValida, ZONA_HORARIA_POR_DEFECTO } from '@/domain/escuela';

const vacioAIndefinido = (v: unknown) => (v === '' ? undefined : v);
const opcional = z.preprocess(vacioAIndefinido, z.string().optional());
const booleano = z.preprocess(
  vacioAIndefinido,
  z.enum(['true', 'false'], { error: 'debe ser "true" o "false"' }).optional(),
);
const url = z.preprocess(
  vacioAIndefinido,
  z
    .string()
    .refine((v) => URL.canParse(v), { error: 'debe ser una URL completa (https://…)' })
    .optional(),
);

function zonaValida(zona: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zona });
    return true;
  } catch {
    return false;
  }
}

const esquema = z.object({
  NODE_ENV: z.preprocess(
    vacioAIndefinido,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  DATABASE_URL: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), {
        error: 'debe ser una URL postgres://usuario:clave@host:puerto/base',
      })
      .optional(),
  ),
  REPORTES_DATABASE_URL: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), {
        error: 'debe ser una URL postgres://portal_reportes:clave@host:puerto/base',
      })
      .optional(),
  ),
  PGLITE_DIR: opcional,
  AUTH_SECRET: opcional,
  AUTH_URL: url,
  AUTH_GOOGLE_ID: opcional,
  AUTH_GOOGLE_SECRET: opcional,
  AUTH_GOOGLE_ISSUER: url,
  AUTH_DEV_LOGIN: booleano,
  ADMIN_BYPASS_PASSWORD: opcional,
  SCHOOL_TZ: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .refine(zonaValida, {
        error: 'no es una zona horaria IANA (p. ej. America/Argentina/Cordoba)',
      })
      .default(ZONA_HORARIA_POR_DEFECTO),
  ),
  SCHOOL_FIXED_DATE: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .refine(esFechaValida, { error: 'debe ser una fecha AAAA-MM-DD (p. ej. 2026-11-24)' })
      .optional(),
  ),
  TRUSTED_PROXIES: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .regex(/^(10|\d)$/, { error: 'debe ser un número entero de 0 a 10 (proxies delante)' })
      .default('0')
      .transform(Number),
  ),
  ALLOWED_ORIGINS: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ),
});

type Variables = z.infer<typeof esquema>;

export interface Config {
  produccion: boolean;
  desarrollo: boolean;
  databaseUrl: string | undefined;
  /**
   * La conexión propia de la consola de reportes de root (REPORTES_DATABASE_URL): ingresa con un
   * rol de sólo lectura (portal_reportes, migración 0021). Sin ella, la consola no está disponible.
   */
  reportesDatabaseUrl: string | undefined;
  pgliteDir: string | undefined;
  /**
   * El secreto de sesiones y de la cookie de administración. En producción es obligatorio:
   * falla al atender (`secretoDeSesion`), no al compilar (`next build` corre en producción).
   */
  authSecret: string | undefined;
  authUrl: string | undefined;
  google: { id: string; secret: string; issuer: string | undefined } | null;
  /** "Ingresar como": con AUTH_DEV_LOGIN=true, o en `next dev` si no se dice otra cosa. */
  ingresoDemo: boolean;
  claveBypass: string | undefined;
  zonaHoraria: string;
  /**
   * Sólo pruebas (SCHOOL_FIXED_DATE, 'AAAA-MM-DD'): el día de la escuela queda fijo en esa fecha,
   * con la hora real (src/server/reloj.ts), así las pruebas de punta a punta no dependen del día
   * en que corren. Sin ella, el día real.
   */
  fechaFija: string | undefined;
  origenesExtra: string[];
  /**
   * Proxies de confianza delante del portal (TRUSTED_PROXIES): la IP del cliente es la que
   * anotó el último (src/server/ip.ts); con 0, la del socket.
   */
  proxiesConfiables: number;
  /** Las cookies llevan `Secure` sólo en producción detrás de https (una sola decisión). */
  cookiesSeguras: boolean;
}

export class ConfiguracionInvalida extends Error {}

/** Lee y valida un entorno (puro: se prueba con cualquier objeto). */
export function leerConfig(env: Record<string, string | undefined>): Config {
  const r = esquema.safeParse(env);
  if (!r.success) {
    const detalle = r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ');
    throw new ConfiguracionInvalida(`Configuración inválida. ${detalle}.`);
  }
  const v: Variables = r.data;
  const produccion = v.NODE_ENV === 'production';
  const ingresoDemo =
    v.AUTH_DEV_LOGIN != null ? v.AUTH_DEV_LOGIN === 'true' : v.NODE_ENV === 'development';
  // Un día fijo en un servidor de verdad tomaría las asistencias de todos en la fecha equivocada:
  // sólo vale donde también está el ingreso de demostración (pruebas y demostraciones).
  if (v.SCHOOL_FIXED_DATE && produccion && !ingresoDemo)
    throw new ConfiguracionInvalida(
      'Configuración inválida. SCHOOL_FIXED_DATE: es sólo para pruebas (con AUTH_DEV_LOGIN=true); en producción el día es el del reloj.',
    );
  return {
    produccion,
    desarrollo: v.NODE_ENV === 'development',
    databaseUrl: v.DATABASE_URL,
    reportesDatabaseUrl: v.REPORTES_DATABASE_URL,
    pgliteDir: v.PGLITE_DIR,
    authSecret: v.AUTH_SECRET,
    authUrl: v.AUTH_URL,
    google:
      v.AUTH_GOOGLE_ID && v.AUTH_GOOGLE_SECRET
        ? { id: v.AUTH_GOOGLE_ID, secret: v.AUTH_GOOGLE_SECRET, issuer: v.AUTH_GOOGLE_ISSUER }
        : null,
    ingresoDemo,
    claveBypass: v.ADMIN_BYPASS_PASSWORD,
    zonaHoraria: v.SCHOOL_TZ,
    fechaFija: v.SCHOOL_FIXED_DATE,
    origenesExtra: v.ALLOWED_ORIGINS,
    proxiesConfiables: v.TRUSTED_PROXIES,
    cookiesSeguras: produccion && (v.AUTH_URL?.startsWith('https://') ?? false),
  };
}

const SECRETO_DE_DESARROLLO = 'secreto-de-desarrollo-no-usar-en-produccion';

/** El secreto de firma: AUTH_SECRET, o uno fijo fuera de producción. */
export function secretoDeSesion(c: Config = config()): string {
  if (c.authSecret) return c.authSecret;
  if (c.produccion)
    throw new ConfiguracionInvalida(
      'Configuración inválida. AUTH_SECRET: es obligatoria en producción (openssl rand -base64 32).',
    );
  return SECRETO_DE_DESARROLLO;
}

let actual: Config | null = null;

/** La configuración del proceso (se lee una vez). */
export function config(): Config {
  actual ??= leerConfig(process.env);
  return actual;
}

/** Sólo pruebas: vuelve a leer el entorno en el próximo `config()`. */
export function releerConfig(): void {
  actual = null;
}
