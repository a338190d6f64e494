/**
 * Benchmark de la app (`npm run bench`): la build de producción de Next contra una línea de
 * base pelada (tests/bench/base.ts) que corre el mismo SQL, sobre la misma base PostgreSQL.
 *
 *  1. (Re)crea la base de prueba (BENCH_DATABASE_URL, por defecto portal_bench en
 *     127.0.0.1), la migra y siembra la escuela de demostración.
 *  2. Compila (salvo BENCH_SKIP_BUILD=1), arranca `next start` en 127.0.0.1:3300 e
 *     ingresa como admin@escuela.test (y alumnado@escuela.test, para 4c) por los endpoints de
 *     next-auth.
 *  3. Arranca la base en 127.0.0.1:3301 (un worker thread de este proceso).
 *  4. Para cada escenario y destino: verifica una respuesta 200, calienta 2 s y mide con
 *     autocannon (10 conexiones, BENCH_DURATION segundos, 10 por defecto).
 *  4b. Asistencias (tests/bench/asistencias.ts): tras la semilla se insertan con SQL ~130.000
 *     entradas (un ciclo entero); se cuentan las sentencias SQL por petición del planillón
 *     (GET /api/asistencias/reporte/{curso}/{mes}) y del guardado de la planilla (POST
 *     /api/asistencias/planilla/{curso}/{fecha}/{turno}) en un curso chico y uno grande, con
 *     log_statement = 'all' en la base de prueba (quitado después), y se miden ambos, sólo la app.
 *  4c. Notas (tests/bench/notas.ts), con la sesión de alumnado@escuela.test: tras la semilla se
 *     abren con SQL los dos cuatrimestres del ciclo para Alumnado y se crean 10 cursados de 35
 *     alumnos nuevos y uno de 3 (no cambia lo que leen los demás escenarios); se cuentan las
 *     sentencias por petición de la planilla (GET /api/notascursado/{id}), de su guardado entero
 *     (PUT /api/notascursado/{id}, las 70 celdas: 'add' la primera vez, después 'update' entre
 *     dos juegos de notas con el `anterior` correcto) y del planillón de notas (tRPC
 *     notas.reporte) con 3 y con 35 alumnos, y se miden, sólo la app: la planilla y el planillón
 *     grandes y el guardado, 10 conexiones cada una sobre su propio cursado de 35 alumnos.
 *  4d. Semana de inscripción (tests/bench/inscripcion.ts), después de las anteriores (no cambia
 *     sus datos): se insertan con SQL 200 referentes parentales completos con 40 hijos sin
 *     inscribir cada uno, se ingresa como cada uno (de a 10) y 200 trabajadores, uno por
 *     referente, mandan sin pausa durante BENCH_INSCRIPCION_DURATION segundos (60 por defecto;
 *     antes, 2 s de calentamiento) 80 % de lecturas (GET /api/mishijos/inscripcion, la página
 *     GET /inscripcion/completar y GET /api/reglamentos) y 20 % de envíos de la inscripción del
 *     próximo hijo con su comprobante (POST /api/alumnos/{alumno}/inscribir, multipart con un PDF,
 *     con el Origin propio como el navegador). Después cuenta en la base inscripciones, fichas,
 *     comprobantes y auditoría: deben ser tantas como envíos aceptados, y 0 errores.
 *  4e. Replicar ciclo anterior (tests/bench/planificacion.ts): en una base propia, un año de
 *     ≈ 18 cursos × 12 cursados y después el doble, vista previa y replicar por el procedimiento,
 *     con su tiempo y sus sentencias (las mismas en los dos tamaños).
 *  4f. Cronograma y evaluaciones (tests/bench/cronograma.ts): en una base propia, con "hoy" el
 *     15 de septiembre, un cursado del docente de demostración con un año de clases (≈ 150, el
 *     libro de cada una pasada) y evaluaciones en sus cursos, y después el doble; la pestaña de
 *     clases (cronograma.libro), los lugares de evaluación y las del alumno (evaluaciones.mias)
 *     por el procedimiento, con mediana, p95 y sentencias (las mismas en los dos tamaños).
 *  4g. Avances y pendientes (tests/bench/avances.ts): en una base propia, con "hoy" el 5 de
 *     octubre (pasado el cierre de la instancia de avances del 2 de octubre), la planilla de
 *     avances de un cursado del docente de demostración (avances.planilla), su guardado entero
 *     (avances.guardar, cada alumno cambiado) y el tablero de pendientes del regente
 *     (pendientes.tablero), como se sembró y con el cursado en 35 alumnos, dos instancias
 *     vencidas y el doble de cursados, por el procedimiento, con mediana, p95 y sentencias (las
 *     mismas en los dos tamaños).
 *  4h. Mesas de examen (tests/bench/mesas.ts): en una base propia, el listado del año de
 *     Alumnado (página y búsqueda), el detalle de una mesa, su acta de 40 alumnos, el guardado
 *     del acta entera y los alumnos que adeudan la materia, con las mesas de la semilla y con 300
 *     mesas más, por el procedimiento, con mediana, p95 y sentencias (las mismas en los dos
 *     tamaños).
 *  5. Imprime la tabla de resultados, la de sentencias, la de la semana de inscripción y la del
 *     JS de primera carga (con /inscripcion/completar).
 *  6. Detiene todo lo que arrancó. Sale con 0, o con 1 y un mensaje si algo falla.
 *
 * Todo el tráfico va a 127.0.0.1. Nada se escribe en el repositorio salvo la build en
 * NEXT_DIST_DIR (`.next-bench/` por defecto: no pisa la `.next/` de otras builds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
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
import { Azar } from '@/server/db/seed/aleatorio';
import { momentoEscolar } from '@/server/reloj';
import {
  archivoDeLog,
  contarSentencias,
  cuerposPlanilla,
  sembrarAnio,
  TURNO_GUARDADO,
  type CursoBench,
} from './asistencias';
import { medirAvances, tablaAvances } from './avances';
import { medirMesas, tablaMesas } from './mesas';
import type { DatosBase } from './base';
import { medirCronograma, tablaCronograma } from './cronograma';
import { medirPlanificacion, tablaPlanificacion } from './planificacion';
import {
  Guardados,
  leyendaNotas,
  opcionesGuardado,
  prepararNotas,
  pruebasNotas,
  PLANILLAS_GRANDES,
  type PruebaNotas,
} from './notas';
import {
  comprobantePdf,
  contarGuardado,
  correrCarga,
  HIJOS_POR_REFERENTE,
  inscribirHijo,
  leer,
  LECTURAS,
  NOMBRE_ENVIO,
  PROPORCION_ENVIOS,
  REFERENTES_BENCH,
  revisarEnvio,
  sembrarFamilias,
  type Guardian,
  type PorTipo,
  type ResultadoCarga,
} from './inscripcion';

const HOST = '127.0.0.1';
const PUERTO_APP = 3300;
const PUERTO_BASE = 3301;
const CONEXIONES = 10;
const CALENTAMIENTO_S = 2;
const DURACION_S = Number(process.env.BENCH_DURATION || 10);
/** Duración de la semana de inscripción (el pedido: 60 s; se puede acortar para probar). */
const BENCH_INSCRIPCION_S = Number(process.env.BENCH_INSCRIPCION_DURATION || 60);
/** Ingresos simultáneos al preparar las sesiones de los referentes. */
const INGRESOS_SIMULTANEOS = 10;
const URL_DATOS = process.env.BENCH_DATABASE_URL || `postgres://postgres@${HOST}:5432/portal_bench`;
const RAIZ = process.cwd();
/** Carpeta de la build (next.config.mjs lee NEXT_DIST_DIR): aparte de la `.next/` de Playwright. */
const DIST = process.env.NEXT_DIST_DIR || '.next-bench';

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
    const { ciclo, hoy } = momentoEscolar();
    await sembrar(db, { ciclo, hoy });
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
    NEXT_DIST_DIR: DIST,
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
function medir(
  url: string,
  cookie: string,
  segundos: number,
  extra: Partial<autocannon.Options> = {},
): Promise<Medicion> {
  return new Promise((ok, mal) => {
    const latencias: number[] = [];
    const instancia = autocannon(
      {
        url,
        connections: CONEXIONES,
        duration: segundos,
        headers: { cookie },
        timeout: 10,
        ...extra,
      },
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
  const stats = path.join(RAIZ, DIST, 'diagnostics/route-bundle-stats.json');
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
    return { filas, fuente: `${DIST}/diagnostics/route-bundle-stats.json` };
  }
  const raices = (
    JSON.parse(readFileSync(path.join(RAIZ, DIST, 'build-manifest.json'), 'utf8')) as {
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
      DIST,
      'server/app',
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
        [...chunks].map((c) => path.join(DIST, c)),
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
// 4b. Asistencias con un año entero de datos (planillón y guardado de la planilla)

/**
 * Una petición a la app con node:http: sin cabecera Origin (un cliente que no es navegador;
 * fetch podría agregar una en los POST). Devuelve el estado y el cuerpo.
 */
function pedir(
  ruta: string,
  cookie: string,
  metodo = 'GET',
  cuerpo?: string,
): Promise<{ status: number; texto: string }> {
  return new Promise((ok, mal) => {
    const cabeceras: Record<string, string | number> = { cookie };
    if (cuerpo !== undefined) {
      cabeceras['content-type'] = 'application/json';
      cabeceras['content-length'] = Buffer.byteLength(cuerpo);
    }
    const req = http.request(
      { host: HOST, port: PUERTO_APP, path: ruta, method: metodo, headers: cabeceras },
      (res) => {
        const trozos: Buffer[] = [];
        res.on('data', (t: Buffer) => trozos.push(t));
        res.on('end', () =>
          ok({ status: res.statusCode ?? 0, texto: Buffer.concat(trozos).toString() }),
        );
        res.on('error', mal);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('sin respuesta en 30 s')));
    req.on('error', mal);
    req.end(cuerpo);
  });
}

interface PruebaAsistencias {
  nombre: string;
  metodo: 'GET' | 'POST';
  ruta: (curso: CursoBench, fecha: string) => string;
  cuerpo?: (curso: CursoBench, fecha: string) => string;
  /** Verifica la forma de la respuesta (lanza si no es la esperada). */
  revisar: (json: unknown, curso: CursoBench) => void;
}

function alumnosDe(json: unknown, curso: CursoBench, que: string) {
  const alumnos = (json as { alumnos?: { entradas?: unknown[] }[] })?.alumnos;
  if (!Array.isArray(alumnos) || alumnos.length !== curso.alumnos)
    throw new Error(`${que}: se esperaban los ${curso.alumnos} alumnos del curso ${curso.id}`);
  return alumnos;
}

/** Una petición de prueba a la app: exige 200 y la forma esperada. */
async function verificarAsistencias(
  prueba: PruebaAsistencias,
  curso: CursoBench,
  fecha: string,
  cookie: string,
) {
  const r = await pedir(
    prueba.ruta(curso, fecha),
    cookie,
    prueba.metodo,
    prueba.cuerpo?.(curso, fecha),
  );
  if (r.status !== 200)
    throw new FalloBench(`${prueba.nombre} respondió ${r.status}: ${r.texto.slice(0, 300)}`);
  try {
    prueba.revisar(JSON.parse(r.texto), curso);
  } catch (e) {
    throw new FalloBench(`${prueba.nombre}: ${(e as Error).message} (${r.texto.slice(0, 200)})`);
  }
}

/** Una petición de prueba de notas a la app: exige 200 y la forma esperada. */
async function verificarNotas(prueba: PruebaNotas, objetivo: number, cookie: string) {
  const r = await pedir(prueba.ruta(objetivo), cookie, prueba.metodo, prueba.cuerpo?.(objetivo));
  if (r.status !== 200)
    throw new FalloBench(
      `${prueba.nombre} (${objetivo}) respondió ${r.status}: ${r.texto.slice(0, 300)}`,
    );
  try {
    prueba.revisar(JSON.parse(r.texto), objetivo);
  } catch (e) {
    throw new FalloBench(
      `${prueba.nombre} (${objetivo}): ${(e as Error).message} (${r.texto.slice(0, 200)})`,
    );
  }
}

// ---------------------------------------------------------------------------
// 4d. Semana de inscripción: 200 referentes a la vez, lecturas y envíos con comprobante

const APP_HTTP = { host: HOST, puerto: PUERTO_APP };

/** Ingresa como cada referente, de a INGRESOS_SIMULTANEOS; devuelve las cabeceras Cookie. */
async function ingresarTodos(emails: string[]): Promise<string[]> {
  const cookies: string[] = new Array<string>(emails.length);
  let siguiente = 0;
  await Promise.all(
    Array.from({ length: INGRESOS_SIMULTANEOS }, async () => {
      while (siguiente < emails.length) {
        const i = siguiente++;
        cookies[i] = await ingresar(emails[i]!);
      }
    }),
  );
  return cookies;
}

interface MisHijos {
  ciclo?: number;
  referente?: { completo?: boolean };
  hijos?: { orden: number; inscripto: boolean }[];
}

/** GET /api/mishijos/inscripcion del referente: exige 200 y la forma esperada. */
async function misHijos(agente: http.Agent, g: Guardian): Promise<MisHijos> {
  const lectura = LECTURAS.find((l) => l.tipo === 'mishijos')!;
  const r = await leer(agente, APP_HTTP, g.cookie, lectura);
  const texto = r.cuerpo.toString();
  if (r.status !== 200)
    throw new FalloBench(`${lectura.nombre} respondió ${r.status}: ${texto.slice(0, 300)}`);
  const json = JSON.parse(texto) as MisHijos;
  if (!json.referente?.completo || json.hijos?.length !== HIJOS_POR_REFERENTE)
    throw new FalloBench(
      `${lectura.nombre} de ${g.familia.email}: se esperaban datos completos y ${HIJOS_POR_REFERENTE} hijos (${texto.slice(0, 200)}).`,
    );
  return json;
}

/**
 * Antes de medir, con el primer referente: las tres lecturas (200 y su forma) y un envío
 * (la inscripción del hijo en la respuesta, y el hijo inscripto al releer). Cuenta como
 * envío aceptado en el control final.
 */
async function verificarInscripcion(
  agente: http.Agent,
  g: Guardian,
  ciclo: number,
  pdf: Buffer,
): Promise<void> {
  const antes = await misHijos(agente, g);
  if (antes.ciclo !== ciclo || antes.hijos!.some((h) => h.inscripto))
    throw new FalloBench(
      `Los hijos de ${g.familia.email} no deberían estar inscriptos en ${ciclo}.`,
    );
  for (const lectura of LECTURAS.filter((l) => l.tipo !== 'mishijos')) {
    const r = await leer(agente, APP_HTTP, g.cookie, lectura);
    const texto = r.cuerpo.toString();
    if (r.status !== 200)
      throw new FalloBench(`${lectura.nombre} respondió ${r.status}: ${texto.slice(0, 300)}`);
    const forma =
      lectura.tipo === 'pagina'
        ? /^<!DOCTYPE html>/i.test(texto) && texto.includes('<title>Inscripción · ')
        : Array.isArray(JSON.parse(texto)) && (JSON.parse(texto) as unknown[]).length > 0;
    if (!forma)
      throw new FalloBench(`${lectura.nombre}: respuesta inesperada (${texto.slice(0, 200)}).`);
  }
  const hijo = g.pendientes.shift()!;
  const r = await inscribirHijo(agente, APP_HTTP, g, hijo, pdf, new Azar(hijo.id));
  const problema = revisarEnvio(r, hijo, ciclo);
  if (problema) throw new FalloBench(`${NOMBRE_ENVIO} (alumno ${hijo.id}): ${problema}`);
  const despues = await misHijos(agente, g);
  if (!despues.hijos!.find((h) => h.orden === hijo.id)?.inscripto)
    throw new FalloBench(`El alumno ${hijo.id} no figura inscripto después del envío.`);
}

const todosLosTipos = (r: ResultadoCarga): PorTipo[] => Object.values(r.porTipo);
const sumar = (tipos: PorTipo[], campo: 'ok' | 'rechazadas' | 'fallidas') =>
  tipos.reduce((n, t) => n + t[campo], 0);
const erroresDe = (r: ResultadoCarga) =>
  sumar(todosLosTipos(r), 'rechazadas') + sumar(todosLosTipos(r), 'fallidas');

function tablaInscripcion(r: ResultadoCarga): string {
  const lecturas = LECTURAS.map((l) => r.porTipo[l.tipo]);
  const total = todosLosTipos(r).reduce((n, t) => n + t.latencias.length + t.fallidas, 0);
  const pct = (p: number) => `${numero(p * 100)} %`;
  const filas: [string, PorTipo[]][] = [
    ['**todas**', todosLosTipos(r)],
    [`lecturas (objetivo ${pct(1 - PROPORCION_ENVIOS)})`, lecturas],
    ...LECTURAS.map((l): [string, PorTipo[]] => [`· ${l.nombre}`, [r.porTipo[l.tipo]]]),
    [`envíos (objetivo ${pct(PROPORCION_ENVIOS)}): ${NOMBRE_ENVIO}`, [r.porTipo.inscribir]],
  ];
  const lineas = [
    '| Peticiones | cantidad | % | req/s | p50 ms | p95 ms | p99 ms | no-2xx | errores de conexión / timeouts |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const [nombre, tipos] of filas) {
    const ordenadas = Float64Array.from(tipos.flatMap((t) => t.latencias)).sort();
    const n = ordenadas.length + sumar(tipos, 'fallidas');
    const rechazadas = sumar(tipos, 'rechazadas');
    const fallidas = sumar(tipos, 'fallidas');
    const alerta = (x: number) => (x > 0 ? `⚠ ${x}` : '0');
    lineas.push(
      `| ${nombre} | ${numero(n)} | ${numero((n / total) * 100, 1)} | ${numero(n / r.segundos, 1)} | ` +
        `${numero(percentil(ordenadas, 50), 1)} | ${numero(percentil(ordenadas, 95), 1)} | ` +
        `${numero(percentil(ordenadas, 99), 1)} | ${alerta(rechazadas)} | ${alerta(fallidas)} |`,
    );
  }
  return lineas.join('\n');
}

// ---------------------------------------------------------------------------

async function principal() {
  if (!Number.isFinite(DURACION_S) || DURACION_S <= 0)
    throw new FalloBench(`BENCH_DURATION inválido: "${process.env.BENCH_DURATION}".`);
  if (!Number.isFinite(BENCH_INSCRIPCION_S) || BENCH_INSCRIPCION_S <= 0)
    throw new FalloBench(
      `BENCH_INSCRIPCION_DURATION inválido: "${process.env.BENCH_INSCRIPCION_DURATION}".`,
    );
  const inicio = performance.now();

  let t = performance.now();
  const versionPg = await prepararBaseDeDatos(URL_DATOS);
  console.log(
    `Base ${new URL(URL_DATOS).pathname.slice(1)} recreada, migrada y sembrada (${ms(t)}).`,
  );

  // Un año entero de asistencias, directo con SQL, y los cuerpos de los guardados.
  t = performance.now();
  const nombreBase = decodeURIComponent(new URL(URL_DATOS).pathname.slice(1));
  const datos = await sembrarAnio(URL_DATOS);
  if (datos.filas < 100_000)
    throw new FalloBench(`Sólo hay ${datos.filas} asistencias (se buscaban ≥ 100.000).`);
  const { cursoChico, cursoGrande } = datos;
  const cuerpos = new Map<number, Awaited<ReturnType<typeof cuerposPlanilla>>>();
  for (const c of [cursoChico, cursoGrande])
    cuerpos.set(c.id, await cuerposPlanilla(URL_DATOS, c.id, datos.ciclo, datos.fechas));
  console.log(
    `Asistencias: ${numero(datos.insertadas)} insertadas con SQL, ${numero(datos.filas)} en total ` +
      `(ciclo ${datos.ciclo}); curso chico ${cursoChico.id} (${cursoChico.alumnos} alumnos), ` +
      `grande ${cursoGrande.id} (${cursoGrande.alumnos}); planillón de ${datos.mes}; guardados en ` +
      `${datos.fechas.length} días (${datos.fechas.at(-1)} a ${datos.fechas[0]}) (${ms(t)}).`,
  );

  // Notas: períodos abiertos para Alumnado, planillas de 3 y 35 alumnos, con SQL.
  t = performance.now();
  const notas = await prepararNotas(URL_DATOS, { chico: cursoChico, grande: cursoGrande }).catch(
    (e: Error) => {
      throw new FalloBench(`No se pudieron preparar las notas: ${e.message}.`);
    },
  );
  const guardados = new Guardados([notas.planillaChica, ...notas.planillasGrandes]);
  const PRUEBAS_NOTAS = pruebasNotas(notas, guardados);
  console.log(
    `Notas: los dos cuatrimestres de ${notas.ciclo} abiertos para Alumnado (aperturas ` +
      `${notas.aperturas.join(' y ')}, sin cierre ni publicación); ${notas.planillasGrandes.length} ` +
      `cursados anuales de ${notas.planillasGrandes[0]!.alumnos.length} alumnos nuevos (curso ` +
      `${notas.cursoNuevos}) y uno de ${notas.planillaChica.alumnos.length} (curso ${notas.cursoChico.id}), ` +
      `insertados con SQL; planillones de los cursos ${notas.cursoChico.id} y ${notas.cursoGrande.id} (${ms(t)}).`,
  );

  // Conteo de sentencias: log_statement = 'all' en la base de prueba mientras se cuentan (las
  // conexiones de la app se abren después y lo toman); se quita y se cierran antes de medir.
  const admin = postgres(URL_DATOS, { max: 1, onnotice: () => {} });
  limpiezas.push(() => admin.end({ timeout: 5 }));
  let log = await archivoDeLog(admin);
  if (log) {
    try {
      closeSync(openSync(log, 'r'));
    } catch {
      log = null;
    }
  }
  let logActivo = false;
  const quitarLog = async () => {
    if (!logActivo) return;
    await admin.unsafe(`alter database "${nombreBase}" reset log_statement`);
    logActivo = false;
  };
  if (log) {
    await admin.unsafe(`alter database "${nombreBase}" set log_statement = 'all'`);
    logActivo = true;
    limpiezas.push(quitarLog);
  }

  if (process.env.BENCH_SKIP_BUILD === '1') {
    if (!existsSync(path.join(RAIZ, DIST, 'BUILD_ID')))
      throw new FalloBench(`BENCH_SKIP_BUILD=1 pero no hay build en ${DIST}/.`);
    console.log('Compilación omitida (BENCH_SKIP_BUILD=1): se usa la build existente.');
  } else {
    t = performance.now();
    console.log('Compilando (npx next build)…');
    await compilar();
    console.log(`Compilado (${ms(t)}).`);
  }

  // Se lee ya: otra build en el mismo repositorio podría reemplazar la carpeta mientras se mide.
  const cargas = primeraCarga();

  t = performance.now();
  await iniciarApp();
  const cookie = await ingresar(EMAIL_DEMO.admin);
  const cookieAlumnado = await ingresar(EMAIL_DEMO.alumnado);
  console.log(
    `App en http://${HOST}:${PUERTO_APP}, sesiones de ${EMAIL_DEMO.admin} y ${EMAIL_DEMO.alumnado} (${ms(t)}).`,
  );

  const fecha0 = datos.fechas[0]!;
  const cuerpo = (c: CursoBench, f: string) => JSON.stringify(cuerpos.get(c.id)!.get(f)!);
  const REPORTE: PruebaAsistencias = {
    nombre: `(c) GET /api/asistencias/reporte/{curso}/${datos.mes}`,
    metodo: 'GET',
    ruta: (c) => `/api/asistencias/reporte/${c.id}/${datos.mes}`,
    revisar: (json, c) => {
      const alumnos = alumnosDe(json, c, 'reporte');
      if (!alumnos.some((a) => a.entradas?.length)) throw new Error('el mes no tiene entradas');
    },
  };
  const PLANILLA: PruebaAsistencias = {
    nombre: `(d) POST /api/asistencias/planilla/{curso}/{fecha}/${TURNO_GUARDADO}`,
    metodo: 'POST',
    ruta: (c, f) => `/api/asistencias/planilla/${c.id}/${f}/manana`,
    cuerpo,
    revisar: (json, c) => {
      alumnosDe(json, c, 'planilla');
      if (typeof (json as { cambios?: unknown })?.cambios !== 'object')
        throw new Error('se esperaban los cambios guardados');
    },
  };

  // Sentencias SQL por petición, con un curso chico y uno grande.
  const consultas: { nombre: string; chico: string; grande: string }[] = [];
  if (log) {
    const contar = async (p: PruebaAsistencias, c: CursoBench) =>
      contarSentencias(log, nombreBase, () => verificarAsistencias(p, c, fecha0, cookie));
    const filaDe = async (nombre: string, p: PruebaAsistencias, primera: boolean) => {
      const n: number[] = [];
      for (const c of [cursoChico, cursoGrande]) {
        if (!primera) await verificarAsistencias(p, c, fecha0, cookie); // ya guardada / en caché
        n.push(await contar(p, c));
      }
      consultas.push({ nombre, chico: String(n[0]), grande: String(n[1]) });
    };
    await filaDe('(c) planillón del mes', REPORTE, false);
    await filaDe('(d) guardar planilla, primera vez (crea entradas + auditoría)', PLANILLA, true);
    await filaDe('(d) guardar planilla, repetido (lo que se mide)', PLANILLA, false);
    // Notas, con Alumnado: planilla chica y grande; planillón de un curso chico y uno grande.
    const filaNotas = async (nombre: string, p: PruebaNotas, primera: boolean) => {
      const n: number[] = [];
      for (const objetivo of [p.chico, p.grande]) {
        if (!primera) await verificarNotas(p, objetivo, cookieAlumnado);
        n.push(
          await contarSentencias(log, nombreBase, () =>
            verificarNotas(p, objetivo, cookieAlumnado),
          ),
        );
      }
      consultas.push({ nombre, chico: String(n[0]), grande: String(n[1]) });
    };
    await filaNotas('(e) planilla de notas de un cursado', PRUEBAS_NOTAS.planilla, false);
    await filaNotas(
      "(f) guardar la planilla entera, primera vez ('add' de todas las celdas + auditoría)",
      PRUEBAS_NOTAS.guardar,
      true,
    );
    await filaNotas(
      "(f) guardar la planilla entera, repetido ('update' de todas las celdas, lo que se mide)",
      PRUEBAS_NOTAS.guardar,
      false,
    );
    await filaNotas('(g) planillón de notas de un curso', PRUEBAS_NOTAS.planillon, false);
    await quitarLog();
    // Las conexiones abiertas conservan el ajuste: se cierran y la app abre otras.
    await admin`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = ${nombreBase} and pid <> pg_backend_pid()`;
    for (let i = 0; i < 3; i++)
      await Promise.allSettled(
        Array.from({ length: CONEXIONES }, () => pedir(REPORTE.ruta(cursoGrande, fecha0), cookie)),
      );
  }
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

  // (c) y (d): sólo la app (sin línea de base), con el curso grande.
  for (const prueba of [REPORTE, PLANILLA]) {
    await verificarAsistencias(prueba, cursoGrande, fecha0, cookie);
    let i = 0;
    const extra: Partial<autocannon.Options> =
      prueba.metodo === 'GET'
        ? {}
        : {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            // Rota entre los días: cada petición repite el guardado de uno (idempotente).
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => {
                  const f = datos.fechas[i++ % datos.fechas.length]!;
                  return {
                    ...req,
                    method: 'POST',
                    path: prueba.ruta(cursoGrande, f),
                    body: cuerpo(cursoGrande, f),
                  };
                },
              },
            ],
          };
    const url = APP.origen + prueba.ruta(cursoGrande, fecha0);
    console.log(
      `${prueba.nombre} → curso ${cursoGrande.id}: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`,
    );
    await medir(url, cookie, CALENTAMIENTO_S, extra);
    const m = await medir(url, cookie, DURACION_S, extra);
    if (m.errores + m.no2xx > 0) {
      avisos.push(
        `⚠ ${prueba.nombre}: ${m.errores} errores de conexión/timeouts, ${m.no2xx} respuestas no 2xx (códigos: ${JSON.stringify(m.codigos)}).`,
      );
    }
    filas.push({
      escenario: `${prueba.nombre.replace('{curso}', String(cursoGrande.id))} (${cursoGrande.alumnos} alumnos)`,
      destino: APP.nombre,
      m,
      relacion: 'sin base',
    });
  }

  // (e)–(g): notas, sólo la app, con la sesión de Alumnado: la planilla y el planillón grandes,
  // y el guardado con una conexión por planilla de 35 alumnos (cada una guarda siempre la suya).
  for (const prueba of [PRUEBAS_NOTAS.planilla, PRUEBAS_NOTAS.planillon, PRUEBAS_NOTAS.guardar]) {
    const guardar = prueba.metodo === 'PUT';
    // Un guardado de prueba en cada planilla (la primera vez, el 'add' de todas sus celdas).
    for (const objetivo of guardar ? notas.planillasGrandes.map((p) => p.id) : [prueba.grande])
      await verificarNotas(prueba, objetivo, cookieAlumnado);
    // Antes y después de cada medición del guardado: que terminen los guardados que autocannon
    // dejó en curso, y releer de la base el juego de cada planilla (falla si alguna quedó a medias).
    const sincronizar = async () => {
      if (!guardar) return;
      await esperar(1000);
      await guardados.sincronizar(URL_DATOS).catch((e: Error) => {
        throw new FalloBench(`${prueba.nombre}: ${e.message}.`);
      });
    };
    const opciones = (): Partial<autocannon.Options> =>
      guardar ? opcionesGuardado(notas.planillasGrandes, guardados, cookieAlumnado) : {};
    const etiqueta = prueba.medida;
    const url = APP.origen + prueba.ruta(prueba.grande);
    console.log(`${etiqueta}: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`);
    await medir(url, cookieAlumnado, CALENTAMIENTO_S, opciones());
    await sincronizar();
    const m = await medir(url, cookieAlumnado, DURACION_S, opciones());
    await sincronizar();
    if (m.errores + m.no2xx > 0) {
      avisos.push(
        `⚠ ${etiqueta}: ${m.errores} errores de conexión/timeouts, ${m.no2xx} respuestas no 2xx (códigos: ${JSON.stringify(m.codigos)}).`,
      );
    }
    filas.push({ escenario: etiqueta, destino: APP.nombre, m, relacion: 'sin base' });
  }

  const cargaDespues = os.loadavg()[0]!;

  // 4d. Semana de inscripción. Las familias se siembran recién ahora: los escenarios de arriba
  // miden sobre la escuela sembrada tal cual (sin 8.000 alumnos más en búsquedas y cursos).
  t = performance.now();
  const inscripcion = await sembrarFamilias(URL_DATOS);
  console.log(
    `Semana de inscripción: ${inscripcion.familias.length} referentes con ${HIJOS_POR_REFERENTE} hijos ` +
      `sin inscribir cada uno (${numero(inscripcion.hijos)} alumnos en ${inscripcion.cursos} cursos ` +
      `del ciclo ${inscripcion.ciclo}), insertados con SQL (${ms(t)}).`,
  );
  t = performance.now();
  const cookiesReferentes = await ingresarTodos(inscripcion.familias.map((f) => f.email));
  const guardianes: Guardian[] = inscripcion.familias.map((familia, i) => ({
    familia,
    cookie: cookiesReferentes[i]!,
    pendientes: [...familia.hijos],
  }));
  console.log(
    `Sesiones de los ${guardianes.length} referentes (de a ${INGRESOS_SIMULTANEOS}) (${ms(t)}).`,
  );
  const agente = new http.Agent({
    keepAlive: true,
    maxSockets: REFERENTES_BENCH,
    maxFreeSockets: REFERENTES_BENCH,
  });
  limpiezas.push(async () => agente.destroy());
  const pdf = comprobantePdf();
  await verificarInscripcion(agente, guardianes[0]!, inscripcion.ciclo, pdf);
  const opcionesCarga = { ciclo: inscripcion.ciclo, pdf, agente };
  console.log(
    `Semana de inscripción → ${REFERENTES_BENCH} referentes: ${CALENTAMIENTO_S} s de calentamiento + ${BENCH_INSCRIPCION_S} s…`,
  );
  const calentamiento = await correrCarga(APP_HTTP, guardianes, CALENTAMIENTO_S, {
    ...opcionesCarga,
    semilla: 1,
  });
  const cargaAntesInscripcion = os.loadavg()[0]!;
  const semana = await correrCarga(APP_HTTP, guardianes, BENCH_INSCRIPCION_S, {
    ...opcionesCarga,
    semilla: 2,
  });
  const cargaDespuesInscripcion = os.loadavg()[0]!;
  const guardado = await contarGuardado(URL_DATOS, inscripcion.ciclo);
  const aceptadas = {
    verificacion: 1,
    calentamiento: calentamiento.porTipo.inscribir.ok,
    medicion: semana.porTipo.inscribir.ok,
  };
  const totalAceptadas = aceptadas.verificacion + aceptadas.calentamiento + aceptadas.medicion;
  const sinHijos = calentamiento.sinHijos + semana.sinHijos;
  const restantes = guardianes.map((g) => g.pendientes.length);

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
  console.log(
    `(c)/(d): sólo la app, sin línea de base; ${numero(datos.filas)} asistencias en la base. (d) rota entre ` +
      `${datos.fechas.length} días hábiles y repite en cada uno el mismo guardado (upsert sobre el índice único: ` +
      'relee con candado, reescribe las nuevas, sin auditoría), sin cabecera Origin.',
  );
  console.log(
    `(e)–(g): sólo la app, sin línea de base, con la sesión de ${EMAIL_DEMO.alumnado} (Alumnado: carga los dos ` +
      `cuatrimestres, abiertos y sin publicar). (f): opción (b), ${PLANILLAS_GRANDES} conexiones concurrentes, ` +
      'cada una fija en su propio cursado (una sola conexión por planilla: no hay 409 esperables); cada ' +
      "guardado manda las celdas de los dos cuatrimestres de todos los alumnos con 'update', alternando " +
      'entre dos juegos de notas con el `anterior` que quedó guardado (transacción con la fila del cursado ' +
      'bloqueada, upsert de las notas y una auditoría por celda), sin cabecera Origin; antes y después de ' +
      'cada medición se relee de la base que cada planilla tenga un juego entero.',
  );
  for (const aviso of avisos) console.log(aviso);

  console.log('\n## Sentencias SQL por petición\n');
  if (consultas.length) {
    console.log('| Petición | chico | grande |');
    console.log('|---|--:|--:|');
    for (const c of consultas) console.log(`| ${c.nombre} | ${c.chico} | ${c.grande} |`);
    console.log(
      `\nChico y grande: (c)/(d): cursos ${cursoChico.id} (${cursoChico.alumnos} alumnos) y ` +
        `${cursoGrande.id} (${cursoGrande.alumnos} alumnos); ${leyendaNotas(notas)}`,
    );
    console.log(
      `Contadas en ${log} con log_statement = 'all' en ${nombreBase} (quitado después): cada ` +
        'sentencia que la app manda por petición, incluidas la lectura del usuario de la sesión y begin/commit.',
    );
  } else {
    console.log('⚠ No se pudo leer el log del servidor: sin conteo (defina BENCH_PG_LOG).');
  }

  console.log('\n## Semana de inscripción\n');
  console.log(
    `${REFERENTES_BENCH} referentes parentales a la vez (un trabajador con node:http y keep-alive por referente, ` +
      `cada uno con su sesión, sin pausas), ${BENCH_INSCRIPCION_S} s (+${CALENTAMIENTO_S} s de calentamiento), ` +
      `sobre PostgreSQL ${versionPg}; ${numero(PROPORCION_ENVIOS * 100)} % de envíos de la inscripción del próximo ` +
      `hijo sin inscribir con un comprobante PDF de ${numero(pdf.length)} B, el resto lecturas al azar entre las tres. ` +
      `Percentiles exactos (hasta la última respuesta); req/s sobre ${numero(semana.segundos, 1)} s.\n` +
      `Carga del sistema (loadavg 1 min): ${numero(cargaAntesInscripcion, 2)} al empezar, ` +
      `${numero(cargaDespuesInscripcion, 2)} al terminar (el generador de carga corre en la misma máquina).\n`,
  );
  console.log(tablaInscripcion(semana));
  const errores = erroresDe(semana);
  const erroresCalentamiento = erroresDe(calentamiento);
  const marca = (ok: boolean) => (ok ? '✓' : '⚠');
  const igual = (n: number) => `${numero(n)} ${marca(n === totalAceptadas)}`;
  console.log('\n| Control | valor |\n|---|--:|');
  console.log(
    `| Errores en la medición (no-2xx + conexión/timeouts; deben ser 0) | ${errores} ${marca(errores === 0)} |`,
  );
  console.log(
    `| Envíos aceptados (2xx con la inscripción): medición + calentamiento + verificación | ` +
      `${numero(aceptadas.medicion)} + ${numero(aceptadas.calentamiento)} + ${aceptadas.verificacion} = **${numero(totalAceptadas)}** |`,
  );
  console.log(
    `| Envíos rechazados (no-2xx) o sin respuesta, medición | ${semana.porTipo.inscribir.rechazadas + semana.porTipo.inscribir.fallidas} |`,
  );
  console.log(
    `| Inscripciones guardadas (inscripciones_anuales, ciclo ${inscripcion.ciclo}) | **${igual(guardado.inscripciones)}** |`,
  );
  console.log(`| Fichas médicas guardadas | ${igual(guardado.fichas)} |`);
  console.log(
    `| Comprobantes guardados (archivos de los referentes) | ${igual(guardado.comprobantes)} |`,
  );
  console.log(
    `| Comprobantes sin inscripción (huérfanos) | ${guardado.huerfanos} ${marca(guardado.huerfanos === 0)} |`,
  );
  console.log(`| Auditoría 'inscribir' de los referentes | ${igual(guardado.auditorias)} |`);
  console.log(
    `| Hijos sin inscribir que quedaron por referente (mín. / máx. de ${HIJOS_POR_REFERENTE}) | ` +
      `${Math.min(...restantes)} / ${Math.max(...restantes)} ${marca(sinHijos === 0)} |`,
  );
  if (errores > 0 || erroresCalentamiento > 0) {
    console.log(
      `⚠ Semana de inscripción: ${errores} errores en la medición, ${erroresCalentamiento} en el calentamiento. ` +
        `Códigos: ${LECTURAS.map((l) => `${l.tipo} ${JSON.stringify(semana.porTipo[l.tipo].codigos)}`).join(', ')}, ` +
        `inscribir ${JSON.stringify(semana.porTipo.inscribir.codigos)}. Ejemplos:`,
    );
    for (const e of [...semana.ejemplos, ...calentamiento.ejemplos].slice(0, 10))
      console.log(`  - ${e}`);
  }
  if (guardado.inscripciones !== totalAceptadas)
    console.log(
      `⚠ Inscripciones guardadas (${guardado.inscripciones}) ≠ envíos aceptados (${totalAceptadas}).`,
    );
  const completar = cargas.filas.find((c) => c.ruta === '/inscripcion/completar');
  if (completar)
    console.log(
      `\nJS de primera carga de /inscripcion/completar: ${numero(completar.bytes / 1000, 1)} kB, ` +
        `**${numero(completar.gzip / 1000, 1)} kB con gzip** (nivel 9), ${completar.chunks} chunks.`,
    );

  console.log(`\n## JS de primera carga\n\nFuente: ${cargas.fuente}; kB = 1000 B.\n`);
  console.log(tablaPrimeraCarga(cargas.filas));
  for (const ruta of ['/', '/login', '/inscripcion/completar']) {
    if (!cargas.filas.some((c) => c.ruta === ruta)) console.log(`⚠ No hay datos de ${ruta}.`);
  }

  // 4e. Replicar ciclo anterior (tests/bench/planificacion.ts): en su propia base, sin HTTP.
  console.log('\n## Replicar ciclo anterior\n');
  console.log(tablaPlanificacion(await medirPlanificacion()));

  // 4f. Cronograma y evaluaciones (tests/bench/cronograma.ts): en su propia base, sin HTTP.
  console.log('\n## Cronograma y evaluaciones de un año\n');
  console.log(tablaCronograma(await medirCronograma()));

  // 4g. Avances y pendientes (tests/bench/avances.ts): en su propia base, sin HTTP.
  console.log('\n## Avances y tablero de pendientes\n');
  console.log(tablaAvances(await medirAvances()));

  // 4h. Mesas de examen (tests/bench/mesas.ts): en su propia base, sin HTTP.
  console.log('\n## Mesas de examen\n');
  console.log(tablaMesas(await medirMesas()));

  console.log(`\nDuración total: ${ms(inicio)}.`);

  // Fallos de la semana de inscripción, después de imprimir todo lo medido.
  if (sinHijos > 0)
    throw new FalloBench(
      `Semana de inscripción: ${sinHijos} envíos sin hacer porque algún referente se quedó sin hijos ` +
        `por inscribir (${HIJOS_POR_REFERENTE} por referente no alcanzan): aumente HIJOS_POR_REFERENTE ` +
        'en tests/bench/inscripcion.ts.',
    );
  if (guardado.inscripciones !== totalAceptadas || guardado.huerfanos > 0)
    throw new FalloBench(
      `Semana de inscripción: ${guardado.inscripciones} inscripciones guardadas y ${guardado.huerfanos} ` +
        `comprobantes huérfanos para ${totalAceptadas} envíos aceptados.`,
    );
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
