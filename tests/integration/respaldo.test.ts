/**
 * Copias de seguridad (issue 34 §3): copia → base vacía → restauración, y cada tabla (de public y
 * drizzle) tiene las mismas filas y el mismo contenido (md5 de sus filas en orden). Restaurar en
 * una base o un directorio con algo se rechaza sin tocarlo. En PGlite y (con TEST_DATABASE_URL)
 * en el servidor PostgreSQL, con pg_dump y pg_restore del PATH.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { abrirBase } from '@/server/db';
import {
  MENSAJE_BASE_NO_VACIA,
  MENSAJE_DIRECTORIO_NO_VACIO,
  mensajeSinArchivo,
  respaldar,
  restaurar,
} from '@/server/db/respaldo';
import { sembrar } from '@/server/db/seed';
import { momentoEscolar } from '@/server/reloj';

jest.setTimeout(300_000);

const { ciclo, hoy, instante } = momentoEscolar();
const SQL_HUELLA = `select table_schema || '.' || table_name as tabla from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
const consultaHuella = (tabla: string) => {
  const [s, t] = tabla.split('.');
  return `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${s}"."${t}" x`;
};

type Consultar = (q: string) => Promise<Record<string, unknown>[]>;

/** Filas y md5 del contenido de cada tabla. */
async function huella(consultar: Consultar): Promise<Record<string, string>> {
  const r: Record<string, string> = {};
  for (const f of await consultar(SQL_HUELLA)) {
    const tabla = String(f.tabla);
    const [h] = await consultar(consultaHuella(tabla));
    r[tabla] = `${h!.n} ${h!.h}`;
  }
  return r;
}

let carpeta: string;
beforeAll(() => {
  carpeta = mkdtempSync(path.join(tmpdir(), 'respaldo-'));
});
afterAll(() => rmSync(carpeta, { recursive: true, force: true }));

test('PGlite: copia del directorio, restauración en uno vacío, mismas tablas y contenido', async () => {
  const origen = path.join(carpeta, 'origen');
  const c = await abrirBase({ dataDir: origen });
  await sembrar(c.db, { ciclo, hoy, ahora: instante });
  await c.cerrar();

  const archivo = path.join(carpeta, 'copia.tar.gz');
  const copia = await respaldar({ dataDir: origen }, archivo);
  expect(copia.tipo).toBe('pglite');
  expect(copia.bytes).toBeGreaterThan(10_000);
  const alumnos = copia.tablas.find((t) => t.tabla === 'public.alumnos')!;
  expect(alumnos.filas).toBeGreaterThan(100);

  const destino = path.join(carpeta, 'destino');
  const r = await restaurar({ dataDir: destino }, archivo);
  expect(r.tablas).toEqual(copia.tablas);

  const { PGlite } = await import('@electric-sql/pglite');
  const huellaDe = async (dir: string) => {
    const pg = new PGlite(dir);
    try {
      return await huella(async (q) => (await pg.query<Record<string, unknown>>(q)).rows);
    } finally {
      await pg.close();
    }
  };
  const a = await huellaDe(origen);
  expect(Object.keys(a).length).toBeGreaterThan(40);
  expect(await huellaDe(destino)).toEqual(a);

  // Un directorio con algo adentro no se toca; un archivo que no existe, tampoco.
  await expect(restaurar({ dataDir: origen }, archivo)).rejects.toThrow(
    MENSAJE_DIRECTORIO_NO_VACIO,
  );
  const otro = path.join(carpeta, 'otro');
  await expect(restaurar({ dataDir: otro }, path.join(carpeta, 'no-existe'))).rejects.toThrow(
    mensajeSinArchivo(path.join(carpeta, 'no-existe')),
  );
  expect(await huellaDe(origen)).toEqual(a);
});

// El servidor, como en las demás pruebas de las dos bases, cuando hay TEST_DATABASE_URL (CI).
const URL_SERVIDOR = process.env.TEST_DATABASE_URL;
if (URL_SERVIDOR)
  test('servidor PostgreSQL: pg_dump, pg_restore en una base vacía, mismas tablas y contenido', async () => {
    const url = URL_SERVIDOR;
    const { default: postgres } = await import('postgres');
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const sufijo = randomBytes(5).toString('hex');
    const nombres = [`respaldo_a_${sufijo}`, `respaldo_b_${sufijo}`];
    const urlDe = (n: string) => {
      const u = new URL(url);
      u.pathname = `/${n}`;
      return u.toString();
    };
    for (const n of nombres) await admin.unsafe(`create database ${n}`);
    const [urlA, urlB] = nombres.map(urlDe) as [string, string];
    const consultarEn = (u: string) => async (q: string) => {
      const sql = postgres(u, { max: 1, onnotice: () => {} });
      try {
        return (await sql.unsafe(q)) as unknown as Record<string, unknown>[];
      } finally {
        await sql.end();
      }
    };
    try {
      const c = await abrirBase({ url: urlA, max: 2 });
      await sembrar(c.db, { ciclo, hoy, ahora: instante });
      await c.cerrar();

      const archivo = path.join(carpeta, 'copia.dump');
      const copia = await respaldar({ url: urlA, dataDir: '' }, archivo);
      expect(copia.tipo).toBe('postgres');
      expect(copia.bytes).toBeGreaterThan(10_000);
      const r = await restaurar({ url: urlB, dataDir: '' }, archivo);
      expect(r.tablas).toEqual(copia.tablas);
      const a = await huella(consultarEn(urlA));
      expect(Object.keys(a).length).toBeGreaterThan(40);
      expect(await huella(consultarEn(urlB))).toEqual(a);

      // Una base con tablas se rechaza y queda igual; un archivo que no es una copia falla.
      await expect(restaurar({ url: urlA, dataDir: '' }, archivo)).rejects.toThrow(
        MENSAJE_BASE_NO_VACIA,
      );
      expect(await huella(consultarEn(urlA))).toEqual(a);
      const roto = path.join(carpeta, 'roto.dump');
      writeFileSync(roto, 'no es una copia');
      await admin.unsafe(`create database respaldo_c_${sufijo}`);
      nombres.push(`respaldo_c_${sufijo}`);
      await expect(
        restaurar({ url: urlDe(`respaldo_c_${sufijo}`), dataDir: '' }, roto),
      ).rejects.toThrow('pg_restore terminó con error');
    } finally {
      for (const n of nombres) await admin.unsafe(`drop database if exists ${n} with (force)`);
      await admin.end();
    }
  });
