/**
 * El servidor de las pruebas de punta a punta (lo arranca Playwright: playwright.config.ts).
 *
 * 1. Prepara una base recién sembrada: la de E2E_DATABASE_URL (borra y recrea sus esquemas
 *    `public` y `drizzle`) o, si no hay, PGlite en .data/e2e-pglite (borra la carpeta).
 * 2. Compila con `next build`, salvo E2E_SKIP_BUILD=1 (para iterar sin recompilar).
 * 3. Arranca `next start -p 3200 -H 127.0.0.1` con la configuración de prueba y le reenvía
 *    las señales: se detiene junto con Playwright.
 *
 * La siembra, la compilación y el servidor corren en el día escolar fijo de las pruebas
 * (SCHOOL_FIXED_DATE = FECHA_ESCOLAR de tests/e2e/fecha.ts), no en el del reloj de la máquina.
 *
 * Para iterar: E2E_DEV=1 usa `next dev` (sin compilar antes); E2E_PORT cambia el puerto y
 * NEXT_DIST_DIR la carpeta de compilación, así dos copias no se pisan.
 *
 * Uso: npx tsx tests/e2e/servidor.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { abrirBase } from '@/server/db';
import { sembrar } from '@/server/db/seed';
import { momentoEscolar } from '@/server/reloj';
import { FECHA_ESCOLAR, ZONA_ESCOLAR } from './fecha';

const PUERTO = process.env.E2E_PORT || '3200';
const HOST = '127.0.0.1';
const raiz = process.cwd();
const urlBase = process.env.E2E_DATABASE_URL || undefined;
const carpetaPglite = path.join(raiz, '.data', 'e2e-pglite');

/** Configuración del portal durante las pruebas (la misma para compilar y para servir). */
function entorno(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_SECRET: 'secreto-de-las-pruebas-e2e-no-usar-en-produccion',
    AUTH_DEV_LOGIN: 'true',
    ADMIN_BYPASS_PASSWORD: 'clave-de-prueba',
    AUTH_GOOGLE_ID: 'portal-e2e',
    AUTH_GOOGLE_SECRET: 'secreto-e2e',
    AUTH_GOOGLE_ISSUER: 'http://127.0.0.1:4401',
    // localhost y no 127.0.0.1: ver playwright.config.ts (NextURL reescribe 127.0.0.1 como localhost).
    AUTH_URL: `http://localhost:${PUERTO}`,
    NEXT_TELEMETRY_DISABLED: '1',
    // Como detrás de un proxy: la IP del cliente es la última entrada de X-Forwarded-For (la
    // que mandan las pruebas de /bypass, cada una con la suya), no el socket (127.0.0.1).
    TRUSTED_PROXIES: '1',
    // El día escolar fijo de las pruebas (con la hora real) y su zona: las mismas que usan los
    // specs y el reloj del navegador (tests/e2e/prueba.ts).
    SCHOOL_FIXED_DATE: FECHA_ESCOLAR,
    SCHOOL_TZ: ZONA_ESCOLAR,
  };
  delete env.ALLOWED_ORIGINS;
  if (urlBase) {
    env.DATABASE_URL = urlBase;
    delete env.PGLITE_DIR;
  } else {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = carpetaPglite;
  }
  return env;
}

async function prepararBase(): Promise<void> {
  const inicio = Date.now();
  // La siembra corre en este proceso: `momentoEscolar()` lee la misma configuración que el
  // portal (config() se lee una sola vez, recién acá).
  Object.assign(process.env, { SCHOOL_FIXED_DATE: FECHA_ESCOLAR, SCHOOL_TZ: ZONA_ESCOLAR });
  if (urlBase) {
    const { default: postgres } = await import('postgres');
    const sql = postgres(urlBase, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe('drop schema if exists drizzle cascade');
      await sql.unsafe('drop schema if exists public cascade');
      await sql.unsafe('create schema public');
    } finally {
      await sql.end();
    }
  } else {
    rmSync(carpetaPglite, { recursive: true, force: true });
  }
  // PGlite admite un solo proceso: la conexión se cierra antes de `next start`.
  const { db, cerrar } = await abrirBase(
    urlBase ? { url: urlBase, max: 2 } : { dataDir: carpetaPglite },
  );
  try {
    const { ciclo, hoy } = momentoEscolar();
    if (hoy !== FECHA_ESCOLAR) throw new Error(`La siembra no quedó en ${FECHA_ESCOLAR}: ${hoy}`);
    await sembrar(db, { ciclo, hoy });
  } finally {
    await cerrar();
  }
  console.log(
    `[e2e] Base ${urlBase ? 'PostgreSQL' : 'PGlite'} sembrada en ${Date.now() - inicio} ms.`,
  );
}

const binNext = createRequire(path.join(raiz, 'package.json')).resolve('next/dist/bin/next');
let hijo: ChildProcess | null = null;
let deteniendo = false;

function next(argumentos: string[]): ChildProcess {
  hijo = spawn(process.execPath, [binNext, ...argumentos], {
    cwd: raiz,
    env: entorno(),
    stdio: 'inherit',
  });
  return hijo;
}

function esperar(proceso: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    proceso.on('exit', (codigo, senial) => resolve(codigo ?? (senial ? 1 : 0)));
  });
}

for (const senial of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(senial, () => {
    deteniendo = true;
    if (hijo && hijo.exitCode == null && hijo.signalCode == null) hijo.kill(senial);
    else process.exit(0);
  });
}

async function principal(): Promise<void> {
  await prepararBase();
  if (process.env.E2E_DEV === '1') {
    const codigo = await esperar(next(['dev', '-p', PUERTO, '-H', HOST]));
    process.exit(deteniendo ? 0 : codigo);
  }
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: se usa la compilación existente (.next).');
  } else {
    const codigo = await esperar(next(['build']));
    if (codigo !== 0 || deteniendo) {
      console.error(`[e2e] next build terminó con código ${codigo}.`);
      process.exit(codigo || 1);
    }
  }
  const codigo = await esperar(next(['start', '-p', PUERTO, '-H', HOST]));
  process.exit(deteniendo ? 0 : codigo);
}

principal().catch((e) => {
  console.error('[e2e] No se pudo arrancar el servidor de pruebas:', e);
  process.exit(1);
});
