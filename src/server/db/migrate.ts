/** `npm run db:migrate`: aplica las migraciones pendientes (la app también lo hace al arrancar). */
import { config } from '@/server/config';
import { abrirBase } from './index';

async function main() {
  const c = await abrirBase({ url: config().databaseUrl });
  console.log(`Migraciones aplicadas (${c.tipo}).`);
  await c.cerrar();
}

main().catch((e) => {
  console.error('No se pudieron aplicar las migraciones:', e);
  process.exit(1);
});
