import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { PantallaHorarios } from './_components/PantallaHorarios';

export const metadata = { title: 'Horarios' };

/**
 * /horarios (spec 01 §2 Timetables, §5; issue 14 §1–§2): Alumnado, Regente y Admin eligen un
 * cursado y marcan sus bloques de la semana, con el aula de cada uno y los choques a la vista.
 */
export default async function Horarios() {
  await requerirModulo('/horarios');
  return <PantallaHorarios zona={momentoEscolar().zona} />;
}
