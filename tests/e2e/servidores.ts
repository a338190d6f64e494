/**
 * Cuántos servidores de prueba hay y dónde escucha cada uno: uno por worker de Playwright.
 *
 * Cada worker corre sus archivos de pruebas, uno tras otro, contra su propio `next start`
 * (puerto E2E_PORT + n, 3200 por omisión) con su propia base recién sembrada y su propio emisor
 * OpenID Connect (4401 + n): las pruebas cambian datos de la escuela sembrada y así las de un
 * worker nunca ven lo que hacen las del otro. `n` es el `parallelIndex` del worker (en sus
 * procesos, TEST_PARALLEL_INDEX): el mismo aunque el worker se reinicie tras una falla.
 *
 * E2E_WORKERS fija la cantidad; por omisión, dos con dos núcleos o más. Medido en dos núcleos: con
 * un worker la CPU quedaba ociosa el 40 % del tiempo (esperando al navegador y a los temporizadores
 * de las pantallas) y la corrida tardaba 405 s; con dos, 282 s.
 */
import { availableParallelism } from 'node:os';

export const SERVIDORES =
  process.env.E2E_DEV === '1'
    ? 1 // `next dev` compila cada pantalla al pedirla: un solo servidor.
    : Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()));

/** El puerto del primer servidor; los demás, los siguientes. */
export const PUERTO_BASE = Number(process.env.E2E_PORT || 3200);
const PUERTO_OIDC_BASE = 4401;

/** El servidor de este proceso de Playwright (0 fuera de los workers: la configuración). */
export const servidorActual = (): number => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const puertoDelServidor = (n: number): number => PUERTO_BASE + n;

/**
 * La dirección con la que las pruebas llaman al servidor `n`: "localhost" y no 127.0.0.1 (ver
 * playwright.config.ts: NextURL reescribe 127.0.0.1 como localhost).
 */
export const urlDelServidor = (n: number = servidorActual()): string =>
  `http://localhost:${puertoDelServidor(n)}`;

/** El emisor OpenID Connect que hace de Google para el servidor `n` (tests/e2e/oidc.ts). */
export const emisorDelServidor = (n: number = servidorActual()): string =>
  `http://127.0.0.1:${PUERTO_OIDC_BASE + n}`;

/**
 * La base del servidor `n` en PostgreSQL: la de E2E_DATABASE_URL para el primero y, desde el
 * segundo, la misma con "_n" al final del nombre. Sin E2E_DATABASE_URL, undefined (PGlite).
 */
export function urlDeBaseDelServidor(n: number = servidorActual()): string | undefined {
  const primera = process.env.E2E_DATABASE_URL || undefined;
  if (!primera || n === 0) return primera;
  const u = new URL(primera);
  u.pathname = `${u.pathname}_${n}`;
  return u.toString();
}
