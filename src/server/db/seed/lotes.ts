/**
 * El insertador por lotes de la semilla: muchas filas en pocas sentencias, lejos del límite
 * de parámetros de PostgreSQL (65.535 por sentencia). PostgreSQL devuelve las filas de un
 * `INSERT ... VALUES ... RETURNING` en el orden dado, así que `insertarDevolviendo` responde
 * fila a fila en el orden de `filas`.
 */
import type { PgInsertValue, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOTx } from '../index';

/** Filas por sentencia (la tabla más ancha de la semilla tiene unas 20 columnas). */
export const LOTE = 1000;

export interface OpcionesLote {
  tamanio?: number;
  /** `on conflict do nothing`: las filas repetidas se saltean (y no se devuelven). */
  ignorarConflictos?: boolean;
}

function* lotes<T>(filas: readonly T[], tamanio: number): Generator<T[]> {
  for (let i = 0; i < filas.length; i += tamanio) yield filas.slice(i, i + tamanio);
}

/** Inserta `filas` en `tabla` por lotes (ninguna sentencia si no hay filas). */
export async function insertarEnLotes<T extends PgTable>(
  db: DbOTx,
  tabla: T,
  filas: readonly PgInsertValue<T>[],
  opciones: OpcionesLote = {},
): Promise<void> {
  for (const lote of lotes(filas, opciones.tamanio ?? LOTE)) {
    const insert = db.insert(tabla).values(lote);
    await (opciones.ignorarConflictos ? insert.onConflictDoNothing() : insert);
  }
}

/**
 * Inserta por lotes y devuelve `campos` de cada fila insertada, en el orden de `filas`. Sin
 * `ignorarConflictos`, falla si alguna fila no volvió.
 */
export async function insertarDevolviendo<T extends PgTable, C extends SelectedFieldsFlat>(
  db: DbOTx,
  tabla: T,
  filas: readonly PgInsertValue<T>[],
  campos: C,
  opciones: OpcionesLote = {},
): Promise<SelectResultFields<C>[]> {
  const todas: SelectResultFields<C>[] = [];
  for (const lote of lotes(filas, opciones.tamanio ?? LOTE)) {
    const insert = db.insert(tabla).values(lote);
    const devueltas = await (opciones.ignorarConflictos
      ? insert.onConflictDoNothing().returning(campos)
      : insert.returning(campos));
    todas.push(...(devueltas as SelectResultFields<C>[]));
  }
  if (!opciones.ignorarConflictos && todas.length !== filas.length)
    throw new Error('La inserción no devolvió todas las filas');
  return todas;
}
