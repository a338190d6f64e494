/**
 * Lo común de las mediciones de procedimientos tRPC en una base propia (pasos 4f y 4g de
 * `npm run bench`: tests/bench/cronograma.ts y tests/bench/avances.ts): (re)crear y sembrar la
 * base, armar el caller con una sesión real, medir cada procedimiento (mediana y p95 de LLAMADAS
 * llamadas tras CALENTAMIENTO de calentamiento, y las sentencias SQL de una llamada sobre una
 * conexión nueva con log_statement = 'all'), ver qué procedimientos cambian de sentencias entre
 * los tamaños de los datos y la tabla en markdown.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { ZONA_HORARIA_POR_DEFECTO } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import type { RolBit } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { cargarSesion } from '@/server/auth/sesion';
import { abrirBase, type Db } from '@/server/db';
import { sembrar } from '@/server/db/seed';
import { archivoDeLog, contarSentencias } from './asistencias';

/** Llamadas medidas por procedimiento y tamaño, y las de calentamiento antes. */
export const LLAMADAS = 30;
export const CALENTAMIENTO = 10;

/** Un procedimiento a medir. */
export interface Procedimiento {
  procedimiento: string;
  /** Qué cuenta `llamar` (clases, alumnos, pendientes…). */
  unidad: string;
  /**
   * Lo que hay que hacer antes de cada llamada (leer el `anterior` de un guardado, por ejemplo):
   * queda fuera del tiempo y del conteo de sentencias.
   */
  preparar?: () => Promise<void>;
  /** Una llamada; devuelve cuántas filas de `unidad` devolvió. */
  llamar: () => Promise<number>;
}

export interface MedidaProcedimiento {
  procedimiento: string;
  /** Lo que devuelve (clases, lugares, evaluaciones…), para ver que crece con los datos. */
  filas: number;
  unidad: string;
  medianaMs: number;
  p95Ms: number;
  sentencias: number | null;
}

/** Las medidas de un tamaño de los datos. */
export interface MedidaTamano {
  /** El nombre del tamaño ('un año', 'el doble'…). */
  datos: string;
  procedimientos: MedidaProcedimiento[];
}

export const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.max(0, Math.ceil(p * ordenados.length) - 1))]!;

export function mediana(ordenados: number[]): number {
  const m = ordenados.length >> 1;
  return ordenados.length % 2 ? ordenados[m]! : (ordenados[m - 1]! + ordenados[m]!) / 2;
}

/** La base propia de una medición, recién creada. */
export interface BaseBench {
  url: string;
  /** El nombre de la base. */
  base: string;
  /** Conexión a la base `postgres` del mismo servidor (crear, borrar, log_statement). */
  admin: postgres.Sql;
  /** Una conexión a la base, para preparar los datos con SQL. */
  sql: postgres.Sql;
  /** El log del servidor, o null si no se encontró (sin conteo de sentencias). */
  log: string | null;
}

/**
 * Borra y crea la base de `url` (vacía: la migra la semilla), abre las conexiones de `BaseBench`
 * y corre `f`; las cierra al terminar.
 */
export async function conBaseNueva<T>(url: string, f: (b: BaseBench) => Promise<T>): Promise<T> {
  const base = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${base}" with (force)`);
    await admin.unsafe(`create database "${base}"`);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return await f({ url, base, admin, sql, log: await archivoDeLog(admin) });
    } finally {
      await sql.end();
    }
  } finally {
    await admin.end();
  }
}

/**
 * Siembra la escuela de demostración en la base con `{ ciclo, hoy }` y corre `despues` con esa
 * misma conexión (para abrir sesiones); la cierra al terminar.
 */
export async function sembrarBase<T>(
  url: string,
  momento: { ciclo: number; hoy: string },
  despues: (db: Db) => Promise<T>,
): Promise<T> {
  const semilla = await abrirBase({ url });
  try {
    // El día de la medición, a mediodía.
    const ahora = instanteEnZona(momento.hoy, '12:00', ZONA_HORARIA_POR_DEFECTO);
    await sembrar(semilla.db, { ...momento, ahora });
    return await despues(semilla.db);
  } finally {
    await semilla.cerrar();
  }
}

/** El caller de los procedimientos sobre `db` con la sesión abierta `sid` del usuario, con `rol`. */
export async function llamador(
  db: Db,
  usuario: { usuarioId: number; sid: string },
  rol: RolBit,
  momento: { ciclo: number; hoy: string; ahora?: Date },
) {
  const sesion = await cargarSesion(db, { usuarioId: usuario.usuarioId, rol, sid: usuario.sid });
  if (!sesion) throw new Error(`No se cargó la sesión del usuario ${usuario.usuarioId}.`);
  const { ciclo, hoy, ahora } = momento;
  return createCaller(crearContexto({ db, sesion, ciclo, hoy, ...(ahora ? { ahora } : {}) }));
}

