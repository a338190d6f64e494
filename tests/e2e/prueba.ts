/**
 * `test` y `expect` de las pruebas de punta a punta: las de Playwright con el reloj del navegador
 * en el día escolar fijo (tests/e2e/fecha.ts). Los specs importan de acá, no de
 * '@playwright/test' (lint lo exige).
 *
 * Cada contexto del navegador recibe `clock.install` con el día fijo a la hora real: el portal
 * cree que hoy es FECHA_ESCOLAR, como el servidor (SCHOOL_FIXED_DATE), y la hora del día (la
 * línea de la hora de /horarios, el turno) es la real. El reloj instalado corre: los temporizadores,
 * los autoguardados y las esperas de la app siguen andando en tiempo real (no se usa `pauseAt`
 * salvo en la prueba que lo necesita, /horarios). Los contextos que abre una prueba aparte van
 * por `nuevoContexto` (lint prohíbe `browser.newContext` en los specs).
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from '@playwright/test';
import { inicioRelojNavegador } from './fecha';
import { urlDelServidor } from './servidores';

export {
  expect,
  request,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Pone el reloj del contexto en el día escolar fijo, a la hora real (en los últimos 10 minutos del
 * día, a las 23:50: `inicioRelojNavegador`), y lo deja correr.
 */
export async function instalarReloj(contexto: BrowserContext): Promise<void> {
  await contexto.clock.install({ time: inicioRelojNavegador() });
}

/** Un contexto de navegador aparte (otra cuenta, otra IP) con el reloj del día escolar fijo. */
export async function nuevoContexto(
  browser: Browser,
  opciones?: BrowserContextOptions,
): Promise<BrowserContext> {
  const contexto = await browser.newContext(opciones);
  await instalarReloj(contexto);
  return contexto;
}

export const test = base.extend({
  // Cada worker llama a su propio servidor (tests/e2e/servidores.ts).
  // `usar` y no `use`: la regla de hooks de React confundiría el segundo argumento con un hook.
  baseURL: async ({}, usar) => {
    await usar(urlDelServidor());
  },
  context: async ({ context }, usar) => {
    await instalarReloj(context);
    await usar(context);
  },
});
