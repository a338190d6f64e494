import { requerirModulo } from '@/server/auth/guardia';
import { PantallaReincorporaciones } from './_components/PantallaReincorporaciones';

export const metadata = { title: 'Reincorporaciones' };

/** /reincorporaciones (spec 02 §2): reincorporar inasistencias a un alumno. */
export default async function Reincorporaciones() {
  await requerirModulo('/reincorporaciones');
  return <PantallaReincorporaciones />;
}
