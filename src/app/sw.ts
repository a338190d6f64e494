/// <reference lib="webworker" />
/**
 * El service worker del portal (issue 36). Lo compila @serwist/turbopack con esbuild dentro de
 * `next build` (src/app/serwist/[path]/route.ts) y se sirve en /serwist/sw.js con alcance "/".
 * Lo registra src/components/instalable/RegistroDelTrabajador.tsx, sólo en producción.
 *
 * Reglas (la decisión por pedido es src/components/instalable/reglas.ts, probada en Jest):
 * - Precarga (al instalarse): la página /sin-conexion, los íconos de public/ y sólo los JS y CSS
 *   de la build (/_next/static, con el hash del contenido en el nombre) que necesitan
 *   "Sin conexión" (estilos y "Reintentar") y la planilla de asistencia (/asistencias y
 *   /asistencias-protected, con lo que cargan después, como la cola): así la planilla abierta una
 *   vez con conexión se abre sin conexión aunque el navegador haya vaciado su caché HTTP. No toda
 *   la build: el worker se instala para todos, también en el teléfono de una familia con datos
 *   móviles, que no abre las pantallas del personal. La lista la elige
 *   src/components/instalable/precarga.ts al compilar (src/app/serwist/[path]/route.ts). Nada con
 *   datos de nadie. Caché `serwist-precache-v2-<origen>`.
 * - /_next/static/*, /iconos.svg?v=… y los íconos del portal: primero la caché (`estaticos`), si no
 *   está, la red. Son inmutables bajo su dirección. Así se guarda, a medida que se usa, lo que no
 *   está en la precarga.
 * - Las navegaciones a /asistencias y /asistencias-protected (cualquier consulta): primero la red,
 *   con SEGUNDOS_DE_ESPERA (3 s); sin red o sin respuesta a tiempo, la copia guardada. Una sola
 *   copia por camino (sin la consulta) en `paginas-sin-conexion`, y sólo si la respuesta fue 200
 *   (nunca una redirección al ingreso). Estos documentos llevan el nombre de quien ingresó: por
 *   eso "Salir" y el ingreso de otra persona en el mismo teléfono borran las cachés.
 *   El documento guardado reproduce juntos la cabecera CSP y los scripts con el mismo nonce.
 * - Cualquier otra navegación: sólo la red; sin red, la página "Sin conexión" (la precargada, o si
 *   se borró, una mínima sin scripts), bajo la dirección pedida: "Reintentar" recarga esa página.
 * - Nunca se guarda ni se atiende: /api/* (tRPC, REST, next-auth), los pedidos RSC de la
 *   navegación del cliente, lo que no es GET y lo de otro origen. Los pasa el navegador como
 *   siempre.
 */
import {
  CacheFirst,
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from 'serwist';
import {
  CACHE_ESTATICOS,
  CACHE_PAGINAS,
  MENSAJE_GUARDAR_HOJA,
  PAGINA_SIN_CONEXION,
  SEGUNDOS_DE_ESPERA,
  claveDeHoja,
  esHoja,
  estrategiaPara,
  type Estrategia,
} from '../components/instalable/reglas';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // La lista de la precarga: la escribe @serwist/turbopack al compilar.
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const es =
  (estrategia: Estrategia) =>
  ({ request, url }: { request: Request; url: URL }) =>
    estrategiaPara({
      url,
      origen: self.location.origin,
      metodo: request.method,
      modo: request.mode,
      rsc: request.headers.get('RSC') === '1',
    }) === estrategia;

/** Sólo respuestas 200 (ni redirecciones opacas ni errores). */
const solo200 = new CacheableResponsePlugin({ statuses: [200] });

/** La planilla se guarda sin la consulta: una copia por camino. */
const sinConsulta: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => claveDeHoja(new URL(request.url)),
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  // Sin precarga de navegación: a una navegación que el worker no atiende (/api/logout, las
  // descargas de /api/exportar…) el navegador la pediría dos veces (la precarga y la suya).
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: es('estatico'),
      handler: new CacheFirst({
        cacheName: CACHE_ESTATICOS,
        plugins: [
          solo200,
          new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 }),
        ],
      }),
    },
    {
      matcher: es('hoja'),
      handler: new NetworkFirst({
        cacheName: CACHE_PAGINAS,
        networkTimeoutSeconds: SEGUNDOS_DE_ESPERA,
        plugins: [solo200, sinConsulta],
      }),
    },
    { matcher: es('navegacion'), handler: new NetworkOnly() },
  ],
});

/**
 * Sin red (o sin copia): a un documento, la página "Sin conexión" precargada; si alguien borró
 * la precarga, una mínima sin scripts. A lo demás, el error de red de siempre.
 */
serwist.setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate' && request.destination !== 'document') return Response.error();
  return (await serwist.matchPrecache(PAGINA_SIN_CONEXION)) ?? paginaMinima();
});

function paginaMinima(): Response {
  const html =
    '<!doctype html><html lang="es-AR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Sin conexión · Portal escolar</title>' +
    '<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#212529}' +
    'main{max-width:28rem;margin:0 auto}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;' +
    'border-radius:.5rem;background:#4263eb;color:#fff;text-decoration:none;font-weight:600}</style>' +
    '</head><body><main><h1>Sin conexión</h1><p>Esta página necesita internet. Revise la conexión ' +
    'y vuelva a intentar.</p><a href="">Reintentar</a></main></body></html>';
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * La planilla abierta por la navegación del cliente (un pedido RSC, que no se guarda) o antes de
 * que el worker controlara la página: la pantalla pide guardar su documento
 * (RegistroDelTrabajador). Sólo los caminos de la planilla, del propio origen, y sólo un 200.
 */
async function guardarHoja(url: URL): Promise<void> {
  try {
    const respuesta = await fetch(url.href, {
      credentials: 'same-origin',
      redirect: 'manual',
      headers: { Accept: 'text/html' },
    });
    if (respuesta.status !== 200 || respuesta.type !== 'basic') return;
    const cache = await caches.open(CACHE_PAGINAS);
    await cache.put(claveDeHoja(url), respuesta);
  } catch {
    // Sin red: queda la copia anterior, si hay.
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const datos = event.data as { tipo?: unknown; url?: unknown } | null;
  if (datos?.tipo !== MENSAJE_GUARDAR_HOJA || typeof datos.url !== 'string') return;
  let url: URL;
  try {
    url = new URL(datos.url, self.location.origin);
  } catch {
    return;
  }
  if (url.origin !== self.location.origin || !esHoja(url.pathname)) return;
  event.waitUntil(guardarHoja(url));
});

serwist.addEventListeners();
