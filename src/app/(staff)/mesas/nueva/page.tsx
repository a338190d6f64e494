import { redirect } from 'next/navigation';
import { permisosMesa } from '@/domain/mesas';
import { requerirModulo } from '@/server/auth/guardia';
import { FormularioMesa } from '../_components/FormularioMesa';

export const metadata = { title: 'Mesas de examen · Nueva mesa' };

/** Alta de una mesa: Alumnado (fecha, hora, instancia, aula) y Admin (fecha, instancia). */
export default async function NuevaMesa() {
  const { sesion } = await requerirModulo('/mesas');
  const p = permisosMesa(sesion.rol);
  if (!p.administra || !p.formulario) redirect('/mesas');
  return <FormularioMesa variante={p.formulario} mesa={null} />;
}
