import { redirect } from 'next/navigation';
import { leerOMensaje } from '@/components/vistas/errores';
import { servidor } from '@/trpc/server';
import { pestanaDeRuta } from '../../_components/acceso';
import { PantallaPlanificacion } from '../../_components/PantallaPlanificacion';

export const metadata = { title: 'Cronograma · Planificación' };

/** /cronograma/{id}/planificacion: la planificación del cursado (el docente la maneja). */
export default async function Planificacion({ params }: { params: Promise<{ id: string }> }) {
  const { cursado } = await pestanaDeRuta((await params).id, 'planificacion');
  const r = await leerOMensaje(async () =>
    (await servidor()).cronograma.planificacion({ cursado: cursado.cursadoId }),
  );
  if (!r.datos) redirect('/cronograma');
  return <PantallaPlanificacion inicial={r.datos} />;
}
