import { requerirModulo } from '@/server/auth/guardia';
import { PantallaNotas } from '@/app/(staff)/(notas)/_components/PantallaNotas';

export const metadata = { title: 'Notas' };

/** /notas-readonly (spec 02 §2): las planillas de notas, sólo lectura (preceptores). */
export default async function NotasLectura() {
  await requerirModulo('/notas-readonly');
  return <PantallaNotas variante="readonly" />;
}
