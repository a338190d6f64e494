/**
 * El manifiesto del portal instalable (issue 36), servido en /manifest.webmanifest por
 * src/app/manifest.ts: "Agregar a la pantalla de inicio" en Android e iOS. El nombre es el del
 * portal (el de la escuela vive en la base, y el manifiesto es estático). Los íconos son PNG de
 * public/, generados con `npm run iconos` (src/app/iconos-cli.ts) en el color del tema.
 */
import { DEFAULT_THEME } from '@mantine/core';
import type { MetadataRoute } from 'next';
import { tema } from './tema';

const tono = typeof tema.primaryShade === 'object' ? tema.primaryShade.light : tema.primaryShade;

/** El color primario del tema (indigo, tono 7): la barra del sistema y el fondo de los íconos. */
export const COLOR_DEL_TEMA: string =
  DEFAULT_THEME.colors[tema.primaryColor ?? 'indigo']![tono ?? 7]!;
/** El fondo de la pantalla de arranque: el de las pantallas del portal (gray.0). */
export const COLOR_DE_FONDO: string = DEFAULT_THEME.colors.gray[0]!;

export const ICONOS_DEL_MANIFIESTO: MetadataRoute.Manifest['icons'] = [
  { src: '/icono-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icono-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icono-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function manifiesto(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Portal escolar',
    short_name: 'Portal',
    description: 'Portal de la escuela técnica: asistencias, notas, inscripciones y más.',
    lang: 'es-AR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: COLOR_DEL_TEMA,
    background_color: COLOR_DE_FONDO,
    icons: ICONOS_DEL_MANIFIESTO,
  };
}
