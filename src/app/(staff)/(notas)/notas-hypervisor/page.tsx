import { requerirModulo } from '@/server/auth/guardia';
import { PantallaNotas } from '@/app/(staff)/(notas)/_components/PantallaNotas';

export const metadata = { title: 'Notas' };

/** /notas-hypervisor (spec 02 §2): todas las planillas, con el filtro "sólo abiertas". */
export default async function NotasHypervisor() {
  await requerirModulo('/notas-hypervisor');
  return <PantallaNotas variante="hypervisor" />;
}
