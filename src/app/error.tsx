'use client';
import { Alert, Anchor, Button, Center, Group, Stack } from '@mantine/core';
import { BotonSalir } from '@/components/BotonSalir';

/** Error inesperado al mostrar una pantalla: mensaje en castellano y reintento. */
export default function ErrorPantalla({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <Center mih="60dvh" p="md">
      <Stack maw={480}>
        <Alert color="red" title="Ocurrió un error inesperado" role="alert">
          No se pudo mostrar esta pantalla. Intente nuevamente; si el problema sigue, avise a la
          escuela
          {error.digest ? ` (código ${error.digest})` : ''}.
        </Alert>
        <Group justify="space-between">
          <Button onClick={reset}>Reintentar</Button>
          <Group gap="sm">
            <Anchor href="/">Volver al inicio</Anchor>
            <BotonSalir />
          </Group>
        </Group>
      </Stack>
    </Center>
  );
}
