'use client';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { ListaBuscable, type ListaBuscableProps } from './ListaBuscable';

/**
 * Un botón («Agregar alumnos», «Vincular curso», ...) que abre en su lugar una lista buscable
 * con su título, para elegir qué agregar, y «Cerrar la lista» para volver al botón. Si está
 * abierta la lleva la pantalla (`abierta`, `onAbierta`): la cierra, por ejemplo, al guardar.
 */
export function AgregarDesdeLista({
  abierta,
  onAbierta,
  texto,
  deshabilitado,
  ...lista
}: ListaBuscableProps & {
  abierta: boolean;
  onAbierta: (abierta: boolean) => void;
  /** El texto del botón que abre la lista. */
  texto: string;
  /** Deshabilita el botón que abre la lista (mientras se guarda). */
  deshabilitado?: boolean;
}) {
  return abierta ? (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {lista.etiqueta}
      </Text>
      <ListaBuscable alto={240} {...lista} />
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconX size={14} />}
        onClick={() => onAbierta(false)}
        style={{ alignSelf: 'flex-start' }}
      >
        Cerrar la lista
      </Button>
    </Stack>
  ) : (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} />}
      onClick={() => onAbierta(true)}
      disabled={deshabilitado}
      style={{ alignSelf: 'flex-start' }}
    >
      {texto}
    </Button>
  );
}
