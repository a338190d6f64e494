import { momentoEscolar } from '@/server/reloj';
import { requerirModulo } from '@/server/auth/guardia';
import { avisoDeRuta, cicloDeParametro } from '../_components/ruta';
import { PantallaCursados } from '../_components/PantallaCursados';

export const metadata = { title: 'Planificación · Cursados' };

/** /planificacion/cursados (spec 02 §2, §3 Cursado): la oferta de un ciclo y su replicación. */
export default async function Cursados({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/planificacion');
  const sp = await searchParams;
  const anioActual = momentoEscolar().ciclo;
  return (
    <PantallaCursados
      cicloPedido={cicloDeParametro(sp.ciclo, anioActual)}
      anioActual={anioActual}
      aviso={avisoDeRuta(sp.error)}
    />
  );
}
