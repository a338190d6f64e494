import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { PantallaHorariosCurso } from './_components/PantallaHorariosCurso';

export const metadata = { title: 'Horarios' };

/** /horarios-readonly (spec 01 §2 Timetables): todo el personal elige un curso y ve su semana. */
export default async function HorariosReadonly() {
  await requerirModulo('/horarios-readonly');
  return <PantallaHorariosCurso zona={momentoEscolar().zona} />;
}
