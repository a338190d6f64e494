import { requerirModulo } from '@/server/auth/guardia';
import { PantallaReferentes } from '@/app/(staff)/(referentes)/_components/PantallaReferentes';

export const metadata = { title: 'Referentes' };

/** /referentes-protected (spec 02 §2): la misma pantalla para el preceptor, sólo con sus cursos. */
export default async function ReferentesProtegidos() {
  await requerirModulo('/referentes-protected');
  return <PantallaReferentes />;
}
