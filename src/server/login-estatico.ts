/**
 * /login prerenderizado (issue 37 §2). La página de ingreso es la misma para todos los que llegan
 * sin sesión y sin `?error`: se genera al compilar (src/app/login/estatico) y el servidor HTTP de
 * Node, antes de Next (src/server/direccion-del-socket.ts), reescribe GET /login hacia ella. Next
 * la sirve del disco sin renderizar nada.
 *
 * Un HTML prerenderizado no puede llevar el nonce de cada pedido: su CSP autoriza sus scripts en
 * línea por su sha256, calculado una vez de ese mismo archivo. Los scripts con `src` siguen
 * siendo sólo del propio origen.
 *
 * Se renderiza en cada pedido, como antes (src/app/login/page.tsx):
 * - con `?error=…` (el mensaje) o cualquier otra consulta;
 * - con una cookie de sesión: si es válida, /login lleva al inicio;
 * - en `next dev`, o si la build no tiene la página o se compiló con otra configuración de
 *   ingreso (ingreso de demostración, Google, franja de demostración): la tarjeta depende de ella
 *   y una build puede arrancar con otro entorno. Se avisa una vez en el registro del servidor.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { COOKIES_DE_SESION } from './auth/token';
import { config, type Config } from './config';
import { esDocumento, politicaDeSeguridad } from './csp';

export const RUTA_LOGIN_ESTATICO = '/login/estatico';

/** Lo que cambia la tarjeta de ingreso según la configuración, como texto comparable. */
export function varianteDeIngreso(c: Pick<Config, 'ingresoDemo' | 'google' | 'portalDemo'>) {
  const partes = [
    c.ingresoDemo ? 'demo' : 'sin-demo',
    c.google ? 'google' : 'sin-google',
    c.portalDemo ? 'franja' : 'sin-franja',
  ];
  return partes.join(' ');
}

/** El sha256 (base64) de cada script en línea de un HTML, como lo calcula el navegador. */
export function hashesDeScripts(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.add(createHash('sha256').update(m[2]!, 'utf8').digest('base64'));
  }
  return [...hashes];
}

/** La CSP del /login prerenderizado, o por qué no se puede usar con esta configuración. */
export function prepararLoginEstatico(
  html: string | null,
  c: Pick<Config, 'ingresoDemo' | 'google' | 'portalDemo' | 'desarrollo'>,
): { csp: string } | { motivo: string } {
  if (c.desarrollo) return { motivo: 'en desarrollo se renderiza en cada pedido' };
  if (html === null) return { motivo: `la build no tiene ${RUTA_LOGIN_ESTATICO}` };
  const compilada = /\bdata-ingreso="([^"]*)"/.exec(html)?.[1];
  const ahora = varianteDeIngreso(c);
  if (compilada !== ahora)
    return {
      motivo:
        `la build se compiló con otra configuración de ingreso ("${compilada ?? '?'}"; ahora ` +
        `"${ahora}"): vuelva a compilar con el entorno de producción`,
    };
  return { csp: politicaDeSeguridad(null, false, hashesDeScripts(html)) };
}

let preparado: { csp: string } | null | undefined;

function loginEstatico(): { csp: string } | null {
  if (preparado !== undefined) return preparado;
  const c = config();
  let html: string | null = null;
  try {
    html = readFileSync(path.join(c.carpetaBuild, 'server/app/login/estatico.html'), 'utf8');
  } catch {
    /* sin la página: se renderiza en cada pedido */
  }
  const r = prepararLoginEstatico(html, c);
  if ('motivo' in r) {
    if (!c.desarrollo) console.warn(`[portal] /login se renderiza en cada pedido: ${r.motivo}.`);
    preparado = null;
  } else preparado = r;
  return preparado;
}

/** Sólo pruebas: vuelve a leer la página prerenderizada en el próximo pedido. */
export function olvidarLoginEstatico(): void {
  preparado = undefined;
}

const CON_SESION = new RegExp(
  `(?:^|;)\\s*(?:${COOKIES_DE_SESION.join('|').replace(/\./g, '\\.')})(?:\\.\\d+)?=`,
);

/**
 * En cada pedido, antes de Next. GET o HEAD de /login (exacto, sin consulta), documento, sin
 * cookie de sesión y con la página lista: se reescribe a la prerenderizada con su CSP (en el
 * pedido, así no se aplica la de next.config.mjs, y en la respuesta); devuelve true. Un pedido
 * directo a /login/estatico… va a /login. Lo demás sigue igual (false).
 */
export function reescribirLogin(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  if (url.startsWith(RUTA_LOGIN_ESTATICO)) {
    const resto = url.slice(RUTA_LOGIN_ESTATICO.length);
    if (resto === '' || resto[0] === '/' || resto[0] === '?') {
      const consulta = url.indexOf('?');
      req.url = `/login${consulta >= 0 ? url.slice(consulta) : ''}`;
    }
    return false;
  }
  if (url !== '/login' || (req.method !== 'GET' && req.method !== 'HEAD') || !esDocumento(req))
    return false;
  if (CON_SESION.test(req.headers.cookie ?? '')) return false;
  const estatico = loginEstatico();
  if (!estatico) return false;
  req.url = RUTA_LOGIN_ESTATICO;
  req.headers['content-security-policy'] = estatico.csp;
  res.setHeader('Content-Security-Policy', estatico.csp);
  // Next manda una página prerenderizada con `s-maxage=31536000`: un proxy de la red de la escuela
  // la guardaría un año (con los chunks de una build vieja después de actualizar, y también para
  // quien ya tiene sesión). Next respeta la que ya está puesta: sólo el navegador, revalidando
  // con el ETag (un 304 sin cuerpo).
  res.setHeader('Cache-Control', 'private, no-cache');
  return true;
}
