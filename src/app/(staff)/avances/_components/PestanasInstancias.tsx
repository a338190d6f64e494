'use client';
import { Button, Group } from '@mantine/core';
import Link from 'next/link';
import { fechaLegible } from '@/domain/texto';

/** Una pestaña por instancia abierta (`?instancia=`), la actual marcada. */
export function PestanasInstancias({
  fechas,
  actual,
}: {
  fechas: readonly string[];
  actual: string;
}) {
  return (
    <Group component="nav" aria-label="Instancias de avances" gap="xs" wrap="wrap">
      {fechas.map((f) => (
        <Button
          key={f}
          component={Link}
          href={`/avances?instancia=${f}`}
          replace
          scroll={false}
          variant={f === actual ? 'light' : 'subtle'}
          aria-current={f === actual ? 'page' : undefined}
        >
          Cierre {fechaLegible(f)}
        </Button>
      ))}
    </Group>
  );
}
