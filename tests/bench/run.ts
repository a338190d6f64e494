/**
 * Benchmark de la app (`npm run bench`): la build de producción de Next contra una línea de
 * base pelada (tests/bench/base.ts) que corre el mismo SQL, sobre la misma base PostgreSQL.
 *
 *  1. (Re)crea la base de prueba (BENCH_DATABASE_URL, por defecto portal_bench en
 *     127.0.0.1), la migra y siembra la escuela de demostración.
 *  2. Compila (salvo BENCH_SKIP_BUILD=1), arranca `npm start` en 127.0.0.1:3300 e
 *     ingresa como admin@escuela.test (y alumnado@escuela.test, para 4c) por los endpoints de
 *     next-auth.
 *  3. Arranca la base en 127.0.0.1:3301 (un worker thread de este proceso).
 *  4. Para cada escenario y destino: verifica una respuesta 200, calienta 2 s y mide con
 *     autocannon (10 conexiones, BENCH_DURATION segundos, 10 por defecto). El primero es el
 *     piso del framework: GET /api/salud (sin sesión, una consulta mínima) en la app y en la base.
 *     En medio, el techo de Next: el mismo código de la base dentro de un manejador de rutas de
 *     Next (GET /api/techo/<ruta>, src/app/api/techo; sólo existe en esta build, BENCH_TECHO=1):
 *     separa lo que cuesta Next de lo que cuesta la app (sesión, contexto, tRPC, Drizzle).
 *  4a. Páginas: el HTML entero de /login (sin sesión), /asistencias-externo y /libretas-externo
 *     (alumno.demo@gmail.com), el inicio y /asistencias (admin), cada uno con su req/s como
 *     fracción del piso. Al final, la tabla "Objetivos (issue 12)": lo medido frente a cada meta.
 *  BENCH_PASOS (separados por coma) corre sólo algunos pasos: api, paginas, asistencias, notas,
 *  inscripcion, planificacion, cronograma, avances, mesas, importar, cuerpos, velocidad (por
 *  defecto, todos).
 *  4i. Cuerpos grandes sin sesión (tests/bench/cuerpos.ts), apenas arrancada la app: 20 subidas
 *     simultáneas de 200 MB sin cookies a la inscripción REST, tRPC y /api/validate/bypass, por
 *     trozos y con Content-Length; cada una rechazada (401/413) en < 1 s y la memoria residente
 *     del servidor crece < 50 MB (si no, falla). Sola: `npm run bench:cuerpos`.
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
 *     inscribir cada uno (antes se revisa que alcancen para el peor caso de envíos) y se ingresa
 *     como cada uno (de a 10). La carga es de lazo abierto, por escalones de tasa fija
 *     (BENCH_INSCRIPCION_TASAS, 25,50,100,150 req/s por defecto), cada uno con 2 s de
 *     calentamiento y BENCH_INSCRIPCION_DURATION segundos de medición (20 por defecto): la
 *     llegada i sale a los i / tasa s sin esperar respuestas, con la sesión de un referente,
 *     80 % de lecturas (GET /api/mishijos/inscripcion, la página GET /inscripcion/completar y
 *     GET /api/reglamentos) y 20 % de envíos de la inscripción del próximo hijo del referente de
 *     turno con su comprobante (POST /api/alumnos/{alumno}/inscribir, multipart con un PDF, con
 *     el Origin propio como el navegador); la latencia se cuenta desde la hora programada y cada
 *     petición tiene 10 s de límite (si no, es error). Da p50/p95/p99 por tasa y la máxima con
 *     p95 < 300 ms y 0 errores (objetivo ≥ 100 req/s); un escalón con p95 ≥ 900 ms o más de 1 %
 *     de errores corta los siguientes. Después coteja con la base envío por envío: cada envío
 *     aceptado tiene su inscripción, ficha, comprobante y auditoría, y no hay comprobantes
 *     huérfanos.
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
 *  4j. Importar planillas (tests/bench/importar.ts): en una base propia, una planilla de 1.500
 *     alumnos, 2.500 tutores y 150 del personal (y antes la décima parte): subir, vista previa y
 *     aplicar por el procedimiento, con tiempos, sentencias (iguales en los dos tamaños) y RSS.
 *  4k. Velocidad II (tests/bench/velocidad.ts, issue 37): el piso en un proceso, los techos de la
 *     build (página prerenderizada, componente vacío, marco de las familias) y, con `npm start`
 *     en todos los núcleos (127.0.0.1:3302), /login, las seis páginas de las familias, el inicio
 *     y la planilla en JSON, cada una como fracción del piso de un proceso.
 *  5. Imprime la tabla de resultados, la de sentencias, la de la semana de inscripción y la del
 *     JS de primera carga (con /inscripcion/completar).
 *  6. Detiene todo lo que arrancó. Sale con 0, o con 1 y un mensaje si algo falla.
 *
 * Todo el tráfico va a 127.0.0.1. Nada se escribe en el repositorio salvo la build en
 * NEXT_DIST_DIR (`.next-bench/` por defecto: no pisa la `.next/` de otras builds).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { primeraCarga, tablaPrimeraCarga } from './peso';
import { fallasCuerpos, medirCuerpos, tablaCuerpos, type MedidaCuerpos } from './cuerpos';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { EMAIL_DEMO } from '@/server/db/demo';
import { Azar } from '@/server/db/seed/aleatorio';
import {
  appNext,
  ejecutar,
  esperar,
  FalloBench,
  HOST,
  limpiezas,
  ms,
  prepararBaseDeDatos,
} from './app';
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
import { medirImportacion, tablaImportacion } from './importar';
import { paginasVelocidad, tablaVelocidad, verificarPagina, type FilaVelocidad } from './velocidad';
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
  BLOQUE_MEZCLA,
  correrEscalon,
  ENVIOS_POR_BLOQUE,
  enviosMaximos,
  enviosVacios,
  HIJOS_POR_REFERENTE,
  inscribirHijo,
  leer,
  LECTURAS,
  LIMITE_PETICION_MS,
  llegadasEn,
  NOMBRE_ENVIO,
  PROPORCION_ENVIOS,
  REFERENTES_BENCH,
  revisarEnvio,
  sembrarFamilias,
  type Guardado,
  type Guardian,
  type PorTipo,
  type ResultadoEscalon,
  type Ventana,
} from './inscripcion';

const PUERTO_APP = 3300;
const PUERTO_BASE = 3301;
/** `npm start` con un proceso por núcleo (paso `velocidad`, issue 37). */
const PUERTO_TODOS = 3302;
const CONEXIONES = 10;
const CALENTAMIENTO_S = 2;
const DURACION_S = Number(process.env.BENCH_DURATION || 10);
/** Duración de cada escalón de la semana de inscripción (s; se puede acortar para probar). */
const BENCH_INSCRIPCION_S = Number(process.env.BENCH_INSCRIPCION_DURATION || 20);
/** Tasas ofrecidas en la semana de inscripción (llegadas por segundo, separadas por coma). */
const TASAS_INSCRIPCION = process.env.BENCH_INSCRIPCION_TASAS || '25,50,100,150';
/** Objetivo 3 del issue 12: p95 < 300 ms y 0 errores a ≥ 100 req/s ofrecidas. */
const P95_OBJETIVO_MS = 300;
const TASA_OBJETIVO = 100;
/**
 * Un escalón falla claramente con p95 ≥ 3 veces el objetivo o más de 1 % de errores: los de
 * más tasa ya no se corren (sólo sumarían timeouts y cola).
 */
