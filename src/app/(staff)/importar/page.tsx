import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { requerirModulo } from '@/server/auth/guardia';
import { PantallaImportar } from './_components/PantallaImportar';

export const metadata = { title: 'Importar' };

/**
 * /importar (issue 34 §1; Alumnado y Admin): alumnos con sus tutores, personal y cursos desde una
 * planilla (.xlsx o .csv). Nada se escribe antes de que la persona vea qué pasará con cada fila.
 */
export default async function Importar() {
  await requerirModulo('/importar');
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          Importar
        </Title>
        <Anchor href="/api/importar/modelo" download data-testid="planilla-modelo">
          <Group gap={4} component="span" wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            Descargar planilla modelo
          </Group>
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Alumnos con sus tutores, personal y cursos desde una planilla. Los alumnos se reconocen por
        su DNI y los tutores y el personal por su email: volver a importar el mismo archivo no
        duplica nada. Nada se guarda hasta aplicar, y la última importación se puede deshacer.
      </Text>
      <PantallaImportar />
    </Stack>
  );
}
