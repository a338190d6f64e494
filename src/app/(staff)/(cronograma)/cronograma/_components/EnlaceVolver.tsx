'use client';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import Link from 'next/link';

/** El enlace "← Cronograma" (o a otra lista) sobre una pantalla de detalle. */
export function EnlaceVolver({ href, texto }: { href: string; texto: string }) {
  return (
    <Anchor component={Link} href={href} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft size={16} aria-hidden />
        {texto}
      </Group>
    </Anchor>
  );
}
