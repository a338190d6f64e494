import { requerirModulo } from '@/server/auth/guardia';
import { cicloValido, ciclosDelSelector, momentoEscolar } from '@/server/reloj';
import { PantallaPics } from './_components/PantallaPics';

export const metadata = { title: 'PIC' };

/**
 * /pics (spec 02 §2, §5, §9; issue 16 §4–§5): las PIC del año elegido (materia, cuatrimestre,
 * fecha y hora, aula, alumnos); "Nueva PIC", editar y borrar; por PIC, sus alumnos (ajustes a
 * mano) y su planilla de notas. Alumnado, Admin y el Jefe de Departamento (su departamento: lo
 * decide el servidor); la planilla la carga Alumnado, los demás la leen.
 */
export default async function Pics({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/pics');
  const sp = await searchParams;
  const pedido = Number(sp.anio);
  const anio = Number.isInteger(pedido) && cicloValido(pedido) ? pedido : momentoEscolar().ciclo;
  return <PantallaPics key={anio} anio={anio} anios={ciclosDelSelector()} />;
}
