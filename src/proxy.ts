import { NextResponse, type NextRequest } from 'next/server';

/**
 * Sólo redirige (la autorización vive en procedimientos y páginas): las rutas con
 * acento del planillón (/planill%C3%B3n...) van a la carpeta sin acento (/planillon...).
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const decodificada = safeDecode(pathname);
  if (decodificada.startsWith('/planillón')) {
    const url = req.nextUrl.clone();
    url.pathname = decodificada.replace(/^\/planillón/, '/planillon');
    url.search = search;
    return NextResponse.redirect(url, 308);
  }
  return NextResponse.next();
}

function safeDecode(p: string) {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

export const config = { matcher: ['/((?!_next/|api/).*)'] };
