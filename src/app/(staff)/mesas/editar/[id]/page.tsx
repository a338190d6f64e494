import { redirect } from 'next/navigation';
import { idDeRuta, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { FormularioMesa } from '../../_components/FormularioMesa';

export const metadata = { title: 'Mesas de examen · Editar mesa' };

/** Edición de una mesa con el formulario del rol; una mesa inexistente vuelve a la lista. */
export default async function EditarMesa({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/mesas');
  const id = idDeRuta((await params).id);
  const r =
    id == null ? null : await leerOMensaje(async () => (await servidor()).mesas.detalle({ id }));
  if (!r?.datos) redirect('/mesas?aviso=mesa-inexistente');
  if (!r.datos.permisos.formulario) redirect(`/mesas/${r.datos.id}`);
  return <FormularioMesa variante={r.datos.permisos.formulario} mesa={r.datos} />;
}
