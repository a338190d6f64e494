/**
 * Lo común a las mediciones contra la build de producción (`npm run bench`, tests/bench/run.ts,
 * y `npm run lighthouse`, tests/bench/lighthouse.ts):
 *
 *  - la base de prueba: (re)crearla en 127.0.0.1, migrarla y sembrar la escuela de demostración;
 *  - la app: `next build` en su propia carpeta (NEXT_DIST_DIR), `npm start` en 127.0.0.1 y el
 *    ingreso por el proveedor "dev" de next-auth (el "Ingresar como" de /login);
 *  - el fallo esperable (FalloBench), las limpiezas en orden inverso y la salida del script
 *    (también con Ctrl-C: se detiene todo lo arrancado).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { abrirBase } from '@/server/db';
import { sembrar } from '@/server/db/seed';
import { momentoEscolar } from '@/server/reloj';

export const HOST = '127.0.0.1';
export const RAIZ = process.cwd();

/** Un fallo esperable: se informa con su mensaje (en castellano) y sale con 1. */
export class FalloBench extends Error {}

// ---------------------------------------------------------------------------
// Limpieza: todo lo que se arranca registra cómo detenerse; se corre en orden inverso.

export const limpiezas: (() => Promise<void>)[] = [];

export async function limpiar() {
  while (limpiezas.length) await limpiezas.pop()!().catch(() => {});
}

export const ms = (inicio: number) => `${((performance.now() - inicio) / 1000).toFixed(1)} s`;
export const esperar = (milis: number) => new Promise((ok) => setTimeout(ok, milis));

/**
 * Corre `principal` y sale: con 0, con 1 y el mensaje si falla (`quien`: "El benchmark", …), o
 * con 130 si se interrumpe (Ctrl-C, SIGTERM). En todos los casos, antes corre las limpiezas; la
 * primera salida manda (si `principal` falla porque una interrupción detuvo lo arrancado, ni
 * lo informa ni sale antes de que terminen las limpiezas).
 */
export function ejecutar(principal: () => Promise<void>, quien: string) {
  let saliendo: Promise<never> | null = null;
  const salir = (codigo: number) => (saliendo ??= limpiar().then(() => process.exit(codigo)));
  // Con `on` y no `once`: Ctrl-C llega dos veces (al grupo de la terminal y reenviada por tsx) y,
  // sin quien la atienda, la segunda terminaría el proceso antes de las limpiezas.
  for (const senal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(senal, () => {
      if (saliendo) return;
      console.error(`\nInterrumpido (${senal}): deteniendo lo arrancado…`);
      void salir(130);
    });
  }
  principal().then(
    () => salir(0),
    (e: unknown) => {
      // Tras una interrupción, lo que falle por haber detenido la app ya no interesa.
      if (saliendo) return saliendo;
      if (e instanceof FalloBench) console.error(`\n${quien} falló: ${e.message}`);
      else console.error(`\n${quien} falló por un error inesperado:`, e);
      return salir(1);
    },
  );
}

// ---------------------------------------------------------------------------
// Base de datos

/**
 * Borra y crea la base de prueba, la migra y la siembra. Devuelve la versión del servidor.
 * `variable`: la variable de entorno de la URL, para los mensajes.
 */
export async function prepararBaseDeDatos(
  url: string,
  variable = 'BENCH_DATABASE_URL',
): Promise<string> {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
    throw new FalloBench(`${variable} debe apuntar a 127.0.0.1 (apunta a ${u.hostname}).`);
  }
  const nombre = decodeURIComponent(u.pathname.slice(1));
  if (
    !/^[a-z_][a-z0-9_]*$/i.test(nombre) ||
    nombre === 'postgres' ||
    nombre.startsWith('template')
  ) {
    throw new FalloBench(`Nombre de base inválido para el benchmark: "${nombre}".`);
  }
  const urlAdmin = new URL(url);
  urlAdmin.pathname = '/postgres';
  const admin = postgres(urlAdmin.toString(), { max: 1, onnotice: () => {} });
  let version: string;
  try {
    const [fila] = await admin<{ server_version: string }[]>`show server_version`;
    version = fila?.server_version ?? '?';
    await admin.unsafe(`drop database if exists "${nombre}" with (force)`);
    await admin.unsafe(`create database "${nombre}"`);
  } catch (e) {
    throw new FalloBench(
      `No se pudo (re)crear la base "${nombre}" en ${u.host}: ${(e as Error).message}`,
    );
  } finally {
    await admin.end({ timeout: 5 });
  }
  const { db, cerrar } = await abrirBase({ url });
  try {
    const { ciclo, hoy, instante } = momentoEscolar();
    await sembrar(db, { ciclo, hoy, ahora: instante });
  } finally {
    await cerrar();
  }
  return version;
}

