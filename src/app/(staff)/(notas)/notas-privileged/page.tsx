import { requerirModulo } from '@/server/auth/guardia';
import { PantallaNotas } from '@/app/(staff)/(notas)/_components/PantallaNotas';

export const metadata = { title: 'Notas' };

/** /notas-privileged (spec 02 §2): Alumnado guarda, cierra, reabre e imprime las planillas. */
export default async function NotasPrivileged() {
  await requerirModulo('/notas-privileged');
  return <PantallaNotas variante="privileged" />;
}
