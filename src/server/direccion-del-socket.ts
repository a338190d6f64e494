/**
 * Next no da la dirección del socket a los route handlers ni a las acciones de servidor:
 * sólo X-Forwarded-For, que completa con ella únicamente si el cliente no la mandó. Para
 * que la IP del cliente no la elija el cliente (src/server/ip.ts), el servidor HTTP de Node
 * agrega el socket al final de la cabecera en cada petición, antes de que la vea Next; y deja
 * en X-Forwarded-Proto el protocolo del cliente (el de un proxy de confianza o el del socket);
 * y a cada documento, la CSP con un nonce nuevo (src/server/csp.ts), salvo GET /login sin sesión,
 * que va a su versión prerenderizada (src/server/login-estatico.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ponerCspConNonce } from './csp';
import { anotarDireccionDelSocket, anotarProtocolo } from './ip';
import { reescribirLogin } from './login-estatico';

const INSTALADO = Symbol.for('portal.direccionDelSocket');

type ServidorConMarca = typeof http.Server.prototype & { [INSTALADO]?: () => void };

/** Instala el agregado en todos los servidores HTTP del proceso; devuelve cómo quitarlo. */
export function instalarDireccionDelSocket(): () => void {
  const proto = http.Server.prototype as ServidorConMarca;
  const previo = proto[INSTALADO];
  if (previo) return previo;
  const tenia = Object.prototype.hasOwnProperty.call(proto, 'emit');
  const emitir = proto.emit;
  proto.emit = function (this: http.Server, ...args: unknown[]) {
    if (args[0] === 'request') {
      anotarDireccionDelSocket(args[1] as IncomingMessage);
      anotarProtocolo(args[1] as IncomingMessage);
      const req = args[1] as IncomingMessage;
      const res = args[2] as ServerResponse;
      // La CSP que mande el cliente no cuenta; /login sin sesión va prerenderizado con la suya.
      delete req.headers['content-security-policy'];
      delete req.headers['content-security-policy-report-only'];
      if (!reescribirLogin(req, res)) ponerCspConNonce(req, res);
    }
    return (emitir as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof proto.emit;
  const quitar = () => {
    if (tenia) proto.emit = emitir;
    else delete (proto as { emit?: unknown }).emit;
    delete proto[INSTALADO];
  };
  proto[INSTALADO] = quitar;
  return quitar;
}
