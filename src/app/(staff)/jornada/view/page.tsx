import { Stack, Title } from '@mantine/core';
import { anioDeParametro, leerOMensaje } from '@/components/vistas/errores';
import { Rol } from '@/domain/roles';
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { servidor } from '@/trpc/server';
import { VistaJornada } from './_components/VistaJornada';

export const metadata = { title: 'Jornada cultural y deportiva' };

/**
 * /jornada/view (spec 02 §2; issue 17 §1): el personal (no alumnos ni referentes). Por actividad,
 * sus alumnos (lista para imprimir) y, por curso, los que no eligieron. Regente y Admin crean,
 * cambian y borran actividades y quitan elecciones.
 */
export default async function VistaJornadaPagina({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { sesion } = await requerirModulo('/jornada/view');
  const { ciclo } = momentoEscolar();
  const pedido = anioDeParametro((await searchParams).anio);
  const anio = pedido && pedido >= PRIMER_CICLO_LECTIVO && pedido <= ciclo + 1 ? pedido : ciclo;
  const r = await leerOMensaje(async () => (await servidor()).jornada.vista({ anio }));
  const anios = Array.from({ length: ciclo - PRIMER_CICLO_LECTIVO + 2 }, (_, i) => ciclo + 1 - i);
  return (
    <Stack gap="md">
      <Title order={1} size="h2" className="no-imprimir">
        Jornada cultural y deportiva
      </Title>
      {r.datos && (
        <VistaJornada
          inicial={r.datos}
          anios={anios}
          administra={sesion.rol === Rol.Regente || sesion.rol === Rol.Admin}
        />
      )}
    </Stack>
  );
}
