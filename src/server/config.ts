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
  PORTAL_DEMO: booleano,
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
  SMTP_URL: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), {
        error: 'debe ser una URL smtp://usuario:clave@host:puerto (o smtps://)',
      })
      .optional(),
  ),
  SMTP_FROM: opcional,
  SMTP_REBOTES: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .regex(/^[a-z0-9._-]{1,40}@([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, {
        error:
          'debe ser una dirección sin "+" (p. ej. rebotes@portal.escuela.edu.ar): cada correo sale con rebotes+<token>@… como remitente del sobre',
      })
      .optional(),
  ),
  REBOTES_PUERTO: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'debe ser un número de puerto (1 a 65535)' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, { error: 'debe ser un número de puerto (1 a 65535)' })
      .optional(),
  ),
  NOTIFICACIONES_ESPERA_SEGUNDOS: z.preprocess(
    vacioAIndefinido,
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'debe ser un número entero de segundos (0 a 99999)' })
      .transform(Number)
      .optional(),
  ),
  AVISOS_TRABAJADOR: z.preprocess(vacioAIndefinido, z.enum(['si', 'no']).default('si')),
  NEXT_DIST_DIR: z.preprocess(vacioAIndefinido, z.string().max(200).default('.next')),
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
  /**
   * Un portal público de demostración (PORTAL_DEMO=true): el único caso en que producción acepta
   * el ingreso de demostración; cada página lo dice con una franja fija.
   */
  portalDemo: boolean;
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
  /**
   * El correo de los avisos (issue 35): SMTP_URL (smtp://usuario:clave@host:587 o smtps://…) y el
   * remitente SMTP_FROM. Sin SMTP_URL no se manda ningún correo (los avisos del portal siguen).
   */
  smtp: { url: string; from: string } | null;
  /**
   * Los rebotes que llegan después (issue 35 §5): SMTP_REBOTES (la dirección base del remitente
   * del sobre, VERP) y REBOTES_PUERTO (el puerto en que el trabajador los recibe por SMTP; sin él,
   * los correos salen con la dirección VERP y otro proceso no los recibe). null: sin VERP.
   */
  rebotes: { direccion: string; puerto: number | null } | null;
  /**
   * La espera tras el último cambio de una planilla de asistencia antes de avisar a la familia
   * (NOTIFICACIONES_ESPERA_SEGUNDOS; sin ella, la de la escuela: 15 minutos).
   */
  esperaAvisosSegundos: number | undefined;
  /**
   * Si este proceso corre el trabajador de la cola (AVISOS_TRABAJADOR, 'si' por omisión): con varias
   * instancias, 'no' en las del portal y `npm run worker` aparte.
   */
  trabajadorEnProceso: boolean;
  /**
   * La carpeta de la build de Next (NEXT_DIST_DIR, `.next` por omisión; next.config.mjs lee la
   * misma): de ahí sale el /login prerenderizado (src/server/login-estatico.ts).
   */
  carpetaBuild: string;
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
  if (v.REBOTES_PUERTO != null && !v.SMTP_REBOTES)
    throw new ConfiguracionInvalida(
      'Configuración inválida. REBOTES_PUERTO: necesita SMTP_REBOTES (la dirección a la que llegan los rebotes).',
    );
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
    portalDemo: v.PORTAL_DEMO === 'true',
    claveBypass: v.ADMIN_BYPASS_PASSWORD,
    zonaHoraria: v.SCHOOL_TZ,
    fechaFija: v.SCHOOL_FIXED_DATE,
    origenesExtra: v.ALLOWED_ORIGINS,
    proxiesConfiables: v.TRUSTED_PROXIES,
    smtp: v.SMTP_URL
      ? { url: v.SMTP_URL, from: v.SMTP_FROM ?? 'Portal escolar <no-responder@localhost>' }
      : null,
    rebotes: v.SMTP_REBOTES
      ? { direccion: v.SMTP_REBOTES.toLowerCase(), puerto: v.REBOTES_PUERTO ?? null }
      : null,
    esperaAvisosSegundos: v.NOTIFICACIONES_ESPERA_SEGUNDOS,
    trabajadorEnProceso: v.AVISOS_TRABAJADOR === 'si',
    carpetaBuild: v.NEXT_DIST_DIR,
  };
}

