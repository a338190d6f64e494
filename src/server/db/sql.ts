/**
 * Piezas de SQL para lotes: un arreglo de enteros como un parámetro, filas desde arreglos (unnest),
 * las filas de `execute` y las sentencias preparadas de postgres.js.
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
 * Hasta cuántos parámetros una sentencia se prepara sola (`prepararSentencias`). Más arriba están
 * los lotes (un `insert` de muchas filas, un `in (...)` largo): su texto cambia con el tamaño y
 * cada variante ocuparía memoria en la conexión.
 */
export const MAX_PARAMETROS_PREPARADA = 32;

interface SesionPostgresJs {
  prepareQuery(query: { sql: string; params: unknown[] }, ...resto: unknown[]): unknown;
}

const PREPARA_SOLA = Symbol.for('portal.prepararSentencias');

/**
 * Cada sentencia de Drizzle sobre postgres.js (de la base y de sus transacciones) como sentencia
 * preparada, salvo las de más de `MAX_PARAMETROS_PREPARADA` parámetros. Sin preparar, postgres.js
 * manda cada consulta con parámetros en dos idas y vueltas (primero pide los tipos de los
 * parámetros) y Postgres la vuelve a analizar y planificar cada vez; preparada, eso pasa la primera
 * vez en cada conexión (postgres.js guarda la sentencia por su texto y sus tipos) y después es una
 * sola ida y vuelta. Drizzle sólo prepara las que reciben un nombre (`.prepare(nombre)`), y el
 * nombre no llega a postgres.js (que pone el suyo): aquí toda sentencia sin nombre recibe uno vacío.
 * Las que no tienen parámetros siguen yendo por el protocolo simple (postgres.js), en una ida y
 * vuelta, como antes.
 * Las conexiones de postgres.js se renuevan cada 30 a 60 minutos (`max_lifetime`), y con ellas
 * sus sentencias. Si una migración de otra instancia cambia el tipo de una columna leída,
 * postgres.js repite la sentencia (fuera de una transacción). Detrás de un PgBouncer en modo
 * transacción haría falta su soporte de sentencias preparadas (1.21 o posterior).
 * Idempotente: la clase es una por proceso (drizzle-orm es externo en next.config.mjs).
 */
export function prepararSentencias(sesion: { prototype: SesionPostgresJs }) {
  const proto = sesion.prototype as SesionPostgresJs & { [PREPARA_SOLA]?: true };
  if (proto[PREPARA_SOLA]) return;
  const original = proto.prepareQuery;
  proto.prepareQuery = function (this: SesionPostgresJs, query, fields, nombre, ...resto) {
    const preparar = nombre ?? (query.params.length <= MAX_PARAMETROS_PREPARADA ? '' : undefined);
    return original.call(this, query, fields, preparar, ...resto);
  };
  proto[PREPARA_SOLA] = true;
}
