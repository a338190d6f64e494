/**
 * Errores de PostgreSQL (postgres.js o PGlite, envueltos o no por Drizzle) traducidos a
 * respuestas en castellano: el único traductor del servidor. Los servicios dicen qué
 * significa cada restricción para ellos; la detección del SQLSTATE vive acá.
 */
import { TRPCError } from '@trpc/server';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOTx } from '@/server/db';

interface ErrorPg {
  code: string;
  constraint: string | null;
  /** El mensaje de PostgreSQL (sin el "Failed query" de Drizzle). */
  mensaje: string;
}

/** El error de PostgreSQL dentro de `e` (se recorre la cadena de `cause`), si lo hay. */
export function errorPostgres(e: unknown): ErrorPg | null {
  let x: unknown = e;
  for (let i = 0; i < 6 && x && typeof x === 'object'; i++) {
    const { code, constraint_name, constraint, message } = x as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const nombre = constraint_name ?? constraint;
      return {
        code,
        constraint: typeof nombre === 'string' ? nombre : null,
        mensaje: typeof message === 'string' ? message : '',
      };
    }
    x = (x as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Datos para el cliente junto con un error de un procedimiento (p. ej. las dos versiones de un
 * conflicto, issue 36): van como `cause` del TRPCError (`errorConDetalle`) y salen en
 * `error.data.detalle` por tRPC (el formateador de trpc.ts) y en el campo `detalle` del cuerpo
 * del error por REST. Sólo para errores que el usuario puede ver (4xx): nada interno.
 */
export class DetalleDeError extends Error {
  constructor(readonly detalle: unknown) {
    super('Detalle del error para el cliente.');
    this.name = 'DetalleDeError';
  }
}

/** Un TRPCError (4xx) con su mensaje en castellano y datos para el cliente (`DetalleDeError`). */
export function errorConDetalle(
  code: 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PRECONDITION_FAILED',
  message: string,
  detalle: unknown,
): TRPCError {
  return new TRPCError({ code, message, cause: new DetalleDeError(detalle) });
}

/** El detalle para el cliente de un error, si lo trae. */
export function detalleDe(e: unknown): unknown {
  const causa = (e as { cause?: unknown } | null)?.cause;
  return causa instanceof DetalleDeError ? causa.detalle : undefined;
}

/** SQLSTATE de las violaciones de integridad que se traducen. */
export const PG = {
  unico: '23505',
  claveForanea: '23503',
  chequeo: '23514',
  noNulo: '23502',
  interbloqueo: '40P01',
  serializacion: '40001',
} as const;

/**
 * ¿Es la violación de ese índice único? Sin nombre de restricción (algún driver no lo da),
 * cuenta como ese índice sólo si `siNoHayNombre`.
 */
export function violaIndiceUnico(e: unknown, indice: string, siNoHayNombre = false): boolean {
  const pg = errorPostgres(e);
  if (pg?.code !== PG.unico) return false;
  return pg.constraint == null ? siNoHayNombre : pg.constraint === indice;
}

/** ¿Postgres abortó la transacción por competir con otra (conviene reintentar)? */
export function esConflictoDeConcurrencia(e: unknown): boolean {
  const code = errorPostgres(e)?.code;
  return code === PG.interbloqueo || code === PG.serializacion;
}

export interface MensajesDeIntegridad {
  /** Índice único → mensaje (409). `'*'`: cualquier otro índice único. */
  unico?: Record<string, string>;
  /** Una fila referida que no existe o que otra fila todavía usa (409). */
  claveForanea?: string;
  /** Un valor fuera de lo que admite la tabla (400). */
  chequeo?: string;
}

/**
 * Traduce un error de integridad a un TRPCError en castellano (409 o 400); cualquier otro
 * error se devuelve tal cual (el formateador de tRPC lo registra con el id de la petición y
 * responde el mensaje genérico). Los TRPCError pasan sin cambios.
 */
export function traducirErrorPostgres(e: unknown, mensajes: MensajesDeIntegridad): unknown {
  if (e instanceof TRPCError) return e;
  const pg = errorPostgres(e);
  if (!pg) return e;
  if (pg.code === PG.unico && mensajes.unico) {
    const m = (pg.constraint && mensajes.unico[pg.constraint]) ?? mensajes.unico['*'];
    if (m) return new TRPCError({ code: 'CONFLICT', message: m, cause: e });
  }
  if (pg.code === PG.claveForanea && mensajes.claveForanea)
    return new TRPCError({ code: 'CONFLICT', message: mensajes.claveForanea, cause: e });
  if (pg.code === PG.chequeo && mensajes.chequeo)
    return new TRPCError({ code: 'BAD_REQUEST', message: mensajes.chequeo, cause: e });
  return e;
}

/**
 * Corre una escritura y, si falla de forma inesperada, responde con el mensaje del catálogo
 * de esa llamada (spec 01 §8): una violación de integridad (SQLSTATE clase 23: la fila se
 * borró a la vez, p. ej.) es 409 con ese mensaje; cualquier otra falla, 500 con el mismo
 * mensaje (registrada con el id de la petición). Los TRPCError conservan su mensaje.
 */
export async function conMensajeDeCatalogo<T>(
  mensaje: string,
  escribir: () => Promise<T>,
): Promise<T> {
  try {
    return await escribir();
  } catch (e) {
    if (e instanceof TRPCError) throw e;
    const code = errorPostgres(e)?.code.startsWith('23') ? 'CONFLICT' : 'INTERNAL_SERVER_ERROR';
    throw new TRPCError({ code, message: mensaje, cause: e });
  }
}

/** Cuántas veces se corre una transacción que Postgres aborta por competir con otra. */
export const INTENTOS_DE_TRANSACCION = 3;

/**
 * La única forma de abrir una transacción en el servidor. `f` recibe el mismo contexto sobre la
 * transacción (`tx.db`; `auditar(tx, …)` y toda consulta compartida van con `tx`, así la
 * auditoría se escribe o se revierte junto con el cambio). Si Postgres la aborta por un
 * interbloqueo o una serialización con otra escritura simultánea, se vuelve a correr `f` desde
 * el principio (hasta INTENTOS_DE_TRANSACCION veces): lo de un intento fallido ya se revirtió,
 * por eso `f` no acumula nada fuera de sí (arreglos, contadores) ni hace nada fuera de la base.
 * Los errores de integridad se traducen con `mensajes` (409/400 en castellano).
 *
 * Dentro de otra transacción (`ctx.db` ya es una), `f` corre en un punto de guardado
 * (`savepoint`) de esa transacción y no se reintenta: un interbloqueo aborta la transacción de
 * afuera, y es la de afuera la que vuelve a empezar entera. Un error de `f` revierte sólo lo
 * suyo si el llamador lo atrapa.
 */
export async function transaccion<C extends { db: DbOTx }, T>(
  ctx: C,
  f: (tx: C) => Promise<T>,
  mensajes: MensajesDeIntegridad = {},
): Promise<T> {
  const anidada = ctx.db instanceof PgTransaction;
  for (let intento = 1; ; intento++) {
    try {
      return await ctx.db.transaction((tx) => f({ ...ctx, db: tx }));
    } catch (e) {
      if (!anidada && esConflictoDeConcurrencia(e) && intento < INTENTOS_DE_TRANSACCION) continue;
      throw traducirErrorPostgres(e, mensajes);
    }
  }
}
