import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { PantallaAsistencias } from '@/app/(staff)/(asistencias)/_components/PantallaAsistencias';

export const metadata = { title: 'Asistencias' };

/**
 * /asistencias-protected (spec 01 §2, §5): sólo "Por Curso", 15 días atrás, y borrar sólo las
 * entradas nuevas o con fecha de hoy en adelante. El servidor aplica las mismas reglas por rol.
 */
export default async function AsistenciasProtegidas() {
  const ctx = await requerirModulo('/asistencias-protected');
  const { hoy, turno, zona } = momentoEscolar();
  return (
    <PantallaAsistencias
      modo="protegido"
      hoy={hoy}
      turno={turno}
      zona={zona}
      usuario={ctx.sesion.usuario.id}
    />
  );
}
