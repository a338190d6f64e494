/**
 * `npm run backup -- ARCHIVO` y `npm run restore -- ARCHIVO` (src/server/db/respaldo.ts): la
 * base de la configuración (DATABASE_URL, o PGlite en PGLITE_DIR o .data/pglite). Dice qué hizo:
 * las tablas con sus filas y el tamaño del archivo.
 */
import path from 'node:path';
import { config } from '@/server/config';
import { ErrorDeRespaldo, respaldar, restaurar, type ResumenRespaldo } from './respaldo';

const USO = 'Uso: npm run backup -- ARCHIVO  |  npm run restore -- ARCHIVO';
const NUMERO = new Intl.NumberFormat('es-AR');

function informar(accion: string, r: ResumenRespaldo) {
  const filas = r.tablas.reduce((s, t) => s + t.filas, 0);
  for (const t of r.tablas) console.log(`  ${t.tabla}: ${NUMERO.format(t.filas)} filas`);
  console.log(
    `${accion} (${r.tipo === 'postgres' ? 'servidor PostgreSQL' : 'PGlite'}): ${r.tablas.length} tablas, ${NUMERO.format(filas)} filas; archivo ${r.archivo} (${NUMERO.format(r.bytes)} bytes).`,
  );
}

async function principal([orden, archivo, ...resto]: string[]): Promise<number> {
  if ((orden !== 'backup' && orden !== 'restore') || !archivo || resto.length) {
    console.error(USO);
    return 2;
  }
  const c = config();
  const destino = {
    url: c.databaseUrl,
    dataDir: c.pgliteDir ?? path.join(process.cwd(), '.data', 'pglite'),
  };
  try {
    if (orden === 'backup') informar('Copia hecha', await respaldar(destino, archivo));
    else informar('Copia restaurada', await restaurar(destino, archivo));
    return 0;
  } catch (e) {
    if (e instanceof ErrorDeRespaldo) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

principal(process.argv.slice(2)).then(
  (codigo) => process.exit(codigo),
  (e: unknown) => {
    console.error('No se pudo completar la copia:', e);
    process.exit(1);
  },
);
