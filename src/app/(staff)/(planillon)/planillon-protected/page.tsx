import { momentoEscolar } from '@/server/reloj';
import { PantallaPlanillon } from '@/components/planillon/PantallaPlanillon';
import { requerirModulo } from '@/server/auth/guardia';

export const metadata = { title: 'Planillón' };

/**
 * /planillón-protected (spec 01 §2 Overview): el planillón del Preceptor, sólo con sus cursos
 * (la lista de cursos y los procedimientos aplican el alcance en el servidor).
 */
export default async function PlanillonProtegido() {
  await requerirModulo('/planillon-protected');
  return <PantallaPlanillon ruta="/planillon-protected" hoy={momentoEscolar().hoy} />;
}
