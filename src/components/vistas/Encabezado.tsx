'use client';
import { Alert, Stack, Text, Title } from '@mantine/core';

/** Título de la pantalla, el alumno del que se trata y, si la lectura fue rechazada, el motivo. */
export function Encabezado({
  titulo,
  alumno,
  mensaje,
}: {
  titulo: string;
  alumno?: { apellido: string; nombre: string } | null;
  mensaje?: string | null;
}) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {titulo}
      </Title>
      {alumno && (
        <Text c="dimmed" data-testid="alumno-vista">
          {alumno.apellido}, {alumno.nombre}
        </Text>
      )}
      {mensaje && (
        <Alert color="red" role="alert" data-testid="mensaje-vista">
          {mensaje}
        </Alert>
      )}
    </Stack>
  );
}
