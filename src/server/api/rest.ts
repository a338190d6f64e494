/**
 * El núcleo del contrato REST externo (DESIGN §5): cada ruta es una fila que llama al mismo
 * procedimiento tRPC que las pantallas. No hay una segunda implementación: sólo se busca la fila
 * del camino, se traduce la petición a la entrada del procedimiento y el error a un estado HTTP
 * con `{ error: true, message }`. Las filas viven con su módulo (`routers/<modulo>/rest.ts`) y se
 * unen en `rutas-rest.ts`; el documento OpenAPI se arma en `rest-openapi.ts`.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { detalleDe } from '@/server/errores';
import { puedeLlamar } from '@/server/permisos';
import { registrarError } from '@/server/registro';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';
import { CuerpoDemasiadoGrande, LIMITE_JSON, leerCuerpo, respuestaCuerpoGrande } from './cuerpo';
import { metodoNoPermitido } from './metodos';
import { createCaller } from './root';
import { MENSAJE_ERROR_INTERNO, NO_AUTENTICADO, NO_AUTORIZADO, type Contexto } from './trpc';
import { mensajeDeValidacion } from './schemas';
import { MENSAJE_CAMINO_MAL_CODIFICADO, type FormaCuerpo, type RutaRest } from './rest-tipos';
import { RUTAS_REST } from './rutas-rest';

export type { FormaCuerpo, Metodo, PeticionRest, RutaPropia, RutaRest } from './rest-tipos';
export { MENSAJE_CAMINO_MAL_CODIFICADO } from './rest-tipos';
export { RUTAS_POR_MODULO, RUTAS_PROPIAS, RUTAS_REST } from './rutas-rest';
export { documentoOpenApi } from './rest-openapi';

function patron(ruta: string): RegExp {
  return new RegExp('^' + ruta.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)') + '$');
}
const esParametro = (segmento: string) => /^\{\w+\}$/.test(segmento);

/**
 * Qué ruta se prueba primero: de izquierda a derecha, el primer segmento en que una tiene un
 * literal y la otra un parámetro decide (el literal antes: `/api/alumnos/update/{alumno}` antes
 * que `/api/alumnos/{alumno}/inscribir`). Es el orden de las cadenas de 0 (literal) y 1
 * (parámetro), un orden total. Dos rutas que empatan no pueden atender el mismo camino salvo que
 * sean la misma (las pruebas prohíben método y ruta repetidos).
 */
