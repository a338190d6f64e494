import { Badge, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { cursadoDeRuta } from '../_components/acceso';
import { EnlaceVolver } from '../_components/EnlaceVolver';
import { Pestanas } from '../_components/Pestanas';

/**
 * /cronograma/{id} (spec 01 §2): el cursado (nombre y cursos) sobre sus pestañas. Un id que no es
 * un número o un cursado ajeno vuelve a /cronograma.
 */
export default async function LayoutCursado({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { cursado, pestanas } = await cursadoDeRuta((await params).id);
  return (
    <Stack gap="md">
      <EnlaceVolver href="/cronograma" texto="Cronograma" />
      <Stack gap={4}>
        <Title order={1} size="h2">
          {cursado.nombre}
        </Title>
        {cursado.cursos.length > 0 && (
          <Group gap={4}>
            {cursado.cursos.map((c) => (
              <Badge key={c} variant="light" tt="none">
                {c}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Pestanas cursado={cursado.cursadoId} pestanas={pestanas} />
      {children}
    </Stack>
  );
}