const P95_CORTE_MS = 3 * P95_OBJETIVO_MS;
const ERRORES_CORTE = 0.01;
/** Ingresos simultáneos al preparar las sesiones de los referentes. */
const INGRESOS_SIMULTANEOS = 10;
const URL_DATOS = process.env.BENCH_DATABASE_URL || `postgres://postgres@${HOST}:5432/portal_bench`;
/** Carpeta de la build (next.config.mjs lee NEXT_DIST_DIR): aparte de la `.next/` de Playwright. */
const DIST = process.env.NEXT_DIST_DIR || '.next-bench';

/**
 * Los pasos que se corren (BENCH_PASOS, separados por coma; por defecto todos): para medir
 * sólo una parte mientras se trabaja en ella. La tabla del issue sale de una corrida entera.
 */
const TODOS_LOS_PASOS = [
  'api',
  'paginas',
  'asistencias',
  'notas',
  'inscripcion',
  'planificacion',
  'cronograma',
  'avances',
  'mesas',
  'importar',
  'cuerpos',
  'velocidad',
] as const;
type Paso = (typeof TODOS_LOS_PASOS)[number];
const PASOS_PEDIDOS = (process.env.BENCH_PASOS || TODOS_LOS_PASOS.join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const paso = (p: Paso) => PASOS_PEDIDOS.includes(p);

// ---------------------------------------------------------------------------
// 1–2. Base de datos y app (build, arranque e ingreso): tests/bench/app.ts, común con
// `npm run lighthouse`.

const { compilarOUsar, iniciarApp, ingresar } = appNext({
  puerto: PUERTO_APP,
  urlDatos: URL_DATOS,
  dist: DIST,
});

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
    // El piso del framework: Next sin sesión y una consulta mínima (README, "Varias instancias").
    nombre: 'GET /api/salud (piso)',
    ruta: '/api/salud',
    extraer: (c) => {
      if ((c as { ok?: unknown })?.ok !== true) throw new Error('se esperaba { ok: true }');
      return c;
    },
  },
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
/** El código de la base dentro de un manejador de rutas de Next (src/app/api/techo). */
const TECHO: Destino = {
  nombre: 'techo de Next (el código de la base en Next, sin sesión)',
  origen: `http://${HOST}:${PUERTO_APP}/api/techo`,
};
const BASE: Destino = {
  nombre: 'base (node:http + postgres.js, sin sesión)',
  origen: `http://${HOST}:${PUERTO_BASE}`,
};

/** El texto visible de un HTML (sin scripts, estilos ni etiquetas), para los mensajes. */
const textoDeHtml = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

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

