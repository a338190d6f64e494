import { requerirModulo } from '@/server/auth/guardia';
import { ConsolaReportes } from './_components/ConsolaReportes';

export const metadata = { title: 'Reportes SQL' };

/**
 * /root/reportes (spec 02 §2, §7, §8): la consola de reportes. Sólo Admin con el dispositivo de
 * administración (la cookie de /bypass); cualquier otro vuelve a /.
 */
export default async function Reportes() {
  await requerirModulo('/root/reportes');
  return <ConsolaReportes />;
}
