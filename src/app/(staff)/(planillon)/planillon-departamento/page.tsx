import { momentoEscolar } from '@/server/reloj';
import { PantallaPlanillon } from '@/components/planillon/PantallaPlanillon';
import { requerirModulo } from '@/server/auth/guardia';

export const metadata = { title: 'Planillón del departamento' };

/**
 * /planillón-departamento (spec 01 §2 Overview): el planillón del jefe de departamento, sólo en
 * modo notas. La lista de cursos trae los cursos con cursados de su departamento y el reporte,
 * sólo las columnas de sus materias (el alcance lo aplica el servidor).
 */
export default async function PlanillonDepartamento() {
  await requerirModulo('/planillon-departamento');
  return <PantallaPlanillon ruta="/planillon-departamento" hoy={momentoEscolar().hoy} />;
}
