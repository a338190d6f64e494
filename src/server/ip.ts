/**
 * La IP del cliente: la que anotó el último proxy de confianza (TRUSTED_PROXIES), nunca lo
 * que el cliente escribió en X-Forwarded-For. Una sola función para el límite de /bypass,
 * la auditoría de cada petición y la del ingreso.
 *
 * Cada proxy agrega al final de X-Forwarded-For la dirección de quien le habló; el portal
 * hace lo mismo con la dirección del socket (`anotarDireccionDelSocket`, instalado en
 * src/instrumentation.ts), porque Next no la da a los route handlers ni a las acciones de
 * servidor. Así la lista termina siempre en el socket y, con N proxies de confianza, el
 * cliente es la entrada N contando desde la derecha (0: el socket mismo). Lo que está más a
 * la izquierda lo pudo escribir cualquiera.
 */
import type { IncomingMessage } from 'node:http';
import { config } from '@/server/config';

/** Una IPv6 mide a lo sumo 45 caracteres: más es basura que no va a la auditoría. */
const LARGO_MAXIMO = 64;

function normalizar(entrada: string): string {
  const ip = entrada.startsWith('::ffff:') && entrada.includes('.') ? entrada.slice(7) : entrada;
  return ip.slice(0, LARGO_MAXIMO);
}

/** La entrada del salto de confianza de una cabecera X-Forwarded-For (ya con el socket al final). */
export function ipDelCliente(
  xForwardedFor: string | null | undefined,
  proxiesConfiables: number,
): string | null {
  const cadena = (xForwardedFor ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!cadena.length) return null;
  // Menos saltos que los configurados: la más lejana que hay.
  const i = Math.max(0, cadena.length - 1 - proxiesConfiables);
  return normalizar(cadena[i]!);
}

/** La IP del cliente de una petición (cabeceras de Next: route handler, acción, next-auth). */
export function ipDePeticion(h: Pick<Headers, 'get'>): string | null {
  return ipDelCliente(h.get('x-forwarded-for'), config().proxiesConfiables);
}

/**
 * Agrega la dirección del socket al final de X-Forwarded-For, como lo haría un proxy: se
 * corre en el servidor HTTP de Node antes de que Next vea la petición (src/instrumentation.ts).
 * Next sólo completa la cabecera cuando falta (`??=`), así que sin esto un cliente conectado
 * directamente elegiría su propia IP.
 */
export function anotarDireccionDelSocket(req: IncomingMessage): void {
  const remota = req.socket?.remoteAddress;
  if (!remota) return;
  const previa = req.headers['x-forwarded-for'];
  const lista = Array.isArray(previa) ? previa.join(', ') : previa;
  req.headers['x-forwarded-for'] = lista ? `${lista}, ${remota}` : remota;
}

/**
 * El protocolo con el que llegó el cliente: con proxies de confianza, el que anotó en
 * X-Forwarded-Proto el más lejano de ellos (cada proxy que agrega en vez de reemplazar suma
 * una entrada a la derecha; si hay menos, la primera); sin proxies, el del socket (lo que el
 * cliente escriba en la cabecera no cuenta).
 */
export function protocoloDelCliente(
  xForwardedProto: string | null | undefined,
  proxiesConfiables: number,
  socketCifrado: boolean,
): 'https' | 'http' {
  const propio = socketCifrado ? 'https' : 'http';
  if (proxiesConfiables === 0) return propio;
  const cadena = (xForwardedProto ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (!cadena.length) return propio;
  return cadena[Math.max(0, cadena.length - proxiesConfiables)] === 'https' ? 'https' : 'http';
}

/**
 * Deja en X-Forwarded-Proto el protocolo del cliente (`protocoloDelCliente`), antes de que la
 * vea Next (src/server/direccion-del-socket.ts): Next sólo la completa cuando falta, y
 * next-auth y `pedidoPorHttps` la leen.
 */
export function anotarProtocolo(req: IncomingMessage): void {
  const previa = req.headers['x-forwarded-proto'];
  req.headers['x-forwarded-proto'] = protocoloDelCliente(
    Array.isArray(previa) ? previa.join(',') : previa,
    config().proxiesConfiables,
    Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted),
  );
}

/**
 * ¿El pedido llegó por https? Decide el `Secure` de cada cookie (la de sesión de next-auth, la
 * del dispositivo de administración, las del ciclo y el hijo): por pedido, no por AUTH_URL.
 */
export function pedidoPorHttps(h: Pick<Headers, 'get'>): boolean {
  return h.get('x-forwarded-proto') === 'https';
}
