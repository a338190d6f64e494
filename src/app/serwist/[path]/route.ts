import { randomUUID } from 'node:crypto';
import { createSerwistRoute } from '@serwist/turbopack';
import { PAGINA_SIN_CONEXION } from '@/components/instalable/reglas';

/**
 * El service worker (src/app/sw.ts), compilado con esbuild por @serwist/turbopack durante
 * `next build` (la ruta es estática: /serwist/sw.js queda escrito en la build) con la lista de la
 * precarga: los archivos de <distDir>/static y public/, más la página "Sin conexión". Se sirve con
 * `Service-Worker-Allowed: /` para registrarlo con alcance "/". En `next dev` se compila al
 * pedirlo, sin precarga (y el portal no lo registra).
 *
 * La revisión de /sin-conexion cambia en cada build: el worker nuevo la vuelve a precargar.
 * El formato es un script clásico (iife) y no un módulo: los navegadores que no aceptan service
 * workers de tipo módulo también lo instalan.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute(
  {
    swSrc: 'src/app/sw.ts',
    useNativeEsbuild: true,
    additionalPrecacheEntries: [{ url: PAGINA_SIN_CONEXION, revision: randomUUID() }],
    esbuildOptions: { format: 'iife', sourcemap: false },
  },
);
