import { redirect } from 'next/navigation';
import { idDeRuta, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { FormularioMateria } from '../../../_components/FormularioMateria';

export const metadata = { title: 'Planificación · Editar materia' };

/** Una materia inexistente (o un id que no es un número) vuelve a la lista con un aviso. */
export default async function EditarMateria({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/planificacion');
  const id = idDeRuta((await params).id);
  const r =
    id == null ? null : await leerOMensaje(async () => (await servidor()).materias.obtener({ id }));
  if (!r?.datos) redirect('/planificacion/materias?error=materia-inexistente');
  return <FormularioMateria materia={r.datos} />;
}
