import { redirect } from 'next/navigation';
import { idDeRuta, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { DetalleMesa } from '../_components/DetalleMesa';

export const metadata = { title: 'Mesas de examen · Mesa' };

/**
 * /mesas/{id} (spec 02 §2): pestañas Materias, Docentes y Alumnos según el rol; abre en materias
 * si no evalúa ninguna, en docentes si no hay tribunal, si no en alumnos. Una mesa que no existe
 * (o fuera del alcance) vuelve a /mesas.
 */
export default async function Mesa({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/mesas');
  const id = idDeRuta((await params).id);
  const r =
    id == null ? null : await leerOMensaje(async () => (await servidor()).mesas.detalle({ id }));
  if (!r?.datos) redirect('/mesas?aviso=mesa-inexistente');
  return <DetalleMesa inicial={r.datos} />;
}