/** Un escenario de la API medido en la app, la base y, si la build lo tiene, el techo de Next. */
interface MedidaApi {
  app: Medicion;
  base: Medicion;
  techo?: Medicion;
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

/**
 * Los objetivos del issue 12 frente a lo medido en esta corrida: relaciones de req/s con el piso
 * (GET /api/salud en la app) o con la línea de base, y p95 de las pantallas pesadas.
 */
function tablaObjetivos(
  api: Map<string, MedidaApi>,
  paginas: Map<string, Medicion>,
  pesadas: Map<string, Medicion>,
): string {
  const lineas = ['| Objetivo | medido | cumple |', '|---|--:|:-:|'];
  const marca = (ok: boolean) => (ok ? '✓' : '✗');
  const piso = api.get('/api/salud')?.app;
  const relacion = (
    nombre: string,
    m: Medicion | undefined,
    ref: Medicion | undefined,
    min: number,
  ) => {
    if (!m || !ref) return;
    const r = m.reqPorSeg / ref.reqPorSeg;
    lineas.push(`| ${nombre} ≥ ${numero(min, 2)}× | ${numero(r, 2)}× | ${marca(r >= min)} |`);
  };
  relacion('GET /api/cursos con sesión ÷ piso', api.get('/api/cursos')?.app, piso, 0.6);
  const trpc = [...api.entries()].find(([ruta]) =>
    ruta.startsWith('/api/trpc/buscar.alumnos'),
  )?.[1];
  relacion('tRPC buscar.alumnos ÷ su línea de base', trpc?.app, trpc?.base, 0.5);
  // Lo que Next deja: el mismo código de la base dentro de Next. Si el techo queda bajo 0,5×,
  // ese objetivo no se alcanza con ningún código de la app servido por Next en esta máquina.
  const informe = (nombre: string, m: Medicion | undefined, ref: Medicion | undefined) => {
    if (m && ref) lineas.push(`| ${nombre} | ${numero(m.reqPorSeg / ref.reqPorSeg, 2)}× | — |`);
  };
  informe(
    '(techo) buscar.alumnos: el código de la base en Next ÷ la base',
    trpc?.techo,
    trpc?.base,
  );
  informe('tRPC buscar.alumnos ÷ el techo de Next', trpc?.app, trpc?.techo);
  relacion('GET /login (HTML) ÷ piso', paginas.get('/login'), piso, 0.25);
  relacion(
    'GET /login con el nonce de la CSP ÷ sin él (issue 31 §15, a lo sumo 10 % menos)',
    paginas.get('/login (con nonce)'),
    paginas.get('/login (sin nonce)'),
    0.9,
  );
  for (const ruta of ['/asistencias-externo', '/libretas-externo', '/', '/asistencias'])
    relacion(`GET ${ruta} (HTML, con sesión) ÷ piso`, paginas.get(ruta), piso, 0.13);
  const p95 = (clave: string, nombre: string, max: number) => {
    const m = pesadas.get(clave);
    if (m)
      lineas.push(`| ${nombre} p95 < ${max} ms | ${numero(m.p95, 1)} ms | ${marca(m.p95 < max)} |`);
  };
  p95('(c)', 'planillón de asistencias del mes', 100);
  p95('(d)', 'guardar la planilla de asistencias del curso', 100);
  p95('(e)', 'planilla de notas', 60);
  p95('(f)', 'guardar la planilla de notas entera', 120);
  p95('(g)', 'planillón de notas', 100);
  return lineas.join('\n');
}

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
 * envío aceptado en el control final (devuelve el id de ese hijo).
 */
async function verificarInscripcion(
  agente: http.Agent,
  g: Guardian,
  ciclo: number,
  pdf: Buffer,
): Promise<number> {
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
  return hijo.id;
}

const todosLosTipos = (v: Ventana): PorTipo[] => Object.values(v.porTipo);
const lecturasDe = (v: Ventana): PorTipo[] => LECTURAS.map((l) => v.porTipo[l.tipo]);
const sumar = (tipos: PorTipo[], campo: 'ok' | 'rechazadas' | 'fallidas') =>
  tipos.reduce((n, t) => n + t[campo], 0);
const erroresDe = (v: Ventana) =>
  sumar(todosLosTipos(v), 'rechazadas') + sumar(todosLosTipos(v), 'fallidas');
/** Las latencias de esos tipos, ordenadas (una por petición, también las fallidas). */
const latenciasDe = (tipos: PorTipo[]) =>
  Float64Array.from(tipos.flatMap((t) => t.latencias)).sort();

/**
 * Las tasas de la semana de inscripción (BENCH_INSCRIPCION_TASAS, de menor a mayor, sin
 * repetir), validadas con la duración, y que los hijos sin inscribir alcancen para el peor
 * caso de envíos: si no, falla antes de sembrar y medir.
 */
function tasasDeInscripcion(): number[] {
  if (!Number.isFinite(BENCH_INSCRIPCION_S) || BENCH_INSCRIPCION_S < 1)
    throw new FalloBench(
      `BENCH_INSCRIPCION_DURATION inválido: "${process.env.BENCH_INSCRIPCION_DURATION}" ` +
        '(segundos de medición de cada escalón, 1 o más).',
    );
  const tasas = TASAS_INSCRIPCION.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(Number);
  if (!tasas.length || tasas.some((t) => !Number.isFinite(t) || t < 1))
    throw new FalloBench(
      `BENCH_INSCRIPCION_TASAS inválido: "${TASAS_INSCRIPCION}" (req/s ofrecidas, 1 o más, ` +
        'separadas por coma; por ejemplo 25,50,100,150).',
    );
  const orden = [...new Set(tasas)].sort((a, b) => a - b);
  // Peor caso: cada escalón, con su calentamiento, saca como mucho enviosMaximos; los envíos
  // van por turno entre los referentes, y el primero ya mandó uno en la verificación.
  const envios = orden.reduce(
    (n, t) =>
      n + enviosMaximos(llegadasEn(t, CALENTAMIENTO_S) + llegadasEn(t, BENCH_INSCRIPCION_S)),
    0,
  );
  const porReferente = Math.ceil(envios / REFERENTES_BENCH) + 1;
  if (porReferente > HIJOS_POR_REFERENTE)
    throw new FalloBench(
      `Semana de inscripción: los escalones de ${orden.join(', ')} req/s, de ${CALENTAMIENTO_S} + ` +
        `${BENCH_INSCRIPCION_S} s cada uno, pueden hacer hasta ${numero(envios)} envíos: ${porReferente} por ` +
        `referente, y cada uno tiene ${HIJOS_POR_REFERENTE} hijos sin inscribir. Acorte ` +
        'BENCH_INSCRIPCION_DURATION, baje BENCH_INSCRIPCION_TASAS o aumente HIJOS_POR_REFERENTE en ' +
        'tests/bench/inscripcion.ts.',
    );
  return orden;
}

/** Lo que se mira de la medición de un escalón. */
interface ResumenEscalon {
  tasa: number;
  lecturas: number;
  envios: number;
  /** Respuestas (cualquier código) por segundo, hasta la última. */
  logradas: number;
  p50: number;
  p95: number;
  p99: number;
  p95Lecturas: number;
  p95Envios: number;
  no2xx: number;
  fallidas: number;
  errores: number;
  /** p95 < P95_OBJETIVO_MS y 0 errores. */
  cumple: boolean;
  /** Falló claramente: no se corren los escalones de más tasa. */
  corta: boolean;
}

function resumirEscalon(e: ResultadoEscalon): ResumenEscalon {
  const v = e.medicion;
  const todas = latenciasDe(todosLosTipos(v));
  const fallidas = sumar(todosLosTipos(v), 'fallidas');
  const errores = erroresDe(v);
  const p95 = percentil(todas, 95);
  return {
    tasa: e.tasa,
    lecturas: latenciasDe(lecturasDe(v)).length,
    envios: v.porTipo.inscribir.latencias.length,
    logradas: (todas.length - fallidas) / v.segundos,
    p50: percentil(todas, 50),
    p95,
    p99: percentil(todas, 99),
    p95Lecturas: percentil(latenciasDe(lecturasDe(v)), 95),
    p95Envios: percentil(latenciasDe([v.porTipo.inscribir]), 95),
    no2xx: sumar(todosLosTipos(v), 'rechazadas'),
    fallidas,
    errores,
    cumple: p95 < P95_OBJETIVO_MS && errores === 0,
    corta: !(p95 < P95_CORTE_MS) || errores > ERRORES_CORTE * todas.length,
  };
}

const alerta = (x: number) => (x > 0 ? `⚠ ${numero(x)}` : '0');

/**
 * Una fila por tasa ofrecida (las que no se corrieron, también): lo logrado, los percentiles
 * de la medición (todas, y el p95 de lecturas y de envíos), los errores, el atraso del
 * generador y si cumple p95 < 300 ms y 0 errores.
 */
function tablaInscripcion(escalones: ResultadoEscalon[], tasas: number[]): string {
  const lineas = [
    `| req/s ofrecidas | req/s logradas | peticiones (lecturas + envíos) | p50 ms | p95 ms | p99 ms | ` +
      `p95 lecturas ms | p95 envíos ms | no-2xx | conexión / timeouts | en vuelo (máx.) | ` +
      `atraso del generador p99 / máx. ms | p95 < ${P95_OBJETIVO_MS} ms y 0 errores |`,
    '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ];
  for (const tasa of tasas) {
    const e = escalones.find((x) => x.tasa === tasa);
    if (!e) {
      lineas.push(`| ${numero(tasa)} | no se corrió | — | — | — | — | — | — | — | — | — | — | ✗ |`);
      continue;
    }
    const r = resumirEscalon(e);
    const atrasos = Float64Array.from(e.medicion.atrasos).sort();
    lineas.push(
      `| ${numero(tasa)} | ${numero(r.logradas, 1)} | ${numero(r.lecturas + r.envios)} ` +
        `(${numero(r.lecturas)} + ${numero(r.envios)}) | ${numero(r.p50, 1)} | ${numero(r.p95, 1)} | ` +
        `${numero(r.p99, 1)} | ${numero(r.p95Lecturas, 1)} | ${numero(r.p95Envios, 1)} | ` +
        `${alerta(r.no2xx)} | ${alerta(r.fallidas)} | ${numero(e.enVueloMax)} | ` +
        `${numero(percentil(atrasos, 99), 1)} / ${numero(atrasos[atrasos.length - 1] ?? NaN, 1)} | ` +
        `${r.cumple ? '✓' : '✗'} |`,
    );
  }
  return lineas.join('\n');
}

/** El detalle por tipo de petición de la medición de cada escalón. */
function tablaInscripcionPorTipo(escalones: ResultadoEscalon[]): string {
  const lineas = [
    '| req/s ofrecidas | petición | cantidad | % | p50 ms | p95 ms | p99 ms | no-2xx | conexión / timeouts |',
    '|--:|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const e of escalones) {
    const v = e.medicion;
    const total = latenciasDe(todosLosTipos(v)).length;
    const filas: [string, PorTipo][] = [
      ...LECTURAS.map((l): [string, PorTipo] => [l.nombre, v.porTipo[l.tipo]]),
      [NOMBRE_ENVIO, v.porTipo.inscribir],
    ];
    for (const [nombre, t] of filas) {
      const ordenadas = latenciasDe([t]);
      lineas.push(
        `| ${numero(e.tasa)} | ${nombre} | ${numero(ordenadas.length)} | ` +
          `${numero((ordenadas.length / total) * 100, 1)} | ${numero(percentil(ordenadas, 50), 1)} | ` +
          `${numero(percentil(ordenadas, 95), 1)} | ${numero(percentil(ordenadas, 99), 1)} | ` +
          `${alerta(t.rechazadas)} | ${alerta(t.fallidas)} |`,
      );
    }
  }
  return lineas.join('\n');
}

/**
 * Lo guardado, cuando la base deja de cambiar: un envío cortado por timeout puede seguir en el
 * servidor y terminar después (sólo se espera si hubo envíos sin respuesta).
 */
async function guardadoAlFinal(ciclo: number, hayInciertos: boolean): Promise<Guardado> {
  let antes = await contarGuardado(URL_DATOS, ciclo);
  if (!hayInciertos) return antes;
  for (let i = 0; i < 30; i++) {
    await esperar(1000);
    const ahora = await contarGuardado(URL_DATOS, ciclo);
    if (ahora.inscripciones === antes.inscripciones && ahora.comprobantes === antes.comprobantes)
      return ahora;
    antes = ahora;
  }
  return antes;
}

// ---------------------------------------------------------------------------

async function principal() {
  if (!Number.isFinite(DURACION_S) || DURACION_S <= 0)
    throw new FalloBench(`BENCH_DURATION inválido: "${process.env.BENCH_DURATION}".`);
  if (!Number.isFinite(BENCH_INSCRIPCION_S) || BENCH_INSCRIPCION_S <= 0)
    throw new FalloBench(
      `BENCH_INSCRIPCION_DURATION inválido: "${process.env.BENCH_INSCRIPCION_DURATION}".`,
    );
  const desconocidos = PASOS_PEDIDOS.filter(
    (p) => !(TODOS_LOS_PASOS as readonly string[]).includes(p),
  );
  if (desconocidos.length)
    throw new FalloBench(
      `BENCH_PASOS: no existe ${desconocidos.join(', ')} (son ${TODOS_LOS_PASOS.join(', ')}).`,
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

  await compilarOUsar('BENCH_SKIP_BUILD');

  // Se lee ya: otra build en el mismo repositorio podría reemplazar la carpeta mientras se mide.
  const cargas = primeraCarga(DIST);

  t = performance.now();
  const grupoApp = await iniciarApp();
  const cookie = await ingresar(EMAIL_DEMO.admin);
  const cookieAlumnado = await ingresar(EMAIL_DEMO.alumnado);
  console.log(
    `App en http://${HOST}:${PUERTO_APP}, sesiones de ${EMAIL_DEMO.admin} y ${EMAIL_DEMO.alumnado} (${ms(t)}).`,
  );

  // Cuerpos grandes sin sesión (tests/bench/cuerpos.ts), con la app recién arrancada: el
  // crecimiento de su memoria no se mezcla con el de las otras mediciones.
  let medidasCuerpos: MedidaCuerpos[] | null = null;
  if (paso('cuerpos')) {
    t = performance.now();
    medidasCuerpos = await medirCuerpos(PUERTO_APP, grupoApp);
    const fallas = fallasCuerpos(medidasCuerpos);
    if (fallas.length)
      throw new FalloBench(`cuerpos grandes, objetivos no cumplidos:\n- ${fallas.join('\n- ')}`);
    console.log(`Cuerpos grandes sin sesión medidos (${ms(t)}).`);
  }

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
  const medidasApi = new Map<string, MedidaApi>();
  // El techo existe si la build es del benchmark (BENCH_TECHO=1); con BENCH_SKIP_BUILD sobre otra
  // build no está, y se mide sin él.
  const conTecho =
    paso('api') &&
    (await fetch(`${TECHO.origen}/api/salud`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.status === 200)
      .catch(() => false));
  if (paso('api') && !conTecho)
    avisos.push(
      '⚠ Esta build no tiene el techo de Next (/api/techo: se compila con BENCH_TECHO=1): se mide sin él.',
    );
  for (const escenario of paso('api') ? ESCENARIOS : []) {
    const destinos = conTecho ? [APP, TECHO, BASE] : [APP, BASE];
    const respuestas: unknown[] = [];
    for (const destino of destinos) respuestas.push(await verificar(escenario, destino, cookie));
    if (respuestas.some((r) => JSON.stringify(r) !== JSON.stringify(respuestas[0]))) {
      avisos.push(
        `⚠ ${escenario.nombre}: las respuestas de ${destinos.map((d) => d.nombre).join(', ')} no son idénticas.`,
      );
    }
    const medidas = new Map<Destino, Medicion>();
    for (const destino of destinos) {
      const url = destino.origen + escenario.ruta;
      console.log(
        `${escenario.nombre} → ${destino.nombre}: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`,
      );
      await medir(url, cookie, CALENTAMIENTO_S);
      const m = await medir(url, cookie, DURACION_S);
      medidas.set(destino, m);
      if (m.errores + m.no2xx > 0) {
        avisos.push(
          `⚠ ${escenario.nombre} en ${destino.nombre}: ${m.errores} errores de conexión/timeouts, ${m.no2xx} respuestas no 2xx (códigos: ${JSON.stringify(m.codigos)}).`,
        );
      }
    }
    const base = medidas.get(BASE)!;
    medidasApi.set(escenario.ruta, { app: medidas.get(APP)!, base, techo: medidas.get(TECHO) });
    for (const destino of destinos)
      filas.push({
        escenario: escenario.nombre,
        destino: destino.nombre,
        m: medidas.get(destino)!,
        relacion: `${numero(medidas.get(destino)!.reqPorSeg / base.reqPorSeg, 2)}×`,
      });
  }

  // 4a. Páginas (HTML entero, como las pide el navegador) con la sesión de quien las abre, y su
  // relación con el piso del framework (GET /api/salud en la app, medido arriba o aquí).
  const medidasPaginas = new Map<string, Medicion>();
  const medidasPesadas = new Map<string, Medicion>();
  if (paso('paginas')) {
    const cookieAlumno = await ingresar(EMAIL_DEMO.alumno);
    const paginas = [
      { ruta: '/login', quien: 'sin sesión', cookie: '', titulo: 'Ingresar' },
      {
        ruta: '/asistencias-externo',
        quien: EMAIL_DEMO.alumno,
        cookie: cookieAlumno,
        titulo: 'Asistencias',
      },
      {
        ruta: '/libretas-externo',
        quien: EMAIL_DEMO.alumno,
        cookie: cookieAlumno,
        titulo: 'Notas',
      },
      { ruta: '/', quien: EMAIL_DEMO.admin, cookie, titulo: 'Inicio' },
      { ruta: '/asistencias', quien: EMAIL_DEMO.admin, cookie, titulo: 'Asistencias' },
    ];
    let piso = medidasApi.get('/api/salud')?.app;
    if (!piso) {
      const url = `${APP.origen}/api/salud`;
      console.log(
        `GET /api/salud (piso) → app: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`,
      );
      await medir(url, '', CALENTAMIENTO_S);
      piso = await medir(url, '', DURACION_S);
    }
    for (const pagina of paginas) {
      const url = APP.origen + pagina.ruta;
      const r = await fetch(url, {
        headers: { cookie: pagina.cookie },
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const html = await r.text();
      const titulo = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      if (r.status !== 200 || !/^<!DOCTYPE html>/i.test(html) || !titulo?.startsWith(pagina.titulo))
        throw new FalloBench(
          `GET ${pagina.ruta} (${pagina.quien}) respondió ${r.status} con el título ` +
            `${JSON.stringify(titulo ?? null)} (se esperaba "${pagina.titulo} …"): ` +
            textoDeHtml(html).slice(0, 400),
        );
      const nombre = `GET ${pagina.ruta} (HTML, ${pagina.quien})`;
      console.log(`${nombre}: ${CALENTAMIENTO_S} s de calentamiento + ${DURACION_S} s…`);
      await medir(url, pagina.cookie, CALENTAMIENTO_S);
      const m = await medir(url, pagina.cookie, DURACION_S);
      if (m.errores + m.no2xx > 0)
        avisos.push(
          `⚠ ${nombre}: ${m.errores} errores de conexión/timeouts, ${m.no2xx} respuestas no 2xx (códigos: ${JSON.stringify(m.codigos)}).`,
        );
      medidasPaginas.set(pagina.ruta, m);
      filas.push({
        escenario: `${nombre}, ${numero(html.length / 1000, 1)} kB`,
        destino: APP.nombre,
        m,
        relacion: `${numero(m.reqPorSeg / piso.reqPorSeg, 2)}× del piso`,
      });
    }
    medidasApi.set('/api/salud', { app: piso, base: medidasApi.get('/api/salud')?.base ?? piso });

    // El costo de la CSP con nonce (issue 31 §15): /login con su nonce ÷ el mismo /login sin él
    // (con `next-router-prefetch` el servidor no pone nonce: src/server/csp.ts), en la misma build
    // y alternados (la máquina es ruidosa); de cada lado, la ronda mediana.
    const login = `${APP.origen}/login`;
    const rondas: Record<'con' | 'sin', Medicion[]> = { con: [], sin: [] };
    for (let i = 0; i < 3; i++) {
      console.log(`GET /login sin y con nonce (CSP), ronda ${i + 1} de 3: 2 × ${DURACION_S} s…`);
      rondas.sin.push(
        await medir(login, '', DURACION_S, { headers: { 'next-router-prefetch': '1' } }),
      );
      rondas.con.push(await medir(login, '', DURACION_S));
    }
    const rondaMediana = (ms: Medicion[]) => [...ms].sort((x, y) => x.reqPorSeg - y.reqPorSeg)[1]!;
    medidasPaginas.set('/login (sin nonce)', rondaMediana(rondas.sin));
    medidasPaginas.set('/login (con nonce)', rondaMediana(rondas.con));
  }

  // Velocidad II (issue 37, tests/bench/velocidad.ts): el piso en un proceso y, con `npm start`
  // en todos los núcleos, las páginas de las familias, /login y las de staff; los techos en los dos.
  let textoVelocidad: string | null = null;
  if (paso('velocidad')) {
    const procesos = os.availableParallelism();
    const todos = appNext({ puerto: PUERTO_TODOS, urlDatos: URL_DATOS, dist: DIST, procesos });
    await todos.iniciarApp();
    const { techos, todas } = paginasVelocidad({
      alumno: await ingresar(EMAIL_DEMO.alumno),
      admin: cookie,
      planilla: `/api/asistencias/planilla/${cursoGrande.id}/${fecha0}/manana`,
    });
    const medirAca = async (origen: string, p: { ruta: string; cookie: string }) => {
      await medir(origen + p.ruta, p.cookie, CALENTAMIENTO_S);
      return medir(origen + p.ruta, p.cookie, DURACION_S);
    };
    // El piso de un proceso varía de una ventana a otra (en esta máquina, 284 a 357 req/s en la
    // misma hora): se mide al principio, en medio y al final, y cuenta la mediana de las tres.
    const pisos: Medicion[] = [];
    const medirPiso = async () => {
      console.log(`Velocidad: piso en 1 proceso: ${CALENTAMIENTO_S} s + ${DURACION_S} s…`);
      pisos.push(await medirAca(APP.origen, { ruta: '/api/salud', cookie: '' }));
    };
    await medirPiso();
    const filasV: FilaVelocidad[] = [];
    const medirFila = async (origen: string, n: number, p: (typeof todas)[number]) => {
      const kb = await verificarPagina(origen, p).catch((e: Error) => {
        throw new FalloBench(`velocidad, ${n} proceso(s): ${e.message}`);
      });
      console.log(`Velocidad (${n} proceso/s): ${p.nombre}…`);
      const m = await medirAca(origen, p);
      if (m.errores + m.no2xx > 0)
        avisos.push(`⚠ ${p.nombre} (${n} procesos): ${m.errores} errores, ${m.no2xx} no 2xx.`);
      filasV.push({
        nombre: p.nombre,
        procesos: n,
        m,
        kb,
        relacion: 0,
        objetivo: p.objetivo,
      });
    };
    for (const p of techos) await medirFila(APP.origen, 1, p);
    await medirPiso();
    for (const p of todas) await medirFila(todos.origen, procesos, p);
    await medirPiso();
    const piso1 = [...pisos].sort((a, b) => a.reqPorSeg - b.reqPorSeg)[1]!;
    for (const f of filasV) f.relacion = f.m.reqPorSeg / piso1.reqPorSeg;
    const versionNode = execFileSync(process.env.BENCH_NODE || 'node', ['--version'])
      .toString()
      .trim();
    const vistos = pisos.map((m) => numero(m.reqPorSeg, 0)).join(', ');
    textoVelocidad =
      `Node ${versionNode} (BENCH_NODE para otro). Pisos de un proceso medidos: ${vistos} ` +
      `req/s; cuenta la mediana.\n\n${tablaVelocidad(piso1, filasV)}`;
  }

  // (c) y (d): sólo la app (sin línea de base), con el curso grande.
  for (const prueba of paso('asistencias') ? [REPORTE, PLANILLA] : []) {
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
    medidasPesadas.set(prueba.nombre.slice(0, 3), m);
    filas.push({
      escenario: `${prueba.nombre.replace('{curso}', String(cursoGrande.id))} (${cursoGrande.alumnos} alumnos)`,
      destino: APP.nombre,
      m,
      relacion: 'sin base',
    });
  }

  // (e)–(g): notas, sólo la app, con la sesión de Alumnado: la planilla y el planillón grandes,
  // y el guardado con una conexión por planilla de 35 alumnos (cada una guarda siempre la suya).
  const pruebasDeNotas = [PRUEBAS_NOTAS.planilla, PRUEBAS_NOTAS.planillon, PRUEBAS_NOTAS.guardar];
  for (const prueba of paso('notas') ? pruebasDeNotas : []) {
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
    medidasPesadas.set(etiqueta.slice(0, 3), m);
    filas.push({ escenario: etiqueta, destino: APP.nombre, m, relacion: 'sin base' });
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
  console.log('\n## Objetivos (issue 12)\n');
  console.log(tablaObjetivos(medidasApi, medidasPaginas, medidasPesadas));

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

  const falloInscripcion = paso('inscripcion') ? await semanaDeInscripcion(versionPg) : null;

  const completar = cargas.filas.find((c) => c.ruta === '/inscripcion/completar');
  if (completar)
    console.log(
      `\nJS de primera carga de /inscripcion/completar: ${numero(completar.bytes / 1000, 1)} kB, ` +
        `**${numero(completar.gzip / 1000, 1)} kB con gzip** (nivel 9), ${completar.chunks} chunks.`,
    );

  console.log(`\n## JS de primera carga\n\nFuente: ${cargas.fuente}; kB = 1000 B.\n`);
  console.log(tablaPrimeraCarga(cargas.filas));
  if (textoVelocidad) console.log(`\n## Velocidad II (issue 37)\n\n${textoVelocidad}`);
  if (medidasCuerpos) console.log(tablaCuerpos(medidasCuerpos));
  for (const ruta of ['/', '/login', '/inscripcion/completar']) {
    if (!cargas.filas.some((c) => c.ruta === ruta)) console.log(`⚠ No hay datos de ${ruta}.`);
  }

  // 4e–4h: por el procedimiento, cada uno en su propia base, sin HTTP.
  const porProcedimiento: [Paso, string, () => Promise<string>][] = [
    [
      'planificacion',
      'Replicar ciclo anterior',
      async () => tablaPlanificacion(await medirPlanificacion()),
    ],
    [
      'cronograma',
      'Cronograma y evaluaciones de un año',
      async () => tablaCronograma(await medirCronograma()),
    ],
    ['avances', 'Avances y tablero de pendientes', async () => tablaAvances(await medirAvances())],
    ['mesas', 'Mesas de examen', async () => tablaMesas(await medirMesas())],
    [
      'importar',
      'Importar planillas (1.500 alumnos, 2.500 tutores, 150 del personal)',
      async () => tablaImportacion(await medirImportacion()),
    ],
  ];
  for (const [p, titulo, medirYTabla] of porProcedimiento) {
    if (!paso(p)) continue;
    console.log(`\n## ${titulo}\n`);
    console.log(await medirYTabla());
  }

  console.log(`\nDuración total: ${ms(inicio)}.`);
  // El fallo de la semana de inscripción, después de imprimir todo lo medido.
  if (falloInscripcion) throw new FalloBench(falloInscripcion);
}

/**
 * 4d. Semana de inscripción: siembra las familias (recién ahora: los escenarios de antes miden
 * sobre la escuela sembrada tal cual), corre los escalones de lazo abierto, imprime su sección
 * y devuelve el fallo (o null). Falla antes de sembrar si la configuración no sirve.
 */
async function semanaDeInscripcion(versionPg: string): Promise<string | null> {
  const tasas = tasasDeInscripcion();
  let t = performance.now();
  const inscripcion = await sembrarFamilias(URL_DATOS);
  const { ciclo } = inscripcion;
  console.log(
    `Semana de inscripción: ${inscripcion.familias.length} referentes con ${HIJOS_POR_REFERENTE} hijos ` +
      `sin inscribir cada uno (${numero(inscripcion.hijos)} alumnos en ${inscripcion.cursos} cursos ` +
      `del ciclo ${ciclo}), insertados con SQL (${ms(t)}).`,
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
  // Tantos sockets como peticiones pueden estar en vuelo a la vez (la tasa mayor por el límite
  // de cada una): ninguna llegada espera un socket libre, el generador no pone el techo.
  const sockets = Math.ceil((tasas[tasas.length - 1]! * LIMITE_PETICION_MS) / 1000) + 1;
  const agente = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  limpiezas.push(async () => agente.destroy());
  const pdf = comprobantePdf();
  const envios = enviosVacios();
  const verificado = await verificarInscripcion(agente, guardianes[0]!, ciclo, pdf);

  const escalones: ResultadoEscalon[] = [];
  let corte: string | null = null;
  const cargaAntes = os.loadavg()[0]!;
  for (const [k, tasa] of tasas.entries()) {
    console.log(
      `Semana de inscripción → ${numero(tasa)} req/s ofrecidas: ${CALENTAMIENTO_S} s de calentamiento + ` +
        `${BENCH_INSCRIPCION_S} s…`,
    );
    const e = await correrEscalon(APP_HTTP, guardianes, {
      tasa,
      calentamiento: CALENTAMIENTO_S,
      segundos: BENCH_INSCRIPCION_S,
      ciclo,
      semilla: k + 1,
      pdf,
      agente,
      envios,
    });
    escalones.push(e);
    const r = resumirEscalon(e);
    console.log(
      `  p95 ${numero(r.p95, 1)} ms, ${numero(r.errores)} errores, ${numero(r.logradas, 1)} req/s ` +
        `logradas ${r.cumple ? '✓' : '✗'}`,
    );
    if (r.corta && k < tasas.length - 1) {
      corte =
        `a ${numero(tasa)} req/s el p95 fue ${numero(r.p95, 1)} ms con ${numero(r.errores)} errores ` +
        `(corta con p95 ≥ ${P95_CORTE_MS} ms o más de ${numero(ERRORES_CORTE * 100)} % de errores): ` +
        `no se corrieron ${tasas.slice(k + 1).join(', ')} req/s.`;
      console.log(`  ${corte}`);
      break;
    }
  }
  const cargaDespues = os.loadavg()[0]!;
  const guardado = await guardadoAlFinal(ciclo, envios.inciertos.length > 0);

  // Cotejo envío por envío (la verificación cuenta como aceptado).
  const aceptados = new Set([verificado, ...envios.aceptados]);
  const inciertos = new Set(envios.inciertos);
  const inscriptos = new Set(guardado.inscriptos);
  const perdidos = [...aceptados].filter((id) => !inscriptos.has(id));
  const inciertosGuardados = [...inciertos].filter((id) => inscriptos.has(id)).length;
  const sinAceptar = guardado.inscriptos.filter((id) => !aceptados.has(id) && !inciertos.has(id));
  const esperadas = aceptados.size + inciertosGuardados;
  const sinHijos = escalones.reduce((n, e) => n + e.sinHijos, 0);
  const restantes = guardianes.map((g) => g.pendientes.length);
  const aceptadasEn = (v: 'calentamiento' | 'medicion') =>
    escalones.reduce((n, e) => n + e[v].porTipo.inscribir.ok, 0);
  const erroresEn = (v: 'calentamiento' | 'medicion') =>
    escalones.reduce((n, e) => n + erroresDe(e[v]), 0);
  const resumenes = escalones.map(resumirEscalon);
  const cumplen = resumenes.filter((r) => r.cumple);
  const maxima = cumplen.length ? cumplen[cumplen.length - 1]!.tasa : null;
  const fallaronAntes = maxima
    ? resumenes.filter((r) => !r.cumple && r.tasa < maxima).map((r) => r.tasa)
    : [];
  const atrasoP99 = Math.max(
    ...escalones.map((e) => percentil(Float64Array.from(e.medicion.atrasos).sort(), 99)),
  );

  console.log('\n## Semana de inscripción\n');
  console.log(
    `Lazo abierto: llegadas a tasa fija (la i-ésima a los i / tasa s del comienzo del escalón, sin esperar ` +
      `respuestas), cada escalón con ${CALENTAMIENTO_S} s de calentamiento seguidos de ${BENCH_INSCRIPCION_S} s ` +
      `de medición, con las sesiones de ${REFERENTES_BENCH} referentes parentales (node:http con keep-alive, ` +
      `hasta ${numero(sockets)} sockets), sobre PostgreSQL ${versionPg}. Mezcla: ` +
      `${numero(PROPORCION_ENVIOS * 100)} % de envíos (${ENVIOS_POR_BLOQUE} de cada ${BLOQUE_MEZCLA} llegadas, en ` +
      `lugares al azar) de la inscripción del próximo hijo del referente de turno con un comprobante PDF de ` +
      `${numero(pdf.length)} B; el resto, lecturas al azar entre las tres con un referente al azar. Latencia ` +
      `desde la hora programada (incluye la cola en el servidor y cualquier atraso del generador); los errores ` +
      `de conexión y los timeouts (${LIMITE_PETICION_MS / 1000} s) entran en los percentiles con su tiempo ` +
      `hasta el error. req/s logradas: respuestas de la medición ÷ tiempo desde su comienzo hasta la última.\n` +
      `Carga del sistema (loadavg 1 min): ${numero(cargaAntes, 2)} al empezar, ${numero(cargaDespues, 2)} al ` +
      `terminar (el generador corre en la misma máquina que la app y PostgreSQL).\n`,
  );
  console.log(tablaInscripcion(escalones, tasas));
  console.log(
    `\nMáxima tasa con p95 < ${P95_OBJETIVO_MS} ms y 0 errores: ` +
      (maxima === null
        ? `ninguna de las medidas (objetivo ≥ ${TASA_OBJETIVO}) ✗`
        : `**${numero(maxima)} req/s** (objetivo ≥ ${TASA_OBJETIVO}) ${maxima >= TASA_OBJETIVO ? '✓' : '✗'}`) +
      (fallaronAntes.length ? ` ⚠ (pero no cumplió a ${fallaronAntes.join(', ')} req/s)` : '') +
      '.',
  );
  if (corte) console.log(`Escalones cortados: ${corte}`);
  if (atrasoP99 > 10)
    console.log(
      `⚠ El generador se atrasó (p99 de atraso hasta ${numero(atrasoP99, 1)} ms): la máquina no da abasto ` +
        'con la app y el generador juntos; esas esperas cuentan en la latencia.',
    );
  console.log('\nPor tipo de petición (medición de cada escalón):\n');
  console.log(tablaInscripcionPorTipo(escalones));

  const marca = (ok: boolean) => (ok ? '✓' : '⚠');
  const igual = (n: number) => `${numero(n)} ${marca(n === guardado.inscripciones)}`;
  console.log('\n| Control | valor |\n|---|--:|');
  console.log(
    `| Errores (no-2xx + conexión/timeouts): mediciones / calentamientos | ` +
      `${numero(erroresEn('medicion'))} / ${numero(erroresEn('calentamiento'))} |`,
  );
  console.log(
    `| Envíos aceptados (2xx con la inscripción): mediciones + calentamientos + verificación | ` +
      `${numero(aceptadasEn('medicion'))} + ${numero(aceptadasEn('calentamiento'))} + 1 = **${numero(aceptados.size)}** |`,
  );
  console.log(
    `| Envíos rechazados (no-2xx) / sin respuesta (conexión o timeout: pudieron guardarse o no) | ` +
      `${numero(envios.rechazados.length)} / ${numero(inciertos.size)} (${numero(inciertosGuardados)} guardados) |`,
  );
  console.log(
    `| Inscripciones guardadas (inscripciones_anuales, ciclo ${ciclo}) = aceptados + sin respuesta guardados | ` +
      `**${numero(guardado.inscripciones)} ${marca(guardado.inscripciones === esperadas)}** |`,
  );
  console.log(
    `| Envíos aceptados sin su inscripción (perdidos) | ${numero(perdidos.length)} ${marca(perdidos.length === 0)} |`,
  );
  console.log(
    `| Inscripciones de envíos rechazados o no hechos | ${numero(sinAceptar.length)} ${marca(sinAceptar.length === 0)} |`,
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
  const ejemplos = escalones.flatMap((e) => e.ejemplos);
  if (ejemplos.length) {
    console.log(`⚠ Errores en la semana de inscripción. Códigos por escalón (medición):`);
    for (const e of escalones) {
      const codigos = Object.entries(e.medicion.porTipo)
        .map(([tipo, p]) => `${tipo} ${JSON.stringify(p.codigos)}`)
        .join(', ');
      console.log(`  - ${numero(e.tasa)} req/s: ${codigos}`);
    }
    console.log('Ejemplos:');
    for (const e of ejemplos.slice(0, 10)) console.log(`  - ${e}`);
  }
  if (sinHijos > 0)
    return (
      `Semana de inscripción: ${sinHijos} envíos sin hacer porque algún referente se quedó sin hijos ` +
      `por inscribir (${HIJOS_POR_REFERENTE} por referente no alcanzan): aumente HIJOS_POR_REFERENTE ` +
      'en tests/bench/inscripcion.ts.'
    );
  if (
    perdidos.length > 0 ||
    sinAceptar.length > 0 ||
    guardado.inscripciones !== esperadas ||
    guardado.huerfanos > 0 ||
    [guardado.fichas, guardado.comprobantes, guardado.auditorias].some(
      (n) => n !== guardado.inscripciones,
    )
  )
    return (
      `Semana de inscripción: ${guardado.inscripciones} inscripciones guardadas (${guardado.fichas} fichas, ` +
      `${guardado.comprobantes} comprobantes, ${guardado.auditorias} auditorías) y ${guardado.huerfanos} ` +
      `comprobantes huérfanos para ${aceptados.size} envíos aceptados y ${inciertos.size} sin respuesta ` +
      `(${perdidos.length} aceptados sin inscripción, ${sinAceptar.length} inscripciones sin envío aceptado).`
    );
  return null;
}

ejecutar(principal, 'El benchmark');
