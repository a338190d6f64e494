/**
 * El marco de las pantallas (issue 11 §2, §4, §8): un enlace nunca termina en JSON crudo, toda
 * pantalla con sesión tiene "Salir", la barra del teléfono no se pisa de 360 a 414 px y los
 * avisos no tapan la barra ni se apilan.
 */
import { expect, test, type Locator, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cuenta,
  ingresarComo,
  ingresarConSesionPropia,
  nombreCompleto,
} from './ayudas';

const CARPETA = 'test-results/capturas';

type Caja = { x: number; y: number; width: number; height: number };
const caja = async (l: Locator): Promise<Caja> => {
  const c = await l.boundingBox();
  expect(c, 'el elemento tiene que verse').not.toBeNull();
  return c!;
};
const seTocan = (a: Caja, b: Caja) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** La página muestra HTML (no un cuerpo JSON crudo) y ningún texto de un `{"error":true…}`. */
async function sinJsonCrudo(page: Page) {
  await expect(page.locator('body')).not.toContainText('"error":true');
  expect(await page.evaluate(() => document.contentType)).toBe('text/html');
}

test.describe('Un enlace nunca termina en JSON crudo (issue 11 §2)', () => {
  test('un alumno que pide cambiar la cuenta de otro vuelve a /perfil/cambiaremail con el aviso', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnoInstitucional, '/perfil/cambiaremail');
    const { usuario } = await (await page.request.get('/api/login/status')).json();
    await page.goto(`/api/authurl?origin=cambiar&uid=${usuario.id + 1}`);
    await expect(page).toHaveURL(/\/perfil\/cambiaremail\?error=/);
    await sinJsonCrudo(page);
    await expect(
      page.getByRole('alert').filter({ hasText: 'No se pudo cambiar la cuenta' }),
    ).toContainText('Sólo un alumno puede cambiar su propia cuenta.');
    // La pantalla sigue ofreciendo el ingreso con Google (el e2e lo tiene configurado) y "Salir".
    await expect(page.getByRole('link', { name: 'Ingresar con Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    await page.screenshot({ path: `${CARPETA}/cambiaremail-error.png`, fullPage: true });
  });

  test('sin sesión, un enlace con un origen inválido lleva a /login con el aviso', async ({
    page,
  }) => {
    await page.goto('/api/authurl?origin=otro');
    await expect(page).toHaveURL(/\/login\?error=/);
    await sinJsonCrudo(page);
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo ingresar' })).toContainText(
      'El origen debe ser login, registrar o cambiar.',
    );
    // origin=cambiar sin sesión: también al login (no hay /perfil/cambiaremail sin sesión).
    await page.goto('/api/authurl?origin=cambiar&uid=1');
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo ingresar' })).toContainText(
      'Inicie sesión para cambiar su cuenta.',
    );
  });

  test('un cliente de la API sigue recibiendo el error en JSON', async ({ request }) => {
    const r = await request.get('/api/authurl?origin=otro', {
      headers: { accept: 'application/json' },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(400);
    expect(await r.json()).toEqual({
      error: true,
      message: 'El origen debe ser login, registrar o cambiar.',
    });
  });
});

test.describe('Toda pantalla con sesión tiene "Salir" (issue 11 §2)', () => {
  test('/perfil/cambiaremail: "Salir" cierra la sesión y va a /login', async ({ page }) => {
    await ingresarConSesionPropia(page, EMAIL_DEMO.alumnoInstitucional, '/perfil/cambiaremail');
    await expect(page.getByRole('heading', { name: 'Su cuenta no es de Google' })).toBeVisible();
    await expect(page.getByTestId('usuario-nombre')).toHaveText(
      nombreCompleto(EMAIL_DEMO.alumnoInstitucional),
    );
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/login/status')).status()).toBe(401);
  });

  for (const [email, ruta, titulo] of [
    [EMAIL_DEMO.alumno, '/perfil/ficha-medica', 'Imprimir'],
    [EMAIL_DEMO.alumno, '/perfil/certificado', 'Imprimir'],
    [EMAIL_DEMO.docente, '/inscripcion', 'Volver al inicio'],
    [EMAIL_DEMO.docente, '/bypass', 'Dispositivo de administración'],
  ] as const) {
    test(`${ruta} (${cuenta(email).etiqueta}) tiene "Salir"`, async ({ page }) => {
      await ingresarComo(page, email, ruta);
      await expect(page).toHaveURL(new RegExp(`${ruta}$`));
      await expect(page.getByText(titulo).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    });
  }
});

/** Los anchos de teléfono en los que nada de la barra se superpone. */
const ANCHOS = [360, 375, 390, 414];

test.describe('Barra superior en el teléfono @telefono', () => {
  // [cuenta, ruta, módulo, ¿entra entero desde 360 px?]: los más largos se cortan con "…".
  for (const [email, ruta, modulo, entero] of [
    [EMAIL_DEMO.jefePreceptores, '/medidas', 'Medidas disciplinarias', true],
    [EMAIL_DEMO.jefeDepartamento, '/planillon-departamento', 'Planillón del departamento', false],
    [EMAIL_DEMO.alumno, '/medidas-externo', 'Medidas disciplinarias', true],
  ] as const) {
    test(`${modulo} (${ruta}): nada se superpone de 360 a 414 px (issue 11 §4)`, async ({
      page,
    }) => {
      await ingresarComo(page, email, ruta);
      const nombre = nombreCompleto(email);
      for (const ancho of ANCHOS) {
        await page.setViewportSize({ width: ancho, height: 800 });
        const barra = page.locator('header');
        const burger = page.getByRole('button', { name: 'Abrir el menú' });
        const inicio = barra.getByRole('link', { name: 'Inicio' });
        const titulo = page.getByTestId('modulo-nombre');
        const iniciales = page.getByTestId('usuario-iniciales');
        await expect(titulo).toHaveText(modulo);
        // El módulo completo queda al alcance aunque se corte con "…".
        await expect(page.getByTestId('modulo-actual')).toHaveAttribute('title', modulo);
        await expect(iniciales).toHaveAttribute('aria-label', nombre);
        if (entero)
          expect(
            await titulo.evaluate((e) => e.scrollWidth <= e.clientWidth),
            `"${modulo}" entero a ${ancho} px`,
          ).toBe(true);
        const cajas = {
          burger: await caja(burger),
          inicio: await caja(inicio),
          titulo: await caja(titulo),
          iniciales: await caja(iniciales),
        };
        const nombres = Object.keys(cajas) as (keyof typeof cajas)[];
        for (const a of nombres)
          for (const b of nombres)
            if (a < b) expect(seTocan(cajas[a], cajas[b]), `${a} y ${b} a ${ancho} px`).toBe(false);
        // Todo dentro de la barra y del ancho de la pantalla, sin desplazamiento horizontal.
        const deBarra = await caja(barra);
        for (const c of Object.values(cajas)) {
          expect(c.x).toBeGreaterThanOrEqual(0);
          expect(c.x + c.width).toBeLessThanOrEqual(ancho);
          expect(c.y + c.height).toBeLessThanOrEqual(deBarra.y + deBarra.height);
        }
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollWidth),
        ).toBeLessThanOrEqual(ancho);
        if (ancho === 360 || ancho === 390)
          await page.screenshot({ path: `${CARPETA}/barra-${ruta.slice(1)}-${ancho}.png` });
      }
      // El nombre completo está arriba del menú lateral, con "Salir".
      await page.getByRole('button', { name: 'Abrir el menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Menú' });
      await expect(menu.getByTestId('usuario-nombre')).toHaveText(nombre);
      await expect(menu.getByRole('button', { name: 'Salir' })).toBeInViewport();
      await page.screenshot({ path: `${CARPETA}/menu-${ruta.slice(1)}-390.png` });
    });
  }

  test('los avisos no tapan la barra ni se apilan (issue 11 §8)', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/inscripcion/completar');
    const guardar = page.getByRole('button', { name: 'Guardar', exact: true });
    const avisos = page.getByRole('alert').filter({ hasText: 'Datos guardados correctamente' });
    for (let i = 0; i < 3; i++) {
      await guardar.click();
      await expect(avisos).toHaveCount(1);
    }
    // El último guardado puede terminar después: su aviso reemplaza al anterior, que sale con
    // una transición. Se mide cuando queda uno solo.
    await page.waitForLoadState('networkidle');
    await expect(avisos).toHaveCount(1);
    const barra = await caja(page.locator('header'));
    const aviso = await caja(avisos);
    expect(aviso.y).toBeGreaterThanOrEqual(barra.y + barra.height);
    await page.screenshot({ path: `${CARPETA}/aviso-telefono-390.png` });
  });
});

