import type { ReactNode } from 'react';
import { Marco } from '@/components/marco/Marco';
import { Pendiente } from '@/components/ui/Pendiente';

/** Marco de alumnos y referentes: el nombre del usuario y, para el referente, el selector de alumno. */
export default function LayoutAlumno({ children }: { children: ReactNode }) {
  return (
    <Marco variante="alumno" indicador={<Pendiente />}>
      {children}
    </Marco>
  );
}
