import { redirect } from 'next/navigation';
import { requerirModulo } from '@/server/auth/guardia';

/** /planificaciones (adonde vuelve una planificación que falta) lleva a /planificaciones/nueva. */
export default async function Planificaciones() {
  await requerirModulo('/planificaciones/nueva');
  redirect('/planificaciones/nueva');
}
