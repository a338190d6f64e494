import { redirect } from 'next/navigation';
import { leerOMensaje } from '@/components/vistas/errores';
import { servidor } from '@/trpc/server';
import { pestanaDeRuta } from '../../_components/acceso';
import { PantallaClases } from '../../_components/PantallaClases';

export const metadata = { title: 'Cronograma · Clases' };

/** /cronograma/{id}/clases: el libro de temas (Docente escribe, JefeDepartamento lee). */
export default async function Clases({ params }: { params: Promise<{ id: string }> }) {
  const { cursado } = await pestanaDeRuta((await params).id, 'clases');
  const r = await leerOMensaje(async () =>
    (await servidor()).cronograma.libro({ cursado: cursado.cursadoId }),
  );
  if (!r.datos) redirect('/cronograma');
  return <PantallaClases libro={r.datos} />;
}
