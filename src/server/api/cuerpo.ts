/**
 * El cuerpo de una petición, con tope: nunca entero en memoria antes de saber cuánto pesa. Se lee
 * sólo después de verificar el origen, la ruta, la sesión y el permiso (quien no puede llamar no
 * sube nada), y se corta en cuanto pasa el máximo de la ruta:
 * - primero por `Content-Length` (413 sin leer un byte);
 * - después contando los bytes a medida que llegan (un cuerpo por trozos, o que miente en
 *   `Content-Length`): al pasar el máximo se cancela la lectura y se responde 413.
 * El JSON, el formulario y el multipart se interpretan de los bytes ya leídos.
 */

import {
  LIMITE_FORMULARIO_CHICO,
  LIMITE_FOTO,
  LIMITE_INSCRIPCION,
  LIMITE_JSON,
} from './rest-tipos';

const KB = 1024;
const MB = 1024 * KB;

export { LIMITE_FORMULARIO_CHICO, LIMITE_FOTO, LIMITE_INSCRIPCION, LIMITE_JSON };

function legible(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

export const mensajeCuerpoGrande = (limite: number) =>
  `El cuerpo de la petición supera el máximo de ${legible(limite)}.`;

/** El cuerpo pasa el máximo de la ruta: 413 con `message`. */
export class CuerpoDemasiadoGrande extends Error {
  constructor(limite: number) {
    super(mensajeCuerpoGrande(limite));
  }
}

/** La respuesta 413 en JSON, como los demás errores de /api. */
export function respuestaCuerpoGrande(e: CuerpoDemasiadoGrande): Response {
  return Response.json({ error: true, message: e.message }, { status: 413 });
}

/**
 * Los bytes del cuerpo, a lo sumo `limite` (si no hay cuerpo, vacío). Lanza
 * `CuerpoDemasiadoGrande` sin leer nada si `Content-Length` lo pasa, o en cuanto lo leído lo
 * pasa (y cancela el resto).
 */
export async function leerBytes(req: Request, limite: number): Promise<Uint8Array<ArrayBuffer>> {
  const declarado = Number(req.headers.get('content-length') ?? 0);
  if (declarado > limite) throw new CuerpoDemasiadoGrande(limite);
  if (!req.body) return new Uint8Array(0);
  const lector = req.body.getReader();
  const trozos: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await lector.read();
    if (done) break;
    total += value.byteLength;
    if (total > limite) {
      await lector.cancel().catch(() => {});
      throw new CuerpoDemasiadoGrande(limite);
    }
    trozos.push(value);
  }
  const bytes = new Uint8Array(total);
  let i = 0;
  for (const t of trozos) {
    bytes.set(t, i);
    i += t.byteLength;
  }
  return bytes;
}

/**
 * El cuerpo interpretado (a lo sumo `limite` bytes): JSON, formulario o multipart (los archivos
 * llegan como `File`, como en POST /api/alumnos/{id}/inscribir); sin tipo, JSON si hay algo.
 * Lanza `CuerpoDemasiadoGrande`, o el error de interpretación (JSON o multipart mal formado).
 */
export async function leerCuerpo(req: Request, limite: number): Promise<unknown> {
  const bytes = await leerBytes(req, limite);
  const tipo = req.headers.get('content-type') ?? '';
  if (tipo.includes('application/x-www-form-urlencoded') || tipo.includes('multipart/form-data')) {
    const formulario = await new Response(bytes, { headers: { 'content-type': tipo } }).formData();
    return Object.fromEntries(formulario);
  }
  const texto = new TextDecoder().decode(bytes);
  return texto ? JSON.parse(texto) : undefined;
}

/**
 * El cuerpo de un formulario chico sin sesión (JSON o formulario, a lo sumo
 * LIMITE_FORMULARIO_CHICO): sus campos, o la respuesta 413 si pasa el máximo. Mal formado o sin
 * campos: `{}` (la ruta responde su propio 400 por el campo que falta).
 */
export async function leerFormularioChico(
  req: Request,
): Promise<Record<string, unknown> | Response> {
  try {
    const cuerpo = await leerCuerpo(req, LIMITE_FORMULARIO_CHICO);
    return typeof cuerpo === 'object' && cuerpo !== null ? (cuerpo as Record<string, unknown>) : {};
  } catch (e) {
    if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
    return {};
  }
}
