/** `npm run db:migrate`: aplica las migraciones pendientes (la app también lo hace al arrancar). */
import { abrirBase } from './index';

async function main() {
  const c = await abrirBase({ url: process.env.DATABASE_URL || undefined });
  console.log(`Migraciones aplicadas (${c.tipo}).`);
  await c.cerrar();
}

main().catch((e) => {
  console.error('No se pudieron aplicar las migraciones:', e);
  process.exit(1);
});
