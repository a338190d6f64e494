import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { NO_SE_BORRA } from '@/domain/comunicados';
import { requerirModulo } from '@/server/auth/guardia';
import { ListaComunicados } from './_components/ListaComunicados';

export const metadata = { title: 'Comunicados' };

/**
 * /comunicados (issue 35 §4): los comunicados de quien escribe (Regente, Alumnado y Admin ven
 * todos), con cuántas familias los leyeron y confirmaron; "Nuevo comunicado".
 */
export default async function Comunicados() {
  await requerirModulo('/comunicados');
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          Comunicados
        </Title>
        <Button component="a" href="/comunicados/nuevo">
          Nuevo comunicado
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {NO_SE_BORRA}
      </Text>
      <ListaComunicados />
    </Stack>
  );
}
