/**
 * Ingreso con Google por el código real del proveedor de next-auth, contra un emisor
 * OpenID Connect local (tests/e2e/oidc.ts) en lugar de accounts.google.com.
 */
import { expect, test, type Page } from '@playwright/test';
import { EMAIL_DEMO, cuenta, nombreCompleto, nombreEnBarra } from './ayudas';
import { EMISOR, iniciarEmisor, type EmisorOidc } from './oidc';

let emisor: EmisorOidc;

test.beforeAll(async () => {
  emisor = await iniciarEmisor();
});

test.afterAll(async () => {
  await emisor?.detener();
});

/** "Ingresar con Google" y, en las pantallas del emisor, el email como usuario y el consentimiento. */
async function ingresarConGoogle(page: Page, email: string): Promise<void> {
  // Las pantallas de desarrollo del emisor piden una fuente a Google: sin red externa.
  await page.route('https://fonts.googleapis.com/**', (ruta) => ruta.abort());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar con Google' }).click();
  await page.waitForURL(`${EMISOR}/**`);
  await page.getByRole('textbox', { name: 'Enter any login' }).fill(email);
  await page.getByPlaceholder('and password').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin !== EMISOR && !url.pathname.startsWith('/api/auth/'));
}

test.describe('Ingreso con Google', () => {
  test('una cuenta registrada entra con su usuario', async ({ page }) => {
    const docente = cuenta(EMAIL_DEMO.docente);
    await ingresarConGoogle(page, docente.email);
    await expect(page).toHaveURL(/^http:\/\/localhost:3200\/$/);
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(docente.email));
    await expect(page.getByText('Ingresó como Docente.')).toBeVisible();
    const estado = await (await page.request.get('/api/login/status')).json();
    expect(estado).toMatchObject({ rol: docente.rls, usuario: { email: docente.email } });
  });

  test('una cuenta que no es de un usuario vuelve al login con el aviso', async ({ page }) => {
    await ingresarConGoogle(page, 'nadie@gmail.com');
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo ingresar' })).toContainText(
      'La cuenta no está registrada en el portal. Consulte en la escuela.',
    );
    expect((await page.request.get('/api/login/status')).status()).toBe(401);
  });
});
