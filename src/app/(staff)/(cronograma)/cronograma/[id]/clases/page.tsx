import { redirect } from 'next/navigation';
import { leerOMensaje } from '@/components/vistas/errores';
import { servidor } from '@/trpc/server';
import { pestanaDeRuta } from '../../_components/acceso';
import { PantallaClases } from '../../_components/PantallaClases';

export const metadata = { title: 'Cronograma · Clases' };

/**
 * /cronograma/{id}/clases: el libro de temas (Docente escribe, JefeDepartamento lee) y, para el
 * docente, las evaluaciones de las clases futuras.
 */
export default async function Clases({ params }: { params: Promise<{ id: string }> }) {
  const { cursado } = await pestanaDeRuta((await params).id, 'clases');
  const r = await leerOMensaje(async () =>
    (await servidor()).cronograma.libro({ cursado: cursado.cursadoId }),
  );
  if (!r.datos) redirect('/cronograma');
  // Los lugares de evaluación, sólo para quien escribe el libro (el docente del cursado).
  const evaluaciones = r.datos.puedeEscribir
    ? await leerOMensaje(async () =>
        (await servidor()).evaluaciones.disponibles({ cursado: cursado.cursadoId }),
      )
    : null;
  return <PantallaClases libro={r.datos} evaluaciones={evaluaciones?.datos ?? null} />;
}
