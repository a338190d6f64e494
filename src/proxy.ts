import { NextResponse, type NextRequest } from 'next/server';
import { MENSAJE_CAMINO_MAL_CODIFICADO } from '@/server/api/rest-tipos';

/**
 * Sólo redirige y rechaza caminos mal codificados (la autorización vive en procedimientos y
 * páginas):
 * - las rutas con acento del planillón (/planill%C3%B3n...) van a la carpeta sin acento
 *   (/planillon...);
 * - un camino con un "%" que no es un escape UTF-8 válido (`/api/alumnos/%E0%A4%A/legajo`)
 *   haría fallar al router de Next al decodificar los parámetros (un 500 en texto, sin las
 *   cabeceras de seguridad): bajo /api (y /_next) responde 400 en JSON; en las páginas, lo
 *   mismo que una ruta desconocida (vuelve al inicio, spec 02 §2). Las cabeceras de
 *   `next.config.mjs` se aplican a las respuestas del proxy.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
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
  return NextResponse.next();
}

/** El camino decodificado, o null si algún "%" no es un escape UTF-8 válido. */
function decodificar(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

/**
 * Sólo los caminos con un "%": los dos casos de arriba lo tienen (el navegador y Next escriben
 * "ó" como %C3%B3). Cada petición que pasa por el proxy cuesta ~1 ms de CPU del servidor (con
 * el proxy en cada página, /login costaba 6,5 ms por pedido; sin él, 5,1): una página común no
 * lo paga.
 */
export const config = { matcher: ['/(.*%.*)'] };
