/**
 * Los servidores de las pruebas de punta a punta (los arranca Playwright: playwright.config.ts),
 * uno por worker (tests/e2e/servidores.ts; E2E_SERVIDORES, que pasa la configuración).
 *
 * 1. Prepara una base recién sembrada por servidor: la de E2E_DATABASE_URL para el primero y, para
 *    el servidor n, la misma con "_n" al final del nombre (la crea si falta); de cada una borra y
 *    recrea los esquemas `public` y `drizzle`. Sin E2E_DATABASE_URL, PGlite en .data/e2e-pglite
 *    (.data/e2e-pglite-n): borra la carpeta.
 * 2. Compila una sola vez con `next build`, salvo E2E_SKIP_BUILD=1 (para iterar sin recompilar).
 * 3. Arranca un `next start -H 127.0.0.1` por servidor, en E2E_PORT + n (3200 por omisión), cada
 *    uno con su base y su emisor OpenID Connect; el primero al final, cuando los demás ya
 *    responden (Playwright espera al primero). Les reenvía las señales: se detienen junto con
 *    Playwright, y si uno termina, terminan todos.
 *
 * La siembra, la compilación y los servidores corren en el día escolar fijo de las pruebas
 * (SCHOOL_FIXED_DATE = FECHA_ESCOLAR de tests/e2e/fecha.ts), no en el del reloj de la máquina.
 *
 * Para iterar: E2E_DEV=1 usa `next dev` (sin compilar antes; un solo servidor); E2E_PORT cambia el
 * puerto y NEXT_DIST_DIR la carpeta de compilación, así dos copias no se pisan.
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
import {
  SERVIDORES,
  emisorDelServidor,
  puertoDelServidor,
  urlDeBaseDelServidor,
} from './servidores';

const HOST = '127.0.0.1';
const raiz = process.cwd();
const dev = process.env.E2E_DEV === '1';
const cantidad = Number(process.env.E2E_SERVIDORES) || SERVIDORES;

const carpetaPglite = (n: number) =>
  path.join(raiz, '.data', n === 0 ? 'e2e-pglite' : `e2e-pglite-${n}`);

/** Configuración del servidor `n` durante las pruebas (la del primero también para compilar). */
function entorno(n: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_SECRET: 'secreto-de-las-pruebas-e2e-no-usar-en-produccion',
    // "Ingresar como" en un build de producción: sólo en un portal de demostración declarado
    // (si no, el servidor no arranca: src/server/config.ts, problemasDeArranque).
    AUTH_DEV_LOGIN: 'true',
    PORTAL_DEMO: 'true',
    ADMIN_BYPASS_PASSWORD: 'clave-de-prueba',
    AUTH_GOOGLE_ID: 'portal-e2e',
    AUTH_GOOGLE_SECRET: 'secreto-e2e',
    AUTH_GOOGLE_ISSUER: emisorDelServidor(n),
    // localhost y no 127.0.0.1: ver playwright.config.ts (NextURL reescribe 127.0.0.1 como localhost).
    AUTH_URL: `http://localhost:${puertoDelServidor(n)}`,
    NEXT_TELEMETRY_DISABLED: '1',
    // Como detrás de un proxy: la IP del cliente es la última entrada de X-Forwarded-For (la
    // que mandan las pruebas de /bypass, cada una con la suya), no el socket (127.0.0.1).
    TRUSTED_PROXIES: '1',
    // El día escolar fijo de las pruebas (con la hora real) y su zona: las mismas que usan los
    // specs y el reloj del navegador (tests/e2e/prueba.ts).
    SCHOOL_FIXED_DATE: FECHA_ESCOLAR,
    SCHOOL_TZ: ZONA_ESCOLAR,
    // Los avisos de la asistencia sin la espera de 15 minutos (issue 35 §3): la campana del
    // referente los muestra apenas el trabajador (dentro de `next start`) toma el trabajo.
    NOTIFICACIONES_ESPERA_SEGUNDOS: '0',
  };
  delete env.ALLOWED_ORIGINS;
  const url = urlDeBaseDelServidor(n);
  if (url) {
    env.DATABASE_URL = url;
    // La consola de reportes ingresa con su propio rol de sólo lectura (migración root_reportes,
    // sin clave: el servidor de las pruebas confía en 127.0.0.1; si no, E2E_REPORTES_CLAVE).
    const reportes = new URL(url);
    reportes.username = 'portal_reportes';
    reportes.password = process.env.E2E_REPORTES_CLAVE ?? '';
    env.REPORTES_DATABASE_URL = reportes.toString();
    delete env.PGLITE_DIR;
  } else {
    delete env.DATABASE_URL;
    delete env.REPORTES_DATABASE_URL;
    env.PGLITE_DIR = carpetaPglite(n);
  }
  return env;
}

