import { requerirModulo } from '@/server/auth/guardia';
import { PantallaInscripciones } from './_components/PantallaInscripciones';

export const metadata = { title: 'Inscripciones' };

/** /inscripciones: el seguimiento de la inscripción anual para Alumnado y Admin (issue 5 §8). */
export default async function Inscripciones() {
  await requerirModulo('/inscripciones');
  return <PantallaInscripciones />;
}
