/**
 * Salir termina la sesión en el servidor (OWASP ASVS V7.4.1): una copia de la cookie de
 * sesión tomada antes de "Salir" o de GET /api/logout ya no sirve después.
 *
 * Cada prueba ingresa por /login (una sesión propia): salir con una sesión guardada del
 * proyecto `sesiones` la cerraría para las demás pruebas de esa cuenta.
 */
import { expect, nuevoContexto, test, type Browser, type BrowserContext } from './prueba';
import { EMAIL_DEMO, cuenta, ingresarPorElLogin, nombreEnBarra, salir } from './ayudas';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** Las cookies de la sesión de next-auth (authjs.session-token, o partida en .0, .1…). */
async function cookiesDeSesion(contexto: BrowserContext): Promise<Cookies> {
  const todas = (await contexto.cookies()).filter((c) => c.name.includes('session-token'));
  expect(todas.length).toBeGreaterThan(0);
  return todas;
}

/** Un navegador nuevo que presenta las cookies copiadas: ¿sigue adentro? */
async function conCookiesCopiadas(browser: Browser, cookies: Cookies) {
  const contexto = await nuevoContexto(browser);
  await contexto.addCookies(cookies);
  const page = await contexto.newPage();
  return { contexto, page };
}

test.describe('Salir termina la sesión en el servidor', () => {
  test('una cookie copiada antes de "Salir" ya no sirve', async ({ page, browser }) => {
    const docente = cuenta(EMAIL_DEMO.docente);
    await ingresarPorElLogin(page, docente.email);
    const copia = await cookiesDeSesion(page.context());

    // Con la copia, otro navegador está adentro mientras la sesión vive.
    const otro = await conCookiesCopiadas(browser, copia);
    expect((await otro.page.request.get('/api/login/status')).status()).toBe(200);

    await salir(page);

    const estado = await otro.page.request.get('/api/login/status');
    expect(estado.status()).toBe(401);
    expect(await estado.json()).toEqual({ error: true, message: expect.any(String) });
    expect((await otro.page.request.get('/api/cursos')).status()).toBe(401);
    await otro.page.goto('/');
    await expect(otro.page).toHaveURL(/\/login$/);
    await otro.contexto.close();
  });

  test('una cookie copiada antes de GET /api/logout ya no sirve', async ({ page, browser }) => {
    const admin = cuenta(EMAIL_DEMO.admin);
    await ingresarPorElLogin(page, admin.email);
    const copia = await cookiesDeSesion(page.context());

    await page.goto('/api/logout');
    await expect(page).toHaveURL(/\/login$/);

    const otro = await conCookiesCopiadas(browser, copia);
    expect((await otro.page.request.get('/api/login/status')).status()).toBe(401);
    expect((await otro.page.request.get('/api/usuarios')).status()).toBe(401);
    await otro.page.goto('/usuarios');
    await expect(otro.page).toHaveURL(/\/login$/);
    await otro.contexto.close();
  });

  test('salir de un navegador no cierra la sesión del mismo usuario en otro', async ({
    page,
    browser,
  }) => {
    const preceptor = cuenta(EMAIL_DEMO.preceptor);
    const otro = await nuevoContexto(browser);
    const otraPagina = await otro.newPage();
    await ingresarPorElLogin(otraPagina, preceptor.email);
    await ingresarPorElLogin(page, preceptor.email);

    await salir(page);

    expect((await otraPagina.request.get('/api/login/status')).status()).toBe(200);
    await otraPagina.goto('/');
    await expect(nombreEnBarra(otraPagina)).toHaveText(`${preceptor.nombre} ${preceptor.apellido}`);
    await otro.close();
  });
});
