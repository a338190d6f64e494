/**
 * El portal instalable (issue 36): el manifiesto y sus íconos, el service worker (se registra y
 * controla la página), "Sin conexión" en cualquier página que no se guardó y la planilla de
 * asistencia (el documento) abierta sin conexión después de abrirla con conexión. La cola de la
 * planilla sin conexión la prueba sin-conexion.spec.ts.
 *
 * playwright.config.ts bloquea los service workers en todas las pruebas (`serviceWorkers:
 * 'block'`): éstas los permiten. Sin conexión = `context.setOffline(true)`: en este Chromium
 * también corta los pedidos que hace el worker (lo prueba "Sin conexión" en una página que el
 * worker sí iría a buscar a la red: si el pedido pasara, se vería la página).
 */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, ingresarComo } from './ayudas';

test.use({ serviceWorkers: 'allow' });

/** Espera el worker activo (con la precarga hecha) y controlando la página. */
async function esperarTrabajador(page: Page): Promise<void> {
  const url = await page.evaluate(async () => {
    const registro = await navigator.serviceWorker.ready;
    return registro.active?.scriptURL ?? null;
  });
  expect(url).toMatch(/\/serwist\/sw\.js$/);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Las violaciones de la CSP de la página (un script bloqueado), desde antes de cargarla. */
async function vigilarCsp(page: Page): Promise<() => Promise<string[]>> {
  const consola: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consola.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violacionesCsp?: string[] };
    w.__violacionesCsp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violacionesCsp!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...consola,
    ...(await page.evaluate(
      () => (window as unknown as { __violacionesCsp?: string[] }).__violacionesCsp ?? [],
    )),
  ];
}

/** Los caminos de los documentos guardados para abrirse sin conexión. */
const paginasGuardadas = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('paginas-sin-conexion');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });

const sinConexion = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sin conexión' });
const reintentar = (page: Page) => page.getByRole('button', { name: 'Reintentar' });

