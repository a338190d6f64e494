import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { ultimoCicloPlanificable } from '@/server/api/schemas';
import { PantallaCalendario } from './_components/PantallaCalendario';

export const metadata = { title: 'Calendario' };

/** /calendario (spec 02 §2, §4): el editor anual del calendario escolar, con 12 grillas de meses. */
export default async function Calendario() {
  await requerirModulo('/calendario');
  return (
    <PantallaCalendario
      hoy={momentoEscolar().hoy}
      anioActual={momentoEscolar().ciclo}
      ultimoAnio={ultimoCicloPlanificable()}
    />
  );
}
