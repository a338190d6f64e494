/**
 * La cola de trabajos de los avisos (issue 35 §1), en la misma base PostgreSQL del portal, con
 * pg-boss (esquema `pgboss`): sin otro servidor, también sobre PGlite.
 *
 * - `instalarCola`: crea el esquema de pg-boss y las colas si faltan; lo llama `abrirBase` después
 *   de las migraciones (así toda base, también la de cada prueba, puede encolar).
 * - `encolar(db, evento)`: el cambio que causa un aviso lo encola con la misma transacción `db`
 *   (`fromDrizzle`): si la transacción se deshace, no queda ningún trabajo.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { fromDrizzle, getConstructionPlans, PgBoss, type Db as DbBoss } from 'pg-boss';
import type { DbOTx } from '@/server/db';
import type { Evento } from './eventos';

export const ESQUEMA_COLA = 'pgboss';

/** Las colas: los hechos por componer, los correos por mandar y el resumen diario (cada hora). */
export const COLAS = {
  evento: 'avisos-evento',
  correo: 'avisos-correo',
  resumen: 'avisos-resumen',
} as const;

/** Reintentos con espera creciente (30 s, 60 s, 120 s… hasta 1 h); vence a los 5 min activo. */
const OPCIONES_COLA = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  retentionSeconds: 14 * 24 * 3600,
  deleteAfterSeconds: 7 * 24 * 3600,
};

/** Lo mínimo de una conexión para instalar: una sentencia de texto (varias, sin parámetros). */
export type Ejecutar = (texto: string) => Promise<unknown>;

/**
 * Instala pg-boss y crea las colas del portal si faltan. Quien la llama ya tiene el candado de
 * migraciones (o es el único proceso: PGlite). Con pg-boss más nuevo, `PgBoss.start()` del
 * trabajador migra su esquema él mismo.
 */
export async function instalarCola(
  ejecutar: (texto: string, valores?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<void> {
  const { rows } = await ejecutar(
    `select to_regclass('${ESQUEMA_COLA}.version') is not null as hay`,
  );
  if (!rows[0]?.hay) await ejecutar(getConstructionPlans(ESQUEMA_COLA));
  const existentes = await ejecutar(`select name from ${ESQUEMA_COLA}.queue`);
  const hay = new Set(existentes.rows.map((r) => String(r.name)));
  const boss = new PgBoss({ db: { executeSql: ejecutar } as DbBoss, schema: ESQUEMA_COLA });
  for (const nombre of Object.values(COLAS))
    if (!hay.has(nombre)) await boss.createQueue(nombre, OPCIONES_COLA);
}

/**
 * El emisor de trabajos del proceso: una sola instancia de pg-boss (sin arrancar: sólo encola),
 * así recuerda la tabla de cada cola y encolar es una sola sentencia. Cada consulta va por la
 * transacción del cambio que encola (`enLaTransaccion`), nunca por otra conexión: con PGlite (una
 * conexión) otra esperaría a la transacción y la transacción a ella.
 */
const enLaTransaccion = new AsyncLocalStorage<DbBoss>();
let emisor: PgBoss | null = null;
function elEmisor(): PgBoss {
  emisor ??= new PgBoss({
    schema: ESQUEMA_COLA,
    db: {
      executeSql(texto, valores) {
        const db = enLaTransaccion.getStore();
        if (!db) throw new Error('Se encola siempre dentro de la transacción del cambio.');
        return db.executeSql(texto, valores);
      },
    },
  });
  return emisor;
}

function enviar(db: DbOTx, cola: string, datos: object, despuesDe?: number) {
  const adaptador = fromDrizzle(db as never, sql as never);
  return enLaTransaccion.run(adaptador, () =>
    elEmisor().send(cola, datos, {
      db: adaptador,
      ...(despuesDe ? { startAfter: despuesDe } : {}),
    }),
  );
}

/**
 * Encola un hecho para avisar, en la transacción `db` del cambio que lo causa. `despuesDe`: no antes
 * de tantos segundos. Devuelve el id del trabajo.
 */
export async function encolar(
  db: DbOTx,
  evento: Evento,
  opciones: { despuesDe?: number } = {},
): Promise<string | null> {
  return enviar(db, COLAS.evento, evento as unknown as object, opciones.despuesDe);
}

/** Encola el correo de un aviso en el momento (el trabajador, al componer). */
export async function encolarCorreo(
  db: DbOTx,
  datos: { usuario: number; categoria: string; dia: string },
  despuesDe: number,
): Promise<string | null> {
  return enviar(db, COLAS.correo, datos, despuesDe);
}
