/**
 * El trabajador de la cola de avisos (issue 35 §1): corre dentro de `npm start` y `npm run dev`
 * (src/instrumentation.ts, salvo AVISOS_TRABAJADOR=no) o solo, con `npm run worker`. pg-boss toma
 * cada trabajo con `FOR UPDATE SKIP LOCKED` (dos trabajadores nunca toman el mismo), lo reintenta
 * con espera creciente si falla, y lo retoma si el proceso murió a mitad (vence a los 5 min).
 * Lo que hace cada trabajo es idempotente (claves únicas de avisos y envíos): un reintento no manda
 * nada dos veces.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type Job } from 'pg-boss';
import type { Categoria } from '@/domain/avisos';
import type { Config } from '@/server/config';
import type { Conexion, DbOTx } from '@/server/db';
import { COLAS, ESQUEMA_COLA } from './cola';
import { crearCorreo, procesarCorreo, procesarResumen } from './correo';
import type { Evento } from './eventos';
import { DIARIOS } from './eventos/diarios';
import { procesarEvento } from './procesar';
import type { Correo, CtxTrabajo } from './tipos';

type DatosCorreo = { usuario: number; categoria: Categoria; dia: string };

/** El reloj de la escuela en el momento de cada trabajo. */
export type Reloj = () => { instante: Date; hoy: string; zona: string };

/** El contexto de los trabajos a partir de la configuración (se lee una vez, al arrancar). */
export function contextoDeTrabajo(
  db: DbOTx,
  c: Config,
  reloj: Reloj,
  correo: Correo | null = c.smtp ? crearCorreo(c.smtp) : null,
): () => CtxTrabajo {
  const urlBase = (c.authUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  return () => {
    const m = reloj();
    return {
      db,
      ahora: m.instante,
      hoy: m.hoy,
      zona: m.zona,
      esperaAsistencia: c.esperaAvisosSegundos ?? null,
      urlBase,
      secreto: c.authSecret ?? 'secreto-de-desarrollo-no-usar-en-produccion',
      correo,
      rebotes: c.rebotes?.direccion ?? null,
    };
  };
}

/** Lo que hace cada cola con un trabajo. */
export function manejadores(ctx: () => CtxTrabajo) {
  return {
    [COLAS.evento]: async (datos: unknown) => {
      await procesarEvento(ctx(), datos as Evento);
    },
    [COLAS.correo]: async (datos: unknown) => {
      await procesarCorreo(ctx(), datos as DatosCorreo);
    },
    [COLAS.resumen]: async (datos: unknown) => {
      const c = ctx();
      const hora = (datos as { hora?: number } | null)?.hora ?? horaEn(c.ahora, c.zona);
      await procesarResumen(c, { hora });
    },
  } satisfies Record<string, (datos: unknown) => Promise<void>>;
}

export const horaEn = (instante: Date, zona: string): number =>
  Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zona }).format(
      instante,
    ),
  );

/**
 * Arranca el trabajador sobre la conexión del proceso: su propio pool (servidor) o el PGlite
 * compartido. El resumen diario se agenda cada hora en punto (hora de la escuela): cada persona lo
 * recibe a la hora que eligió.
 */
export async function iniciarTrabajador(
  conexion: Conexion,
  c: Config,
  reloj: Reloj,
  registro: (m: string) => void = (m) => console.warn(m),
): Promise<PgBoss> {
  const boss =
    conexion.tipo === 'pglite' && conexion.pglite
      ? new PgBoss({ db: fromPglite(conexion.pglite), backend: 'pglite', schema: ESQUEMA_COLA })
      : new PgBoss({ connectionString: conexion.url!, max: 3, schema: ESQUEMA_COLA });
  boss.on('error', (e) => console.error('[avisos] error de la cola:', e));
  await boss.start();
  const ctx = contextoDeTrabajo(conexion.db, c, reloj);
  const porCola = manejadores(ctx);
  for (const [cola, manejar] of Object.entries(porCola))
    // De a 10 por consulta y, si vinieron 10, la siguiente enseguida (no a los 2 s): una mañana
    // con decenas de inasistencias no hace cola de a un correo cada 2 s. Cada trabajo termina por
    // su cuenta: el que falla se reintenta solo, sin arrastrar a los demás del lote.
    await boss.work(
      cola,
      { batchSize: 10, pollingIntervalSeconds: 2, burstWhenBatchFull: true, perJobResults: true },
      async (jobs: Job[]) => {
        const resultados: { id: string; status: 'completed' | 'failed'; output?: object }[] = [];
        for (const job of jobs)
          try {
            await manejar(job.data);
            resultados.push({ id: job.id, status: 'completed' });
          } catch (e) {
            const message = e instanceof Error ? e.message : String(e);
            resultados.push({ id: job.id, status: 'failed', output: { message } });
          }
        return resultados;
      },
    );
  await boss.schedule(COLAS.resumen, '0 * * * *', null, { tz: c.zonaHoraria });
  // Los hechos del día (notas publicadas, evaluaciones próximas): ./eventos/diarios.ts.
  for (const d of DIARIOS)
    await boss.schedule(COLAS.evento, d.cron, d.evento, {
      tz: c.zonaHoraria,
      key: d.clave,
      missed: 'once',
    });
  if (c.rebotes?.puerto != null) {
    // El receptor de rebotes (SMTP entrante): se carga sólo si está configurado. Con node:cluster
    // (npm start con varios procesos) el puerto se comparte; si no se puede abrir (otro trabajador
    // en la misma máquina ya lo tiene), la cola sigue igual y lo dice.
    const puerto = c.rebotes.puerto;
    try {
      const { iniciarReceptorRebotes } = await import('./correo/receptor');
      const receptor = await iniciarReceptorRebotes({
        db: conexion.db,
        direccion: c.rebotes.direccion,
        secreto: ctx().secreto,
        puerto,
        ahora: () => reloj().instante,
        registro,
      });
      boss.once('stopped', () => void receptor.cerrar());
      registro(
        `[avisos] Recibiendo rebotes para ${c.rebotes.direccion} en el puerto ${receptor.puerto}.`,
      );
    } catch (e) {
      registro(
        `[avisos] No se pudo abrir el puerto ${puerto} para recibir rebotes (${e instanceof Error ? e.message : String(e)}); los avisos siguen.`,
      );
    }
  }
  if (!c.smtp)
    registro(
      '[avisos] Sin SMTP_URL: los avisos no se mandan por correo (los del portal siguen funcionando).',
    );
  return boss;
}

/**
 * Corre en este proceso, uno tras otro, los trabajos ya vencidos de las colas hasta vaciarlas (las
 * pruebas y `npm run bench`): el mismo camino que el trabajador (fetch → manejador → complete).
 * Devuelve cuántos corrió.
 */
export async function vaciarCola(ctx: CtxTrabajo, maximo = 10_000): Promise<number> {
  const boss = new PgBoss({ db: fromDrizzle(ctx.db as never, sql as never), schema: ESQUEMA_COLA });
  const porCola = manejadores(() => ctx);
  let corridos = 0;
  for (let vuelta = true; vuelta && corridos < maximo;) {
    vuelta = false;
    for (const [cola, manejar] of Object.entries(porCola)) {
      const trabajos = await boss.fetch(cola, { batchSize: 50 });
      for (const t of trabajos) {
        try {
          await manejar(t.data);
          await boss.complete(cola, t.id);
        } catch (e) {
          await boss.fail(cola, t.id);
          throw e;
        }
        corridos++;
        vuelta = true;
      }
    }
  }
  return corridos;
}
