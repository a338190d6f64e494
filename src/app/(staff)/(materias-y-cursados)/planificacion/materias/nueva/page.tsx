import { requerirModulo } from '@/server/auth/guardia';
import { FormularioMateria } from '../../_components/FormularioMateria';

export const metadata = { title: 'Planificación · Nueva materia' };

export default async function NuevaMateria() {
  await requerirModulo('/planificacion');
  return <FormularioMateria materia={null} />;
}
