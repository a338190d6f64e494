import { redirect } from 'next/navigation';
import { idDeRuta, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { FormularioCursado } from '../../../_components/FormularioCursado';

export const metadata = { title: 'Planificación · Editar cursado' };

/** Un cursado inexistente (o un id que no es un número) vuelve a la lista con un aviso. */
export default async function EditarCursado({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/planificacion');
  const id = idDeRuta((await params).id);
  const r =
    id == null ? null : await leerOMensaje(async () => (await servidor()).cursados.obtener({ id }));
  if (!r?.datos) redirect('/planificacion/cursados?error=cursado-inexistente');
  return <FormularioCursado cursado={r.datos} ciclo={r.datos.ciclolectivo} />;
}
