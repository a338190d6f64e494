import { requerirModulo } from '@/server/auth/guardia';
import { PantallaAlumnos } from '@/app/(staff)/(alumnos)/_components/PantallaAlumnos';

export const metadata = { title: 'Alumnos' };

/** /alumnos (spec 01 §2): alumnos y referentes; un preceptor, sólo los de sus cursos. */
export default async function Alumnos() {
  await requerirModulo('/alumnos');
  return <PantallaAlumnos />;
}
