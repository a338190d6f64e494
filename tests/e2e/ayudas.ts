/** Ayudas compartidas por las pruebas de punta a punta. */
import { expect, type Locator, type Page } from '@playwright/test';
import { CUENTAS_DEMO, EMAIL_DEMO, type CuentaDemo } from '../../src/server/db/demo';

export { EMAIL_DEMO };

export const CLAVE_BYPASS = 'clave-de-prueba';

export function cuenta(email: string): CuentaDemo {
  const c = CUENTAS_DEMO.find((x) => x.email === email);
  if (!c) throw new Error(`No hay cuenta de demostración ${email}`);
  return c;
}

export const nombreCompleto = (email: string) =>
  `${cuenta(email).nombre} ${cuenta(email).apellido}`;

/** Ingresa con el botón "Ingresar como" de la cuenta de demostración (el botón lleva el email). */
export async function ingresarComo(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: email }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** En el teléfono, abre el menú lateral si está cerrado (en el escritorio no hay "Abrir el menú"). */
async function abrirMenuSiHaceFalta(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true')
    await burger.click();
}

/** Cierra la sesión con "Salir" (desde la barra superior o, en el teléfono, desde el menú). */
export async function salir(page: Page): Promise<void> {
  await abrirMenuSiHaceFalta(page);
  await page.getByRole('button', { name: 'Salir' }).filter({ visible: true }).click();
  await page.waitForURL('**/login');
}

/** El nombre del usuario en la barra superior. */
export const nombreEnBarra = (page: Page): Locator =>
  page.getByTestId('usuario-nombre').filter({ visible: true });

/** Los nombres de los módulos de la grilla de inicio, en orden. */
export async function modulosDeLaGrilla(page: Page): Promise<string[]> {
  const tarjetas = page.getByTestId('modulo');
  await expect(tarjetas.first()).toBeVisible();
  return tarjetas.evaluateAll((cs) =>
    cs.map((c) => (c.querySelector('p')?.textContent ?? '').trim()),
  );
}

/** Un selector de la barra (un <select> nativo) por su etiqueta accesible. */
export const selector = (page: Page, nombre: string): Locator =>
  page.getByRole('combobox', { name: nombre, exact: true }).filter({ visible: true });

/** La opción elegida de un selector (para `expect(...).toHaveText(...)`). */
export const elegida = (page: Page, nombre: string): Locator =>
  selector(page, nombre).locator('option:checked');

/** Los textos de las opciones de un selector, en orden. */
export async function opcionesDe(page: Page, nombre: string): Promise<string[]> {
  await expect(selector(page, nombre)).toBeVisible();
  return (await selector(page, nombre).getByRole('option').allTextContents()).map((t) => t.trim());
}

/** Elige una opción de un selector por su texto. */
export async function elegir(page: Page, nombre: string, opcion: string): Promise<void> {
  await selector(page, nombre).selectOption({ label: opcion });
}

/** El año en curso en la zona horaria de la escuela. */
export function cicloActual(): number {
  return Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Argentina/Cordoba',
      year: 'numeric',
    }).format(new Date()),
  );
}
