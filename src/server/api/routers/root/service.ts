/**
 * Herramientas de root (spec 02 §2, §7, §8, §9; issue 17 §3).
 *
 * La consola de reportes no puede cambiar nada ni leer secretos. Cuatro defensas, de afuera
 * hacia adentro (README, "Herramientas de root"):
 * 1. el filtro léxico del dominio (`analizarConsulta`): una sola sentencia de lectura, sin las
 *    funciones que las otras defensas no detienen (query_to_xml, ts_rewrite, pg_advisory_lock…);
 * 2. una conexión propia (`ctx.reportes`, src/server/db/reportes.ts) que INGRESA como el rol
 *    `portal_reportes` (migraciones 0017 y root_reportes): sólo SELECT, sin la tabla `sesiones`, el
 *    secreto de `enlaces_calendario` ni el contenido de `archivos`; como el usuario de la sesión es
 *    ese rol, ningún `SET ROLE` ni `set_config('role', …)` vuelve al dueño de las tablas;
 * 3. una transacción READ ONLY que siempre termina en ROLLBACK;
 * 4. `statement_timeout` (5 s) y un tope de filas, columnas y caracteres por celda.
 * Con PGlite la consola está apagada (no hay rol con el que ingresar ni tiempo máximo); en un
 * servidor sin REPORTES_DATABASE_URL, también. Cada consulta queda en la auditoría con su texto y
 * la cantidad de filas o el error.
 */
import { TRPCError } from '@trpc/server';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  analizarConsulta,
  MAX_CARACTERES_CELDA,
  MAX_COLUMNAS_REPORTE,
  MAX_FILAS_REPORTE,
  TIEMPO_MAXIMO_REPORTE_MS,
} from '@/domain/root';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import type { Db } from '@/server/db';
import { auditoria, dispositivosAdmin, registro, usuarios } from '@/server/db/schema';
import { revocarDispositivos } from '@/server/auth/admin';
import { errorPostgres, transaccion } from '@/server/errores';
import type { EntradaLog, EntradaReporte, EntradaRevocarDispositivo } from './schemas';
import { cantidad } from '@/domain/texto';

/** El rol con los permisos de lectura (migración 0017_root_lectura). */
export const ROL_LECTURA = 'portal_lectura';
/** El rol con el que ingresa la conexión de la consola: miembro de ROL_LECTURA (root_reportes). */
export const ROL_REPORTES = 'portal_reportes';

export interface ResultadoReporte {
  columnas: string[];
  /** Cada celda como texto (la representación JSON de PostgreSQL) o null. */
  filas: (string | null)[][];
  /** Había más de MAX_FILAS_REPORTE filas: se muestran las primeras. */
  truncado: boolean;
}

export const MENSAJE_ROL_INSEGURO = `La consola de reportes no ejecuta consultas: REPORTES_DATABASE_URL ingresa con un usuario que no es de sólo lectura (debe ser ${ROL_REPORTES}; README, "Herramientas de root").`;
export const MENSAJE_TIEMPO = `La consulta superó el tiempo máximo de ${TIEMPO_MAXIMO_REPORTE_MS / 1000} s y se canceló.`;
export const mensajeColumnas = (n: number) =>
  `La consulta devuelve ${n} columnas; el máximo es ${MAX_COLUMNAS_REPORTE}.`;

/** El mensaje en castellano de un error de la consulta (con el de PostgreSQL), o null. */
export function mensajeDeErrorSql(e: unknown): string | null {
  const pg = errorPostgres(e);
  if (!pg) return null;
  switch (pg.code) {
    case '57014':
      return MENSAJE_TIEMPO;
    case '25006':
      return `La consola de reportes no cambia datos (la transacción es de sólo lectura): ${pg.mensaje}`;
    case '28000':
    case '28P01':
      return `La consola de reportes no pudo ingresar a la base con REPORTES_DATABASE_URL (revise el usuario ${ROL_REPORTES} y su clave): ${pg.mensaje}`;
    case '42501':
      return `Sin permiso para leer eso (la consola no muestra secretos ni cambia nada): ${pg.mensaje}`;
    default:
      return `La consulta falló: ${pg.mensaje}`;
  }
}

