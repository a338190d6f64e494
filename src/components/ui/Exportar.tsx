'use client';
import { Button } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import dynamic from 'next/dynamic';

/**
 * El botón "Exportar" de todas las listas: el menú Excel/CSV (./MenuExportar.tsx) se carga
 * después de la pantalla, porque el Menu de Mantine con su posicionamiento suma ~28 kB gzip a la
 * primera carga (en /alumnos y /mesas/[id] pasaba el presupuesto de 250 kB de las pantallas del
 * personal). Mientras carga se ve el mismo botón, deshabilitado (la pantalla no salta). Props:
 * las de `MenuExportar`.
 */
export const Exportar = dynamic(() => import('./MenuExportar').then((m) => m.MenuExportar), {
  ssr: false,
  loading: () => (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      disabled
    >
      Exportar
    </Button>
  ),
});
