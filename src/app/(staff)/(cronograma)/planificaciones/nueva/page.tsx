import { Stack, Text, Title } from '@mantine/core';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { ListaCursadosNueva } from './_components/ListaCursadosNueva';

export const metadata = { title: 'Nueva planificación' };

/** /planificaciones/nueva (spec 01 §2): el docente elige uno de sus cursados para planificarlo. */
export default async function NuevaPlanificacion() {
  await requerirModulo('/planificaciones/nueva');
  const { cursados } = await (await servidor()).cronograma.cursados();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Nueva planificación
      </Title>
      <Text c="dimmed" size="sm">
        Elija el cursado que va a planificar.
      </Text>
      <ListaCursadosNueva cursados={cursados} />
    </Stack>
  );
}
