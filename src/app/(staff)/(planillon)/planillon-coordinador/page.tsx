import { momentoEscolar } from '@/server/reloj';
import { PantallaPlanillon } from '@/components/planillon/PantallaPlanillon';
import { requerirModulo } from '@/server/auth/guardia';

export const metadata = { title: 'Planillón de coordinación' };

/**
 * /planillón-coordinador (spec 01 §2 Overview): el planillón del coordinador, sólo en modo notas.
 * La lista de cursos trae los cursos con cursados de sus materias y el reporte, sólo las
 * columnas de esas materias (el alcance lo aplica el servidor).
 */
export default async function PlanillonCoordinador() {
  await requerirModulo('/planillon-coordinador');
  return <PantallaPlanillon ruta="/planillon-coordinador" hoy={momentoEscolar().hoy} />;
}