// ---------------------------------------------------------------------------
// La app: build, arranque e ingreso

/** Las últimas líneas de la salida de un proceso, para mostrar si falla. */
function colaDeSalida(hijo: ChildProcess, maxLineas = 60): () => string {
  const lineas: string[] = [];
  const guardar = (trozo: Buffer) => {
    lineas.push(...trozo.toString().split('\n'));
    if (lineas.length > maxLineas) lineas.splice(0, lineas.length - maxLineas);
  };
  hijo.stdout?.on('data', guardar);
  hijo.stderr?.on('data', guardar);
  return () => lineas.join('\n').trim();
}

/** Detiene un proceso arrancado con `detached` (su grupo: npm, npx, next) y espera su salida. */
async function detenerProceso(hijo: ChildProcess) {
  if (hijo.exitCode !== null || hijo.signalCode !== null || !hijo.pid) return;
  const salio = new Promise<void>((ok) => hijo.once('exit', () => ok()));
  const senal = (s: NodeJS.Signals) => {
    try {
      process.kill(-hijo.pid!, s);
    } catch {
      /* ya terminó */
    }
  };
  senal('SIGTERM');
  const aTiempo = await Promise.race([salio.then(() => true), esperar(5000).then(() => false)]);
  // También lo que quede del grupo (`npm start` sale antes que el servidor de Next que arrancó).
  senal('SIGKILL');
  if (!aTiempo) await salio;
}

/** `nombre=valor` de cada Set-Cookie de una respuesta. */
function cookiesDe(r: Response): Map<string, string> {
  const mapa = new Map<string, string>();
  for (const c of r.headers.getSetCookie()) {
    const par = c.split(';', 1)[0] ?? '';
    const i = par.indexOf('=');
    if (i > 0) mapa.set(par.slice(0, i), par.slice(i + 1));
  }
  return mapa;
}

export interface OpcionesApp {
  /** Puerto de `npm start` (en 127.0.0.1). */
  puerto: number;
  /**
   * Procesos de Next de `npm start` (WEB_CONCURRENCY, src/server/arranque.mjs). Por omisión
   * BENCH_PROCESOS o 1: las mediciones de siempre, comparables con las anteriores, son de un
   * proceso (el piso del issue 37 se mide en uno).
   */
  procesos?: number;
  /** DATABASE_URL de la app. */
  urlDatos: string;
  /** Carpeta de la build (next.config.mjs lee NEXT_DIST_DIR). */
  dist: string;
}

/**
 * La app de producción de una medición: compilar, arrancar (`npm start`, detenido por las
 * limpiezas) e ingresar. AUTH_SECRET fijo, el ingreso de demostración activo y NODE_ENV de
 * producción.
 */