test.describe('Barra superior en el escritorio', () => {
  test('de 768 a 1280 px el módulo, los selectores, el nombre y "Salir" no se pisan', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.jefeDepartamento, '/planillon-departamento');
    await expect(page.getByTestId('modulo-nombre')).toHaveText('Planillón del departamento');
    for (const ancho of [768, 900, 1024, 1280]) {
      await page.setViewportSize({ width: ancho, height: 800 });
      const cajas = {
        modulo: await caja(page.getByTestId('modulo-actual')),
        ciclo: await caja(page.getByRole('combobox', { name: 'Ciclo lectivo' })),
        rol: await caja(page.getByRole('combobox', { name: 'Rol' })),
        nombre: await caja(page.getByTestId('usuario-nombre').filter({ visible: true })),
        salir: await caja(page.getByRole('button', { name: 'Salir' }).filter({ visible: true })),
      };
      const nombres = Object.keys(cajas) as (keyof typeof cajas)[];
      for (const a of nombres)
        for (const b of nombres)
          if (a < b) expect(seTocan(cajas[a], cajas[b]), `${a} y ${b} a ${ancho} px`).toBe(false);
      for (const c of Object.values(cajas)) expect(c.x + c.width).toBeLessThanOrEqual(ancho);
      if (ancho === 768) await page.screenshot({ path: `${CARPETA}/barra-escritorio-768.png` });
    }
  });

  test('los avisos aparecen debajo de la barra (no tapan "Salir")', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/inscripcion/completar');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const aviso = page.getByRole('alert').filter({ hasText: 'Datos guardados correctamente' });
    await expect(aviso).toHaveCount(1);
    const barra = await caja(page.locator('header'));
    expect((await caja(aviso)).y).toBeGreaterThanOrEqual(barra.y + barra.height);
    await expect(
      page.getByRole('button', { name: 'Salir' }).filter({ visible: true }),
    ).toBeInViewport();
  });
});

