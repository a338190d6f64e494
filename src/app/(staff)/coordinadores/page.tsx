import { requerirModulo } from '@/server/auth/guardia';
import { PantallaCoordinadores } from './_components/PantallaCoordinadores';

export const metadata = { title: 'Coordinadores' };

/** /coordinadores (spec 02 §2): las materias de cada coordinador (Admin, Regente). */
export default async function Coordinadores() {
  await requerirModulo('/coordinadores');
  return <PantallaCoordinadores />;
}
