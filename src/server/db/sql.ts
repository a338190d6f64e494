/** Piezas de SQL para lotes: un arreglo de enteros como un parámetro y filas desde arreglos (unnest). */
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