export function compararRutas(a: string, b: string): number {
  const forma = (ruta: string) =>
    ruta
      .split('/')
      .map((s) => (esParametro(s) ? '1' : '0'))
      .join('');
  const fa = forma(a);
  const fb = forma(b);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/** Las filas listas para buscar, en el orden de `compararRutas` (no en el de los archivos). */
export function compilarRutas(rutas: readonly RutaRest[]) {
  return [...rutas]
    .sort((a, b) => compararRutas(a.ruta, b.ruta))
    .map((r) => ({ ...r, re: patron(r.ruta) }));
}
const compiladas = compilarRutas(RUTAS_REST);

/**
 * La fila que atiende el método y el camino (con sus parámetros ya decodificados), o por qué no
 * hay: `metodoNoPermitido` si el camino existe con otro método (405 con `permitidos`; si no, 404);
 * `malCodificado` si un parámetro trae un "%" que no es un escape UTF-8 válido (400).
 */
export function encontrarRuta(metodo: string, camino: string, tabla = compiladas) {
  const delCamino = tabla.filter((r) => r.re.test(camino));
  const ruta = delCamino.find((r) => r.metodo === metodo);
  if (!ruta)
    return {
      ruta: undefined,
      metodoNoPermitido: delCamino.length > 0,
      permitidos: delCamino.map((r) => r.metodo),
    };
  try {
    const params = Object.fromEntries(
      Object.entries(camino.match(ruta.re)?.groups ?? {}).map(([k, v]) => [
        k,
        decodeURIComponent(v),
      ]),
    );
    return { ruta, params, metodoNoPermitido: false };
  } catch {
    return { ruta: undefined, metodoNoPermitido: false, malCodificado: true };
  }
}

export function errorJson(status: number, message: string, detalle?: unknown) {
  const cuerpo =
    detalle === undefined ? { error: true, message } : { error: true, message, detalle };
  return Response.json(cuerpo, { status });
}

/** Llama al procedimiento por su ruta con el contexto de la petición. */
export async function llamar(
  ctx: Contexto,
  procedimiento: string,
  entrada: unknown,
): Promise<unknown> {
  let nodo: unknown = createCaller(ctx);
  for (const parte of procedimiento.split('.')) nodo = (nodo as Record<string, unknown>)[parte];
  return (nodo as (x: unknown) => Promise<unknown>)(entrada);
}

/** ¿Es un objeto JSON: no un arreglo, un texto, un número, null ni una instancia de otra clase? */
export function esObjetoPlano(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const prototipo: unknown = Object.getPrototypeOf(v);
  return prototipo === Object.prototype || prototipo === null;
}

export const MENSAJE_FORMA_CUERPO: Readonly<Record<FormaCuerpo, string>> = {
  objeto: 'El cuerpo de la petición debe ser un objeto JSON ({ … }).',
  lista: 'El cuerpo de la petición debe ser una lista JSON ([ … ]).',
  'objeto-o-lista': 'El cuerpo de la petición debe ser un objeto o una lista JSON.',
};

/**
 * Por qué el cuerpo no tiene la forma que acepta la fila (por defecto, un objeto), o null. Sin
 * cuerpo decide el esquema del procedimiento (hay cuerpos optativos, como el del cierre).
 */
export function problemaDeForma(ruta: RutaRest, cuerpo: unknown): string | null {
  if (cuerpo === undefined) return null;
  const forma = ruta.cuerpo ?? 'objeto';
  const valida =
    forma === 'lista'
      ? Array.isArray(cuerpo)
      : forma === 'objeto'
        ? esObjetoPlano(cuerpo)
        : Array.isArray(cuerpo) || esObjetoPlano(cuerpo);
  return valida ? null : MENSAJE_FORMA_CUERPO[forma];
}

/**
 * Atiende una petición ya ruteada: arma la entrada con los parámetros del camino, la consulta y
 * el cuerpo, llama al procedimiento y responde en JSON (o con el error en castellano). Un cuerpo
 * de otra forma (un arreglo donde va un objeto) es un 400 antes de armar la entrada, para que
 * ninguna fila lo lea como "sin campos"; sin sesión o sin permiso, igual que el procedimiento
 * (401, 403): la autorización va antes que la validación.
 */
export async function atender(
  ctx: Contexto,
  ruta: RutaRest,
  params: Record<string, string>,
  query: Record<string, string>,
  cuerpo: unknown,
): Promise<Response> {
  const forma = problemaDeForma(ruta, cuerpo);
  if (forma) return sinPermiso(ctx, ruta.procedimiento) ?? errorJson(400, forma);
  const entrada = ruta.entrada ? ruta.entrada({ params, query, cuerpo }) : cuerpo;
  try {
    return Response.json(await llamar(ctx, ruta.procedimiento, entrada));
  } catch (e) {
    return respuestaDeError(e, ctx, `${ruta.metodo} ${ruta.ruta}`);
  }
}

/**
 * 401 sin sesión o 403 sin permiso para el procedimiento, con los mensajes del procedimiento (la
 * tabla de acceso, `puedeLlamar`); null si puede llamarlo.
 */
export function sinPermiso(
  ctx: Pick<Contexto, 'sesion' | 'dispositivoAdmin'>,
  procedimiento: string,
): Response | null {
  if (puedeLlamar(procedimiento, ctx.sesion?.rol, ctx.dispositivoAdmin)) return null;
  return ctx.sesion ? errorJson(403, NO_AUTORIZADO) : errorJson(401, NO_AUTENTICADO);
}

/**
 * Una petición a /api/[...ruta] (el manejador de src/app/api y las pruebas, con el contexto que
 * arma cada uno). En este orden, y el cuerpo sólo al final: el origen (una escritura de otro
 * sitio, 403), la ruta (404, 405 con `Allow`, 400 si el camino está mal codificado), la sesión y
 * el permiso (401, 403) y recién entonces el cuerpo, con el máximo de la ruta (413: por
 * `Content-Length` sin leerlo, o al pasarlo mientras llega). Quien no puede llamar a la ruta no
 * sube nada.
 */
export async function atenderPeticion(
  req: Request,
  contexto: () => Promise<Contexto>,
): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD' && !origenPermitido(req))
    return errorJson(403, MENSAJE_ORIGEN);
  const url = new URL(req.url);
  // HEAD es un GET sin cuerpo en la respuesta (Next lo descarta).
  const metodo = req.method === 'HEAD' ? 'GET' : req.method;
  const { ruta, params, permitidos, malCodificado } = encontrarRuta(metodo, url.pathname);
  if (malCodificado) return errorJson(400, MENSAJE_CAMINO_MAL_CODIFICADO);
  if (!ruta)
    return permitidos?.length
      ? metodoNoPermitido(permitidos)
      : errorJson(404, 'No existe esa ruta.');
  const ctx = await contexto();
  const denegado = sinPermiso(ctx, ruta.procedimiento);
  if (denegado) return denegado;
  let cuerpo: unknown;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    try {
      cuerpo = await leerCuerpo(req, ruta.limiteCuerpo ?? LIMITE_JSON);
    } catch (e) {
      if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
      return errorJson(400, 'El cuerpo de la petición no es JSON válido.');
    }
  }
  return atender(ctx, ruta, params ?? {}, Object.fromEntries(url.searchParams), cuerpo);
}

/**
 * La respuesta de un error: el de un procedimiento con su estado y mensaje; uno inesperado, 500 con
 * el mensaje genérico y el id de la petición, escrito en la consola y, con el contexto de la
 * petición, en el registro de /root/log (`ruta`: la plantilla del camino, sin valores). Con sólo
 * el id (un texto), únicamente en la consola.
 */
export function respuestaDeError(
  e: unknown,
  ctx: Pick<Contexto, 'db' | 'requestId'> | string,
  ruta: string | null = null,
): Response {
  const requestId = typeof ctx === 'string' ? ctx : ctx.requestId;
  let causa: unknown = e;
  if (e instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(e);
    if (e.cause instanceof ZodError) return errorJson(400, mensajeDeValidacion(e.cause));
    if (status < 500) return errorJson(status, e.message, detalleDe(e));
    causa = e.cause ?? e;
  }
  if (typeof ctx === 'string') console.error(`[${requestId}]`, causa);
  // El registro no demora la respuesta: registrarError nunca falla (si la base no responde, consola).
  else void registrarError(ctx, { ruta, error: causa });
  return errorJson(500, `${MENSAJE_ERROR_INTERNO} (código ${requestId})`);
}
