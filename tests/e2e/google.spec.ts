/**
 * Ingreso con Google por el código real del proveedor de next-auth, contra un emisor
 * OpenID Connect local (tests/e2e/oidc.ts) en lugar de accounts.google.com.
 */
import { expect, test, type Page } from './prueba';
import { Rol } from '@/domain/roles';
import { EMAIL_DEMO, cuenta, ingresarPorElLogin, nombreCompleto, nombreEnBarra } from './ayudas';
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
  test('una cuenta registrada entra con su usuario', async ({ page, baseURL }) => {
    const docente = cuenta(EMAIL_DEMO.docente);
    await ingresarConGoogle(page, docente.email);
    // El inicio del propio portal (con E2E_PORT, otro puerto).
    await expect(page).toHaveURL(`${baseURL}/`);
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

test.describe('Contrato de ingreso (spec 02 §7 Login)', () => {
  test('GET /api/authurl empieza el ingreso en Google y rechaza orígenes y roles inválidos', async ({
    request,
  }) => {
    const ir = (q: string) => request.get(`/api/authurl?${q}`, { maxRedirects: 0 });
    for (const q of ['origin=login', 'origin=registrar&role=256']) {
      const r = await ir(q);
      expect(r.status()).toBe(302);
      expect(r.headers()['location']).toMatch(new RegExp(`^${EMISOR}/`));
    }
    const registrar = await ir('origin=registrar&role=256');
    expect(registrar.headers()['set-cookie']).toContain('portal_intencion=');
    expect((await ir('origin=registrar&role=1')).status()).toBe(400);
    expect((await ir('origin=otro')).status()).toBe(400);
    // Cambiar la cuenta exige la sesión de un alumno, y sólo la propia.
    expect((await ir('origin=cambiar&uid=1')).status()).toBe(401);
  });

  test('GET /api/authurl?origin=cambiar: sólo el alumno de la sesión', async ({ page }) => {
    await ingresarPorElLogin(page, EMAIL_DEMO.alumnoInstitucional);
    const { usuario } = await (await page.request.get('/api/login/status')).json();
    const ir = (q: string) => page.request.get(`/api/authurl?${q}`, { maxRedirects: 0 });
    expect((await ir(`origin=cambiar&uid=${usuario.id + 1}`)).status()).toBe(403);
    const propio = await ir(`origin=cambiar&uid=${usuario.id}`);
    expect(propio.status()).toBe(302);
    expect(propio.headers()['location']).toMatch(new RegExp(`^${EMISOR}/`));
  });

  test('GET /api/login/change/{rol} cambia a un rol propio y a ningún otro', async ({ page }) => {
    expect((await page.request.get('/api/login/change/2')).status()).toBe(401);
    await ingresarPorElLogin(page, EMAIL_DEMO.multirol);
    const multi = cuenta(EMAIL_DEMO.multirol);
    expect((await page.request.get(`/api/login/change/${Rol.Admin}`)).status()).toBe(403);
    expect((await page.request.get('/api/login/change/x')).status()).toBe(403);
    const r = await page.request.get(`/api/login/change/${Rol.Preceptor}`);
    expect(await r.json()).toEqual({ rol: Rol.Preceptor });
    const estado = await (await page.request.get('/api/login/status')).json();
    expect(estado).toMatchObject({ rol: Rol.Preceptor, rls: multi.rls });
  });

  test('POST /api/login_validate sólo dice si el email es de Google', async ({ request }) => {
    const validar = (email: unknown) => request.post('/api/login_validate', { data: { email } });
    expect(await (await validar('alguien@gmail.com')).json()).toEqual({ google: true });
    // Un usuario del portal con otra cuenta: la respuesta no dice si está registrado.
    expect(await (await validar(EMAIL_DEMO.docente)).json()).toEqual({ google: false });
    expect(await (await validar('nadie@escuela.test')).json()).toEqual({ google: false });
    expect((await validar('')).status()).toBe(400);
  });
});
