import { requerirModulo } from '@/server/auth/guardia';
import { PantallaPreceptores } from './_components/PantallaPreceptores';

export const metadata = { title: 'Preceptores' };

/** /preceptores (spec 02 §2): los cursos de cada preceptor (JefePreceptor, Regente, Admin). */
export default async function Preceptores() {
  await requerirModulo('/preceptores');
  return <PantallaPreceptores />;
}
