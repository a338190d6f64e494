import { requerirModulo } from '@/server/auth/guardia';
import { config } from '@/server/config';
import { mensajeConsolaApagada } from '@/server/db/reportes';
import { ConsolaReportes } from './_components/ConsolaReportes';

export const metadata = { title: 'Reportes SQL' };

/**
 * /root/reportes (spec 02 §2, §7, §8): la consola de reportes. Sólo Admin con el dispositivo de
 * administración (la cookie de /bypass); cualquier otro vuelve a /. Con PGlite, o sin
 * REPORTES_DATABASE_URL, la consola está apagada y la pantalla dice por qué.
 */
export default async function Reportes() {
  await requerirModulo('/root/reportes');
  return <ConsolaReportes apagada={mensajeConsolaApagada(config())} />;
}
