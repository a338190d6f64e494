/**
 * Lighthouse móvil (`npm run lighthouse`, issues 12 y 36): rendimiento de las páginas del
 * teléfono (DESIGN §9: /login, /inscripcion/completar, cada vista -externo y las del perfil)
 * contra la build de producción. Es una medición para correr a mano, no parte de CI.
 *
 *  1. (Re)crea la base (LIGHTHOUSE_DATABASE_URL, por defecto portal_lighthouse en 127.0.0.1),
 *     la migra y siembra la escuela de demostración.
 *  2. Compila (salvo LIGHTHOUSE_SKIP_BUILD=1) en NEXT_DIST_DIR (`.next-lighthouse/` por defecto:
 *     no pisa otras builds) y arranca `npm start` en 127.0.0.1:3310.
 *  3. Ingresa por el proveedor "dev" de next-auth como alumno.demo@gmail.com (las vistas y el
 *     perfil), como alumno.institucional@escuela.test (/perfil/cambiaremail, la única que abre)
 *     y como referente.demo@gmail.com (inscripción: sus dos hijos quedan sin inscribir en la
 *     semilla, así que la página muestra el formulario); /login va sin sesión. Verifica cada
 *     página (200, su título y sus datos) y la calienta con unas peticiones.
 *  4. Corre Lighthouse (paquete `lighthouse`, API de Node, en un worker thread) con la
 *     configuración por defecto (teléfono emulado, red y CPU con throttling simulado), sólo la
 *     categoría de rendimiento, LIGHTHOUSE_RUNS corridas por página (3 por defecto), cada una
 *     en un Chromium nuevo (CHROME_PATH, /usr/bin/chromium por defecto; `--headless=new
 *     --no-sandbox`) y con la cookie de sesión en `extraHeaders`.
 *  5. Imprime la corrida mediana de cada página (la de Lighthouse, computeMedianRun: la más
 *     cercana a la mediana de FCP y TTI) frente a los objetivos (rendimiento ≥ 95, LCP ≤ 2,5 s,
 *     TBT ≤ 150 ms, CLS ≤ 0,1; issue 37 §5) y, por página, las tres mejoras de más impacto estimado, el
 *     elemento LCP y los scripts más pesados. Guarda los JSON de todas las corridas en una
 *     carpeta temporal.
 *  6. Detiene todo lo que arrancó (también con Ctrl-C). Sale con 0 aunque no se cumplan los
 *     objetivos (es una medición), o con 1 y un mensaje si algo no puede correr.
 *
 * LIGHTHOUSE_TECHOS=1 suma el techo de la build del benchmark (/techo/vacia, un componente vacío).
 * LIGHTHOUSE_PAGINAS=/login,/libretas-externo mide sólo esas páginas.
 * LIGHTHOUSE_CPU=8 cambia el 4× de la CPU. El freno es relativo a la máquina: imprime su
 * benchmarkIndex y el del teléfono que emula (índice ÷ multiplicador), para comparar corridas de
 * máquinas distintas con el mismo teléfono.
 * LIGHTHOUSE_SIN_PAINT_HOLDING=1 abre Chromium con `--disable-features=PaintHolding`. En esta
 * máquina, el Chromium headless retiene el primer dibujo de la página que Lighthouse abre desde
 * about:blank hasta ~1,25 s en muchas corridas (el hilo principal ya dibujó a los 0,2–0,3 s y está
 * quieto; el compositor no presenta hasta que vence la retención): el FCP observado salta de 0,2 s
 * a 1,25 s y el LCP simulado de ~1,5 s a ~3,3 s. Chromium la aplica a las navegaciones del mismo
 * origen (muestra la página anterior en lugar de un blanco); aquí, también a la de Lighthouse desde
 * about:blank. Un teléfono que llega de otro sitio o escribe la dirección no la tiene. La medición
 * por defecto la deja como está; ésta muestra la página sin ella.
 *
 * Todo el tráfico va a 127.0.0.1. Nada se escribe en el repositorio salvo la build.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import { cuentaDemo, EMAIL_DEMO } from '@/server/db/demo';
import { appNext, ejecutar, FalloBench, HOST, limpiezas, ms, prepararBaseDeDatos } from './app';

const PUERTO = 3310;
const URL_DATOS =
  process.env.LIGHTHOUSE_DATABASE_URL || `postgres://postgres@${HOST}:5432/portal_lighthouse`;
const DIST = process.env.NEXT_DIST_DIR || '.next-lighthouse';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CORRIDAS = Number(process.env.LIGHTHOUSE_RUNS || 3);
/** LIGHTHOUSE_CPU: cuántas veces más lenta la CPU (por defecto, el 4× de Lighthouse móvil). */
const CPU = process.env.LIGHTHOUSE_CPU ? Number(process.env.LIGHTHOUSE_CPU) : null;
/** Peticiones a cada página antes de medir (la primera de cada ruta carga su código). */
const CALENTAMIENTO = 3;

