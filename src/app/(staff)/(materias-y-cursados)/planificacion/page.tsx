import { redirect } from 'next/navigation';
import { requerirModulo } from '@/server/auth/guardia';

/** /planificacion lleva a la pestaña Materias (spec 02 §2). */
export default async function Planificacion() {
  await requerirModulo('/planificacion');
  redirect('/planificacion/materias');
}
