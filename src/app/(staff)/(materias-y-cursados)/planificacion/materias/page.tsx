import { requerirModulo } from '@/server/auth/guardia';
import { avisoDeRuta } from '../_components/ruta';
import { PantallaMaterias } from '../_components/PantallaMaterias';

export const metadata = { title: 'Planificación · Materias' };

/** /planificacion/materias (spec 02 §2, §3 Materia): la lista, el CSV y el alta de materias. */
export default async function Materias({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/planificacion');
  const sp = await searchParams;
  return <PantallaMaterias aviso={avisoDeRuta(sp.error)} />;
}
