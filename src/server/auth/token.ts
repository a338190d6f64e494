import { createDecipheriv, createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Lectura del token de sesión de next-auth en cada pedido, sin pasar por `auth()`.
 *
 * `auth()` arma un pedido interno a la acción "session" de next-auth: deriva la clave con HKDF
 * (WebCrypto), descifra el JWE, corre los callbacks, deriva otra vez, vuelve a cifrar el token
 * y lo serializa como JSON, en cada pedido (≈ 15 % de la CPU de un pedido con sesión); la
 * cookie nueva se descarta (un componente de servidor no puede escribirla). Aquí se hace sólo
 * lo necesario con node:crypto, de forma síncrona: la clave de cada nombre de cookie se deriva
 * una vez (la misma derivación de next-auth: HKDF-SHA256 del secreto, con el nombre de la
 * cookie como sal) y el JWE compacto `dir` + `A256CBC-HS512` (RFC 7516 / 7518 §5.2) se
 * verifica (HMAC-SHA512 en tiempo constante) antes de descifrarlo. Cualquier otra forma,
 * algoritmo, clave (`kid`) o un token vencido se rechazan: no hay sesión.
 *
 * La validez de la sesión la decide después la fila de `sesiones` (src/server/auth/sesion.ts):
 * este token sólo dice qué sesión y qué rol pide el navegador.
 */

/** Los nombres de la cookie de next-auth: con el prefijo `__Secure-` cuando se sirve por https. */
export const COOKIES_DE_SESION = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/** La misma tolerancia de reloj que next-auth al leer `exp`. */
const TOLERANCIA_S = 15;

interface Clave {
  mac: Buffer;
  cifrado: Buffer;
  kid: string;
  /** Los tokens ya verificados con esta clave y su contenido (ver `descifrarToken`). */
  vistos: Map<string, Readonly<Record<string, unknown>>>;
}

/**
 * Cuántos tokens verificados recuerda cada clave: de sobra para las sesiones activas de una
 * escuela; pasado el límite se olvida el más viejo.
 */
const TOKENS_RECORDADOS = 2000;

const claves = new Map<string, Clave>();

function claveDe(secreto: string, sal: string): Clave {
  const id = `${sal}\u0000${secreto}`;
  let clave = claves.get(id);
  if (!clave) {
    const bytes = Buffer.from(
      hkdfSync('sha256', secreto, sal, `Auth.js Generated Encryption Key (${sal})`, 64),
    );
    // El `kid` que pone next-auth: la huella JWK (RFC 7638) de la clave simétrica, en SHA-512.
    const jwk = JSON.stringify({ k: bytes.toString('base64url'), kty: 'oct' });
    clave = {
      mac: bytes.subarray(0, 32),
      cifrado: bytes.subarray(32),
      kid: createHash('sha512').update(jwk).digest('base64url'),
      vistos: new Map(),
    };
    claves.set(id, clave);
  }
  return clave;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function etiqueta(clave: Clave, aad: Buffer, iv: Buffer, cifrado: Buffer): Buffer {
  const largoAad = Buffer.alloc(8);
  largoAad.writeBigUInt64BE(BigInt(aad.length * 8));
  return createHmac('sha512', clave.mac)
    .update(aad)
    .update(iv)
    .update(cifrado)
    .update(largoAad)
    .digest()
    .subarray(0, 32);
}

/**
 * El contenido del JWE de sesión si es auténtico y no venció en `ahoraS` (segundos epoch);
 * si no, null. Nunca lanza.
 *
 * El navegador manda el mismo token en cada pedido: verificado una vez, su contenido queda
 * recordado (congelado) bajo el texto exacto del token, y los pedidos siguientes sólo revisan
 * el vencimiento (≈ 4 % de la CPU de un pedido con sesión). Un token distinto en un solo
 * carácter no está recordado y se verifica entero; uno inválido nunca se recuerda.
 */
export function descifrarToken(
  jwe: string,
  secreto: string,
  sal: string,
  ahoraS: number,
): Readonly<Record<string, unknown>> | null {
  if (jwe.length > 8192) return null;
  const clave = claveDe(secreto, sal);
  let contenido = clave.vistos.get(jwe);
  if (!contenido) {
    const abierto = abrir(jwe, clave);
    if (!abierto) return null;
    contenido = Object.freeze(abierto);
    if (clave.vistos.size >= TOKENS_RECORDADOS)
      clave.vistos.delete(clave.vistos.keys().next().value!);
    clave.vistos.set(jwe, contenido);
  }
  const { exp, nbf } = contenido;
  if (typeof exp !== 'number' || exp + TOLERANCIA_S <= ahoraS) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf - TOLERANCIA_S > ahoraS)) return null;
  return contenido;
}

