import { and, eq, inArray, sql } from 'drizzle-orm';
import { crearBaseDePrueba } from '../fixtures/base';
import { abrirBase, baseVacia, type Conexion, type Db } from '@/server/db';
import { usuarios } from '@/server/db/schema';
import { filasDe, MAX_PARAMETROS_PREPARADA } from '@/server/db/sql';

let c: Conexion;
beforeAll(async () => {
  c = await crearBaseDePrueba();
});
afterAll(() => c.cerrar());

test('las migraciones crean el esquema y la base empieza vacía', async () => {
  expect(await baseVacia(c.db)).toBe(true);
  await c.db
    .insert(usuarios)
    .values({ email: 'a@escuela.test', nombre: 'A', apellido: 'B', rls: 1 });
  expect(await baseVacia(c.db)).toBe(false);
});

test('el email de usuario es único sin importar mayúsculas', async () => {
  await expect(
    c.db.insert(usuarios).values({ email: 'A@Escuela.test', nombre: 'A', apellido: 'B', rls: 1 }),
  ).rejects.toThrow();
});

/**
 * Las sentencias de Drizzle sobre postgres.js van preparadas (src/server/db/sql.ts,
 * `prepararSentencias`): una ida y vuelta y sin volver a planificar. PGlite no prepara (corre en
 * el proceso). Dentro de una transacción todas van por la misma conexión, así que
 * `pg_prepared_statements` muestra las de esa conexión.
 */
const BASES: { nombre: string; prepara: boolean; abrir: () => Promise<Conexion> }[] = [
  { nombre: 'PGlite', prepara: false, abrir: () => abrirBase({ dataDir: 'memory://' }) },
];
if (process.env.TEST_DATABASE_URL)
  BASES.push({ nombre: 'PostgreSQL', prepara: true, abrir: crearBaseDePrueba });

describe.each(BASES)('sentencias preparadas en $nombre', ({ prepara, abrir }) => {
  let b: Conexion;
  beforeAll(async () => {
    b = await abrir();
  });
  afterAll(() => b.cerrar());

  /** Cuántas sentencias preparadas de la conexión contienen cada texto. */
  async function preparadasCon(tx: Pick<Db, 'execute'>, textos: string[]) {
    const filas = filasDe<{ statement: string }>(
      await tx.execute(sql`select statement from pg_prepared_statements`),
    );
    return textos.map((t) => filas.filter((f) => f.statement.includes(t)).length);
  }

  test(`con pocos parámetros ${prepara ? 'se prepara una vez' : 'no se prepara'}; un lote largo nunca`, async () => {
    await b.db.insert(usuarios).values(
      Array.from({ length: 40 }, (_, i) => ({
        email: `p${i}@escuela.test`,
        nombre: 'P',
        apellido: `Preparada ${i}`,
        rls: 1,
      })),
    );
    const ids = (await b.db.select({ id: usuarios.id }).from(usuarios)).map((u) => u.id);
    expect(ids.length).toBeGreaterThan(MAX_PARAMETROS_PREPARADA);
    const cuentas = await b.db.transaction(async (tx) => {
      for (const email of ['p1@escuela.test', 'p2@escuela.test']) {
        const [u] = await tx
          .select({ apellido: usuarios.apellido })
          .from(usuarios)
          .where(and(eq(usuarios.email, email), eq(usuarios.rls, 1)));
        expect(u?.apellido).toBe(`Preparada ${email.slice(1, 2)}`);
      }
      const lote = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(inArray(usuarios.id, ids.slice(0, MAX_PARAMETROS_PREPARADA + 1)));
      expect(lote).toHaveLength(MAX_PARAMETROS_PREPARADA + 1);
      const justo = await tx
        .select({ id: usuarios.nombre })
        .from(usuarios)
        .where(inArray(usuarios.id, ids.slice(0, MAX_PARAMETROS_PREPARADA)));
      expect(justo).toHaveLength(MAX_PARAMETROS_PREPARADA);
      return preparadasCon(tx, [
        `where ("usuarios"."email" = $1 and "usuarios"."rls" = $2)`,
        `$${MAX_PARAMETROS_PREPARADA + 1})`,
        `select "nombre" from "usuarios" where "usuarios"."id" in ($1`,
      ]);
    });
    expect(cuentas).toEqual(prepara ? [1, 0, 1] : [0, 0, 0]);
  });
});

/**
 * Varias bases del mismo servidor que migran a la vez (los archivos de prueba en paralelo, los
 * servidores de Playwright): la migración 0021 cambia un rol del servidor, que es de todas; sin el
 * reintento de `abrirBase`, de ocho a la vez fallaban entre dos y cinco con "tuple concurrently
 * updated" (medido en este servidor).
 */
if (process.env.TEST_DATABASE_URL)
  test('ocho bases nuevas del mismo servidor migran a la vez', async () => {
    const resultados = await Promise.allSettled(
      Array.from({ length: 8 }, async () => {
        const b = await crearBaseDePrueba();
        const vacia = await baseVacia(b.db);
        await b.cerrar();
        return vacia;
      }),
    );
    // Si una falla, su causa (el error de PostgreSQL), no la sentencia entera.
    const causa = (r: unknown) =>
      String((r as { cause?: { message?: string } }).cause?.message ?? r).slice(0, 300);
    expect(resultados.map((r) => (r.status === 'fulfilled' ? r.value : causa(r.reason)))).toEqual(
      Array(8).fill(true),
    );
  });
