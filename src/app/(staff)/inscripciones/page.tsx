import { requerirModulo } from '@/server/auth/guardia';
import { puedeAbrir } from '@/domain/modulos';
import { PantallaInscripciones } from './_components/PantallaInscripciones';

export const metadata = { title: 'Inscripciones' };

/** /inscripciones: el seguimiento de la inscripción anual para Alumnado y Admin (issue 5 §8). */
export default async function Inscripciones() {
  const { sesion } = await requerirModulo('/inscripciones');
  return (
    <PantallaInscripciones configurarCuota={puedeAbrir('/inscripciones/cooperadora', sesion.rol)} />
  );
}
