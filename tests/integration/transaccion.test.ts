/**
 * `transaccion(ctx, async (tx) => …)` (src/server/errores.ts, issue 33 §5): la única forma de
 * abrir una transacción en el servidor. En PGlite y (con TEST_DATABASE_URL) en el servidor: la
 * devolución recibe el contexto sobre la transacción; un interbloqueo o una serialización la
 * vuelven a correr desde el principio (a lo sumo INTENTOS_DE_TRANSACCION veces) y lo del intento
 * fallido no queda; un índice único violado es un 409 con el mensaje del llamador; dentro de otra
 * transacción corre en un punto de guardado y la que se reintenta es la de afuera.
 */
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { auditar } from '@/server/auditoria';
import { crearContexto, type Contexto } from '@/server/contexto';
import type { Conexion, DbOTx } from '@/server/db';
import { errorPostgres, INTENTOS_DE_TRANSACCION, PG, transaccion } from '@/server/errores';
import { crearBaseDePrueba } from '../fixtures/base';

jest.setTimeout(120_000);

const BASES = [{ nombre: 'PGlite', servidor: false }];
if (process.env.TEST_DATABASE_URL) BASES.push({ nombre: 'PostgreSQL', servidor: true });

const REPETIDO = 'Ya hay una fila con ese nombre.';
const MENSAJES = { unico: { prueba_tx_nombre_unico: REPETIDO } };

