import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** El color de cada estado de un correo (los del registro de envíos y los de un comunicado). */
const COLOR: Record<string, string> = {
  enviado: 'teal.9',
  fallido: 'red.9',
  rebotado: 'grape.9',
  pendiente: 'gray.7',
  'en cola': 'gray.7',
  'no va por correo': 'gray.7',
};

/**
 * El estado de un correo de avisos (issue 35 §5): la insignia (pendiente, enviado, fallido…), lo
 * que se agregue al lado (`children`: "leído") y, si falló o rebotó, el motivo debajo. Lo usan el registro de
 * envíos de /root/log y el seguimiento de un comunicado.
 */
export function EstadoEnvio({
  estado,
  motivo,
  children,
}: {
  estado: string;
  motivo?: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <Group gap={4}>
        <Badge color={COLOR[estado] ?? 'gray.7'} variant="filled">
          {estado}
        </Badge>
        {children}
      </Group>
      {motivo && (
        <Text size="xs" c="red.9">
          {motivo}
        </Text>
      )}
    </>
  );
}
