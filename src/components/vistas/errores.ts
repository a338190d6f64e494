import { TRPCError } from '@trpc/server';

/**
 * Cuando un procedimiento rechaza la lectura (inexistente, fuera del alcance, entrada inválida),
 * la pantalla muestra su mensaje en castellano y ningún dato. Los demás errores siguen su curso.
 */
export async function leerOMensaje<T>(
  leer: () => Promise<T>,
): Promise<{ datos: T; mensaje: null } | { datos: null; mensaje: string }> {
  try {
    return { datos: await leer(), mensaje: null };
  } catch (e) {
    if (
      e instanceof TRPCError &&
      ['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST', 'UNAUTHORIZED'].includes(e.code)
    )
      return { datos: null, mensaje: e.message };
    throw e;
  }
}

/** El año de la URL (`?anio=`), si es un número entero; si no, ninguno. */
export function anioDeParametro(valor: string | string[] | undefined): number | undefined {
  const v = Array.isArray(valor) ? valor[0] : valor;
  if (!v || !/^\d{4}$/.test(v)) return undefined;
  return Number(v);
}

/** Un id de la ruta (`editar/[id]`): un entero positivo de PostgreSQL, o null. */
export function idDeRuta(texto: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(texto)) return null;
  const n = Number(texto);
  return n <= 2_147_483_647 ? n : null;
}
