'use client';
import { Anchor, Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { BotonSalir } from '@/components/BotonSalir';

/** "Volver al inicio", "Imprimir" y "Salir", que no salen en el papel. */
export function BotonImprimir() {
  return (
    <Group className="no-imprimir" justify="space-between" mb="lg">
      <Anchor href="/">Volver al inicio</Anchor>
      <Group gap="xs">
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Imprimir
        </Button>
        <BotonSalir variant="default" size="sm" />
      </Group>
    </Group>
  );
}