/** Las filas de `execute` (postgres.js devuelve un arreglo; PGlite, { rows }). */
function filasDe<T>(r: unknown): T[] {
  return Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []);
}
/** Los nombres de las columnas del resultado, repetidos incluidos (postgres.js: columns; PGlite: fields). */
function columnasDe(r: unknown): string[] {
  const x = r as { columns?: { name: string }[]; fields?: { name: string }[] };
  return (x.columns ?? x.fields ?? []).map((c) => c.name);
}

class Revertir extends Error {}
class ErrorDeReporte extends Error {}

/**
 * Ejecuta la consulta (ya aceptada por el filtro) en la base de la consola (la conexión que
 * ingresa con el rol de lectura), en una transacción de sólo lectura que se revierte siempre: ni
 * un `set_config(…, false)` sobrevive. Antes mira que el usuario de la sesión no sea superusuario
 * ni miembro del dueño de las tablas (una REPORTES_DATABASE_URL mal puesta). Los valores salen de
 * la base ya como texto (row_to_json, columnas repetidas incluidas), cortados a
 * MAX_CARACTERES_CELDA.
 */
export async function ejecutarSoloLectura(db: Db, consulta: string): Promise<ResultadoReporte> {
  let resultado: ResultadoReporte | undefined;
  try {
    await transaccion({ db }, async ({ db: tx }) => {
      await tx.execute(sql`set transaction read only`);
      const [rol] = filasDe<{ inseguro: boolean }>(
        await tx.execute(
          sql`select r.rolsuper or pg_has_role(session_user, t.tableowner, 'MEMBER') as inseguro
              from pg_roles r, pg_tables t
              where r.rolname = session_user and t.schemaname = 'public' and t.tablename = 'usuarios'`,
        ),
      );
      if (rol?.inseguro !== false) throw new ErrorDeReporte(MENSAJE_ROL_INSEGURO);
      await tx.execute(sql.raw(`set local statement_timeout = ${TIEMPO_MAXIMO_REPORTE_MS}`));
      await tx.execute(sql`set local standard_conforming_strings = on`);
      const cabecera = await tx.execute(
        sql.raw(`select * from (\n${consulta}\n) as reporte limit 0`),
      );
      const columnas = columnasDe(cabecera);
      if (columnas.length > MAX_COLUMNAS_REPORTE)
        throw new ErrorDeReporte(mensajeColumnas(columnas.length));
      const datos = await tx.execute(
        sql.raw(
          `select (select json_agg(case when length(t.valor) > ${MAX_CARACTERES_CELDA} ` +
            `then left(t.valor, ${MAX_CARACTERES_CELDA}) || '…' else t.valor end order by t.n) ` +
            `from json_each_text(row_to_json(reporte.*)) with ordinality as t(clave, valor, n)) as fila ` +
            `from (\n${consulta}\n) as reporte limit ${MAX_FILAS_REPORTE + 1}`,
        ),
      );
      const filas = filasDe<{ fila: (string | null)[] | null }>(datos).map((f) =>
        columnas.map((_, i) => f.fila?.[i] ?? null),
      );
      resultado = {
        columnas,
        filas: filas.slice(0, MAX_FILAS_REPORTE),
        truncado: filas.length > MAX_FILAS_REPORTE,
      };
      throw new Revertir();
    });
  } catch (e) {
    if (!(e instanceof Revertir)) throw e;
  }
  return resultado!;
}

const ACCION_REPORTE = 'root.reporte';

