import { Alert, Stack, Text, Title } from '@mantine/core';
import { NO_HAY_INSTANCIAS } from '@/domain/avances';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { PantallaAvances } from './_components/PantallaAvances';
import { PestanasInstancias } from './_components/PestanasInstancias';

export const metadata = { title: 'Avances' };

/**
 * /avances (spec 01 §2 Progress reports, §6; issue 15): una pestaña por instancia abierta (la
 * elegida por la fecha de hoy, o la de `?instancia=`), los cursados del usuario y la planilla
 * del elegido. Docente edita, guarda y cierra; el jefe de departamento cierra; coordinador y
 * regente leen (los tres, con el filtro 'Todas / Abiertas').
 */
export default async function Avances({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/avances');
  const sp = await searchParams;
  const r = await leerOMensaje(async () => (await servidor()).avances.instancias());
  const datos = r.datos;
  const pedida = typeof sp.instancia === 'string' ? sp.instancia : null;
  const actual = datos?.abiertas.find((i) => i.fecha === pedida)?.fecha ?? datos?.elegida ?? null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Avances
      </Title>
      {!datos ? (
        <Alert color="red" role="alert">
          {r.mensaje}
        </Alert>
      ) : actual == null ? (
        <Text c="dimmed" data-testid="sin-instancias">
          {NO_HAY_INSTANCIAS}
        </Text>
      ) : (
        <>
          <PestanasInstancias fechas={datos.abiertas.map((i) => i.fecha)} actual={actual} />
          <PantallaAvances
            key={actual}
            instancia={datos.abiertas.find((i) => i.fecha === actual)!}
            conFiltro={datos.conFiltro}
            hoy={datos.hoy}
          />
        </>
      )}
    </Stack>
  );
}
