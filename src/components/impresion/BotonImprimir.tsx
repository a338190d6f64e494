'use client';
import { Anchor, Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

/** "Imprimir" y "Volver", que no salen en el papel. */
export function BotonImprimir() {
  return (
    <Group className="no-imprimir" justify="space-between" mb="lg">
      <Anchor href="/">Volver al inicio</Anchor>
      <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
        Imprimir
      </Button>
    </Group>
  );
}
