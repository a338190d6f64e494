import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '@/server/config';
import { instalarCola } from '@/server/avisos/cola';
import { prepararSentencias } from './sql';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Una transacción o la base: los servicios aceptan cualquiera de las dos. */
export type DbOTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Conexion {
  db: Db;
  cerrar: () => Promise<void>;
  tipo: 'postgres' | 'pglite';
  /** El PGlite embebido (la cola de avisos lo usa con su propio adaptador). */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** La URL del servidor PostgreSQL (el trabajador de la cola abre su propio pool). */
  url?: string;
}

const CARPETA_MIGRACIONES = path.join(process.cwd(), 'drizzle');
/** Clave del candado de migraciones (varias instancias arrancando a la vez). */
const CANDADO_MIGRACIONES = 727_001;

/**
 * Los roles de la consola de reportes (migración 0021: `ALTER ROLE portal_reportes SET …`) son
 * del servidor, no de la base, y el candado de migraciones es de cada base: dos bases del mismo
 * servidor que migran a la vez (las pruebas en paralelo, los servidores de Playwright) pueden
 * chocar en la misma fila de `pg_db_role_setting` ("tuple concurrently updated"). La migración
 * corre en una transacción: si choca así, no dejó nada y se vuelve a correr.
 */
const CHOQUE_ENTRE_BASES =
  /tuple concurrently (updated|deleted)|pg_db_role_setting|pg_authid|could not serialize/;

async function conReintentoEntreBases(migrar: () => Promise<void>): Promise<void> {
  for (let intento = 1; ; intento++) {
    try {
      return await migrar();
    } catch (e) {
      const causa = (e as { cause?: { message?: string } }).cause?.message ?? String(e);
      if (intento >= 10 || !CHOQUE_ENTRE_BASES.test(causa)) throw e;
      await new Promise((listo) => setTimeout(listo, 50 + Math.random() * 200 * intento));
    }
  }
}

/**
 * Abre la base: postgres.js contra el servidor si hay `url`, PGlite embebido si no
 * (en `dataDir`, si no en PGLITE_DIR o .data/pglite; en memoria con 'memory://'). Aplica las migraciones pendientes.
 */
export async function abrirBase(
  opciones: { url?: string; dataDir?: string; max?: number } = {},
): Promise<Conexion> {
  if (opciones.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle, PostgresJsSession } = await import('drizzle-orm/postgres-js');
    prepararSentencias(PostgresJsSession);
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const cliente = postgres(opciones.url, { max: opciones.max ?? 10, onnotice: () => {} });
    const db = drizzle(cliente, { schema, casing: 'snake_case' });
    // Un solo proceso migra a la vez (candado de sesión en una conexión reservada);
    // los demás esperan y encuentran todo aplicado.
    const reservada = await cliente.reserve();
    try {
      await reservada`select pg_advisory_lock(${CANDADO_MIGRACIONES})`;
      await conReintentoEntreBases(() => migrate(db, { migrationsFolder: CARPETA_MIGRACIONES }));
      await instalarCola(async (texto, valores) => {
        const r = valores?.length
          ? await reservada.unsafe(texto, valores as never[])
          : await reservada.unsafe(texto).simple();
        // Varias sentencias sin parámetros: un resultado por sentencia.
        const filas = (r as unknown[]).every(Array.isArray)
          ? (r as unknown as unknown[][]).flat()
          : r;
        return { rows: filas as Record<string, unknown>[] };
      });
    } finally {
      await reservada`select pg_advisory_unlock(${CANDADO_MIGRACIONES})`.catch(() => {});
      reservada.release();
    }
    return {
      db: db as unknown as Db,
      cerrar: () => cliente.end(),
      tipo: 'postgres',
      url: opciones.url,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir =
    opciones.dataDir ?? config().pgliteDir ?? path.join(process.cwd(), '.data', 'pglite');
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const cliente = dataDir === 'memory://' ? new PGlite() : new PGlite(dataDir);
  const db = drizzle(cliente, { schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: CARPETA_MIGRACIONES });
  const { fromPglite } = await import('pg-boss');
  const adaptador = fromPglite(cliente);
  await instalarCola((texto, valores) => adaptador.executeSql(texto, valores));
  return {
    db: db as unknown as Db,
    cerrar: () => cliente.close(),
    tipo: 'pglite',
    pglite: cliente,
  };
}

const global = globalThis as unknown as { __portalDb?: Promise<Conexion> };

/** La base de la aplicación (una por proceso, abierta en el primer uso). */
export function conexion(): Promise<Conexion> {
  if (!global.__portalDb) {
    global.__portalDb = abrirBase({ url: config().databaseUrl }).catch((e) => {
      global.__portalDb = undefined;
      throw e;
    });
  }
  return global.__portalDb;
}

export async function getDb(): Promise<Db> {
  return (await conexion()).db;
}

export async function baseVacia(db: Db): Promise<boolean> {
  const [fila] = await db.select({ n: count() }).from(schema.usuarios);
  return (fila?.n ?? 0) === 0;
}

export { schema };
