import { requerirModulo } from '@/server/auth/guardia';
import { PantallaCooperadora } from './_components/PantallaCooperadora';

export const metadata = { title: 'Cuota de la cooperadora' };

/**
 * /inscripciones/cooperadora: Admin configura la cuota de la Asociación Cooperadora de cada
 * ciclo (spec 02 §9), la que ven las familias en la inscripción. Se abre desde /inscripciones.
 */
export default async function Cooperadora() {
  await requerirModulo('/inscripciones/cooperadora');
  return <PantallaCooperadora />;
}
