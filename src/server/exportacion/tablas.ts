/**
 * Las tablas del esquema de Drizzle (src/server/db/schema) vistas como datos: nombre, columnas,
 * clave primaria y claves foráneas, y su lectura por lotes en CSV (issue 34 §3). La exportación
 * completa y la del legajo las recorren sin nombrarlas: una tabla nueva del esquema sale sola.
 *
 * Cada valor sale como lo escribe PostgreSQL en texto (`columna::text`: fechas AAAA-MM-DD,
 * instantes en UTC, booleanos true/false, jsonb como JSON), igual en el servidor y en PGlite.
 * Las columnas binarias (bytea) no van en el CSV: su lugar lo ocupa la ruta del archivo en el ZIP.
 */
import { is, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOTx } from '@/server/db';
import * as esquema from '@/server/db/schema';
import { lineaCsv } from '@/domain/csv';

export interface ColumnaMeta {
  nombre: string;
  /** El tipo SQL para convertir un valor de texto de vuelta (serial → integer). */
  tipo: string;
  binaria: boolean;
}

export interface ClaveForanea {
  columnas: string[];
  tabla: string;
  referidas: string[];
}

export interface TablaMeta {
  nombre: string;
  columnas: ColumnaMeta[];
  /** Las columnas de la clave primaria, en orden: el orden de lectura por lotes. */
  clave: string[];
  foraneas: ClaveForanea[];
}

const TIPOS_SERIALES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};

/** Un identificador SQL entre comillas (los nombres salen del esquema, no del pedido). */
export const id = (nombre: string) => `"${nombre.replace(/"/g, '""')}"`;

/** El nombre de la columna en la base (`casing: 'snake_case'`: la clave de TypeScript, en snake). */
const nombreEnBase = (c: PgColumn) => (c.keyAsName ? toSnakeCase(c.name) : c.name);

let cache: TablaMeta[] | null = null;

/** Todas las tablas del esquema, por nombre. */
export function tablasDelEsquema(): TablaMeta[] {
  if (cache) return cache;
  const tablas: TablaMeta[] = [];
  for (const valor of Object.values(esquema)) {
    if (!is(valor, PgTable)) continue;
    const c = getTableConfig(valor);
    const compuesta = c.primaryKeys[0]?.columns.map(nombreEnBase);
    const clave = compuesta ?? c.columns.filter((x) => x.primary).map(nombreEnBase);
    if (!clave.length) throw new Error(`La tabla ${c.name} no tiene clave primaria.`);
    tablas.push({
      nombre: c.name,
      columnas: c.columns.map((x) => {
        const tipo = x.getSQLType();
        return {
          nombre: nombreEnBase(x),
          tipo: TIPOS_SERIALES[tipo] ?? tipo,
          binaria: tipo === 'bytea',
        };
      }),
      clave,
      foraneas: c.foreignKeys.map((f) => {
        const r = f.reference();
        return {
          columnas: r.columns.map(nombreEnBase),
          tabla: getTableConfig(r.foreignTable).name,
          referidas: r.foreignColumns.map(nombreEnBase),
        };
      }),
    });
  }
  cache = tablas.sort((a, b) => a.nombre.localeCompare(b.nombre));
  return cache;
}

export function tablaMeta(nombre: string): TablaMeta {
  const t = tablasDelEsquema().find((x) => x.nombre === nombre);
  if (!t) throw new Error(`No existe la tabla ${nombre} en el esquema.`);
  return t;
}

/** Las filas de un resultado de `db.execute` (postgres.js devuelve la lista; PGlite, `{ rows }`). */
export function filasDe<T = Record<string, unknown>>(r: unknown): T[] {
  return (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** Filas por lote al leer una tabla (la memoria no crece con la tabla). */
export const FILAS_POR_LOTE = 1000;

/**
 * Qué va en el CSV en lugar de una columna binaria: la fila de `archivos` lleva la ruta de su
 * archivo en el ZIP (`rutaBinaria`); sin ella, el tamaño en bytes.
 */
export type RutaBinaria = (fila: Record<string, string | null>) => string;

/**
 * Lee una tabla por lotes en el orden de su clave primaria (paginado por clave, no OFFSET) y da
 * el CSV de a trozos: el encabezado (con el BOM) y después un trozo por lote. `donde` filtra las
 * filas (el legajo). Quien consume decide el ritmo: el lote siguiente se lee recién cuando se
 * pide (un generador), así que un ZIP lleno frena la lectura. `alContar` recibe las filas leídas.
 */
export async function* csvDeTabla(
  db: DbOTx,
  t: TablaMeta,
  opciones: {
    donde?: SQL;
    rutaBinaria?: RutaBinaria;
    reservadas?: ReadonlySet<string>;
    alContar?: (filas: number) => void;
    /** Cada fila como va al CSV (el índice legible del legajo las muestra). */
    alFila?: (valores: (string | null)[]) => void;
    lote?: number;
  } = {},
): AsyncGenerator<Buffer> {
  const lote = opciones.lote ?? FILAS_POR_LOTE;
  yield Buffer.from('\ufeff' + lineaCsv(t.columnas.map((c) => c.nombre)) + '\r\n');
  const seleccion = t.columnas
    .map((c, i) =>
      c.binaria ? `octet_length(${id(c.nombre)})::text as c${i}` : `${id(c.nombre)}::text as c${i}`,
    )
    .join(', ');
  const orden = t.clave.map(id).join(', ');
  const indices = t.clave.map((k) => t.columnas.findIndex((c) => c.nombre === k));
  let cursor: (string | null)[] | null = null;
  for (;;) {
    const condiciones: SQL[] = [];
    if (opciones.donde) condiciones.push(sql`(${opciones.donde})`);
    if (cursor) {
      const valores = sql.join(
        cursor.map((v, i) => sql`${v}::${sql.raw(t.columnas[indices[i]!]!.tipo)}`),
        sql`, `,
      );
      condiciones.push(sql`(${sql.raw(orden)}) > (${valores})`);
    }
    const donde = condiciones.length ? sql` where ${sql.join(condiciones, sql` and `)}` : sql``;
    const filas = filasDe<Record<string, string | null>>(
      await db.execute(
        sql`select ${sql.raw(seleccion)} from ${sql.raw(id(t.nombre))}${donde} order by ${sql.raw(orden)} limit ${lote}`,
      ),
    );
    if (!filas.length) return;
    const lineas: string[] = [];
    for (const f of filas) {
      const porNombre: Record<string, string | null> = {};
      t.columnas.forEach((c, i) => (porNombre[c.nombre] = f[`c${i}`] ?? null));
      const valores = t.columnas.map((c) => {
        const v = porNombre[c.nombre] ?? null;
        if (c.binaria) return opciones.rutaBinaria ? opciones.rutaBinaria(porNombre) : v;
        if (opciones.reservadas?.has(`${t.nombre}.${c.nombre}`) && v != null) return '(reservado)';
        return v;
      });
      opciones.alFila?.(valores);
      lineas.push(lineaCsv(valores));
    }
    opciones.alContar?.(filas.length);
    yield Buffer.from(lineas.join('\r\n') + '\r\n');
    if (filas.length < lote) return;
    const ultima = filas[filas.length - 1]!;
    cursor = indices.map((i) => ultima[`c${i}`] ?? null);
  }
}

/** Un nombre de archivo seguro para el ZIP: sin acentos, barras ni caracteres raros. */
export function nombreSeguro(nombre: string): string {
  const limpio = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return limpio || 'archivo';
}
