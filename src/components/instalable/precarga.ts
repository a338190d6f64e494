/**
 * Qué precarga el service worker (issue 36): sólo lo que hace falta sin conexión, no toda la build.
 * Funciones puras (los archivos los lee quien llama, `leer`), probadas en Jest con una build
 * inventada (tests/unit/instalable-precarga.test.ts). Las usa src/app/serwist/[path]/route.ts como
 * `manifestTransforms` de Serwist, que las llama durante `next build` con la lista de todos los
 * archivos de <distDir>/static y public/ (las direcciones todavía relativas a la carpeta del
 * proyecto: `.next/static/chunks/a.js`, `public/icono-192.png`).
 *
 * Se queda con:
 * - los archivos de public/ (los íconos del portal);
 * - los de las páginas de RUTAS_SIN_CONEXION ("Sin conexión" y la planilla de asistencia): los
 *   del arranque de Next (build-manifest.json: `polyfillFiles` y `rootMainFiles`), los JS y CSS
 *   de la página y sus layouts (server/app/<página>_client-reference-manifest.js: `entryJSFiles`,
 *   `entryCSSFiles` y los chunks de cada componente del cliente) y los que cargan después
 *   (server/app/<página>/react-loadable-manifest.json: `next/dynamic`);
 * - y, de esos JS, los chunks que nombran (un `import()` que Turbopack carga al usarlo, como la
 *   cola de la planilla sin conexión), hasta no encontrar más.
 * El resto de /_next/static lo guarda el worker a medida que la persona abre las páginas
 * (primero la caché, `estaticos`).
 *
 * Si falta un manifiesto o no se entiende, precarga todo (como antes) con un aviso en la build:
 * mejor más descarga que la planilla sin sus scripts sin conexión.
 */
import { CAMINOS_DE_HOJA, PAGINA_SIN_CONEXION } from './reglas';

/** Las páginas que tienen que abrirse sin conexión (con todos sus scripts y estilos). */
export const RUTAS_SIN_CONEXION: readonly string[] = [PAGINA_SIN_CONEXION, ...CAMINOS_DE_HOJA];

/** Una entrada de la lista de Serwist (ManifestEntry con su tamaño). */
export interface EntradaDePrecarga {
  url: string;
  revision?: string | null;
  size: number;
}

/** Lee un archivo de la carpeta del proyecto (camino relativo); `null` si no existe. */
export type Lector = (camino: string) => string | null;

export interface Seleccion<T extends EntradaDePrecarga> {
  manifest: T[];
  warnings: string[];
}

/** El manifiesto de referencias del cliente de una página (lo que usa de él). */
interface ManifiestoDeCliente {
  clientModules?: Record<string, { chunks?: string[] }>;
  entryCSSFiles?: Record<string, { path: string }[]>;
  entryJSFiles?: Record<string, string[]>;
}

const CHUNK = /static\/chunks\/[A-Za-z0-9_.~-]+\.(?:js|css)/g;

