import { requerirModulo } from '@/server/auth/guardia';
import { PantallaAlumnos } from '@/app/(staff)/(alumnos)/_components/PantallaAlumnos';

export const metadata = { title: 'Alumnos y cursos' };

/**
 * /alumnos-privileged (spec 01 §2): la pantalla de alumnos con Habilitado, el panel de cursos
 * e inscripciones y la promoción anual (Alumnado, Admin).
 */
export default async function AlumnosPrivileged() {
  await requerirModulo('/alumnos-privileged');
  return <PantallaAlumnos privilegiado />;
}
