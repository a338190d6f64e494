import { redirect } from 'next/navigation';
import { cursadoDeRuta } from '../_components/acceso';
import { rutaPestana } from '../_components/ruta';

/** /cronograma/{id} lleva a la primera pestaña que el rol ve (spec 01 §2). */
export default async function Cursado({ params }: { params: Promise<{ id: string }> }) {
  const { cursado, pestanas } = await cursadoDeRuta((await params).id);
  redirect(rutaPestana(cursado.cursadoId, pestanas[0] ?? 'detalles'));
}
