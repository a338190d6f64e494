/**
 * Techo de una página de las familias (issue 37 §6), sólo en la build del benchmark: el marco de
 * alumnos y referentes (sesión, menú, selector de hijo) con un contenido vacío. Lo que cuesta
 * cualquier página de /…-externo antes de sus datos.
 */
import { requerirModulo } from '@/server/auth/guardia';

export const metadata = { title: 'Techo del marco' };
export const dynamic = 'force-dynamic';

export default async function TechoMarco() {
  await requerirModulo('/asistencias-externo');
  return <p>Marco de las familias sin contenido.</p>;
}
