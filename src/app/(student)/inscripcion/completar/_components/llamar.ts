import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Entradas = inferRouterInputs<AppRouter>;
type Salidas = inferRouterOutputs<AppRouter>;

/** Un procedimiento del router: 'inscripcion.buscarHijos'. */
type Ruta = {
  [M in keyof Entradas]: `${M & string}.${keyof Entradas[M] & string}`;
}[keyof Entradas];
type Modulo<R> = R extends `${infer M}.${string}` ? M & keyof Entradas : never;
type Proc<R> = R extends `${string}.${infer P}` ? P : never;
type EntradaDe<R extends Ruta> = Entradas[Modulo<R>][Proc<R> & keyof Entradas[Modulo<R>]];
type SalidaDe<R extends Ruta> = Salidas[Modulo<R>][Proc<R> & keyof Salidas[Modulo<R>]];

interface RespuestaTrpc {
  result?: { data?: { json?: unknown } };
  error?: { json?: { message?: unknown } };
  message?: unknown;
}

/**
 * Los mismos procedimientos de tRPC que el resto de la aplicación (la tabla de acceso, zod y
 * los mensajes en castellano del servidor), con `fetch` y sin el cliente de tRPC ni React Query
 * (issue 12: el código de la inscripción en el teléfono). Es el protocolo HTTP de tRPC sin lotes
 * (una consulta por GET con ?input=, una mutación por POST) con el formato de superjson del
 * servidor: las entradas son JSON simple (números y textos), que superjson envía como
 * `{ json }` sin metadatos; las salidas que se usan también (sin fechas ni Map).
 */
async function pedir(url: string, init: RequestInit): Promise<unknown> {
  const r = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const cuerpo = (await r.json().catch(() => null)) as RespuestaTrpc | null;
  const mensaje = cuerpo?.error?.json?.message ?? cuerpo?.message;
  if (!r.ok || !cuerpo?.result) {
    throw new Error(typeof mensaje === 'string' && mensaje.trim() ? mensaje : '');
  }
  return cuerpo.result.data?.json;
}

const enJson = (entrada: unknown) => JSON.stringify({ json: entrada });

/** Una consulta (GET); `signal` la cancela si ya no hace falta. */
export async function consultar<R extends Ruta>(
  ruta: R,
  entrada: EntradaDe<R>,
  signal?: AbortSignal,
): Promise<SalidaDe<R>> {
  const url = `/api/trpc/${ruta}?input=${encodeURIComponent(enJson(entrada))}`;
  return (await pedir(url, { signal })) as SalidaDe<R>;
}

/** Una mutación (POST, con el origen propio que exige el servidor). */
export async function mutar<R extends Ruta>(ruta: R, entrada: EntradaDe<R>): Promise<SalidaDe<R>> {
  return (await pedir(`/api/trpc/${ruta}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: enJson(entrada),
  })) as SalidaDe<R>;
}
