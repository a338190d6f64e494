import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { cicloDeParametro } from '../../_components/ruta';
import { FormularioCursado } from '../../_components/FormularioCursado';

export const metadata = { title: 'Planificación · Nuevo cursado' };

/** El cursado nuevo es del ciclo de `?ciclo=` (el que se planifica) o del ciclo elegido. */
export default async function NuevoCursado({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ciclo } = await requerirModulo('/planificacion');
  const pedido = cicloDeParametro((await searchParams).ciclo, momentoEscolar().ciclo);
  return <FormularioCursado cursado={null} ciclo={pedido ?? ciclo} />;
}
