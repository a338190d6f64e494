/**
 * La Content-Security-Policy con nonce de las páginas: los scripts, sólo del propio origen o con
 * el nonce de ese pedido; ningún script en línea sin él, así una inyección de HTML no ejecuta
 * código. Los estilos mantienen 'unsafe-inline': Mantine escribe estilos en línea (atributos
 * `style` y sus variables) y un estilo no ejecuta código.
 *
 * El nonce lo pone el servidor HTTP de Node antes de que Next vea el pedido
 * (src/server/direccion-del-socket.ts, instalado en src/instrumentation.ts), no `proxy.ts`: pasar
 * cada página por el proxy costaba ~1 ms de CPU por pedido (/login, ~20 %), esto, microsegundos.
 * Next lee el nonce de la cabecera `Content-Security-Policy` del pedido y lo escribe en cada
 * script suyo; la respuesta lleva la misma política. Lo que no es un documento (/api, /_next,
 * archivos, pedidos RSC, precargas y acciones) lleva la de next.config.mjs: la misma sin nonce
 * (`script-src 'self'`). Si cambia una, cambie la otra.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '@/server/config';

/**
 * `hashes`: los sha256 (en base64) de los scripts en línea de una página prerenderizada, que no
 * puede llevar el nonce de cada pedido (/login, src/server/login-estatico.ts).
 */
export function politicaDeSeguridad(
  nonce: string | null,
  desarrollo: boolean,
  hashes: readonly string[] = [],
): string {
  const fuentes = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...hashes.map((h) => `'sha256-${h}'`),
    ...(desarrollo ? ["'unsafe-eval'"] : []),
  ];
  return [
    "default-src 'self'",
    `script-src ${fuentes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${desarrollo ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Un nonce por pedido: 128 bits al azar, en base64. */
export function nuevoNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * ¿Next va a responder un documento HTML con scripts? GET o HEAD fuera de /api y /_next, sin
 * extensión (iconos.svg, favicon.ico) y sin las cabeceras de un pedido RSC de la navegación del
 * cliente, de una precarga o de una acción de servidor. También un POST a una página: el de un
 * formulario enviado sin JavaScript (una acción de servidor sin `next-action`) vuelve en HTML.
 */
export function esDocumento(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
  const camino = (req.url ?? '/').split('?')[0]!;
  if (/^\/(api|_next)(\/|$)/.test(camino) || /\.[a-z0-9]+$/i.test(camino)) return false;
  const h = req.headers;
  return h.rsc == null && h['next-router-prefetch'] == null && h['next-action'] == null;
}

/**
 * En cada pedido, antes de Next: la CSP que mande el cliente en el pedido no cuenta; a un
 * documento, un nonce nuevo en la CSP del pedido (para Next) y en la de la respuesta (la regla de
 * next.config.mjs no se aplica cuando el pedido ya trae la cabecera).
 */
export function ponerCspConNonce(req: IncomingMessage, res: ServerResponse): void {
  delete req.headers['content-security-policy'];
  delete req.headers['content-security-policy-report-only'];
  if (!esDocumento(req)) return;
  const csp = politicaDeSeguridad(nuevoNonce(), config().desarrollo);
  req.headers['content-security-policy'] = csp;
  res.setHeader('Content-Security-Policy', csp);
}
