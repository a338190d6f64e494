import { notFound } from 'next/navigation';
import { idDeRuta } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { Seguimiento } from '../_components/Seguimiento';

export const metadata = { title: 'Comunicado' };

/** /comunicados/{id}: quién leyó, quién confirmó y el correo de cada familia; corregir e imprimir. */
export default async function Comunicado({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/comunicados');
  const id = idDeRuta((await params).id);
  if (id == null) notFound();
  return <Seguimiento id={id} />;
}
