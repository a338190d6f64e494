import { requerirModulo } from '@/server/auth/guardia';
import { PantallaReferentes } from '@/app/(staff)/(referentes)/_components/PantallaReferentes';

export const metadata = { title: 'Referentes' };

/** /referentes (spec 02 §2): los contactos de los referentes de cada curso. */
export default async function Referentes() {
  await requerirModulo('/referentes');
  return <PantallaReferentes />;
}