/** `/_next/static/chunks/a.js` o `static/chunks/a.js` → `static/chunks/a.js`. */
function relativo(archivo: string): string {
  return archivo.replace(/^\/?_next\//, '').replace(/^\//, '');
}

function leerJson<T>(leer: Lector, camino: string): T {
  const texto = leer(camino);
  if (texto === null) throw new Error(`falta ${camino}`);
  return JSON.parse(texto) as T;
}

/**
 * `<página>_client-reference-manifest.js` es un script:
 * `globalThis.__RSC_MANIFEST["/x/page"] = {…};`. Se lee el objeto como JSON, sin ejecutarlo.
 */
export function leerManifiestoDeCliente(texto: string, pagina: string): ManifiestoDeCliente {
  const asignacion = `__RSC_MANIFEST[${JSON.stringify(pagina)}] = `;
  const desde = texto.indexOf(asignacion);
  if (desde < 0) throw new Error(`el manifiesto del cliente no tiene ${pagina}`);
  const cuerpo = texto
    .slice(desde + asignacion.length)
    .trim()
    .replace(/;$/, '');
  return JSON.parse(cuerpo) as ManifiestoDeCliente;
}

/**
 * La carpeta de la build (`.next/`) tal como aparece en la lista: lo que va antes de `static/` en
 * las entradas que no son de public/. Una sola, o `null`.
 */
export function carpetaDeLaBuild(entradas: readonly EntradaDePrecarga[]): string | null {
  const carpetas = new Set<string>();
  for (const e of entradas) {
    if (e.url.startsWith('public/')) continue;
    const i = e.url.indexOf('static/');
    if (i < 0) return null;
    carpetas.add(e.url.slice(0, i));
  }
  return carpetas.size === 1 ? [...carpetas][0]! : null;
}

/**
 * Los archivos (`static/…`, relativos a la carpeta de la build) que necesitan las páginas al
 * abrirse. Lanza un error si falta el manifiesto de alguna.
 */
export function archivosDeLasPaginas(
  carpeta: string,
  leer: Lector,
  caminos: readonly string[] = RUTAS_SIN_CONEXION,
): Set<string> {
  const archivos = new Set<string>();
  const sumar = (a: string) => archivos.add(relativo(a));

  const build = leerJson<{ polyfillFiles?: string[]; rootMainFiles?: string[] }>(
    leer,
    `${carpeta}build-manifest.json`,
  );
  if (!build.rootMainFiles?.length) throw new Error('build-manifest.json sin rootMainFiles');
  [...(build.polyfillFiles ?? []), ...build.rootMainFiles].forEach(sumar);

  // "/(staff)/(asistencias)/asistencias/page" → "/asistencias"
  const rutas = leerJson<Record<string, string>>(leer, `${carpeta}app-path-routes-manifest.json`);
  for (const camino of caminos) {
    const pagina = Object.keys(rutas).find((p) => rutas[p] === camino && p.endsWith('/page'));
    if (!pagina) throw new Error(`app-path-routes-manifest.json no tiene la página ${camino}`);
    const base = `${carpeta}server/app${pagina}`;

    const archivoCliente = `${base}_client-reference-manifest.js`;
    const texto = leer(archivoCliente);
    if (texto === null) throw new Error(`falta ${archivoCliente}`);
    const cliente = leerManifiestoDeCliente(texto, pagina);
    const js = cliente.entryJSFiles?.[`[project]/src/app${pagina}`];
    if (!js?.length) throw new Error(`${archivoCliente} no tiene los JS de ${camino}`);
    for (const m of Object.values(cliente.clientModules ?? {})) (m.chunks ?? []).forEach(sumar);
    for (const l of Object.values(cliente.entryJSFiles ?? {})) l.forEach(sumar);
    for (const l of Object.values(cliente.entryCSSFiles ?? {})) l.forEach((c) => sumar(c.path));

    // next/dynamic (puede no estar: una página sin componentes diferidos).
    const diferidos = leer(`${base}/react-loadable-manifest.json`);
    if (diferidos !== null) {
      const m = JSON.parse(diferidos) as Record<string, { files?: string[] }>;
      for (const d of Object.values(m)) (d.files ?? []).forEach(sumar);
    }
  }
  return archivos;
}

/**
 * Suma los chunks que nombran los JS elegidos (los `import()` que Turbopack resuelve al usarlos),
 * hasta no encontrar más. Sólo los que existen en la build (`existentes`).
 */
export function conLosQueNombran(
  iniciales: Iterable<string>,
  existentes: ReadonlySet<string>,
  leer: (archivo: string) => string | null,
): Set<string> {
  const elegidos = new Set(iniciales);
  const pendientes = [...elegidos];
  while (pendientes.length > 0) {
    const archivo = pendientes.pop()!;
    if (!archivo.endsWith('.js')) continue;
    const texto = leer(archivo);
    if (texto === null) continue;
    for (const [nombrado] of texto.matchAll(CHUNK)) {
      if (existentes.has(nombrado) && !elegidos.has(nombrado)) {
        elegidos.add(nombrado);
        pendientes.push(nombrado);
      }
    }
  }
  return elegidos;
}

/**
 * La lista de la precarga: public/ y los archivos de la build que necesitan RUTAS_SIN_CONEXION.
 * Si algo de la build no se puede leer, la lista entera y un aviso.
 */
export function elegirPrecarga<T extends EntradaDePrecarga>(
  entradas: T[],
  leer: Lector,
  caminos: readonly string[] = RUTAS_SIN_CONEXION,
): Seleccion<T> {
  try {
    const carpeta = carpetaDeLaBuild(entradas);
    if (carpeta === null) throw new Error('no se reconoce la carpeta de la build en la lista');
    const existentes = new Set(
      entradas.filter((e) => e.url.startsWith(carpeta)).map((e) => e.url.slice(carpeta.length)),
    );
    const directos = archivosDeLasPaginas(carpeta, leer, caminos);
    const faltan = [...directos].filter((a) => !existentes.has(a));
    if (faltan.length > 0) throw new Error(`no están en la build: ${faltan.join(', ')}`);
    const elegidos = conLosQueNombran(directos, existentes, (a) => leer(carpeta + a));
    return {
      manifest: entradas.filter(
        (e) => e.url.startsWith('public/') || elegidos.has(e.url.slice(carpeta.length)),
      ),
      warnings: [],
    };
  } catch (error) {
    const motivo = error instanceof Error ? error.message : String(error);
    return {
      manifest: entradas,
      warnings: [
        `Precarga: no se pudo elegir lo de ${caminos.join(', ')} (${motivo}); se precarga toda la build.`,
      ],
    };
  }
}