async function prepararBase(n: number): Promise<void> {
  const inicio = Date.now();
  // La siembra corre en este proceso: `momentoEscolar()` lee la misma configuración que el
  // portal (config() se lee una sola vez, recién acá).
  Object.assign(process.env, { SCHOOL_FIXED_DATE: FECHA_ESCOLAR, SCHOOL_TZ: ZONA_ESCOLAR });
  const url = urlDeBaseDelServidor(n);
  if (url) {
    const { default: postgres } = await import('postgres');
    if (n > 0) {
      // Las bases de los demás servidores se crean acá (CI sólo crea la de E2E_DATABASE_URL).
      const mantenimiento = new URL(url);
      const nombre = decodeURIComponent(mantenimiento.pathname.slice(1));
      mantenimiento.pathname = '/postgres';
      const admin = postgres(mantenimiento.toString(), { max: 1, onnotice: () => {} });
      try {
        const [existe] = await admin`select 1 from pg_database where datname = ${nombre}`;
        if (!existe) await admin.unsafe(`create database "${nombre.replaceAll('"', '""')}"`);
      } finally {
        await admin.end();
      }
    }
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe('drop schema if exists drizzle cascade');
      await sql.unsafe('drop schema if exists public cascade');
      await sql.unsafe('create schema public');
    } finally {
      await sql.end();
    }
  } else {
    rmSync(carpetaPglite(n), { recursive: true, force: true });
  }
  // PGlite admite un solo proceso: la conexión se cierra antes de `next start`.
  const { db, cerrar } = await abrirBase(url ? { url, max: 2 } : { dataDir: carpetaPglite(n) });
  try {
    const { ciclo, hoy, instante } = momentoEscolar();
    if (hoy !== FECHA_ESCOLAR) throw new Error(`La siembra no quedó en ${FECHA_ESCOLAR}: ${hoy}`);
    await sembrar(db, { ciclo, hoy, ahora: instante });
  } finally {
    await cerrar();
  }
  console.log(
    `[e2e] Base ${url ? 'PostgreSQL' : 'PGlite'} del servidor ${n} sembrada en ${Date.now() - inicio} ms.`,
  );
}

const binNext = createRequire(path.join(raiz, 'package.json')).resolve('next/dist/bin/next');
const hijos: ChildProcess[] = [];
let deteniendo = false;

function next(argumentos: string[], n: number): ChildProcess {
  const hijo = spawn(process.execPath, [binNext, ...argumentos], {
    cwd: raiz,
    env: entorno(n),
    stdio: 'inherit',
  });
  hijos.push(hijo);
  return hijo;
}

function esperar(proceso: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    proceso.on('exit', (codigo, senial) => resolve(codigo ?? (senial ? 1 : 0)));
  });
}

const vivo = (h: ChildProcess) => h.exitCode == null && h.signalCode == null;

function detenerTodos(senial: NodeJS.Signals): void {
  for (const h of hijos) if (vivo(h)) h.kill(senial);
}

for (const senial of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(senial, () => {
    deteniendo = true;
    if (hijos.some(vivo)) detenerTodos(senial);
    else process.exit(0);
  });
}

/** Espera a que el servidor `n` responda GET /login (o a que su proceso termine). */
async function listo(n: number, proceso: ChildProcess): Promise<void> {
  const url = `http://${HOST}:${puertoDelServidor(n)}/login`;
  while (vivo(proceso) && !deteniendo) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      /* todavía no escucha */
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

async function principal(): Promise<void> {
  for (let n = 0; n < cantidad; n++) await prepararBase(n);
  if (dev) {
    const codigo = await esperar(next(['dev', '-p', String(puertoDelServidor(0)), '-H', HOST], 0));
    process.exit(deteniendo ? 0 : codigo);
  }
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: se usa la compilación existente (.next).');
  } else {
    const codigo = await esperar(next(['build'], 0));
    hijos.length = 0;
    if (codigo !== 0 || deteniendo) {
      console.error(`[e2e] next build terminó con código ${codigo}.`);
      process.exit(codigo || 1);
    }
  }
  // El primero al final: Playwright empieza cuando responde, y entonces ya responden todos.
  const terminados: Promise<number>[] = [];
  for (let n = cantidad - 1; n >= 0; n--) {
    const proceso = next(['start', '-p', String(puertoDelServidor(n)), '-H', HOST], n);
    terminados.push(esperar(proceso));
    if (n > 0) await listo(n, proceso);
  }
  const codigo = await Promise.race(terminados);
  if (!deteniendo) {
    console.error(`[e2e] Un servidor de prueba terminó (código ${codigo}): se detienen los demás.`);
    detenerTodos('SIGTERM');
  }
  await Promise.all(terminados);
  process.exit(deteniendo ? 0 : codigo || 1);
}

principal().catch((e) => {
  console.error('[e2e] No se pudo arrancar el servidor de pruebas:', e);
  detenerTodos('SIGTERM');
  process.exit(1);
});
