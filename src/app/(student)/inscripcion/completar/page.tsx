import { requerirModulo } from '@/server/auth/guardia';
import { PantallaInscripcion } from './_components/PantallaInscripcion';
import { Interactivo } from '@/components/proveedores/Interactivo';

export const metadata = { title: 'Inscripción' };
// Siempre con datos frescos (spec 02 §2: "completar, always revalidated").
export const dynamic = 'force-dynamic';

/** /inscripcion/completar: la inscripción anual del referente parental, pensada para el teléfono. */
export default async function Completar() {
  await requerirModulo('/inscripcion');
  return (
    <Interactivo>
      <PantallaInscripcion />
    </Interactivo>
  );
}
