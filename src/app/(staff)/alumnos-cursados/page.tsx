import { requerirModulo } from '@/server/auth/guardia';
import { PantallaAlumnosCursados } from './_components/PantallaAlumnosCursados';

export const metadata = { title: 'Alumnos por cursado' };

/** /alumnos-cursados (spec 02 §2): inscribir alumnos a un cursado por materia (Alumnado, Admin). */
export default async function AlumnosCursados() {
  await requerirModulo('/alumnos-cursados');
  return <PantallaAlumnosCursados />;
}
