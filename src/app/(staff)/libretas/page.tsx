import { requerirModulo } from '@/server/auth/guardia';
import { PantallaLibretas } from './_components/PantallaLibretas';

export const metadata = { title: 'Notas' };

/** /libretas (spec 01 §2 Grade booklet): la libreta de un alumno elegido, con el alcance del rol. */
export default async function Libretas({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/libretas');
  const pedido = (await searchParams).alumno;
  const texto = Array.isArray(pedido) ? pedido[0] : pedido;
  const alumno = texto && /^[1-9]\d{0,8}$/.test(texto) ? Number(texto) : null;
  return <PantallaLibretas alumnoInicial={alumno} />;
}
