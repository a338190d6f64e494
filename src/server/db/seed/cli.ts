/**
 * La línea de comandos de la semilla: `tsx src/server/db/seed/cli.ts [--if-empty]`
 * (`npm run db:seed`, y `npm run dev` antes de arrancar). Abre la base de la configuración
 * (DATABASE_URL, o PGlite en PGLITE_DIR) y siembra el ciclo y el día de hoy de la escuela.
 * Siempre es idempotente: `--if-empty` se acepta por claridad y no cambia nada.
 */
import { count } from 'drizzle-orm';
import { config } from '@/server/config';
import { momentoEscolar } from '@/server/reloj';
import { abrirBase } from '../index';
import * as s from '../schema';
import { sembrar } from './index';

const USO = 'Uso: tsx src/server/db/seed/cli.ts [--if-empty]';

async function principal(argumentos: string[]): Promise<number> {
  const desconocidos = argumentos.filter((a) => a !== '--if-empty');
  if (desconocidos.length > 0) {
    console.error(`Argumento desconocido: ${desconocidos.join(' ')}. ${USO}`);
    return 2;
  }
  const { ciclo, hoy, instante } = momentoEscolar();
  const { db, cerrar } = await abrirBase({ url: config().databaseUrl });
  try {
    const inicio = performance.now();
    const { creado } = await sembrar(db, { ciclo, hoy, ahora: instante });
    if (creado) {
      const [a] = await db.select({ n: count() }).from(s.alumnos);
      const [u] = await db.select({ n: count() }).from(s.usuarios);
      const ms = Math.round(performance.now() - inicio);
      console.log(
        `Escuela de demostración creada: ${a?.n ?? 0} alumnos, ${u?.n ?? 0} usuarios (${ms} ms).`,
      );
    } else {
      console.log('La base ya tiene datos: no se sembró nada.');
    }
    return 0;
  } finally {
    await cerrar();
  }
}

principal(process.argv.slice(2)).then(
  (codigo) => process.exit(codigo),
  (e: unknown) => {
    console.error('No se pudo sembrar la base:', e);
    process.exit(1);
  },
);
