import { Anchor, Stack, Title } from '@mantine/core';
import { requerirModulo } from '@/server/auth/guardia';
import { FormularioComunicado } from '../_components/FormularioComunicado';

export const metadata = { title: 'Nuevo comunicado' };

/** /comunicados/nuevo: escribir un comunicado y elegir a quién va (según el rol y su alcance). */
export default async function NuevoComunicado() {
  await requerirModulo('/comunicados');
  return (
    <Stack gap="md" maw={760}>
      <Anchor href="/comunicados" size="sm">
        ← Comunicados
      </Anchor>
      <Title order={1} size="h2">
        Nuevo comunicado
      </Title>
      <FormularioComunicado />
    </Stack>
  );
}
