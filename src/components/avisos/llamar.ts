/**
 * Las llamadas de la campana y de /avisos a sus procedimientos, con `fetch` y el formato de tRPC
 * (superjson sin tipos especiales: `{ json }`), sin el cliente de tRPC ni React Query: la campana
 * está en cada página y /avisos se abre desde el teléfono. El servidor es el mismo /api/trpc (sesión,
 * permiso y origen).
 */

interface Respuesta<T> {
  result?: { data?: { json?: T } };
  error?: { json?: { message?: string } };
}

async function leer<T>(r: Response): Promise<T> {
  const j = (await r.json().catch(() => null)) as Respuesta<T> | null;
  if (!r.ok || !j?.result?.data)
    throw new Error(
      j?.error?.json?.message ?? 'No se pudo completar el pedido. Intente nuevamente.',
    );
  return j.result.data.json as T;
}

/** Una consulta (GET). */
export async function consultar<T>(procedimiento: string, entrada?: unknown): Promise<T> {
  const q =
    entrada === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: entrada }))}`;
  return leer<T>(await fetch(`/api/trpc/${procedimiento}${q}`));
}

/** Una mutación (POST). */
export async function mutar<T>(procedimiento: string, entrada?: unknown): Promise<T> {
  return leer<T>(
    await fetch(`/api/trpc/${procedimiento}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(entrada === undefined ? {} : { json: entrada }),
    }),
  );
}
