/**
 * Benchmark de la app (`npm run bench`): la build de producción de Next contra una línea de
 * base pelada (tests/bench/base.ts) que corre el mismo SQL, sobre la misma base PostgreSQL.
 *
 *  1. (Re)crea la base de prueba (BENCH_DATABASE_URL, por defecto portal_bench en
 *     127.0.0.1), la migra y siembra la escuela de demostración.
 *  2. Compila (salvo BENCH_SKIP_BUILD=1), arranca `next start` en 127.0.0.1:3300 e
 *     ingresa como admin@escuela.test por los endpoints de next-auth.
 *  3. Arranca la base en 127.0.0.1:3301 (un worker thread de este proceso).
 *  4. Para cada escenario y destino: verifica una respuesta 200, calienta 2 s y mide con
 *     autocannon (10 conexiones, BENCH_DURATION segundos, 10 por defecto).
 *  5. Imprime la tabla de resultados y la del JS de primera carga de cada ruta.
 *  6. Detiene todo lo que arrancó. Sale con 0, o con 1 y un mensaje si algo falla.
 *
 * Todo el tráfico va a 127.0.0.1. Nada se escribe en el repositorio salvo `.next/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { abrirBase } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { sembrar } from '@/server/db/seed';
import type { DatosBase } from './base';

const HOST = '127.0.0.1';
const PUERTO_APP = 3300;
const PUERTO_BASE = 3301;
const CONEXIONES = 10;
const CALENTAMIENTO_S = 2;
const DURACION_S = Number(process.env.BENCH_DURATION || 10);
const URL_DATOS = process.env.BENCH_DATABASE_URL || `postgres://postgres@${HOST}:5432/portal_bench`;
const RAIZ = process.cwd();

/** Un fallo esperable: se informa con su mensaje (en castellano) y sale con 1. */
class FalloBench extends Error {}

// ---------------------------------------------------------------------------
// Limpieza: todo lo que se arranca registra cómo detenerse; se corre en orden inverso.

const limpiezas: (() => Promise<void>)[] = [];

async function limpiar() {
  while (limpiezas.length) await limpiezas.pop()!().catch(() => {});
}

const ms = (inicio: number) => `${((performance.now() - inicio) / 1000).toFixed(1)} s`;
const esperar = (milis: number) => new Promise((ok) => setTimeout(ok, milis));

// ---------------------------------------------------------------------------
// 1. Base de datos

/** Borra y crea la base de prueba, la migra y la siembra. Devuelve la versión del servidor. */
async function prepararBaseDeDatos(url: string): Promise<string> {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
    throw new FalloBench(`BENCH_DATABASE_URL debe apuntar a 127.0.0.1 (apunta a ${u.hostname}).`);
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
    await sembrar(db);
  } finally {
    await cerrar();
  }
  return version;
}

// ---------------------------------------------------------------------------
// 2. La app: build, arranque e ingreso

function entornoApp(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: URL_DATOS,
    AUTH_SECRET: 'bench',
    AUTH_DEV_LOGIN: 'true',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  // next-auth debe tomar el host de la petición (127.0.0.1:3300), no uno configurado afuera.
  delete env.AUTH_URL;
  delete env.NEXTAUTH_URL;
  return env;
}

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

/** Detiene un proceso arrancado con `detached` (su grupo: npx y next) y espera su salida. */
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
  if (!aTiempo) {
    senal('SIGKILL');
    await salio;
  }
}

