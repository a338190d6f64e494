/**
 * Copias de seguridad (issue 34 §3): `npm run backup -- ARCHIVO` y `npm run restore -- ARCHIVO`
 * (la línea de comandos es respaldo-cli.ts).
 * - En un servidor PostgreSQL (DATABASE_URL): `pg_dump --format=custom` y `pg_restore` en una sola
 *   transacción (todo o nada) dentro de la base VACÍA de DATABASE_URL.
 * - En PGlite (PGLITE_DIR o .data/pglite): `dumpDataDir()` (un .tar.gz del directorio de datos) y,
 *   para restaurar, PGlite con `loadDataDir` en un directorio vacío.
 * Restaurar nunca pisa datos: una base con alguna tabla en public o drizzle, o un directorio con
 * algo adentro, se rechaza con un mensaje en castellano.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

export interface Destino {
  /** La URL del servidor (DATABASE_URL); sin ella, PGlite en `dataDir`. */
  url?: string;
  dataDir: string;
}

export interface ResumenRespaldo {
  tipo: 'postgres' | 'pglite';
  archivo: string;
  bytes: number;
  tablas: { tabla: string; filas: number }[];
}

export class ErrorDeRespaldo extends Error {}

export const MENSAJE_BASE_NO_VACIA =
  'La base de destino no está vacía: restaurar sólo se hace en una base nueva, sin tablas (cree una con createdb y apunte DATABASE_URL a ella).';
export const MENSAJE_DIRECTORIO_NO_VACIO =
  'El directorio de PGlite de destino no está vacío: restaurar sólo se hace en un directorio nuevo (apunte PGLITE_DIR a uno vacío).';
export const mensajeSinArchivo = (archivo: string) => `No existe el archivo ${archivo}.`;

/** Las tablas de public y drizzle con sus filas (una consulta por tabla, en orden). */
const SQL_TABLAS = `select table_schema || '.' || table_name as tabla from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;

/**
 * Los roles de la consola de reportes (migraciones 0017 y 0021): son del servidor, no de la base,
 * así que un servidor nuevo no los tiene y los GRANT de la copia fallarían. Se crean si faltan.
 */
const SQL_ROLES = `
do $$ begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'portal_lectura') then
    begin
      create role portal_lectura nologin nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'portal_reportes') then
    begin
      create role portal_reportes login nosuperuser nocreatedb nocreaterole inherit noreplication nobypassrls in role portal_lectura;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
end $$;`;

function ejecutar(programa: string, argumentos: string[]): Promise<void> {
  return new Promise((resolver, rechazar) => {
    const p = spawn(programa, argumentos, { stdio: ['ignore', 'inherit', 'pipe'] });
    let error = '';
    p.stderr.on('data', (d: Buffer) => (error += d.toString()));
    p.on('error', (e) =>
      rechazar(new ErrorDeRespaldo(`No se pudo ejecutar ${programa}: ${e.message}`)),
    );
    p.on('close', (codigo) =>
      codigo === 0
        ? resolver()
        : rechazar(
            new ErrorDeRespaldo(`${programa} terminó con error (${codigo}): ${error.trim()}`),
          ),
    );
  });
}

/** Una consulta de texto contra el servidor (postgres.js, una conexión). */
async function conServidor<T>(url: string, f: (sql: import('postgres').Sql) => Promise<T>) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await f(sql);
  } finally {
    await sql.end();
  }
}

async function tablasDelServidor(url: string) {
  return conServidor(url, async (sql) => {
    const tablas = await sql.unsafe<{ tabla: string }[]>(SQL_TABLAS);
    const r: { tabla: string; filas: number }[] = [];
    for (const { tabla } of tablas) {
      const [schema, nombre] = tabla.split('.');
      const [f] = await sql.unsafe<{ n: number }[]>(
        `select count(*)::int as n from "${schema}"."${nombre}"`,
      );
      r.push({ tabla, filas: Number(f!.n) });
    }
    return r;
  });
}

type PGliteT = import('@electric-sql/pglite').PGlite;

async function tablasDePglite(pg: PGliteT) {
  const { rows } = await pg.query<{ tabla: string }>(SQL_TABLAS);
  const r: { tabla: string; filas: number }[] = [];
  for (const { tabla } of rows) {
    const [schema, nombre] = tabla.split('.');
    const { rows: f } = await pg.query<{ n: number }>(
      `select count(*)::int as n from "${schema}"."${nombre}"`,
    );
    r.push({ tabla, filas: Number(f[0]!.n) });
  }
  return r;
}

const directorioVacio = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Copia la base entera en `archivo`. */
export async function respaldar(destino: Destino, archivo: string): Promise<ResumenRespaldo> {
  if (destino.url) {
    await ejecutar('pg_dump', ['--format=custom', `--file=${archivo}`, `--dbname=${destino.url}`]);
    return {
      tipo: 'postgres',
      archivo,
      bytes: statSync(archivo).size,
      tablas: await tablasDelServidor(destino.url),
    };
  }
  if (directorioVacio(destino.dataDir))
    throw new ErrorDeRespaldo(`No hay una base de PGlite en ${destino.dataDir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(destino.dataDir);
  try {
    const tablas = await tablasDePglite(pg);
    const copia = await pg.dumpDataDir('gzip');
    await writeFile(archivo, Buffer.from(await copia.arrayBuffer()));
    return { tipo: 'pglite', archivo, bytes: statSync(archivo).size, tablas };
  } finally {
    await pg.close();
  }
}

/** Restaura `archivo` en la base vacía del destino; rechaza una que tenga algo. */
export async function restaurar(destino: Destino, archivo: string): Promise<ResumenRespaldo> {
  if (!existsSync(archivo)) throw new ErrorDeRespaldo(mensajeSinArchivo(archivo));
  const bytes = statSync(archivo).size;
  if (destino.url) {
    const url = destino.url;
    const ocupada = await conServidor(url, async (sql) => {
      const filas = await sql.unsafe(SQL_TABLAS);
      if (!filas.length) await sql.unsafe(SQL_ROLES);
      return filas.length > 0;
    });
    if (ocupada) throw new ErrorDeRespaldo(MENSAJE_BASE_NO_VACIA);
    await ejecutar('pg_restore', [
      '--single-transaction',
      '--no-owner',
      `--dbname=${url}`,
      archivo,
    ]);
    return { tipo: 'postgres', archivo, bytes, tablas: await tablasDelServidor(url) };
  }
  if (!directorioVacio(destino.dataDir)) throw new ErrorDeRespaldo(MENSAJE_DIRECTORIO_NO_VACIO);
  const { PGlite } = await import('@electric-sql/pglite');
  const datos = await readFile(archivo);
  const pg = new PGlite(destino.dataDir, { loadDataDir: new Blob([datos]) });
  try {
    return { tipo: 'pglite', archivo, bytes, tablas: await tablasDePglite(pg) };
  } finally {
    await pg.close();
  }
}
