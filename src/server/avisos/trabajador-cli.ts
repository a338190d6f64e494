/**
 * `npm run worker`: el trabajador de la cola de avisos solo, para instalaciones con varias
 * instancias del portal (en ellas, AVISOS_TRABAJADOR=no). Corre hasta SIGTERM/SIGINT; al recibirla
 * termina los trabajos en curso y sale.
 */
import { config } from '@/server/config';
import { conexion } from '@/server/db';
import { momentoEscolar } from '@/server/reloj';
import { iniciarTrabajador } from './trabajador';

async function main(): Promise<void> {
  const c = config();
  if (!c.databaseUrl) {
    // PGlite es una base de un solo proceso: otro proceso sobre la misma carpeta la corrompería.
    console.error(
      '[avisos] npm run worker necesita DATABASE_URL (un servidor PostgreSQL). Con PGlite, el trabajador corre dentro de npm run dev y npm start.',
    );
    process.exit(1);
  }
  const boss = await iniciarTrabajador(await conexion(), c, () => momentoEscolar());
  console.warn('[avisos] Trabajador de la cola en marcha.');
  for (const senal of ['SIGTERM', 'SIGINT'] as const)
    process.once(senal, () => {
      void boss.stop({ graceful: true, timeout: 30_000 }).then(() => process.exit(0));
    });
}

main().catch((e: unknown) => {
  console.error('[avisos] El trabajador no pudo arrancar:', e);
  process.exit(1);
});