/** POST /root/reportes: una consulta de lectura; el error (del filtro o de la base) es un 400. */
export async function reporte(ctx: Ctx, { sql: texto }: EntradaReporte): Promise<ResultadoReporte> {
  const consola = await ctx.reportes();
  const analisis = analizarConsulta(texto);
  let error: string | null = !consola.disponible
    ? consola.mensaje
    : analisis.ok
      ? null
      : analisis.error;
  let resultado: ResultadoReporte | null = null;
  if (consola.disponible && analisis.ok) {
    try {
      resultado = await ejecutarSoloLectura(consola.db, analisis.consulta);
    } catch (e) {
      error = e instanceof ErrorDeReporte ? e.message : mensajeDeErrorSql(e);
      // Un error que no es de la consulta (la base caída): 500 con el id, en el registro.
      if (error === null) throw e;
    }
  }
  await auditar(ctx, {
    accion: ACCION_REPORTE,
    entidad: 'consulta',
    despues: resultado
      ? { sql: texto, filas: resultado.filas.length, truncado: resultado.truncado }
      : { sql: texto, error },
  });
  if (!resultado) throw new TRPCError({ code: 'BAD_REQUEST', message: error! });
  return resultado;
}

export interface LineaLog {
  /** 'e12' (registro) o 'a34' (auditoría): único en la lista. */
  id: string;
  cuando: Date;
  tipo: 'error' | 'auditoria';
  requestId: string | null;
  texto: string;
}

const MAX_SQL_EN_LINEA = 300;

const nombreDe = (nombre: string | null, apellido: string | null, id: number | null) =>
  nombre != null ? `${nombre} ${apellido ?? ''}`.trim() : `usuario ${id ?? '?'}`;

/**
 * El texto de una línea de la auditoría: acción, entidad, quién, con qué rol, desde dónde. En
 * una suplantación (/bypass), "Admin como Usuario" antes del correo del usuario.
 */
function textoDeAuditoria(a: {
  accion: string;
  entidad: string;
  entidadId: string | null;
  usuarioId: number | null;
  email: string | null;
  nombre: string | null;
  apellido: string | null;
  rol: number | null;
  ip: string | null;
  despues: unknown;
  impersonadoPor: number | null;
  nombreAdmin: string | null;
  apellidoAdmin: string | null;
}): string {
  const quien = a.email ? `${a.email}${a.rol != null ? ` (rol ${a.rol})` : ''}` : 'sin usuario';
  const partes = [`${a.accion} ${a.entidad}${a.entidadId ? ` ${a.entidadId}` : ''}`];
  if (a.impersonadoPor != null)
    partes.push(
      `${nombreDe(a.nombreAdmin, a.apellidoAdmin, a.impersonadoPor)} como ${nombreDe(a.nombre, a.apellido, a.usuarioId)}`,
    );
  partes.push(quien);
  if (a.ip) partes.push(`IP ${a.ip}`);
  const d = a.despues as { sql?: unknown; filas?: unknown; error?: unknown } | null;
  if (a.accion === ACCION_REPORTE && d && typeof d.sql === 'string') {
    const consulta = d.sql.replace(/\s+/g, ' ').trim();
    partes.push(
      consulta.length > MAX_SQL_EN_LINEA ? `${consulta.slice(0, MAX_SQL_EN_LINEA)}…` : consulta,
    );
    if (typeof d.filas === 'number') partes.push(cantidad(d.filas, 'fila', 'filas'));
    if (typeof d.error === 'string') partes.push(`error: ${d.error}`);
  }
  return partes.join(' · ');
}

/**
 * GET /root/log/{lines}: las últimas `lineas` líneas del registro (errores) y de la auditoría,
 * mezcladas por fecha, las más recientes primero. Dos consultas con LIMIT sobre índices por fecha.
 */
