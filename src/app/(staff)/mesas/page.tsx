import { Stack, Title } from '@mantine/core';
import { anioDeParametro } from '@/components/vistas/errores';
import { permisosMesa } from '@/domain/mesas';
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { avisoDeRuta } from './_components/comun';
import { ListaMesas } from './_components/ListaMesas';

export const metadata = { title: 'Mesas de examen' };

/**
 * /mesas (spec 02 §2 Mesas; issue 16): las mesas del año elegido con búsqueda y "Cargar más"
 * (30 por página). Alumnado y Admin crean; cada mesa abre su detalle.
 */
export default async function Mesas({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { sesion } = await requerirModulo('/mesas');
  const { ciclo } = momentoEscolar();
  const sp = await searchParams;
  const pedido = anioDeParametro(sp.anio);
  const anio = pedido && pedido >= PRIMER_CICLO_LECTIVO && pedido <= ciclo ? pedido : ciclo;
  const anios = Array.from({ length: ciclo - PRIMER_CICLO_LECTIVO + 1 }, (_, i) => ciclo - i);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Mesas de examen
      </Title>
      <ListaMesas
        anio={anio}
        anios={anios}
        puedeCrear={permisosMesa(sesion.rol).administra}
        aviso={avisoDeRuta(sp.aviso)}
      />
    </Stack>
  );
}