/**
 * Mide un tamaño (tras `analyze`): los tiempos sobre una conexión sin log de sentencias y, si hay
 * log, las sentencias de una llamada (tras calentar) sobre otra abierta con log_statement = 'all'.
 * `armar` da los procedimientos sobre la conexión que recibe (se llama una vez por conexión).
 */
export async function medirProcedimientos(
  b: BaseBench,
  armar: (db: Db) => Promise<Procedimiento[]>,
): Promise<MedidaProcedimiento[]> {
  await b.sql`analyze`;
  const medidas: MedidaProcedimiento[] = [];
  const conexion = await abrirBase({ url: b.url });
  try {
    for (const p of await armar(conexion.db)) {
      const llamada = async () => {
        await p.preparar?.();
        return p.llamar();
      };
      let filas = 0;
      for (let i = 0; i < CALENTAMIENTO; i++) filas = await llamada();
      const tiempos: number[] = [];
      for (let i = 0; i < LLAMADAS; i++) {
        await p.preparar?.();
        const t0 = performance.now();
        await p.llamar();
        tiempos.push(performance.now() - t0);
      }
      tiempos.sort((a, b) => a - b);
      medidas.push({
        procedimiento: p.procedimiento,
        unidad: p.unidad,
        filas,
        medianaMs: mediana(tiempos),
        p95Ms: percentil(tiempos, 0.95),
        sentencias: null,
      });
    }
  } finally {
    await conexion.cerrar();
  }
  const log = b.log;
  if (!log) return medidas;
  // log_statement vale para las conexiones que se abren después: una conexión nueva.
  await b.admin.unsafe(`alter database "${b.base}" set log_statement = 'all'`);
  try {
    const conLog = await abrirBase({ url: b.url });
    try {
      for (const [i, p] of (await armar(conLog.db)).entries()) {
        await p.preparar?.();
        await p.llamar(); // abre las conexiones del pool que use y lee los tipos
        await p.preparar?.();
        medidas[i]!.sentencias = await contarSentencias(log, b.base, async () => {
          await p.llamar();
        });
      }
    } finally {
      await conLog.cerrar();
    }
  } finally {
    await b.admin.unsafe(`alter database "${b.base}" reset log_statement`);
  }
  return medidas;
}

/** Los procedimientos cuyas sentencias por llamada cambian entre los tamaños ("a → b"). */
export function crecen(medidas: readonly MedidaTamano[]): string[] {
  const nombres = medidas[0]?.procedimientos.map((p) => p.procedimiento) ?? [];
  return nombres.flatMap((nombre) => {
    const cuentas = medidas.map(
      (m) => m.procedimientos.find((p) => p.procedimiento === nombre)?.sentencias ?? null,
    );
    if (cuentas.some((c) => c == null) || new Set(cuentas).size === 1) return [];
    return [`${nombre}: ${cuentas.join(' → ')}`];
  });
}

/**
 * La tabla en markdown: las líneas que describen los datos de cada tamaño, una fila por tamaño y
 * procedimiento (lo que devuelve, mediana, p95, sentencias) y el control de las sentencias.
 */
export function tablaProcedimientos(medidas: readonly MedidaTamano[], datos: string[]): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const filas = medidas.flatMap((m) =>
    m.procedimientos.map(
      (p) =>
        `| ${m.datos} | ${p.procedimiento} | ${p.filas} ${p.unidad} | ${ms(p.medianaMs)} | ${ms(p.p95Ms)} | ${p.sentencias ?? '—'} |`,
    ),
  );
  const cambian = crecen(medidas);
  const conteo = medidas.every((m) => m.procedimientos.every((p) => p.sentencias != null));
  const control = !conteo
    ? '⚠ No se pudo leer el log del servidor: sin conteo de sentencias (defina BENCH_PG_LOG).'
    : cambian.length
      ? `⚠ Las sentencias por llamada cambian con el tamaño de los datos: ${cambian.join('; ')}.`
      : '✓ Las mismas sentencias por llamada en los dos tamaños.';
  return [
    ...datos,
    '',
    `| Datos | procedimiento | devuelve | mediana (${LLAMADAS} llamadas) | p95 | sentencias |`,
    '|---|---|--:|--:|--:|--:|',
    ...filas,
    '',
    control,
  ].join('\n');
}