/**
 * Los módulos de Lighthouse que usa este hilo (la mediana y el puntaje log-normal), con el
 * import() nativo de Node y no con el require que tsx arma para los import estáticos: tsx
 * compila con `keepNames` y agrega `__name(…)` a cada función, y Lighthouse manda algunas como
 * texto a la página (computeBenchmarkIndex, …), donde `__name` no existe.
 */
const modulosLighthouse = async () => {
  const [{ computeMedianRun }, { Util }] = await Promise.all([
    import('lighthouse/core/lib/median-run.js'),
    import('lighthouse/shared/util.js'),
  ]);
  return { computeMedianRun, Util };
};
let LH: Awaited<ReturnType<typeof modulosLighthouse>>;

/**
 * Lighthouse corre en un worker thread (JavaScript plano, también con el import() nativo): sus
 * tramos síncronos (la traza, la simulación) duran segundos, y con este hilo ocupado tsx no
 * recibe a tiempo el aviso de Ctrl-C y mata el proceso sin limpiezas. Así este hilo queda libre
 * para detener npm start y Chromium.
 */
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
import(pathToFileURL(workerData.modulo).href).then(({ default: lighthouse }) => {
  parentPort.on('message', async ({ url, banderas }) => {
    try {
      const r = await lighthouse(url, banderas);
      parentPort.postMessage({ lhr: r ? r.lhr : null });
    } catch (e) {
      parentPort.postMessage({ error: String((e && e.stack) || e) });
    }
  });
  parentPort.postMessage({ lista: true });
}, (e) => parentPort.postMessage({ error: String((e && e.stack) || e) }));
`;

type Respuesta = { lista: true } | { lhr: Result | null } | { error: string };

/** Arranca el worker de Lighthouse (lo detienen las limpiezas) y devuelve cómo correrlo. */
async function iniciarLighthouse(): Promise<(url: string, banderas: Flags) => Promise<Result>> {
  const worker = new Worker(CODIGO_WORKER, {
    eval: true,
    workerData: { modulo: require.resolve('lighthouse') },
  });
  limpiezas.push(async () => void (await worker.terminate()));
  // Si el worker falla o termina, la respuesta que se espera (o la próxima) es ese fallo.
  let caido: FalloBench | null = null;
  const caer = (motivo: string) => (caido ??= new FalloBench(`El worker de Lighthouse ${motivo}.`));
  worker.on('error', (e) => caer(`falló: ${e.message}`));
  worker.on('exit', (codigo) => caer(`terminó con código ${codigo}`));
  const respuesta = () =>
    new Promise<Respuesta>((ok, mal) => {
      if (caido) return mal(caido);
      const alCaer = () => mal(caido);
      worker.once('error', alCaer).once('exit', alCaer);
      worker.once('message', (m: Respuesta) => {
        worker.off('error', alCaer).off('exit', alCaer);
        ok(m);
      });
    });
  const lista = await respuesta();
  if ('error' in lista) throw new FalloBench(`No se pudo cargar Lighthouse: ${lista.error}`);
  return async (url, banderas) => {
    const esperada = respuesta();
    worker.postMessage({ url, banderas });
    const r = await esperada;
    if ('error' in r) throw new FalloBench(`Lighthouse falló en ${url}: ${r.error}`);
    if (!('lhr' in r) || !r.lhr)
      throw new FalloBench(`Lighthouse no devolvió resultados para ${url}.`);
    return r.lhr;
  };
}
let correr: Awaited<ReturnType<typeof iniciarLighthouse>>;

const APP = appNext({ puerto: PUERTO, urlDatos: URL_DATOS, dist: DIST });

/** Los objetivos del issue 37 §5 (Lighthouse móvil; los del issue 12 eran 90 y 200 ms). */
const OBJETIVOS = { rendimiento: 95, lcpMs: 2500, tbtMs: 150, cls: 0.1 };

interface Pagina {
  ruta: string;
  /** Cuenta con la que se abre; null: sin sesión. */
  email: string | null;
  /** El <title> de la página (sin el " · Portal escolar"). */
  titulo: string;
  /** Lo que la página debe tener, además del título (o null si alcanza con él). */
  revisar: ((html: string, cookie: string) => Promise<string | null>) | null;
  /** El camino concreto, si `ruta` tiene un parámetro (se elige con la app andando). */
  elegir?: (cookie: string) => Promise<string>;
}

/** El camino que se mide de cada página (el de `elegir`, o su ruta). */
const caminos = new Map<Pagina, string>();
const camino = (p: Pagina) => caminos.get(p) ?? p.ruta;

/** Las vistas del alumno: el nombre del alumno y ningún mensaje de lectura rechazada. */
async function conDatosDelAlumno(html: string): Promise<string | null> {
  return (
    (await sinMensaje(html)) ??
    (html.includes('data-testid="alumno-vista"') ? null : 'no muestra el alumno')
  );
}

/** Las vistas sin alumno en el encabezado: ningún mensaje de lectura rechazada. */
async function sinMensaje(html: string): Promise<string | null> {
  return html.includes('data-testid="mensaje-vista"')
    ? 'muestra un mensaje en vez de los datos'
    : null;
}

/**
 * La inscripción llega dibujada del servidor (`inscripcion.mishijos`, lo mismo que GET
 * /api/mishijos/inscripcion): con los datos del referente completos y algún hijo sin inscribir,
 * la pantalla abre el formulario del primero, que ya viene en el HTML.
 */
async function conFormularioDeInscripcion(html: string, cookie: string): Promise<string | null> {
  const r = await fetch(`${APP.origen}/api/mishijos/inscripcion`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const texto = await r.text();
  if (r.status !== 200) return `GET /api/mishijos/inscripcion respondió ${r.status}`;
  const d = JSON.parse(texto) as {
    referente?: { completo?: boolean };
    hijos?: { inscripto: boolean }[];
  };
  if (!d.referente?.completo)
    return 'los datos del referente están incompletos (no hay formulario)';
  if (!d.hijos?.some((h) => !h.inscripto))
    return 'no tiene hijos sin inscribir (no hay formulario)';
  if (!html.includes('Terminar la inscripción')) return 'el HTML no trae el formulario';
  return null;
}

/** Una página que debe traer `texto` en su HTML (sus datos, no el aviso de que no los hay). */
const conTexto =
  (texto: string) =>
  async (html: string): Promise<string | null> =>
    html.includes(texto) ? null : `el HTML no trae «${texto}»`;

/** El primer comunicado de la lista del alumno (su página es otra página del teléfono). */
async function primerComunicado(cookie: string): Promise<string> {
  const r = await fetch(`${APP.origen}/comunicados-externo`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const id = (await r.text()).match(/href="\/comunicados-externo\/([^"/?#]+)"/)?.[1];
  if (r.status !== 200 || !id)
    throw new FalloBench(`/comunicados-externo respondió ${r.status} sin ningún comunicado.`);
  return `/comunicados-externo/${id}`;
}

/**
 * Las páginas del teléfono (DESIGN §9: /login, la inscripción, cada vista -externo y el perfil;
 * las mismas que `npm run peso` mide contra 170 kB), con la cuenta de demostración que tiene
 * datos en cada una.
 */
const PAGINAS: Pagina[] = [
  { ruta: '/login', email: null, titulo: 'Ingresar', revisar: null },
  {
    ruta: '/inscripcion/completar',
    email: EMAIL_DEMO.referente,
    titulo: 'Inscripción',
    revisar: conFormularioDeInscripcion,
  },
  ...(
    [
      ['/asistencias-externo', 'Asistencias', conDatosDelAlumno],
      ['/libretas-externo', 'Notas', conDatosDelAlumno],
      ['/medidas-externo', 'Medidas disciplinarias', conDatosDelAlumno],
      ['/avances-externo', 'Avances', sinMensaje],
      ['/evaluaciones-externo', 'Evaluaciones', sinMensaje],
      ['/horarios-externo', 'Horarios', sinMensaje],
      ['/comunicados-externo', 'Comunicados', conTexto('data-testid="comunicado"')],
      ['/perfil/editar', 'Editar perfil', conTexto('<form')],
      // alumno.demo no tiene inscripción (sus referentes la hacen desde el teléfono): la ficha
      // dice que todavía no hay (la única cuenta con ficha, la institucional, va a cambiar email).
      ['/perfil/ficha-medica', 'Ficha médica', conTexto('Todavía no hay una inscripción')],
      ['/perfil/certificado', 'Certificado de alumno regular', conTexto('SECUNDARIO TÉCNICO')],
    ] as const
  ).map(([ruta, titulo, revisar]) => ({ ruta, email: EMAIL_DEMO.alumno, titulo, revisar })),
  // El alumno que entra con la cuenta de la escuela, no de Google, sólo puede abrir ésta.
  {
    ruta: '/perfil/cambiaremail',
    email: EMAIL_DEMO.alumnoInstitucional,
    titulo: 'Cambiar email',
    revisar: conTexto('Google'),
  },
  {
    ruta: '/comunicados-externo/[id]',
    elegir: primerComunicado,
    email: EMAIL_DEMO.alumno,
    titulo: 'Comunicado',
    revisar: sinMensaje,
  },
  // El techo de la build (issue 37 §6; sólo existe en la build del benchmark, BENCH_TECHO=1): un
  // componente vacío renderizado por pedido, con el layout raíz y nada más. Lo mejor que puede
  // dar una página dinámica del portal en esta máquina. (/techo/estatica no sirve aquí: lleva la
  // CSP con nonce de un documento y su HTML prerenderizado no, así que no hidrata y mide de más.)
  ...(process.env.LIGHTHOUSE_TECHOS === '1'
    ? [{ ruta: '/techo/vacia', email: null, titulo: 'Techo vacío', revisar: null }]
    : []),
];

// ---------------------------------------------------------------------------
// Verificación y calentamiento

async function verificarPagina(p: Pagina, cookie: string): Promise<void> {
  const quien = p.email ?? 'sin sesión';
  for (let i = 0; i < CALENTAMIENTO; i++) {
    const r = await fetch(APP.origen + camino(p), {
      headers: { cookie },
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const html = await r.text();
    if (r.status !== 200 || !html.includes(`<title>${p.titulo} · `))
      throw new FalloBench(
        `GET ${camino(p)} (${quien}) respondió ${r.status} sin la página esperada ` +
          `(${r.headers.get('location') ?? html.slice(0, 200)}).`,
      );
    const problema = i === 0 && p.revisar ? await p.revisar(html, cookie) : null;
    if (problema) throw new FalloBench(`GET ${camino(p)} (${quien}): ${problema}.`);
  }
}

// ---------------------------------------------------------------------------
// Lighthouse

/**
 * El Chromium de la corrida en curso, también mientras arranca: si se interrumpe en ese
 * momento, la limpieza espera a que arranque y lo cierra. Después de la limpieza (`detenido`)
 * no se abre otro.
 */
let chromeActual: Promise<chromeLauncher.LaunchedChrome> | null = null;
let detenido = false;

async function cerrarChrome() {
  const chrome = chromeActual;
  chromeActual = null;
  if (chrome) await chrome.then((c) => c.kill()).catch(() => {});
}

/** Una corrida de Lighthouse sobre `url`, en un Chromium recién abierto. */
async function correrLighthouse(url: string, cookie: string): Promise<Result> {
  if (detenido) throw new FalloBench('Interrumpido.');
  const abriendo = chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      ...(process.env.LIGHTHOUSE_SIN_PAINT_HOLDING === '1'
        ? ['--disable-features=PaintHolding']
        : []),
    ],
    // Ctrl-C lo atiende `ejecutar` (detiene también npm start), no chrome-launcher.
    handleSIGINT: false,
    logLevel: 'silent',
  });
  chromeActual = abriendo;
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await abriendo;
  } catch (e) {
    throw new FalloBench(`No se pudo abrir Chromium (${CHROME}): ${(e as Error).message}`);
  }
  try {
    const banderas: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      locale: 'es-419',
      ...(CPU ? { throttling: { cpuSlowdownMultiplier: CPU } } : {}),
      // Sin Cookie si no hay sesión: la cabecera vacía también se mandaría.
      extraHeaders: cookie ? { Cookie: cookie } : null,
    };
    const lhr = await correr(url, banderas);
    if (lhr.runtimeError)
      throw new FalloBench(
        `Lighthouse no pudo medir ${url}: ${lhr.runtimeError.code} (${lhr.runtimeError.message}).`,
      );
    const final = new URL(lhr.finalDisplayedUrl);
    if (final.pathname !== new URL(url).pathname)
      throw new FalloBench(`${url} terminó en ${lhr.finalDisplayedUrl} (¿la sesión no llegó?).`);
    return lhr;
  } finally {
    await cerrarChrome();
  }
}

// ---------------------------------------------------------------------------
// Lectura del resultado

interface Metricas {
  rendimiento: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
}

const valor = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function metricas(lhr: Result): Metricas {
  return {
    rendimiento: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: valor(lhr, 'largest-contentful-paint'),
    tbtMs: valor(lhr, 'total-blocking-time'),
    cls: valor(lhr, 'cumulative-layout-shift'),
    fcpMs: valor(lhr, 'first-contentful-paint'),
    siMs: valor(lhr, 'speed-index'),
  };
}

type Auditoria = Result['audits'][string];

/**
 * El impacto estimado de una auditoría en el puntaje de rendimiento, como lo ordena el informe
 * de Lighthouse (performance-category-renderer): cuánto subiría el puntaje ponderado de cada
 * métrica con el ahorro que estima (metricSavings) y, si redondea a 0, el ahorro lineal.
 */
function impacto(lhr: Result, a: Auditoria): { puntaje: number; lineal: number } {
  let puntaje = 0;
  let lineal = 0;
  const refs = lhr.categories.performance?.auditRefs ?? [];
  for (const [sigla, ahorro] of Object.entries(a.metricSavings ?? {})) {
    if (ahorro === undefined) continue;
    const ref = refs.find((r) => r.group === 'metrics' && r.acronym === sigla);
    const m = ref && lhr.audits[ref.id];
    if (!ref || !m || m.score === null || !m.numericValue) continue;
    lineal += (ahorro / m.numericValue) * ref.weight;
    if (!m.scoringOptions) continue;
    const nuevo = LH.Util.computeLogNormalScore(m.scoringOptions, m.numericValue - ahorro);
    puntaje += (nuevo - m.score) * ref.weight;
  }
  return { puntaje, lineal };
}

/**
 * Las auditorías de diagnóstico que no pasan, de más a menos impacto estimado (sin la del
 * elemento LCP, que se muestra aparte con sus fases).
 */
function mejoras(lhr: Result): Auditoria[] {
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter(
    (r) => r.group === 'diagnostics' && r.id !== 'largest-contentful-paint-element',
  );
  const noPasa = (a: Auditoria) =>
    a.scoreDisplayMode === 'informative' ||
    a.scoreDisplayMode === 'error' ||
    ((a.scoreDisplayMode === 'metricSavings' ||
      a.scoreDisplayMode === 'numeric' ||
      a.scoreDisplayMode === 'binary') &&
      Number(a.score) < 0.9);
  return refs
    .map((r) => lhr.audits[r.id])
    .filter((a): a is Auditoria => !!a && noPasa(a))
    .map((a) => ({ a, ...impacto(lhr, a), guia: a.guidanceLevel ?? 1 }))
    .sort(
      (x, y) =>
        y.puntaje * y.guia - x.puntaje * x.guia ||
        y.lineal * y.guia - x.lineal * x.guia ||
        // Sin ahorro estimado, primero las que miden algo de la carga (metricSavings).
        Number(!!y.a.metricSavings) - Number(!!x.a.metricSavings) ||
        (x.a.score ?? 0) - (y.a.score ?? 0) ||
        y.guia - x.guia,
    )
    .map((x) => x.a);
}

const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;

/** Una URL del propio origen, sin él (los chunks de Next se reconocen por su ruta). */
const corta = (url: string) => (url.startsWith(APP.origen) ? url.slice(APP.origen.length) : url);

interface Nodo {
  selector?: string;
  nodeLabel?: string;
}

/** Los primeros `max` caracteres de un texto (con "…" si sigue), o null. */
const recortar = (texto: string | null | undefined, max: number) => {
  const t = texto?.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

/** Un elemento de la página: la última parte de su selector y el comienzo de su texto. */
function nodo(n: Nodo): string {
  const selector = n.selector?.split(' > ').pop() ?? '?';
  const texto = recortar(n.nodeLabel, 60);
  return `\`${selector}\`${texto ? ` «${texto}»` : ''}`;
}

