/**
 * Qué hace el service worker (src/app/sw.ts) con cada pedido: una función pura, sin nada del
 * navegador más que `URL`, para probarla en Jest (tests/unit/instalable.test.ts) con una tabla.
 *
 * - `estatico`: lo que no cambia nunca bajo su dirección (los archivos de /_next/static llevan
 *   el hash del contenido; /iconos.svg lleva `?v=<hash>`; los íconos del portal): primero la copia
 *   guardada, si no hay, la red.
 * - `hoja`: el documento de la planilla de asistencia (/asistencias y /asistencias-protected,
 *   con cualquier consulta): primero la red (hasta SEGUNDOS_DE_ESPERA), sin red, la copia.
 * - `navegacion`: cualquier otro documento: sólo la red; sin red, la página "Sin conexión".
 * - `nunca`: el worker no lo atiende (lo pide el navegador como siempre) ni lo guarda: /api
 *   (tRPC, REST, next-auth), los pedidos RSC de la navegación del cliente, lo que no es GET y lo
 *   de otro origen.
 */
export type Estrategia = 'estatico' | 'hoja' | 'navegacion' | 'nunca';

/** Los documentos que se guardan para abrirse sin conexión (llevan el nombre de quien ingresó). */
export const CAMINOS_DE_HOJA = ['/asistencias', '/asistencias-protected'] as const;

/** La página que se muestra en lugar de cualquier otra cuando no hay red (precargada). */
export const PAGINA_SIN_CONEXION = '/sin-conexion';

/**
 * Las cachés del worker. Las dos primeras no tienen datos de nadie (archivos de la build y la
 * página "Sin conexión"); la de páginas guarda la planilla con el nombre de quien ingresó, por eso
 * "Salir" y el ingreso de otra persona en el mismo teléfono borran las cachés.
 */
export const CACHE_ESTATICOS = 'estaticos';
export const CACHE_PAGINAS = 'paginas-sin-conexion';
/** El prefijo de la caché de la precarga de Serwist (`serwist-precache-v2-<origen>`). */
export const PREFIJO_PRECARGA = 'serwist-precache';

/** Espera de la red para la planilla antes de mostrar la copia guardada. */
export const SEGUNDOS_DE_ESPERA = 3;

/** El mensaje con que una pantalla pide guardar la planilla abierta por la navegación del cliente. */
export const MENSAJE_GUARDAR_HOJA = 'guardar-hoja';

export interface Pedido {
  url: URL;
  /** El origen del portal (el del worker). */
  origen: string;
  metodo: string;
  /** `Request.mode`: 'navigate' en la carga de un documento. */
  modo: string;
  /** ¿Trae la cabecera `RSC` (navegación del cliente de Next, precarga)? */
  rsc: boolean;
}

const ICONOS_DEL_PORTAL = /^\/(icono-[a-z0-9-]+\.png|apple-touch-icon\.png|iconos\.svg)$/;

/** ¿Es el camino de la planilla de asistencia (con o sin barra final)? */
export function esHoja(camino: string): boolean {
  const sinBarra = camino.length > 1 ? camino.replace(/\/+$/, '') : camino;
  return (CAMINOS_DE_HOJA as readonly string[]).includes(sinBarra);
}

export function estrategiaPara(p: Pedido): Estrategia {
  if (p.metodo !== 'GET' || p.url.origin !== p.origen) return 'nunca';
  const camino = p.url.pathname;
  if (/^\/api(\/|$)/.test(camino)) return 'nunca';
  if (p.modo === 'navigate') return esHoja(camino) ? 'hoja' : 'navegacion';
  if (p.rsc) return 'nunca';
  if (camino.startsWith('/_next/static/') || ICONOS_DEL_PORTAL.test(camino)) return 'estatico';
  return 'nunca';
}

/**
 * La clave con que se guarda la planilla: sin la consulta (el documento es el mismo para cualquier
 * curso, los datos los trae la pantalla), así hay una sola copia por camino.
 */
export function claveDeHoja(url: URL): string {
  const camino = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.origin}${camino}`;
}
