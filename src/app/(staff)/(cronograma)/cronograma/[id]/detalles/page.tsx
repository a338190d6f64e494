import { redirect } from 'next/navigation';
import { leerOMensaje } from '@/components/vistas/errores';
import { servidor } from '@/trpc/server';
import { pestanaDeRuta } from '../../_components/acceso';
import { PantallaDetalles } from '../../_components/PantallaDetalles';

export const metadata = { title: 'Cronograma · Detalles' };

/** /cronograma/{id}/detalles: la descripción del cursado (el docente la edita). */
export default async function Detalles({ params }: { params: Promise<{ id: string }> }) {
  const { cursado } = await pestanaDeRuta((await params).id, 'detalles');
  const r = await leerOMensaje(async () =>
    (await servidor()).cronograma.detalles({ id: cursado.cursadoId }),
  );
  if (!r.datos) redirect('/cronograma');
  return <PantallaDetalles inicial={r.datos} />;
}