export async function log(ctx: Ctx, { lineas }: EntradaLog): Promise<{ lineas: LineaLog[] }> {
  const errores = await ctx.db
    .select()
    .from(registro)
    .orderBy(desc(registro.cuando), desc(registro.id))
    .limit(lineas);
  const admin = alias(usuarios, 'admin');
  const auditadas = await ctx.db
    .select({
      id: auditoria.id,
      cuando: auditoria.cuando,
      accion: auditoria.accion,
      entidad: auditoria.entidad,
      entidadId: auditoria.entidadId,
      usuarioId: auditoria.usuarioId,
      rol: auditoria.rol,
      ip: auditoria.ip,
      despues: auditoria.despues,
      email: usuarios.email,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      impersonadoPor: auditoria.impersonadoPor,
      nombreAdmin: admin.nombre,
      apellidoAdmin: admin.apellido,
    })
    .from(auditoria)
    .leftJoin(usuarios, eq(usuarios.id, auditoria.usuarioId))
    .leftJoin(admin, eq(admin.id, auditoria.impersonadoPor))
    .orderBy(desc(auditoria.cuando), desc(auditoria.id))
    .limit(lineas);
  const todas: (LineaLog & { orden: number })[] = [
    ...errores.map((e) => ({
      id: `e${e.id}`,
      orden: e.id,
      cuando: e.cuando,
      tipo: 'error' as const,
      requestId: e.requestId,
      texto: `${e.ruta ? `${e.ruta} · ` : ''}${e.mensaje}`,
    })),
    ...auditadas.map((a) => ({
      id: `a${a.id}`,
      orden: a.id,
      cuando: a.cuando,
      tipo: 'auditoria' as const,
      requestId: null,
      texto: textoDeAuditoria(a),
    })),
  ];
  todas.sort((x, y) => y.cuando.getTime() - x.cuando.getTime() || y.orden - x.orden);
  return { lineas: todas.slice(0, lineas).map(({ orden: _o, ...l }) => l) };
}

export interface DispositivoAdmin {
  id: string;
  creado: Date;
  ultimoUso: Date | null;
  ip: string | null;
  userAgent: string | null;
  revocado: Date | null;
  /** Quién lo revocó (nombre), si fue una persona; null si lo revocó el cambio de clave. */
  revocadoPor: string | null;
  /** Es el dispositivo de esta petición. */
  esEste: boolean;
}

/** Cuántos dispositivos muestra /root/dispositivos (los más nuevos). */
export const MAX_DISPOSITIVOS = 200;

/** GET /root/dispositivos: los dispositivos de administración, los más nuevos primero. */
export async function dispositivos(ctx: Ctx): Promise<{ dispositivos: DispositivoAdmin[] }> {
  const filas = await ctx.db
    .select({
      id: dispositivosAdmin.id,
      creado: dispositivosAdmin.creado,
      ultimoUso: dispositivosAdmin.ultimoUso,
      ip: dispositivosAdmin.ip,
      userAgent: dispositivosAdmin.userAgent,
      revocado: dispositivosAdmin.revocado,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
    })
    .from(dispositivosAdmin)
    .leftJoin(usuarios, eq(usuarios.id, dispositivosAdmin.revocadoPor))
    .orderBy(desc(dispositivosAdmin.creado), desc(dispositivosAdmin.id))
    .limit(MAX_DISPOSITIVOS);
  return {
    dispositivos: filas.map(({ nombre, apellido, ...d }) => ({
      ...d,
      revocadoPor: nombre != null ? `${nombre} ${apellido ?? ''}`.trim() : null,
      esEste: d.id === ctx.dispositivoId,
    })),
  };
}

/**
 * Revoca un dispositivo de administración: desde ya su cookie no vale, y las sesiones de
 * suplantación abiertas desde él se cierran (en la misma transacción). Auditado.
 */
export async function revocarDispositivo(
  ctx: Ctx,
  { id }: EntradaRevocarDispositivo,
): Promise<{ ok: true }> {
  return transaccion(ctx, async (tx) => {
    const [d] = await tx.db
      .select()
      .from(dispositivosAdmin)
      .where(eq(dispositivosAdmin.id, id))
      .for('update');
    if (!d) throw new TRPCError({ code: 'NOT_FOUND', message: 'El dispositivo no existe.' });
    if (d.revocado)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'El dispositivo ya estaba revocado.' });
    await revocarDispositivos(tx.db, { id }, ctx.sesion.usuario.id);
    await auditar(tx, {
      accion: 'root.dispositivo_revocado',
      entidad: 'dispositivo',
      entidadId: id,
      antes: { creado: d.creado, ip: d.ip, userAgent: d.userAgent },
      despues: { revocado: true },
    });
    return { ok: true as const };
  });
}
