/**
 * Piezas de SQL para lotes: un arreglo de enteros como un parámetro, filas desde arreglos (unnest),
 * las filas de `execute` y las consultas preparadas.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Un arreglo de enteros como un único parámetro: '{1,2,3}'::int[]. */
export function enteros(xs: readonly number[]): SQL {
  if (!xs.every(Number.isSafeInteger)) throw new Error('Se esperaban enteros');
  return sql`${`{${xs.join(',')}}`}::int[]`;
}

/**
 * `select ... from unnest(arreglos)` con las columnas de la tabla en su orden, para
 * `insert(tabla).select(...)`: cada columna toma su arreglo (una fila por posición) o un
 * entero fijo; el `id` serial, el próximo valor de su secuencia.
 */
export function filasDesdeArreglos(
  tabla: PgTable,
  valores: Record<string, readonly number[] | number>,
): SQL {
  const arreglos = Object.entries(valores).filter((e): e is [string, readonly number[]] =>
    Array.isArray(e[1]),
  );
  const posicion = new Map(arreglos.map(([clave], i) => [clave, i]));
  const lista = Object.keys(getTableColumns(tabla)).map((clave) => {
    const v = valores[clave];
    if (typeof v === 'number') return sql`${v}::int`;
    if (v !== undefined) return sql.raw(`t.c${posicion.get(clave)}`);
    if (clave === 'id') return sql`nextval(pg_get_serial_sequence(${getTableName(tabla)}, 'id'))`;
    throw new Error(`Falta la columna ${clave}`);
  });
  const fuentes = sql.join(
    arreglos.map(([, a]) => enteros(a)),
    sql`, `,
  );
  const alias = sql.raw(arreglos.map((_, i) => `c${i}`).join(', '));
  return sql`select ${sql.join(lista, sql`, `)} from unnest(${fuentes}) as t(${alias})`;
}

/** Las filas que devuelve `db.execute(…)`: postgres.js da un arreglo; PGlite, `{ rows }`. */
export function filasDe<T>(resultado: unknown): T[] {
  return Array.isArray(resultado) ? (resultado as T[]) : ((resultado as { rows?: T[] }).rows ?? []);
}

/**
 * Ejecuta una consulta de Drizzle como sentencia preparada. Sin preparar, postgres.js manda cada
 * consulta con parámetros en dos idas y vueltas (primero pide los tipos de los parámetros) y
 * Postgres la vuelve a analizar y planificar; preparada, eso pasa la primera vez en cada conexión
 * y después es una sola ida y vuelta. Sólo para consultas de texto fijo (las listas, como un
 * parámetro: `enteros`, jsonb): cada texto distinto queda preparado en la conexión.
 */
export function preparada<T>(
  consulta: { prepare(nombre: string): { execute(): Promise<T> } },
  nombre: string,
): Promise<T> {
  return consulta.prepare(nombre).execute();
}
