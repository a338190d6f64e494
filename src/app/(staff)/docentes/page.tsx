import { requerirModulo } from '@/server/auth/guardia';
import { PantallaDocentes } from './_components/PantallaDocentes';

export const metadata = { title: 'Docentes' };

/** /docentes (spec 02 §2): cursados por docente y docentes por cursado (Admin, Regente, JefeDepartamento, Alumnado). */
export default async function Docentes() {
  await requerirModulo('/docentes');
  return <PantallaDocentes />;
}