export function appNext({ puerto, urlDatos, dist, procesos }: OpcionesApp) {
  const origen = `http://${HOST}:${puerto}`;

  function entornoApp(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: urlDatos,
      // Como un portal de demostración: producción no arranca con "Ingresar como" sin
      // PORTAL_DEMO=true ni con un secreto de menos de 32 caracteres.
      AUTH_SECRET: 'secreto-del-bench-no-usar-en-produccion',
      AUTH_DEV_LOGIN: 'true',
      PORTAL_DEMO: 'true',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: dist,
      WEB_CONCURRENCY: String(procesos ?? (Number(process.env.BENCH_PROCESOS) || 1)),
      // La ruta del techo de Next (src/app/api/techo), sólo en esta build.
      BENCH_TECHO: '1',
    };
    // BENCH_NODE: otro binario de Node para `npm start` (p. ej. Node 24 para compararlo con el de
    // la máquina): npm resuelve `node` por el PATH.
    if (process.env.BENCH_NODE)
      env.PATH = `${path.dirname(path.resolve(process.env.BENCH_NODE))}${path.delimiter}${env.PATH ?? ''}`;
    // next-auth debe tomar el host de la petición (127.0.0.1:<puerto>), no uno configurado afuera.
    delete env.AUTH_URL;
    delete env.NEXTAUTH_URL;
    return env;
  }

  async function compilar() {
    const hijo = spawn('npx', ['next', 'build'], {
      cwd: RAIZ,
      env: entornoApp(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const salida = colaDeSalida(hijo);
    const codigo = await new Promise<number | null>((ok) => hijo.on('close', ok));
    if (codigo !== 0)
      throw new FalloBench(`La compilación (next build) falló con código ${codigo}:\n${salida()}`);
  }

  /**
   * Compila en `dist`, o, con `<variable>=1` (BENCH_SKIP_BUILD, LIGHTHOUSE_SKIP_BUILD…), usa la
   * build que ya está ahí (falla si no hay ninguna).
   */
  async function compilarOUsar(variable: string): Promise<void> {
    if (process.env[variable] === '1') {
      if (!existsSync(path.join(RAIZ, dist, 'BUILD_ID')))
        throw new FalloBench(`${variable}=1 pero no hay build en ${dist}/.`);
      console.log(`Build existente en ${dist}/ (${variable}=1).`);
      return;
    }
    // next build agrega a tsconfig.json los tipos de una carpeta que no está listada: sólo se
    // compila en una de las listadas (.next-bench, .next-lighthouse…), que no lo modifica.
    if (!readFileSync(path.join(RAIZ, 'tsconfig.json'), 'utf8').includes(`"${dist}/types/**/*.ts"`))
      throw new FalloBench(
        `NEXT_DIST_DIR=${dist} no está en tsconfig.json: compilar ahí lo modificaría (use .next-bench).`,
      );
    const t = performance.now();
    console.log(`Compilando (next build → ${dist}/)…`);
    await compilar();
    console.log(`Build lista (${ms(t)}).`);
  }

  /** Arranca la app y devuelve el grupo de procesos de `npm start` (su pid: npm, next, servidor). */
  async function iniciarApp(): Promise<number> {
    // `npm start`, como en producción (con las opciones de Node de package.json).
    const hijo = spawn('npm', ['start', '--', '-p', String(puerto), '-H', HOST], {
      cwd: RAIZ,
      env: entornoApp(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    limpiezas.push(() => detenerProceso(hijo));
    const salida = colaDeSalida(hijo);
    const limite = Date.now() + 90_000;
    while (Date.now() < limite) {
      if (hijo.exitCode !== null)
        throw new FalloBench(`npm start terminó con código ${hijo.exitCode}:\n${salida()}`);
      try {
        const r = await fetch(`${origen}/login`, { signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        if (r.status === 200) return hijo.pid!;
      } catch {
        /* todavía no escucha */
      }
      await esperar(250);
    }
    throw new FalloBench(`npm start no respondió GET /login en 90 s:\n${salida()}`);
  }

  /** Ingresa por next-auth (CSRF + callback del proveedor "dev") y devuelve la cabecera Cookie. */
  async function ingresar(email: string): Promise<string> {
    const rCsrf = await fetch(`${origen}/api/auth/csrf`, { signal: AbortSignal.timeout(10_000) });
    if (rCsrf.status !== 200) throw new FalloBench(`GET /api/auth/csrf respondió ${rCsrf.status}.`);
    const { csrfToken } = (await rCsrf.json()) as { csrfToken?: string };
    const jarra = cookiesDe(rCsrf);
    if (!csrfToken || jarra.size === 0)
      throw new FalloBench('GET /api/auth/csrf no devolvió el token y su cookie.');
    const cabeceraCookie = (m: Map<string, string>) =>
      [...m].map(([k, v]) => `${k}=${v}`).join('; ');

    const rIngreso = await fetch(`${origen}/api/auth/callback/dev`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cabeceraCookie(jarra),
      },
      body: new URLSearchParams({ csrfToken, email }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    await rIngreso.arrayBuffer();
    const destino = rIngreso.headers.get('location') ?? '';
    // La cookie de sesión (authjs.session-token, o partida en .0, .1… si fuera grande).
    const sesion = [...cookiesDe(rIngreso)].filter(([k]) => k.includes('session-token'));
    if (rIngreso.status !== 302 || !sesion.length || destino.includes('error=')) {
      throw new FalloBench(
        `No se pudo ingresar como ${email}: ${rIngreso.status} → ${destino || '(sin Location)'}.`,
      );
    }
    return cabeceraCookie(new Map(sesion));
  }

  return { origen, compilarOUsar, iniciarApp, ingresar };
}
