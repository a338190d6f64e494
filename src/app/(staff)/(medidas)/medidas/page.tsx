import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { PantallaMedidas } from '@/app/(staff)/(medidas)/_components/PantallaMedidas';

export const metadata = { title: 'Medidas disciplinarias' };

/** /medidas (spec 01 §2): alta, edición y borrado de medidas, con el rango de fechas completo. */
export default async function Medidas() {
  await requerirModulo('/medidas');
  return (
    <PantallaMedidas modo="completo" hoy={momentoEscolar().hoy} turno={momentoEscolar().turno} />
  );
}
