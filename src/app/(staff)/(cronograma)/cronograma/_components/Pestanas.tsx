'use client';
import { Box, Group, UnstyledButton } from '@mantine/core';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { PestanaCronograma } from '@/domain/cronograma';
import { ETIQUETA_PESTANA, rutaPestana } from './ruta';
import estilos from './cronograma.module.css';

/**
 * Las pestañas de /cronograma/{id} (Clases · Planificación · Detalles) como enlaces, sólo las que
 * el rol ve; con una sola no se muestran (spec 01 §2).
 */
export function Pestanas({
  cursado,
  pestanas,
}: {
  cursado: number;
  pestanas: PestanaCronograma[];
}) {
  const ruta = usePathname();
  if (pestanas.length < 2) return null;
  return (
    <Box component="nav" aria-label="Secciones del cursado" className={estilos.pestanas}>
      <Group gap={0} wrap="nowrap">
        {pestanas.map((p) => {
          const href = rutaPestana(cursado, p);
          const activa = ruta === href || ruta.startsWith(`${href}/`);
          return (
            <UnstyledButton
              key={p}
              component={Link}
              href={href}
              className={estilos.pestana}
              data-activa={activa || undefined}
              aria-current={activa ? 'page' : undefined}
            >
              {ETIQUETA_PESTANA[p]}
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
