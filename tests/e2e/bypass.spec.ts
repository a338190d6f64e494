/**
 * /bypass: registrar un dispositivo de administración con la clave (con límite de
 * intentos por IP) e ingresar como otro usuario, con registro en la auditoría.
 *
 * Cada prueba usa su propia IP para que los intentos fallidos no bloqueen a las demás: el
 * servidor de prueba cree en un proxy delante (TRUSTED_PROXIES=1) y toma la IP de la última
 * entrada de X-Forwarded-For, la que Playwright manda como si fuera ese proxy.
 */
import { expect, nuevoContexto, test, type Browser, type Page } from './prueba';
import {
  CLAVE_BYPASS,
  EMAIL_DEMO,
  cuenta,
  ingresarComo,
  nombreCompleto,
  nombreEnBarra,
} from './ayudas';
import { urlDeBaseDelServidor } from './servidores';

/** Una IP de documentación (RFC 5737) distinta en cada corrida. */
function ipDePrueba(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${n()}.${n()}`;
}

async function paginaConIp(browser: Browser, ip: string): Promise<Page> {
  const contexto = await nuevoContexto(browser, { extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  return contexto.newPage();
}

async function enviarClave(page: Page, clave: string): Promise<void> {
  await page.getByLabel('Clave de administración').fill(clave);
  await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/bypass',
    ),
    page.getByRole('button', { name: 'Registrar este dispositivo' }).click(),
  ]);
}

/**
 * Entradas de la auditoría en la base del servidor de este worker (sólo con PostgreSQL: con PGlite
 * la base es del proceso del servidor).
 */
type FilaAuditoria = { accion: string; usuario_id: number | null; impersonador: string | null };
async function auditoria(ip: string): Promise<FilaAuditoria[] | null> {
  const url = urlDeBaseDelServidor();
  if (!url) return null;
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql<FilaAuditoria[]>`
      select a.accion, a.usuario_id, u.email as impersonador
      from auditoria a left join usuarios u on u.id = a.impersonado_por
      where a.ip = ${ip} order by a.id`;
  } finally {
    await sql.end();
  }
}

const SIN_SESION_DE_ADMIN =
  'Este dispositivo es de administración. Para ingresar como otro usuario, ingrese con su cuenta de Admin';

test.describe('Acceso de administración (/bypass)', () => {
  test('clave incorrecta y bloqueo después de 5 intentos fallidos', async ({ browser }) => {
    const ip = ipDePrueba();
    const page = await paginaConIp(browser, ip);
    await page.goto('/bypass');
    await expect(
      page.getByRole('heading', { name: 'Dispositivo de administración' }),
    ).toBeVisible();
    await expect(page.getByLabel('Clave de administración')).toBeVisible();

    const aviso = page
      .getByRole('alert')
      .filter({ hasText: /Clave incorrecta|Demasiados intentos/ });
    for (let i = 1; i <= 5; i++) {
      await enviarClave(page, `equivocada-${i}`);
      await expect(aviso).toHaveText('Clave incorrecta.');
      // React vacía el formulario al terminar la acción, un momento después de la respuesta (el
      // aviso ya decía lo mismo): la clave siguiente se escribe recién entonces. Si no, el vaciado
      // la borraba y `required` frenaba el envío sin POST (1 de cada 8 corridas, con o sin reloj).
      await expect(page.getByLabel('Clave de administración')).toHaveValue('');
    }
    // El sexto intento se rechaza sin mirar la clave (ni siquiera la correcta).
    await enviarClave(page, CLAVE_BYPASS);
    await expect(aviso).toHaveText('Demasiados intentos fallidos. Espere 15 minutos.');
    expect((await page.context().cookies()).find((c) => c.name === 'portal_admin')).toBeUndefined();

    const filas = await auditoria(ip);
    if (filas) expect(filas.map((f) => f.accion)).toEqual(Array(5).fill('bypass.clave_incorrecta'));
    await page.context().close();
  });

  test('el límite no se evita inventando entradas de X-Forwarded-For', async ({ browser }) => {
    // El servidor de prueba cree en un proxy (TRUSTED_PROXIES=1, tests/e2e/servidor.ts): la IP
    // del cliente es la que anotó ese proxy (la última entrada), no lo que el cliente escribió
    // antes. Cada intento, un navegador nuevo con otra entrada inventada a la izquierda.
    const ip = ipDePrueba();
    const intento = async (clave: string) => {
      const page = await paginaConIp(browser, `${ipDePrueba()}, ${ip}`);
      await page.goto('/bypass');
      await enviarClave(page, clave);
      const aviso = page
        .getByRole('alert')
        .filter({ hasText: /Clave incorrecta|Demasiados intentos/ });
      const adentro = page.getByRole('heading', { name: 'Ingresar como otro usuario' });
      await expect(aviso.or(adentro)).toBeVisible();
      const texto = (await aviso.count()) ? await aviso.textContent() : null;
      const admin = (await page.context().cookies()).some((c) => c.name === 'portal_admin');
      await page.context().close();
      return { texto, admin };
    };
    for (let i = 1; i <= 5; i++)
      expect(await intento(`equivocada-${i}`)).toEqual({
        texto: 'Clave incorrecta.',
        admin: false,
      });
    expect(await intento(CLAVE_BYPASS)).toEqual({
      texto: 'Demasiados intentos fallidos. Espere 15 minutos.',
      admin: false,
    });

    const filas = await auditoria(ip);
    if (filas) expect(filas.map((f) => f.accion)).toEqual(Array(5).fill('bypass.clave_incorrecta'));
  });

  test('con la clave correcta registra el dispositivo; con la sesión de Admin, ingresa como otro usuario', async ({
    browser,
  }) => {
    const ip = ipDePrueba();
    const page = await paginaConIp(browser, ip);
    const referente = cuenta(EMAIL_DEMO.referente);
    await page.goto('/bypass');
    await enviarClave(page, CLAVE_BYPASS);
    // El dispositivo queda registrado, pero suplantar pide además una sesión de Admin.
    await expect(page.getByText(SIN_SESION_DE_ADMIN)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ingresar como / })).toHaveCount(0);
    await ingresarComo(page, EMAIL_DEMO.admin, '/bypass');
    await expect(page.getByRole('heading', { name: 'Ingresar como otro usuario' })).toBeVisible();

    const cookie = (await page.context().cookies()).find((c) => c.name === 'portal_admin');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/');
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);

    await page
      .getByRole('textbox', { name: 'Buscar usuario, alumno o referente' })
      .fill('referente.demo');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/bypass\?q=referente\.demo$/);
    const ingresar = page.getByRole('button', { name: /^Ingresar como / });
    await expect(ingresar).toHaveCount(1);
    await expect(page.getByRole('row').filter({ has: ingresar })).toContainText(referente.email);
    await ingresar.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(referente.email));
    const estado = await (await page.request.get('/api/login/status')).json();
    expect(estado).toMatchObject({ usuario: { email: referente.email }, rol: referente.rls });

    const filas = await auditoria(ip);
    if (filas) {
      expect(filas.map((f) => f.accion)).toEqual([
        'bypass.dispositivo_registrado',
        'bypass.ingreso',
      ]);
      expect(filas[1]!.usuario_id).toBe(estado.usuario.id);
      // El comienzo de la suplantación dice qué Admin ingresó como el referente.
      expect(filas[1]!.impersonador).toBe(EMAIL_DEMO.admin);
    }
    await page.context().close();
  });

  test('con el dispositivo pero con otro rol (o sin sesión) no se ingresa como otro usuario', async ({
    browser,
  }) => {
    const page = await paginaConIp(browser, ipDePrueba());
    await page.goto('/bypass');
    await enviarClave(page, CLAVE_BYPASS);
    await expect(page.getByText(SIN_SESION_DE_ADMIN)).toBeVisible();
    await ingresarComo(page, EMAIL_DEMO.regente, '/bypass?q=referente.demo');
    await expect(page.getByText(SIN_SESION_DE_ADMIN)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ingresar como / })).toHaveCount(0);
    const lista = await page.request.get('/api/admin/bypass?q=docente');
    expect([lista.status(), await lista.json()]).toEqual([
      403,
      { error: true, message: 'Ingrese con su cuenta de Admin para ingresar como otro usuario.' },
    ]);
    await page.context().close();
  });

  test('sin el dispositivo registrado no se puede ingresar como otro usuario', async ({
    page,
    baseURL,
  }) => {
    // La cookie de administración debe estar firmada por el servidor.
    await page
      .context()
      .addCookies([{ name: 'portal_admin', value: '9999999999.firma-falsa', url: baseURL! }]);
    await page.goto('/bypass?q=referente.demo');
    await expect(
      page.getByRole('heading', { name: 'Dispositivo de administración' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ingresar como / })).toHaveCount(0);
  });
});

test.describe('El contrato REST de /bypass (spec 02 §7)', () => {
  test('POST /api/validate/bypass registra el dispositivo y GET /api/admin/bypass lista usuarios', async ({
    browser,
  }) => {
    const page = await paginaConIp(browser, ipDePrueba());
    await page.goto('/login');
    const antes = await page.request.get('/api/admin/bypass');
    expect(antes.status()).toBe(403);
    const mala = await page.request.post('/api/validate/bypass', { form: { clave: 'equivocada' } });
    expect(mala.status()).toBe(401);
    expect(await mala.json()).toEqual({ error: true, message: 'Clave incorrecta.' });
    expect((await page.request.post('/api/validate/bypass', { form: {} })).status()).toBe(400);
    const buena = await page.request.post('/api/validate/bypass', {
      form: { clave: CLAVE_BYPASS },
    });
    expect(buena.status(), await buena.text()).toBe(200);
    // Con el dispositivo y sin sesión de Admin, la lista tampoco.
    expect((await page.request.get('/api/admin/bypass')).status()).toBe(403);
    await ingresarComo(page, EMAIL_DEMO.admin, '/');
    const lista = await page.request.get(`/api/admin/bypass?q=${encodeURIComponent('docente')}`);
    expect(lista.status()).toBe(200);
    const { items } = (await lista.json()) as { items: { email: string; roles: string[] }[] };
    expect(items.some((u) => u.email === EMAIL_DEMO.docente && u.roles.includes('Docente'))).toBe(
      true,
    );
    await page.context().close();
  });
});
