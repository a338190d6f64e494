/**
 * Dónde guardan las pruebas de punta a punta las sesiones de las cuentas de demostración.
 *
 * El proyecto `sesiones` (tests/e2e/sesiones.setup.ts) ingresa una vez con cada cuenta por
 * la API de next-auth en cada servidor y guarda su `storageState` en
 * `<salida>/.auth/<servidor>/<email>.json`;
 * `ingresarComo` (ayudas.ts) carga esas cookies en el contexto de cada prueba. La carpeta
 * de salida (la que Playwright vacía al empezar) es también la de playwright.config.ts.
 */
import path from 'node:path';
import { servidorActual } from './servidores';

const raiz = path.resolve(__dirname, '..', '..');

/** Con E2E_PORT, una carpeta propia: cada corrida vacía la suya y no la de otra. */
export const CARPETA_SALIDA = path.join(
  raiz,
  process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}` : 'test-results',
);

/**
 * El archivo con la sesión guardada de una cuenta de demostración en el servidor `n` (el de este
 * worker, si no se indica): cada servidor tiene su base y sus sesiones.
 */
export const archivoDeSesion = (email: string, n: number = servidorActual()): string =>
  path.join(CARPETA_SALIDA, '.auth', String(n), `${email}.json`);
