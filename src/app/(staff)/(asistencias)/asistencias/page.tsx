import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { PantallaAsistencias } from '@/app/(staff)/(asistencias)/_components/PantallaAsistencias';

export const metadata = { title: 'Asistencias' };

/** /asistencias (spec 01 §2): "Por Curso" y "Por Alumno", con la ventana completa de fechas. */
export default async function Asistencias() {
  const ctx = await requerirModulo('/asistencias');
  const { hoy, turno, zona } = momentoEscolar();
  return (
    <PantallaAsistencias
      modo="completo"
      hoy={hoy}
      turno={turno}
      zona={zona}
      usuario={ctx.sesion.usuario.id}
    />
  );
}