/** Las filas de una consulta (postgres.js devuelve un arreglo; PGlite, `{ rows }`). */
async function consultar<T>(db: DbOTx, q: ReturnType<typeof sql>): Promise<T[]> {
  const r: unknown = await db.execute(q);
  return [...((Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[])].map((f) => ({ ...f }));
}

/** Las filas de la tabla de prueba, por id. */
const filas = (db: DbOTx) =>
  consultar<{ id: number; nombre: string | null; v: number }>(
    db,
    sql`select id, nombre, v from prueba_tx order by id`,
  );

/** Las entradas de auditoría de la tabla de prueba (su entidad_id). */
const auditadas = async (db: DbOTx) =>
  (
    await consultar<{ id: string }>(
      db,
      sql`select entidad_id as id from auditoria where entidad = 'prueba_tx' order by id`,
    )
  ).map((f) => f.id);

/** Una sentencia que Postgres aborta con ese SQLSTATE (como lo haría con otra transacción). */
const abortar = (db: DbOTx, codigo: string) =>
  db.execute(sql.raw(`do $$ begin raise exception 'abortada' using errcode = '${codigo}'; end $$`));

/** El error con que se rechaza `p`. */
async function rechazo(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('no se rechazó');
}

describe.each(BASES)('en $nombre', ({ servidor }) => {
  let c: Conexion;
  let ctx: Contexto;
  beforeAll(async () => {
    c = servidor
      ? await crearBaseDePrueba()
      : await (await import('@/server/db')).abrirBase({ dataDir: 'memory://' });
    ctx = crearContexto({ db: c.db, sesion: null, hoy: '2026-05-04', ip: '10.0.0.1' });
  });
  afterAll(() => c?.cerrar());
  beforeEach(async () => {
    await c.db.execute(sql`drop table if exists prueba_tx`);
    await c.db.execute(
      sql`create table prueba_tx (id int primary key, v int not null default 0,
          nombre text constraint prueba_tx_nombre_unico unique)`,
    );
    await c.db.execute(sql`insert into prueba_tx (id) values (1), (2)`);
  });

  test('la devolución recibe el mismo contexto sobre la transacción; lo escrito queda al terminar', async () => {
    const r = await transaccion(ctx, async (tx) => {
      expect(tx.db).not.toBe(ctx.db);
      expect({ hoy: tx.hoy, ip: tx.ip, requestId: tx.requestId }).toEqual({
        hoy: '2026-05-04',
        ip: '10.0.0.1',
        requestId: ctx.requestId,
      });
      await tx.db.execute(sql`insert into prueba_tx (id, nombre) values (3, 'c')`);
      // Dentro de la transacción se ve lo propio; fuera, todavía no.
      expect((await filas(tx.db)).map((f) => f.id)).toEqual([1, 2, 3]);
      if (servidor) expect((await filas(ctx.db)).map((f) => f.id)).toEqual([1, 2]);
      return 'listo';
    });
    expect(r).toBe('listo');
    expect((await filas(c.db)).map((f) => f.id)).toEqual([1, 2, 3]);
  });

  test('un índice único violado es un 409 con el mensaje del llamador, y no queda nada (auditoría incluida)', async () => {
    const antes = await auditadas(c.db);
    let intentos = 0;
    const e = await rechazo(
      transaccion(
        ctx,
        async (tx) => {
          intentos++;
          await tx.db.execute(sql`update prueba_tx set v = 7 where id = 1`);
          await tx.db.execute(sql`insert into prueba_tx (id, nombre) values (3, 'x')`);
          await auditar(tx, { accion: 'prueba', entidad: 'prueba_tx', entidadId: 3 });
          await tx.db.execute(sql`insert into prueba_tx (id, nombre) values (4, 'x')`);
        },
        MENSAJES,
      ),
    );
    expect(e).toBeInstanceOf(TRPCError);
    expect((e as TRPCError).code).toBe('CONFLICT');
    expect((e as TRPCError).message).toBe(REPETIDO);
    expect(intentos).toBe(1); // Una violación de integridad no se reintenta.
    expect(await filas(c.db)).toEqual([
      { id: 1, nombre: null, v: 0 },
      { id: 2, nombre: null, v: 0 },
    ]);
    expect(await auditadas(c.db)).toEqual(antes);
  });

  test('sin mensaje para ese índice, el error de PostgreSQL sigue tal cual', async () => {
    const e = await rechazo(
      transaccion(ctx, async (tx) => {
        await tx.db.execute(sql`insert into prueba_tx (id, nombre) values (3, 'x'), (4, 'x')`);
      }),
    );
    expect(e).not.toBeInstanceOf(TRPCError);
    expect(errorPostgres(e)?.code).toBe(PG.unico);
  });

  test('una serialización fallida se vuelve a correr desde el principio, sin lo del intento anterior', async () => {
    let intentos = 0;
    const r = await transaccion(ctx, async (tx) => {
      intentos++;
      // Nada acumulado afuera: cada intento empieza de cero y ve la base sin lo del anterior.
      const vistas = (await filas(tx.db)).map((f) => f.v);
      await tx.db.execute(sql`update prueba_tx set v = v + 1`);
      await auditar(tx, {
        accion: 'prueba',
        entidad: 'prueba_tx',
        entidadId: `intento-${intentos}`,
      });
      if (intentos < INTENTOS_DE_TRANSACCION) await abortar(tx.db, PG.serializacion);
      return vistas;
    });
    expect(intentos).toBe(INTENTOS_DE_TRANSACCION);
    expect(r).toEqual([0, 0]);
    expect((await filas(c.db)).map((f) => f.v)).toEqual([1, 1]);
    const antes = await auditadas(c.db);
    expect(antes.filter((id) => id.startsWith('intento-'))).toEqual([
      `intento-${INTENTOS_DE_TRANSACCION}`,
    ]);
  });

  test(`a lo sumo ${INTENTOS_DE_TRANSACCION} intentos: después el conflicto llega al llamador`, async () => {
    let intentos = 0;
    const e = await rechazo(
      transaccion(
        ctx,
        async (tx) => {
          intentos++;
          await tx.db.execute(sql`update prueba_tx set v = v + 1`);
          await abortar(tx.db, PG.interbloqueo);
        },
        MENSAJES,
      ),
    );
    expect(intentos).toBe(INTENTOS_DE_TRANSACCION);
    expect(errorPostgres(e)?.code).toBe(PG.interbloqueo);
    expect((await filas(c.db)).map((f) => f.v)).toEqual([0, 0]);
  });

  test('anidada: corre en un punto de guardado y no se reintenta sola; se reintenta la de afuera', async () => {
    let afuera = 0;
    let adentro = 0;
    await transaccion(ctx, async (tx) => {
      afuera++;
      await tx.db.execute(sql`update prueba_tx set v = v + 1 where id = 1`);
      await transaccion(tx, async (tx2) => {
        adentro++;
        expect(tx2.db).not.toBe(tx.db);
        await tx2.db.execute(sql`update prueba_tx set v = v + 10 where id = 2`);
        if (afuera === 1) await abortar(tx2.db, PG.serializacion);
      });
    });
    expect({ afuera, adentro }).toEqual({ afuera: 2, adentro: 2 });
    expect((await filas(c.db)).map((f) => f.v)).toEqual([1, 10]);
  });

  test('anidada: si la de afuera atrapa el error, se revierte sólo lo de adentro', async () => {
    await transaccion(ctx, async (tx) => {
      await tx.db.execute(sql`insert into prueba_tx (id, nombre) values (3, 'x')`);
      const e = await rechazo(
        transaccion(
          tx,
          async (tx2) => {
            await tx2.db.execute(sql`update prueba_tx set v = 5 where id = 1`);
            await tx2.db.execute(sql`insert into prueba_tx (id, nombre) values (4, 'x')`);
          },
          MENSAJES,
        ),
      );
      expect((e as TRPCError).message).toBe(REPETIDO);
      await tx.db.execute(sql`update prueba_tx set v = 9 where id = 2`);
    });
    expect(await filas(c.db)).toEqual([
      { id: 1, nombre: null, v: 0 },
      { id: 2, nombre: null, v: 9 },
      { id: 3, nombre: 'x', v: 0 },
    ]);
  });

  if (servidor)
    test('un interbloqueo de verdad entre dos escrituras: la abortada se reintenta y las dos quedan una vez', async () => {
      // Cada una toma una fila y espera a que la otra tome la suya; después pide la de la otra.
      let tomadas = 0;
      let soltar!: () => void;
      const ambas = new Promise<void>((r) => (soltar = r));
      const intentos = { a: 0, b: 0 };
      const escribir = (quien: 'a' | 'b', primera: number, segunda: number) =>
        transaccion(ctx, async (tx) => {
          intentos[quien]++;
          await tx.db.execute(sql`set local deadlock_timeout = '200ms'`);
          await tx.db.execute(sql`update prueba_tx set v = v + 1 where id = ${primera}`);
          if (intentos[quien] === 1) {
            if (++tomadas === 2) soltar();
            await ambas;
          }
          await tx.db.execute(sql`update prueba_tx set v = v + 1 where id = ${segunda}`);
          return quien;
        });
      expect(await Promise.all([escribir('a', 1, 2), escribir('b', 2, 1)])).toEqual(['a', 'b']);
      // PostgreSQL abortó una de las dos (40P01) y esa volvió a correr: tres intentos en total.
      expect(intentos.a + intentos.b).toBe(3);
      // Cada una sumó 1 a cada fila exactamente una vez: nada del intento abortado quedó.
      expect((await filas(c.db)).map((f) => f.v)).toEqual([2, 2]);
    });
});