const SECRETO_DE_DESARROLLO = 'secreto-de-desarrollo-no-usar-en-produccion';

/** Los valores de ejemplo (los de `.env.example` de versiones anteriores y el de desarrollo). */
export const SECRETOS_DE_EJEMPLO = ['cambie-este-secreto-de-desarrollo', SECRETO_DE_DESARROLLO];
export const CLAVES_DE_EJEMPLO = ['cambie-esta-clave'];
export const LARGO_MINIMO_SECRETO = 32;
export const LARGO_MINIMO_CLAVE_BYPASS = 12;

/** ¿La URL apunta a la máquina misma (127.0.0.1, ::1, localhost)? */
function esLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface ProblemasDeArranque {
  /** Cada uno detiene el arranque: nombra la variable y dice qué hacer. */
  errores: string[];
  avisos: string[];
}

/**
 * Lo que impide arrancar en producción (puro: se prueba con cualquier entorno). Fuera de
 * producción no hay reglas: `next dev` y las pruebas usan los valores de desarrollo. Una regla
 * nueva es una línea más acá.
 */
export function problemasDeArranque(env: Record<string, string | undefined>): ProblemasDeArranque {
  const errores: string[] = [];
  const avisos: string[] = [];
  let c: Config;
  try {
    c = leerConfig(env);
  } catch (e) {
    if (e instanceof ConfiguracionInvalida) return { errores: [e.message], avisos };
    throw e;
  }
  if (!c.produccion) return { errores, avisos };
  if (c.ingresoDemo && !c.portalDemo)
    errores.push(
      'AUTH_DEV_LOGIN: el ingreso de demostración ("Ingresar como") no se permite en producción. ' +
        'Póngalo en false o, si es un portal público de demostración, agregue PORTAL_DEMO=true.',
    );
  const secreto = c.authSecret;
  if (!secreto)
    errores.push(
      'AUTH_SECRET: es obligatoria en producción. Genere una con: openssl rand -base64 32',
    );
  else if (SECRETOS_DE_EJEMPLO.includes(secreto))
    errores.push('AUTH_SECRET: tiene el valor de ejemplo. Genere una con: openssl rand -base64 32');
  else if (secreto.length < LARGO_MINIMO_SECRETO)
    errores.push(
      `AUTH_SECRET: debe tener al menos ${LARGO_MINIMO_SECRETO} caracteres (tiene ${secreto.length}). ` +
        'Genere una con: openssl rand -base64 32',
    );
  const clave = c.claveBypass;
  if (clave != null && CLAVES_DE_EJEMPLO.includes(clave))
    errores.push('ADMIN_BYPASS_PASSWORD: tiene el valor de ejemplo. Elija una clave propia.');
  else if (clave != null && clave.length < LARGO_MINIMO_CLAVE_BYPASS)
    errores.push(
      `ADMIN_BYPASS_PASSWORD: debe tener al menos ${LARGO_MINIMO_CLAVE_BYPASS} caracteres (tiene ${clave.length}).`,
    );
  if (!c.authUrl)
    avisos.push(
      'AUTH_URL: no está definida; el portal toma el host de cada pedido. Defina la URL pública (https://…).',
    );
  else if (!c.authUrl.startsWith('https://') && !esLoopback(c.authUrl))
    errores.push(
      `AUTH_URL: debe empezar con https:// en producción (es ${c.authUrl}); sólo una dirección ` +
        'de la propia máquina (localhost, 127.0.0.1, ::1) puede ir por http.',
    );
  return { errores, avisos };
}

/**
 * Al arrancar el servidor (src/instrumentation.ts, antes de atender): muestra los avisos y, si
 * hay errores, los muestra y termina el proceso con código 1.
 */
export function validarArranque(): void {
  const { errores, avisos } = problemasDeArranque(process.env);
  for (const a of avisos) console.warn(`[!] Aviso de configuración. ${a}`);
  if (!errores.length) return;
  console.error(
    ['[x] El portal no arranca: la configuración de producción no es segura.', ...errores].join(
      '\n  - ',
    ),
  );
  process.exit(1);
}

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
