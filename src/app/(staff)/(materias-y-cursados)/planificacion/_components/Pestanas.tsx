'use client';
import { Box, Group, UnstyledButton } from '@mantine/core';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import estilos from './planificacion.module.css';

const PESTANAS = [
  { href: '/planificacion/materias', etiqueta: 'Materias' },
  { href: '/planificacion/cursados', etiqueta: 'Cursados' },
] as const;

/**
 * Las pestañas de /planificacion: enlaces (se abren en otra pestaña del navegador, se llega con
 * Tab) con `aria-current="page"` en la elegida, también en sus subrutas (nueva, editar).
 */
export function Pestanas() {
  const ruta = usePathname();
  return (
    <Box component="nav" aria-label="Secciones de planificación" className={estilos.pestanas}>
      <Group gap={0} wrap="nowrap">
        {PESTANAS.map((p) => {
          const activa = ruta === p.href || ruta.startsWith(`${p.href}/`);
          return (
            <UnstyledButton
              key={p.href}
              component={Link}
              href={p.href}
              className={estilos.pestana}
              data-activa={activa || undefined}
              aria-current={activa ? 'page' : undefined}
            >
              {p.etiqueta}
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
