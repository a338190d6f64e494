import { requerirModulo } from '@/server/auth/guardia';
import { PantallaNotas } from '@/app/(staff)/(notas)/_components/PantallaNotas';

export const metadata = { title: 'Notas' };

/**
 * /notas-supervisor (spec 02 §2): las planillas de las materias del jefe de departamento o del
 * coordinador, con una pestaña por curso e impresión.
 */
export default async function NotasSupervisor() {
  await requerirModulo('/notas-supervisor');
  return <PantallaNotas variante="supervisor" />;
}
