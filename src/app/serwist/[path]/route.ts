import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSerwistRoute } from '@serwist/turbopack';
import { elegirPrecarga } from '@/components/instalable/precarga';
import { PAGINA_SIN_CONEXION } from '@/components/instalable/reglas';

/** Un archivo de la carpeta del proyecto (la build incluida); `null` si no está. */
function leerDelProyecto(camino: string): string | null {
  try {
    return readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), camino), 'utf8');
  } catch {
    return null;
  }
}

/**
 * El service worker (src/app/sw.ts), compilado con esbuild por @serwist/turbopack durante
 * `next build` (la ruta es estática: /serwist/sw.js queda escrito en la build) con la lista de la
 * precarga. Se sirve con `Service-Worker-Allowed: /` para registrarlo con alcance "/". En
 * `next dev` se compila al pedirlo, sin precarga (y el portal no lo registra).
 *
 * La precarga no es toda la build (186 archivos, 1,4 MB comprimidos, que bajaría cada teléfono de
 * una familia al abrir el portal): `elegirPrecarga` (src/components/instalable/precarga.ts) deja
 * los íconos de public/ y sólo los JS y CSS de "Sin conexión" y de la planilla de asistencia
 * (/asistencias y /asistencias-protected), leídos de los manifiestos que Next escribió en la build
 * (este manejador corre después de compilar), más los chunks que esos cargan después. Si no puede
 * leerlos, precarga todo con un aviso en la salida de `next build`. Lo demás de /_next/static lo
 * guarda el worker cuando se usa (primero la caché). Se suma la página /sin-conexion misma.
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
    manifestTransforms: [
      (entradas) => {
        const eleccion = elegirPrecarga(entradas, leerDelProyecto);
        // Serwist no siempre muestra los avisos (sólo si arma la lista al pedir sw.js): a la salida
        // de `next build`, siempre.
        for (const aviso of eleccion.warnings) console.warn(`⚠ Service worker: ${aviso}`);
        return eleccion;
      },
    ],
    esbuildOptions: { format: 'iife', sourcemap: false },
  },
);
