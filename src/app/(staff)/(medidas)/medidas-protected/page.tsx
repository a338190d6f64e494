import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { PantallaMedidas } from '@/app/(staff)/(medidas)/_components/PantallaMedidas';

export const metadata = { title: 'Medidas disciplinarias' };

/**
 * /medidas-protected (spec 01 §2, §5): la misma pantalla con la fecha desde 5 días atrás y sin
 * editar ni borrar las medidas guardadas. El servidor lo vuelve a exigir por el rol activo.
 */
export default async function MedidasProtegidas() {
  await requerirModulo('/medidas-protected');
  return (
    <PantallaMedidas modo="protegido" hoy={momentoEscolar().hoy} turno={momentoEscolar().turno} />
  );
}