test.describe('Íconos de los módulos (issue 12: un sprite en lugar de los trazos en cada página)', () => {
  test('la grilla y el menú dibujan cada ícono desde /iconos.svg, que llega y tiene su símbolo', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/');
    const usos = page.locator('[data-testid="grilla-modulos"] svg use, #menu-modulos svg use');
    await expect(usos.first()).toBeAttached();
    const hrefs = await usos.evaluateAll((us) => us.map((u) => u.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(20);
    const rutas = new Set(hrefs.map((h) => h.split('#')[0]));
    expect([...rutas]).toEqual([expect.stringMatching(/^\/iconos\.svg\?v=[0-9a-f]{10}$/)]);
    // El sprite es público y estático, y tiene un símbolo para cada ícono usado.
    const r = await page.request.get([...rutas][0]!, { headers: { cookie: '' } });
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('image/svg+xml');
    expect(r.headers()['cache-control']).toContain('immutable');
    const svg = await r.text();
    for (const id of new Set(hrefs.map((h) => h.split('#')[1])))
      expect(svg).toContain(`<symbol id="${id}"`);
    // Dibujado: el ícono ocupa su lugar (no es un svg vacío de 0×0).
    const primero = page.locator('[data-testid="grilla-modulos"] svg').first();
    const c = await primero.boundingBox();
    expect(c?.width).toBe(28);
  });
});
