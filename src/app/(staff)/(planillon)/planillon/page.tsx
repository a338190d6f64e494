import { momentoEscolar } from '@/server/reloj';
import { PantallaPlanillon } from '@/components/planillon/PantallaPlanillon';
import { requerirModulo } from '@/server/auth/guardia';

export const metadata = { title: 'Planillón' };

/** /planillón (spec 01 §2 Overview): todo un curso en modo asistencias, notas o medidas. */
export default async function Planillon() {
  await requerirModulo('/planillon');
  return <PantallaPlanillon ruta="/planillon" hoy={momentoEscolar().hoy} />;
}
