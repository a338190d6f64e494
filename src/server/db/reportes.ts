/**
 * La conexión propia de la consola de reportes de root (issue 31, punto 12).
 *
 * La consola no corre en la conexión de la aplicación (la del dueño de las tablas) con un
 * `SET ROLE`: una consulta podía volver al dueño con `set_config('role', 'none', true)` dentro de
 * un texto que ejecuta SQL. Corre en un cliente aparte, chico (2 conexiones como mucho), que
 * INGRESA como el rol de sólo lectura `portal_reportes` (migración root_reportes: miembro de
 * portal_lectura, sólo SELECT, sin los secretos); el usuario de la sesión ES ese rol, así que no
 * hay a quién volver. Cada conexión arranca de sólo lectura y con tiempo máximo.
 *
 * Con PGlite (sin DATABASE_URL) no hay con quién ingresar aparte ni tiempo máximo: la consola está
 * apagada. En un servidor sin REPORTES_DATABASE_URL, también (no está configurada).
 */
import {
  MENSAJE_CONSOLA_PGLITE,
  MENSAJE_CONSOLA_SIN_CONFIGURAR,
  TIEMPO_MAXIMO_REPORTE_MS,
} from '@/domain/root';
import { config, type Config } from '@/server/config';
import type { Db } from './index';

/** La consola disponible (con su base) o apagada (con el mensaje que la explica). */
export type ConsolaReportes = { disponible: true; db: Db } | { disponible: false; mensaje: string };

/** Si la consola está disponible según la configuración (sin abrir nada): para la pantalla. */
export function mensajeConsolaApagada(c: Pick<Config, 'databaseUrl' | 'reportesDatabaseUrl'>) {
  if (!c.databaseUrl) return MENSAJE_CONSOLA_PGLITE;
  if (!c.reportesDatabaseUrl) return MENSAJE_CONSOLA_SIN_CONFIGURAR;
  return null;
}

/**
 * Abre el cliente de la consola (postgres.js, 2 conexiones, se conecta al primer uso). Sin
 * sentencias preparadas: cada consulta es distinta. Las conexiones arrancan con
 * `default_transaction_read_only` y `statement_timeout` (el rol los trae también).
 */
export async function abrirBaseDeReportes(
  url: string,
): Promise<{ db: Db; cerrar: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const cliente = postgres(url, {
    max: 2,
    idle_timeout: 60,
    prepare: false,
    onnotice: () => {},
    connection: {
      application_name: 'portal-reportes',
      default_transaction_read_only: true,
      statement_timeout: TIEMPO_MAXIMO_REPORTE_MS,
    },
  });
  return { db: drizzle(cliente) as unknown as Db, cerrar: () => cliente.end() };
}

const global = globalThis as unknown as { __portalReportes?: Promise<ConsolaReportes> };

/** La consola del proceso: el cliente se crea en el primer uso y se reutiliza. */
export function consolaDeReportes(): Promise<ConsolaReportes> {
  const c = config();
  const mensaje = mensajeConsolaApagada(c);
  if (mensaje) return Promise.resolve({ disponible: false, mensaje });
  global.__portalReportes ??= abrirBaseDeReportes(c.reportesDatabaseUrl!).then(
    ({ db }): ConsolaReportes => ({ disponible: true, db }),
    (e: unknown) => {
      global.__portalReportes = undefined;
      throw e;
    },
  );
  return global.__portalReportes;
}