/** Los dos primeros elementos de la tabla de una auditoría: qué es y cuánto pesa o tarda. */
function detalle(a: Auditoria): string {
  const items = (a.details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return '';
  const partes: string[] = [];
  for (const item of items.slice(0, 2) as Record<string, unknown>[]) {
    const texto = (v: unknown) => (typeof v === 'string' ? v : null);
    const cual =
      texto(item.url) !== null
        ? `\`${corta(item.url as string)}\``
        : item.node
          ? nodo(item.node as Nodo)
          : (texto(item.groupLabel) ?? recortar(texto(item.reason), 100));
    if (!cual) continue;
    const numero = (v: unknown) => (typeof v === 'number' ? v : null);
    const bytes = numero(item.wastedBytes);
    const milis = numero(item.wastedMs) ?? numero(item.total) ?? numero(item.duration);
    const cuanto =
      bytes !== null ? ` ${kib(bytes)}` : milis !== null ? ` ${Math.round(milis)} ms` : '';
    partes.push(`${cual}${cuanto}`);
  }
  return partes.length ? ` (${partes.join('; ')})` : '';
}

/** El elemento LCP y sus fases (TTFB, demora y duración de la carga, demora del render). */
function elementoLcp(lhr: Result): string {
  const a = lhr.audits['largest-contentful-paint-element'];
  const tablas = (a?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)
    ?.items;
  const n = tablas?.[0]?.items?.[0]?.node as Nodo | undefined;
  const fases = (tablas?.[1]?.items ?? [])
    .map((f) => `${String(f.phase)} ${Math.round(Number(f.timing))} ms`)
    .join(', ');
  if (!n) return 'sin elemento LCP';
  return `${nodo(n)}${fases ? ` — ${fases}` : ''}`;
}

/** Los tres scripts más pesados (bytes transferidos) de la carga. */
function scriptsPesados(lhr: Result): string {
  const items =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items ?? [];
  return items
    .filter((i) => i.resourceType === 'Script' && typeof i.transferSize === 'number')
    .sort((x, y) => (y.transferSize as number) - (x.transferSize as number))
    .slice(0, 3)
    .map((i) => `\`${corta(String(i.url))}\` ${kib(i.transferSize as number)}`)
    .join(', ');
}

// ---------------------------------------------------------------------------
// Tablas

const marca = (ok: boolean) => (ok ? '✓' : '✗');
const s = (milis: number) => `${(milis / 1000).toFixed(2)} s`;

function tablaResultados(filas: { pagina: Pagina; m: Metricas; puntajes: number[] }[]): string {
  const lineas = [
    '| Página | sesión | Rendimiento | LCP | TBT | CLS | FCP | Speed Index | corridas |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { pagina, m, puntajes } of filas) {
    lineas.push(
      `| ${pagina.ruta} | ${pagina.email ?? 'sin sesión'} ` +
        `| ${m.rendimiento} ${marca(m.rendimiento >= OBJETIVOS.rendimiento)} ` +
        `| ${s(m.lcpMs)} ${marca(m.lcpMs <= OBJETIVOS.lcpMs)} ` +
        `| ${Math.round(m.tbtMs)} ms ${marca(m.tbtMs <= OBJETIVOS.tbtMs)} ` +
        `| ${m.cls.toFixed(3)} ${marca(m.cls <= OBJETIVOS.cls)} ` +
        `| ${s(m.fcpMs)} | ${s(m.siMs)} | ${puntajes.join(' · ')} |`,
    );
  }
  return lineas.join('\n');
}

// ---------------------------------------------------------------------------

async function principal() {
  if (!Number.isInteger(CORRIDAS) || CORRIDAS < 1)
    throw new FalloBench(`LIGHTHOUSE_RUNS inválido: "${process.env.LIGHTHOUSE_RUNS}".`);
  if (CPU !== null && !(CPU >= 1))
    throw new FalloBench(`LIGHTHOUSE_CPU inválido: "${process.env.LIGHTHOUSE_CPU}" (1 o más).`);
  if (!existsSync(CHROME))
    throw new FalloBench(`No está Chromium en ${CHROME} (defina CHROME_PATH o instálelo).`);
  const inicio = performance.now();
  LH = await modulosLighthouse();
  correr = await iniciarLighthouse();

  let t = performance.now();
  const versionPg = await prepararBaseDeDatos(URL_DATOS, 'LIGHTHOUSE_DATABASE_URL');
  console.log(
    `Base ${new URL(URL_DATOS).pathname.slice(1)} recreada, migrada y sembrada (${ms(t)}).`,
  );

  await APP.compilarOUsar('LIGHTHOUSE_SKIP_BUILD');

  t = performance.now();
  await APP.iniciarApp();
  const cookies = new Map<string | null, string>([[null, '']]);
  for (const email of new Set(PAGINAS.map((p) => p.email)))
    if (email) cookies.set(email, await APP.ingresar(email));
  for (const p of PAGINAS) {
    if (p.elegir) caminos.set(p, await p.elegir(cookies.get(p.email)!));
    await verificarPagina(p, cookies.get(p.email)!);
  }
  console.log(
    `App en ${APP.origen}, sesiones de ${[...cookies.keys()].filter(Boolean).join(' y ')}; ` +
      `páginas verificadas y calentadas (${ms(t)}).`,
  );

  limpiezas.push(async () => {
    detenido = true;
    await cerrarChrome();
  });
  const carpeta = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const filas: Parameters<typeof tablaResultados>[0] = [];
  const medianas: { pagina: Pagina; lhr: Result }[] = [];
  const indices: number[] = [];
  const soloEstas = process.env.LIGHTHOUSE_PAGINAS?.split(',');
  for (const pagina of PAGINAS.filter((p) => !soloEstas || soloEstas.includes(p.ruta))) {
    const corridas: Result[] = [];
    for (let i = 1; i <= CORRIDAS; i++) {
      t = performance.now();
      const lhr = await correrLighthouse(APP.origen + camino(pagina), cookies.get(pagina.email)!);
      corridas.push(lhr);
      indices.push(lhr.environment.benchmarkIndex);
      const archivo = `${pagina.ruta.slice(1).replaceAll('/', '_')}-${i}.json`;
      writeFileSync(path.join(carpeta, archivo), JSON.stringify(lhr));
      console.log(
        `${pagina.ruta}: corrida ${i}/${CORRIDAS}, rendimiento ${metricas(lhr).rendimiento} (${ms(t)}).`,
      );
    }
    const lhr = LH.computeMedianRun(corridas);
    medianas.push({ pagina, lhr });
    filas.push({
      pagina,
      m: metricas(lhr),
      puntajes: corridas.map((c) => metricas(c).rendimiento),
    });
  }

  const primera = medianas[0]!.lhr;
  const { formFactor, screenEmulation: pantalla, throttling: red } = primera.configSettings;
  const metodo = primera.configSettings.throttlingMethod;
  const cpus = os.cpus();
  const indice = [...indices].sort((a, b) => a - b)[Math.floor(indices.length / 2)]!;
  const multiplicador = red.cpuSlowdownMultiplier;
  console.log('\n## Lighthouse móvil (issue 12)\n');
  console.log(
    `Lighthouse ${primera.lighthouseVersion} · ${primera.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'} ` +
      `headless · Node ${process.version} · ${cpus.length} CPU (${cpus[0]?.model.trim() ?? '?'}) · ` +
      `PostgreSQL ${versionPg} · npm start en ${HOST}.\nConfiguración ` +
      `${CPU ? `de Lighthouse con LIGHTHOUSE_CPU=${CPU}` : 'por defecto de Lighthouse'}: ` +
      `${formFactor === 'mobile' ? 'teléfono' : formFactor} de ${pantalla.width}×${pantalla.height} px ` +
      `emulado, throttling ${metodo === 'simulate' ? 'simulado' : metodo} ` +
      `(${red.rttMs} ms de RTT, ${((red.throughputKbps ?? NaN) / 1024).toFixed(1)} Mbps, CPU ` +
      `${multiplicador}× más lenta); sólo rendimiento. ${CORRIDAS} corridas por página, ` +
      'cada una en un Chromium nuevo: se muestra la mediana (computeMedianRun de Lighthouse: la más ' +
      'cercana a la mediana de FCP y TTI) y, en la última columna, el rendimiento de cada corrida.\n',
  );
  // La CPU se frena en proporción a la de la máquina: el mismo 4× es otro teléfono en otra
  // máquina. benchmarkIndex ÷ multiplicador es el índice del teléfono emulado (DevTools toma
  // 1000 por un teléfono de gama media como el Pixel 5 y 264 por uno de gama baja).
  console.log(
    `benchmarkIndex de esta máquina (mediana de ${indices.length} corridas): ${Math.round(indice)} ` +
      `(${Math.round(Math.min(...indices))}–${Math.round(Math.max(...indices))}); con la CPU ` +
      `${multiplicador}× más lenta, emula un teléfono de índice ≈ ${Math.round(indice / (multiplicador ?? 1))} ` +
      '(gama media, Pixel 5: 1000; gama baja: 264). Para comparar con otra máquina, ' +
      `LIGHTHOUSE_CPU = su benchmarkIndex ÷ ${Math.round(indice / (multiplicador ?? 1))}.\n`,
  );
  console.log(tablaResultados(filas));
  console.log(
    `\nObjetivos: rendimiento ≥ ${OBJETIVOS.rendimiento}, LCP ≤ ${OBJETIVOS.lcpMs / 1000} s, ` +
      `TBT ≤ ${OBJETIVOS.tbtMs} ms, CLS ≤ ${OBJETIVOS.cls}.`,
  );
  const cumplen = filas.filter(
    ({ m }) =>
      m.rendimiento >= OBJETIVOS.rendimiento &&
      m.lcpMs <= OBJETIVOS.lcpMs &&
      m.tbtMs <= OBJETIVOS.tbtMs &&
      m.cls <= OBJETIVOS.cls,
  ).length;
  console.log(`Cumplen todos los objetivos: ${cumplen} de ${filas.length} páginas.`);

  console.log('\n## Qué mejorar (corrida mediana de cada página)\n');
  for (const { pagina, lhr } of medianas) {
    const nombre = pagina.email
      ? `${pagina.ruta} (${cuentaDemo(pagina.email)?.etiqueta})`
      : pagina.ruta;
    console.log(`### ${nombre}\n`);
    const top = mejoras(lhr).slice(0, 3);
    if (!top.length) console.log('- Ninguna auditoría de diagnóstico sin pasar.');
    for (const a of top)
      console.log(`- **${a.title}**${a.displayValue ? `: ${a.displayValue}` : ''}${detalle(a)}`);
    console.log(`- Elemento LCP: ${elementoLcp(lhr)}`);
    console.log(`- Scripts más pesados: ${scriptsPesados(lhr) || '—'}`);
    for (const aviso of lhr.runWarnings) console.log(`- ⚠ ${aviso}`);
    console.log();
  }

  console.log(
    `Informes JSON de cada corrida (ábralos en https://googlechrome.github.io/lighthouse/viewer/): ${carpeta}`,
  );
  console.log(`Duración total: ${ms(inicio)}.`);
}

ejecutar(principal, 'La medición con Lighthouse');
