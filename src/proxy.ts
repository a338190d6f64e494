import { NextResponse, type NextRequest } from 'next/server';
import { MENSAJE_CAMINO_MAL_CODIFICADO } from '@/server/api/rest-tipos';
import { config as configuracion } from '@/server/config';
import { nuevoNonce, politicaDeSeguridad } from '@/server/csp';

/**
 * Sólo redirige, rechaza caminos mal codificados y pone la CSP con nonce de las páginas (la
 * autorización vive en procedimientos y páginas):
 * - las rutas con acento del planillón (/planill%C3%B3n...) van a la carpeta sin acento
 *   (/planillon...);
 * - un camino con un "%" que no es un escape UTF-8 válido (`/api/alumnos/%E0%A4%A/legajo`)
 *   haría fallar al router de Next al decodificar los parámetros (un 500 en texto, sin las
 *   cabeceras de seguridad): bajo /api (y /_next) responde 400 en JSON; en las páginas, lo
 *   mismo que una ruta desconocida (vuelve al inicio, spec 02 §2). Las cabeceras de
 *   `next.config.mjs` se aplican a las respuestas del proxy;
 * - una página (HTML) recibe un nonce nuevo: va en la Content-Security-Policy del pedido (Next
 *   lo lee de ahí y lo pone en cada script que escribe) y en la de la respuesta, que reemplaza a
 *   la de next.config.mjs (src/server/csp.ts).
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (pathname.includes('%')) {
    const decodificada = decodificar(pathname);
    if (decodificada === null) {
      if (/^\/(api|_next)(\/|$)/.test(pathname))
        return NextResponse.json(
          { error: true, message: MENSAJE_CAMINO_MAL_CODIFICADO },
          { status: 400 },
        );
      return NextResponse.redirect(new URL('/', req.nextUrl), 307);
    }
    if (decodificada.startsWith('/planillón')) {
      const url = req.nextUrl.clone();
      url.pathname = decodificada.replace(/^\/planillón/, '/planillon');
      url.search = search;
      return NextResponse.redirect(url, 308);
    }
    if (!esPagina(req)) return NextResponse.next();
  }
  const nonce = nuevoNonce();
  const csp = politicaDeSeguridad(nonce, configuracion().desarrollo);
  const cabeceras = new Headers(req.headers);
  cabeceras.set('content-security-policy', csp);
  const respuesta = NextResponse.next({ request: { headers: cabeceras } });
  respuesta.headers.set('content-security-policy', csp);
  return respuesta;
}

/** El camino decodificado, o null si algún "%" no es un escape UTF-8 válido. */
function decodificar(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

/** Lo mismo que elige el segundo `matcher` (para los caminos con "%", que entran por el primero). */
function esPagina(req: NextRequest): boolean {
  const h = req.headers;
  return (
    !/^\/(api|_next)(\/|$)/.test(req.nextUrl.pathname) &&
    !h.has('rsc') &&
    !h.has('next-router-prefetch') &&
    !h.has('next-action')
  );
}

/**
 * Cada petición que pasa por el proxy cuesta CPU del servidor (medido en /login: ~1 ms por
 * pedido con el proxy en todo; ver el README, "Content-Security-Policy"). Entran:
 * - los caminos con un "%" (los dos casos de arriba: el navegador y Next escriben "ó" como
 *   %C3%B3), también bajo /api y /_next;
 * - las páginas pedidas como documento (necesitan el nonce): ni /api, ni /_next (estáticos,
 *   imágenes), ni los archivos (iconos.svg, favicon.ico), ni los pedidos RSC de la
 *   navegación del cliente, sus precargas o las acciones de servidor (no traen HTML con scripts).
 */
export const config = {
  matcher: [
    '/(.*%.*)',
    {
      source: '/((?!api/|api$|_next/|favicon\\.ico$|iconos\\.svg$).*)',
      missing: [
        { type: 'header', key: 'rsc' },
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'next-action' },
      ],
    },
  ],
};
