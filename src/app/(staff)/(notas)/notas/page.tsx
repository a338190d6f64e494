import { requerirModulo } from '@/server/auth/guardia';
import { PantallaNotas } from '@/app/(staff)/(notas)/_components/PantallaNotas';

export const metadata = { title: 'Notas' };

/** /notas (spec 02 §2 Grade sheets): el docente carga y cierra las planillas de sus cursados. */
export default async function Notas() {
  await requerirModulo('/notas');
  return <PantallaNotas variante="docente" />;
}
