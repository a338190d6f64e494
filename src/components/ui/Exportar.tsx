'use client';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dynamic from 'next/dynamic';

/**
 * El botón "Exportar" (./Exportar.tsx) cargado después de la pantalla: su menú (el Menu de
 * Mantine con su posicionamiento) suma ~28 kB gzip a la primera carga, y en /alumnos eso pasaba
 * el presupuesto de 250 kB de las pantallas del personal. Mientras carga se ve el mismo botón,
 * deshabilitado (la pantalla no salta). Mismas props que `Exportar`.
 */
export const ExportarDiferido = dynamic(() => import('./Exportar').then((m) => m.Exportar), {
  ssr: false,
  loading: () => (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} disabled>
      Exportar
    </Button>
  ),
});