/** El contenido del JWE compacto `dir` + `A256CBC-HS512` si es auténtico con `clave`, o null. */
function abrir(jwe: string, clave: Clave): Record<string, unknown> | null {
  const partes = jwe.split('.');
  if (partes.length !== 5 || !partes.every((p) => B64URL.test(p))) return null;
  const [cabecera64, claveCifrada, iv64, cifrado64, etiqueta64] = partes as [
    string,
    string,
    string,
    string,
    string,
  ];
  try {
    const cabecera = JSON.parse(Buffer.from(cabecera64, 'base64url').toString('utf8')) as unknown;
    if (!cabecera || typeof cabecera !== 'object') return null;
    const { alg, enc, kid, zip, crit } = cabecera as Record<string, unknown>;
    if (alg !== 'dir' || enc !== 'A256CBC-HS512' || claveCifrada !== '') return null;
    if (zip !== undefined || crit !== undefined) return null;
    if (kid !== undefined && kid !== clave.kid) return null;
    const iv = Buffer.from(iv64, 'base64url');
    const cifrado = Buffer.from(cifrado64, 'base64url');
    const recibida = Buffer.from(etiqueta64, 'base64url');
    if (iv.length !== 16 || recibida.length !== 32 || cifrado.length % 16 !== 0) return null;
    const esperada = etiqueta(clave, Buffer.from(cabecera64, 'ascii'), iv, cifrado);
    if (!timingSafeEqual(esperada, recibida)) return null;
    const descifrador = createDecipheriv('aes-256-cbc', clave.cifrado, iv);
    const claro = Buffer.concat([descifrador.update(cifrado), descifrador.final()]);
    const contenido = JSON.parse(claro.toString('utf8')) as unknown;
    if (!contenido || typeof contenido !== 'object' || Array.isArray(contenido)) return null;
    return contenido as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * El valor de la cookie de sesión (next-auth la parte en `.0`, `.1`… si pasa de ~4 KB) bajo
 * `nombre`, leído con `leer`.
 */
function valorDeCookie(
  nombre: string,
  leer: (nombre: string) => string | undefined,
  nombres: readonly string[],
): string | undefined {
  const entero = leer(nombre);
  if (entero) return entero;
  const trozos = nombres
    .filter((n) => n.startsWith(`${nombre}.`) && /^\d+$/.test(n.slice(nombre.length + 1)))
    .sort((a, b) => Number(a.slice(nombre.length + 1)) - Number(b.slice(nombre.length + 1)));
  return trozos.length ? trozos.map((n) => leer(n) ?? '').join('') : undefined;
}

/** El contenido del token de sesión de las cookies del pedido, o null. */
export function tokenDeCookies(
  leer: (nombre: string) => string | undefined,
  nombres: readonly string[],
  secreto: string,
  ahoraS: number,
): Readonly<Record<string, unknown>> | null {
  for (const nombre of COOKIES_DE_SESION) {
    const valor = valorDeCookie(nombre, leer, nombres);
    if (valor) return descifrarToken(valor, secreto, nombre, ahoraS);
  }
  return null;
}
