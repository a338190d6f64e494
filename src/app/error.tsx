'use client';
import { Alert, Button, Center, Stack } from '@mantine/core';

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
        <Button onClick={reset}>Reintentar</Button>
      </Stack>
    </Center>
  );
}