async function iniciarApp(): Promise<void> {
  const hijo = spawn('npx', ['next', 'start', '-p', String(PUERTO_APP), '-H', HOST], {
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
      throw new FalloBench(`next start terminó con código ${hijo.exitCode}:\n${salida()}`);
    try {
      const r = await fetch(`http://${HOST}:${PUERTO_APP}/login`, {
        signal: AbortSignal.timeout(10_000),
      });
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      /* todavía no escucha */
    }
    await esperar(250);
  }
  throw new FalloBench(`next start no respondió GET /login en 90 s:\n${salida()}`);
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

/** Ingresa por next-auth (CSRF + callback del proveedor "dev") y devuelve la cabecera Cookie. */
async function ingresar(email: string): Promise<string> {
  const origen = `http://${HOST}:${PUERTO_APP}`;
  const rCsrf = await fetch(`${origen}/api/auth/csrf`, { signal: AbortSignal.timeout(10_000) });
  if (rCsrf.status !== 200) throw new FalloBench(`GET /api/auth/csrf respondió ${rCsrf.status}.`);
  const { csrfToken } = (await rCsrf.json()) as { csrfToken?: string };
  const jarra = cookiesDe(rCsrf);
  if (!csrfToken || jarra.size === 0)
    throw new FalloBench('GET /api/auth/csrf no devolvió el token y su cookie.');
  const cabeceraCookie = (m: Map<string, string>) => [...m].map(([k, v]) => `${k}=${v}`).join('; ');

  const rIngreso = await fetch(`${origen}/api/auth/callback/dev`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cabeceraCookie(jarra) },
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

// ---------------------------------------------------------------------------
// 3. La línea de base, en un worker thread (su propio event loop, el mismo proceso)

async function iniciarBase(): Promise<void> {
  // El worker carga TypeScript con el hook CJS de tsx (los workers no heredan el de tsx).
  const codigo = [
    `require(${JSON.stringify(require.resolve('tsx/cjs'))});`,
    `require(${JSON.stringify(path.join(__dirname, 'base.ts'))}).servirDesdeWorker();`,
  ].join('\n');
  const datos: DatosBase = { url: URL_DATOS, puerto: PUERTO_BASE };
  const worker = new Worker(codigo, { eval: true, workerData: datos });
  const cerrada = new Promise<void>((ok) => worker.once('exit', () => ok()));
  limpiezas.push(async () => {
    worker.postMessage('cerrar');
    const aTiempo = await Promise.race([cerrada.then(() => true), esperar(5000).then(() => false)]);
    if (!aTiempo) await worker.terminate();
  });
  const aviso = await new Promise<string>((ok) => {
    worker.once('message', (m) => ok(String(m)));
    worker.once('error', (e) => ok(`error: ${e.message}`));
  });
  if (aviso !== 'lista') throw new FalloBench(`La línea de base no arrancó (${aviso}).`);
}

// ---------------------------------------------------------------------------
// 4. Escenarios y mediciones

interface Escenario {
  nombre: string;
  ruta: string;
  /** La parte comparable de la respuesta, o un error si no tiene la forma esperada. */
  extraer: (cuerpo: unknown) => unknown;
}

interface Destino {
  nombre: string;
  origen: string;
}

const entradaAlumnos = { json: { q: 'gonz', cursor: 0, limit: 50 } };

const ESCENARIOS: Escenario[] = [
  {
    nombre: 'GET /api/cursos',
    ruta: '/api/cursos',
    extraer: (c) => {
      if (!Array.isArray(c) || !c.length || typeof c[0]?.nombre !== 'string')
        throw new Error('se esperaba una lista de cursos');
      return c;
    },
  },
  {
    nombre: 'tRPC buscar.alumnos',
    // tRPC 11, GET sin lote: /api/trpc/<ruta>?input=<JSON de superjson: {"json": …}>.
    ruta: `/api/trpc/buscar.alumnos?input=${encodeURIComponent(JSON.stringify(entradaAlumnos))}`,
    extraer: (c) => {
      const pagina = (c as { result?: { data?: { json?: { items?: unknown[] } } } })?.result?.data
        ?.json;
      if (!Array.isArray(pagina?.items) || !pagina.items.length)
        throw new Error('se esperaba una página con items');
      return pagina;
    },
  },
];

const APP: Destino = {
  nombre: 'app (Next + tRPC, con sesión)',
  origen: `http://${HOST}:${PUERTO_APP}`,
};
const BASE: Destino = {
  nombre: 'base (node:http + postgres.js, sin sesión)',
  origen: `http://${HOST}:${PUERTO_BASE}`,
};

/** Una petición de prueba: exige 200 y la forma esperada; devuelve la parte comparable. */
async function verificar(escenario: Escenario, destino: Destino, cookie: string): Promise<unknown> {
  const r = await fetch(destino.origen + escenario.ruta, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const texto = await r.text();
  if (r.status !== 200) {
    throw new FalloBench(
      `${escenario.nombre} en ${destino.nombre} respondió ${r.status}: ${texto.slice(0, 300)}`,
    );
  }
  try {
    return escenario.extraer(JSON.parse(texto));
  } catch (e) {
    throw new FalloBench(
      `${escenario.nombre} en ${destino.nombre}: ${(e as Error).message} (${texto.slice(0, 200)})`,
    );
  }
}

interface Medicion {
  reqPorSeg: number;
  p50: number;
  p95: number;
  p99: number;
  errores: number;
  no2xx: number;
  codigos: Record<string, number>;
}

/** Percentil por rango más cercano sobre latencias ordenadas. */
function percentil(ordenadas: Float64Array, p: number): number {
  if (!ordenadas.length) return NaN;
  const i = Math.min(
    ordenadas.length - 1,
    Math.max(0, Math.ceil((p / 100) * ordenadas.length) - 1),
  );
  return ordenadas[i]!;
}

/**
 * Corre autocannon. Los percentiles se calculan sobre la latencia de cada respuesta (evento
 * 'response', en ms con decimales): el histograma de autocannon no da p95 y redondea a ms.
 */
function medir(url: string, cookie: string, segundos: number): Promise<Medicion> {
  return new Promise((ok, mal) => {
    const latencias: number[] = [];
    const instancia = autocannon(
      { url, connections: CONEXIONES, duration: segundos, headers: { cookie }, timeout: 10 },
      (err, r) => {
        if (err) return mal(err);
        const ordenadas = Float64Array.from(latencias).sort();
        ok({
          reqPorSeg: r.requests.average,
          p50: percentil(ordenadas, 50),
          p95: percentil(ordenadas, 95),
          p99: percentil(ordenadas, 99),
          errores: r.errors + r.timeouts,
          no2xx: r.non2xx,
          codigos: Object.fromEntries(
            Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]),
          ),
        });
      },
    );
    instancia.on('response', (_cliente, _status, _bytes, tiempo) => latencias.push(tiempo));
  });
}

// ---------------------------------------------------------------------------
// 5. Tablas

const numero = (n: number, decimales = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', {
        minimumFractionDigits: decimales,
        maximumFractionDigits: decimales,
      })
    : '—';

function tablaResultados(
  filas: { escenario: string; destino: string; m: Medicion; relacion: string }[],
): string {
  const lineas = [
    '| Escenario | Destino | req/s | p50 ms | p95 ms | p99 ms | errores / no-2xx | req/s app ÷ base |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { escenario, destino, m, relacion } of filas) {
    const alerta = m.errores + m.no2xx > 0 ? '⚠ ' : '';
    lineas.push(
      `| ${escenario} | ${destino} | ${numero(m.reqPorSeg)} | ${numero(m.p50, 1)} | ${numero(m.p95, 1)} | ${numero(m.p99, 1)} | ${alerta}${m.errores} / ${m.no2xx} | ${relacion} |`,
    );
  }
  return lineas.join('\n');
}

interface PrimeraCarga {
  ruta: string;
  bytes: number;
  gzip: number;
  chunks: number;
}

function medirChunks(ruta: string, archivos: string[]): PrimeraCarga {
  let bytes = 0;
  let gzip = 0;
  for (const archivo of archivos) {
    const contenido = readFileSync(path.resolve(RAIZ, archivo));
    bytes += contenido.length;
    gzip += gzipSync(contenido, { level: 9 }).length;
  }
  return { ruta, bytes, gzip, chunks: archivos.length };
}

/**
 * JS de primera carga por ruta. Next 16 deja la lista de chunks de cada ruta en
 * .next/diagnostics/route-bundle-stats.json (sin gzip: se calcula aquí). Si no existe, se
 * arma desde los manifiestos: los entryJSFiles del client reference manifest de la página
 * más los rootMainFiles del build manifest.
 */
function primeraCarga(): { filas: PrimeraCarga[]; fuente: string } {
  const stats = path.join(RAIZ, '.next/diagnostics/route-bundle-stats.json');
  if (existsSync(stats)) {
    const rutas = JSON.parse(readFileSync(stats, 'utf8')) as {
      route: string;
      firstLoadUncompressedJsBytes: number;
      firstLoadChunkPaths: string[];
    }[];
    const filas = rutas.map((r) => {
      const medida = medirChunks(r.route, r.firstLoadChunkPaths);
      if (medida.bytes !== r.firstLoadUncompressedJsBytes) {
        console.warn(
          `⚠ ${r.route}: los chunks suman ${medida.bytes} B y Next informa ${r.firstLoadUncompressedJsBytes} B.`,
        );
      }
      return medida;
    });
    return { filas, fuente: '.next/diagnostics/route-bundle-stats.json' };
  }
  const raices = (
    JSON.parse(readFileSync(path.join(RAIZ, '.next/build-manifest.json'), 'utf8')) as {
      rootMainFiles: string[];
    }
  ).rootMainFiles;
  const filas: PrimeraCarga[] = [];
  for (const [ruta, carpeta] of [
    ['/', ''],
    ['/login', 'login'],
  ] as const) {
    const archivo = path.join(
      RAIZ,
      '.next/server/app',
      carpeta,
      'page_client-reference-manifest.js',
    );
    if (!existsSync(archivo)) continue;
    const contexto = {
      globalThis: {} as {
        __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
      },
    };
    vm.runInNewContext(readFileSync(archivo, 'utf8'), contexto);
    const manifiesto = Object.values(contexto.globalThis.__RSC_MANIFEST ?? {})[0];
    const chunks = new Set([...Object.values(manifiesto?.entryJSFiles ?? {}).flat(), ...raices]);
    filas.push(
      medirChunks(
        ruta,
        [...chunks].map((c) => path.join('.next', c)),
      ),
    );
  }
  return { filas, fuente: 'client reference manifests + build-manifest.json' };
}

function tablaPrimeraCarga(filas: PrimeraCarga[]): string {
  const kB = (b: number) => `${numero(b / 1000, 1)} kB`;
  const lineas = ['| Ruta | JS de primera carga | gzip (nivel 9) | chunks |', '|---|--:|--:|--:|'];
  for (const f of filas)
    lineas.push(`| ${f.ruta} | ${kB(f.bytes)} | ${kB(f.gzip)} | ${f.chunks} |`);
  return lineas.join('\n');
}

// ---------------------------------------------------------------------------

async function principal() {
  if (!Number.isFinite(DURACION_S) || DURACION_S <= 0)
    throw new FalloBench(`BENCH_DURATION inválido: "${process.env.BENCH_DURATION}".`);
  const inicio = performance.now();

  let t = performance.now();
  const versionPg = await prepararBaseDeDatos(URL_DATOS);
  console.log(
    `Base ${new URL(URL_DATOS).pathname.slice(1)} recreada, migrada y sembrada (${ms(t)}).`,
  );

  if (process.env.BENCH_SKIP_BUILD === '1') {
    if (!existsSync(path.join(RAIZ, '.next/BUILD_ID')))
      throw new FalloBench('BENCH_SKIP_BUILD=1 pero no hay build en .next/.');
    console.log('Compilación omitida (BENCH_SKIP_BUILD=1): se usa la build existente.');
  } else {
    t = performance.now();
    console.log('Compilando (npx next build)…');
    await compilar();
    console.log(`Compilado (${ms(t)}).`);
  }

  // Se lee ya: otra build en el mismo repositorio podría reemplazar .next/ mientras se mide.
  const cargas = primeraCarga();

  t = performance.now();
  await iniciarApp();
  const cookie = await ingresar(EMAIL_DEMO.admin);
  console.log(`App en http://${HOST}:${PUERTO_APP}, sesión de ${EMAIL_DEMO.admin} (${ms(t)}).`);
  await iniciarBase();
  console.log(`Línea de base en http://${HOST}:${PUERTO_BASE}.`);

  const cargaAntes = os.loadavg()[0]!;
  const filas: Parameters<typeof tablaResultados>[0] = [];
  const avisos: string[] = [];
  for (const escenario of ESCENARIOS) {
    const deApp = await verificar(escenario, APP, cookie);
    const deBase = await verificar(escenario, BASE, cookie);
    if (JSON.stringify(deApp) !== JSON.stringify(deBase)) {
      avisos.push(`⚠ ${escenario.nombre}: la respuesta de la base no es idéntica a la de la app.`);
    }
    const medidas: Medicion[] = [];
    for (const destino of [APP, BASE]) {
      const url = destino.origen + escenario.ruta;
      console.log(
        `${escenario.nombre} → ${destino.nombre}: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`,
      );
      await medir(url, cookie, CALENTAMIENTO_S);
      const m = await medir(url, cookie, DURACION_S);
      medidas.push(m);
      if (m.errores + m.no2xx > 0) {
        avisos.push(
          `⚠ ${escenario.nombre} en ${destino.nombre}: ${m.errores} errores de conexión/timeouts, ${m.no2xx} respuestas no 2xx (códigos: ${JSON.stringify(m.codigos)}).`,
        );
      }
    }
    const [app, base] = medidas as [Medicion, Medicion];
    filas.push({
      escenario: escenario.nombre,
      destino: APP.nombre,
      m: app,
      relacion: `${numero(app.reqPorSeg / base.reqPorSeg, 2)}×`,
    });
    filas.push({ escenario: escenario.nombre, destino: BASE.nombre, m: base, relacion: '1×' });
  }

  const cargaDespues = os.loadavg()[0]!;
  const cpus = os.cpus();
  console.log('\n## Resultados\n');
  console.log(
    `Node ${process.version} · ${cpus.length} CPU (${cpus[0]?.model.trim() ?? '?'}) · PostgreSQL ${versionPg} · ` +
      `autocannon, ${CONEXIONES} conexiones, ${DURACION_S} s por medición (+${CALENTAMIENTO_S} s de calentamiento) · todo en ${HOST}.\n` +
      `Carga del sistema (loadavg 1 min): ${numero(cargaAntes, 2)} al empezar a medir, ${numero(cargaDespues, 2)} al terminar.\n`,
  );
  console.log(tablaResultados(filas));
  console.log(
    '\nLatencias: percentiles exactos sobre todas las respuestas de la medición. La base no revisa la sesión ' +
      '(la app decodifica el JWT y relee el usuario en cada petición) y corre en un worker thread del proceso de autocannon.',
  );
  for (const aviso of avisos) console.log(aviso);

  console.log(`\n## JS de primera carga\n\nFuente: ${cargas.fuente}; kB = 1000 B.\n`);
  console.log(tablaPrimeraCarga(cargas.filas));
  for (const ruta of ['/', '/login']) {
    if (!cargas.filas.some((c) => c.ruta === ruta)) console.log(`⚠ No hay datos de ${ruta}.`);
  }

  console.log(`\nDuración total: ${ms(inicio)}.`);
}

async function salir(codigo: number) {
  await limpiar();
  process.exit(codigo);
}

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, () => {
    console.error(`\nInterrumpido (${senal}): deteniendo lo arrancado…`);
    void salir(130);
  });
}

principal().then(
  () => salir(0),
  (e: unknown) => {
    if (e instanceof FalloBench) console.error(`\nEl benchmark falló: ${e.message}`);
    else console.error('\nEl benchmark falló por un error inesperado:', e);
    return salir(1);
  },
);