test.describe('Portal instalable', () => {
  test('el manifiesto, sus íconos y el worker se sirven sin sesión', async ({ page, request }) => {
    const r = await request.get('/manifest.webmanifest');
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('application/manifest+json');
    const m = (await r.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(m).toMatchObject({
      name: 'Portal escolar',
      short_name: 'Portal',
      lang: 'es-AR',
      start_url: '/',
      display: 'standalone',
      theme_color: '#4263eb',
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const src of [...m.icons.map((i) => i.src), '/apple-touch-icon.png']) {
      const icono = await request.get(src);
      expect(icono.status(), src).toBe(200);
      expect(icono.headers()['content-type']).toBe('image/png');
    }

    const sw = await request.get('/serwist/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['service-worker-allowed']).toBe('/');
    // La precarga incluye la página "Sin conexión" y archivos de la build (los de la planilla).
    const codigo = await sw.text();
    expect(codigo).toContain('"/sin-conexion"');
    expect(codigo).toMatch(/"\/_next\/static\/[^"]+\.js"/);

    const pagina = await request.get('/sin-conexion', { maxRedirects: 0 });
    expect(pagina.status()).toBe(200);

    // La página enlaza el manifiesto y lleva el color del tema y el ícono de Apple.
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4263eb');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
  });

  test('el worker se registra y controla la página al recargarla', async ({ page }) => {
    await page.goto('/login');
    await esperarTrabajador(page);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/serwist\/sw\.js$/,
    );
    await expect(page.getByRole('heading', { name: 'Portal escolar' })).toBeVisible();
  });

  test('sin conexión, una página que no se guardó muestra "Sin conexión"; con conexión, "Reintentar" la abre', async ({
    page,
    context,
  }) => {
    const violaciones = await vigilarCsp(page);
    await ingresarComo(page, EMAIL_DEMO.admin);
    await esperarTrabajador(page);

    await context.setOffline(true);
    await page.goto('/alumnos');
    await expect(sinConexion(page)).toBeVisible();
    // Bajo la dirección pedida: "Reintentar" recarga esa página.
    await expect(page).toHaveURL(/\/alumnos$/);
    await expect(page.getByText('Esta página necesita internet')).toBeVisible();
    await expect(page.getByText('Asistencias → Por Curso')).toBeVisible();
    await expect(reintentar(page)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('sin-conexion-escritorio.png') });

    // Sin conexión todavía: "Reintentar" vuelve a mostrar lo mismo (y no un error del navegador).
    await reintentar(page).click();
    await expect(sinConexion(page)).toBeVisible();

    await context.setOffline(false);
    await reintentar(page).click();
    await expect(page).toHaveURL(/\/alumnos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alumnos' })).toBeVisible();
    await expect(sinConexion(page)).toHaveCount(0);
    expect(await violaciones()).toEqual([]);
  });

  test('la planilla de asistencia abierta con conexión se abre sin conexión (el documento)', async ({
    page,
    context,
  }) => {
    const violaciones = await vigilarCsp(page);
    // La primera vez el worker todavía no controla la página: la pide guardar al activarse.
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/asistencias-protected');
    await expect(page).toHaveURL(/\/asistencias-protected$/);
    await esperarTrabajador(page);
    await expect.poll(() => paginasGuardadas(page)).toEqual(['/asistencias-protected']);
    // Nada de la API ni de otras páginas en las cachés del worker.
    const guardados = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const nombre of await caches.keys())
        for (const r of await (await caches.open(nombre)).keys())
          urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(guardados.length).toBeGreaterThan(10);
    expect(
      guardados.filter(
        (u) =>
          !/^\/(_next\/static\/|sin-conexion$|asistencias-protected$|icono|apple-touch-icon)/.test(
            u,
          ),
      ),
    ).toEqual([]);

    // Como si el navegador hubiera vaciado su caché HTTP y el worker no hubiera guardado nada al
    // usarse: los scripts y estilos de la planilla salen sólo de la precarga.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.evaluate(() => caches.delete('estaticos'));
    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveURL(/\/asistencias-protected$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
    await expect(sinConexion(page)).toHaveCount(0);
    // Los scripts de la copia corrieron (la CSP guardada y el nonce del HTML van juntos).
    await expect
      .poll(() => page.evaluate(() => typeof (window as { next?: unknown }).next))
      .toBe('object');
    // Y sus hojas de estilo cargaron (una que falla queda sin `sheet`).
    const estilos = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (l) => `${new URL(l.href).pathname} ${(l.sheet?.cssRules.length ?? 0) > 0}`,
      ),
    );
    expect(estilos.length).toBeGreaterThan(0);
    expect(estilos.filter((e) => !e.endsWith(' true'))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('planilla-sin-conexion.png') });
    expect(await violaciones()).toEqual([]);

    // Otra página sigue sin guardarse.
    await page.goto('/alumnos-cursados');
    await expect(sinConexion(page)).toBeVisible();
    await context.setOffline(false);
  });

  test('la precarga: "Sin conexión", los archivos de la planilla y ninguno que sólo use otra pantalla', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    await esperarTrabajador(page);
    const precarga = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const nombre of await caches.keys())
        if (nombre.startsWith('serwist-precache'))
          for (const r of await (await caches.open(nombre)).keys())
            urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(precarga).toContain('/sin-conexion');
    expect(precarga).toContain('/icono-192.png');
    // No toda la build (186 archivos antes): unos 40 (medido: 29 de la build en total).
    expect(precarga.length).toBeLessThan(60);

    // Los scripts que nombra el HTML de cada página (las etiquetas y los del payload RSC).
    const scripts = async (camino: string) => {
      const r = await page.request.get(camino, { maxRedirects: 0 });
      expect(r.status(), camino).toBe(200);
      return new Set((await r.text()).match(/\/_next\/static\/chunks\/[\w.~-]+\.js/g) ?? []);
    };
    const planilla = await scripts('/asistencias-protected');
    const sinConexion = await scripts('/sin-conexion');
    const alumnos = await scripts('/alumnos');
    // Todo lo de la planilla y de "Sin conexión" está precargado.
    expect([...planilla, ...sinConexion].filter((u) => !precarga.includes(u))).toEqual([]);
    // Lo que sólo usa /alumnos (al menos el chunk de su página), no.
    const soloAlumnos = [...alumnos].filter((u) => !planilla.has(u) && !sinConexion.has(u));
    expect(soloAlumnos.length).toBeGreaterThan(0);
    expect(soloAlumnos.filter((u) => precarga.includes(u))).toEqual([]);
  });

  test('la planilla abierta desde el menú (navegación del cliente) también queda guardada', async ({
    page,
    context,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    await esperarTrabajador(page);
    expect(await paginasGuardadas(page)).toEqual([]);
    await page.getByTestId('modulo').filter({ hasText: 'Asistencias' }).click();
    await expect(page).toHaveURL(/\/asistencias-protected$/);
    await expect.poll(() => paginasGuardadas(page)).toEqual(['/asistencias-protected']);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('Portal instalable en el teléfono @telefono', () => {
  test('familia: sin conexión, /libretas-externo muestra "Sin conexión" y con conexión "Reintentar" la abre', async ({
    page,
    context,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referente);
    await esperarTrabajador(page);

    await context.setOffline(true);
    await page.goto('/libretas-externo');
    await expect(sinConexion(page)).toBeVisible();
    await expect(reintentar(page)).toBeInViewport();
    // Sin desplazamiento horizontal en 390 px.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: test.info().outputPath('sin-conexion-telefono.png') });

    await context.setOffline(false);
    await reintentar(page).click();
    await expect(page).toHaveURL(/\/libretas-externo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
  });
});
