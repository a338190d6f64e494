'use client';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useActionState } from 'react';
import { registrarDispositivo, type EstadoBypass } from './acciones';

export function FormularioClave() {
  const [estado, accion, pendiente] = useActionState<EstadoBypass, FormData>(
    registrarDispositivo,
    {},
  );
  return (
    <form action={accion}>
      <Stack>
        {estado.error && (
          <Alert color="red" role="alert">
            {estado.error}
          </Alert>
        )}
        <PasswordInput
          name="clave"
          label="Clave de administración"
          required
          autoComplete="current-password"
        />
        <Button type="submit" loading={pendiente}>
          Registrar este dispositivo
        </Button>
      </Stack>
    </form>
  );
}
