/**
 * Herramientas de root (issue 17 §3; spec 02 §2, §8, §9): /root/reportes y /root/log, sólo para
 * Admin con el dispositivo de administración (la cookie de /bypass). Una consulta muestra la
 * tabla y se descarga en CSV; una escritura muestra el error en un recuadro rojo; el registro
 * muestra líneas y se actualiza solo; sin el dispositivo, o con otro rol, se vuelve a /.
 *
 * La consola corre sólo con un servidor PostgreSQL (issue 31, punto 12: su conexión ingresa como
 * el rol de sólo lectura portal_reportes): con E2E_DATABASE_URL se prueba la consola; con PGlite
 * (lo de siempre), que la pantalla y la API dicen que necesita un servidor.
 */
import { readFile } from 'node:fs/promises';
import { expect, nuevoContexto, test, type Browser, type Page } from './prueba';
import { MENSAJE_CONSOLA_PGLITE, mensajeSoloLectura } from '@/domain/root';
import {
  CLAVE_BYPASS,
  EMAIL_DEMO,
  ingresarComo,
  nombreCompleto,
  nombreEnBarra,
  violacionesGraves,
} from './ayudas';

/** Una IP de documentación (RFC 5737) por dispositivo: el límite de /bypass es por IP. */
const ipDePrueba = () => {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `203.0.${n()}.${n()}`;
};

/** Un navegador nuevo con el dispositivo registrado como de administración (por /bypass). */
async function dispositivoAdmin(
  browser: Browser,
  opciones: Parameters<typeof nuevoContexto>[1] = {},
  ip = ipDePrueba(),
): Promise<Page> {
  const contexto = await nuevoContexto(browser, {
    ...opciones,
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
  });
  const page = await contexto.newPage();
  await page.goto('/bypass');
  await page.getByLabel('Clave de administración').fill(CLAVE_BYPASS);
  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  // Sin sesión de Admin, el dispositivo queda registrado pero todavía no suplanta a nadie.
  await expect(
    page.getByText('Este dispositivo es de administración. Para ingresar'),
  ).toBeVisible();
  expect((await contexto.cookies()).some((c) => c.name === 'portal_admin')).toBe(true);
  return page;
}

const consulta = (page: Page) => page.getByRole('textbox', { name: 'Consulta' });

/** Los servidores de las pruebas usan PostgreSQL (tests/e2e/servidor.ts): la consola anda. */
const conServidor = !!process.env.E2E_DATABASE_URL;

test.describe('Herramientas de root', () => {
  if (!conServidor)
    test('/root/reportes con PGlite: la pantalla y la API dicen que la consola necesita un servidor PostgreSQL', async ({
      browser,
    }, testInfo) => {
      const page = await dispositivoAdmin(browser, { viewport: { width: 390, height: 844 } });
      await ingresarComo(page, EMAIL_DEMO.admin, '/root/reportes');
      await expect(page.getByRole('heading', { name: 'Reportes SQL' })).toBeVisible();
      const aviso = page
        .getByRole('status')
        .filter({ hasText: 'La consola de reportes está apagada' });
      await expect(aviso).toContainText(MENSAJE_CONSOLA_PGLITE);
      await expect(consulta(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ejecutar' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({ path: testInfo.outputPath('root-reportes-pglite-390.png') });
      const r = await page.request.post('/api/root/reportes', { data: { sql: 'select 1' } });
      expect([r.status(), await r.json()]).toEqual([
        400,
        { error: true, message: MENSAJE_CONSOLA_PGLITE },
      ]);
      expect(await violacionesGraves(page)).toEqual([]);
      await page.context().close();
    });

  if (conServidor)
    test('/root/reportes: un SELECT muestra la tabla y se descarga en CSV; una escritura, el recuadro rojo', async ({
      browser,
    }) => {
      const page = await dispositivoAdmin(browser);
      // Desde /bypass (con la sesión de Admin) se llega a las herramientas (no están en la grilla).
      await ingresarComo(page, EMAIL_DEMO.admin, '/bypass');
      await expect(page.getByRole('link', { name: 'Reportes SQL' })).toHaveAttribute(
        'href',
        '/root/reportes',
      );
      await ingresarComo(page, EMAIL_DEMO.admin, '/root/reportes');
      await expect(page).toHaveURL(/\/root\/reportes$/);
      await expect(page.getByRole('heading', { name: 'Reportes SQL' })).toBeVisible();

      await consulta(page).fill(
        `select email, rls from usuarios where email in ('${EMAIL_DEMO.admin}', '${EMAIL_DEMO.docente}') order by email`,
      );
      // Ctrl+Enter ejecuta.
      await consulta(page).press('Control+Enter');
      const tabla = page.getByRole('table', { name: 'Resultado' });
      await expect(tabla.getByRole('columnheader')).toHaveText(['email', 'rls']);
      await expect(tabla.getByRole('row')).toHaveCount(3);
      await expect(tabla.getByRole('cell', { name: EMAIL_DEMO.admin })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'filas' })).toHaveText('2 filas');

      const [descarga] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar CSV' }).click(),
      ]);
      expect(descarga.suggestedFilename()).toBe('reporte.csv');
      const csv = await readFile((await descarga.path())!, 'utf8');
      const [admin, docente] = [EMAIL_DEMO.admin, EMAIL_DEMO.docente].sort();
      expect(csv.replace(/^\ufeff/, '').split('\r\n')).toEqual([
        'email;rls',
        expect.stringMatching(new RegExp(`^${admin!.replace(/\./g, '\\.')};\\d+$`)),
        expect.stringMatching(new RegExp(`^${docente!.replace(/\./g, '\\.')};\\d+$`)),
        '',
      ]);

      // Una escritura: el mensaje en un recuadro rojo, y la tabla anterior ya no está.
      await consulta(page).fill('delete from alumnos');
      await page.getByRole('button', { name: 'Ejecutar' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'La consulta no se ejecutó' });
      await expect(error).toContainText(mensajeSoloLectura('delete'));
      await expect(error).toHaveAttribute('style', /red/);
      await expect(tabla).toHaveCount(0);

      // Un secreto: lo rechaza la base (el rol de lectura), también en rojo.
      await consulta(page).fill('select * from sesiones');
      await consulta(page).press('Control+Enter');
      await expect(error).toContainText('Sin permiso para leer eso');
      expect(await violacionesGraves(page)).toEqual([]);
      await page.context().close();
    });

  test('/root/log muestra las líneas y se actualiza solo cada 5 s', async ({ browser }) => {
    const page = await dispositivoAdmin(browser);
    await ingresarComo(page, EMAIL_DEMO.admin, '/root/log');
    await expect(page.getByRole('heading', { name: 'Registro' })).toBeVisible();
    await expect(page.getByLabel('Líneas')).toHaveValue('100');
    const lineas = page
      .getByRole('list', { name: 'Registro de la aplicación' })
      .getByRole('listitem');
    await expect(lineas.first()).toBeVisible();
    expect(await lineas.count()).toBeGreaterThan(0);
    expect(await lineas.count()).toBeLessThanOrEqual(100);

    // Una consulta desde otra pestaña del mismo dispositivo aparece sin recargar.
    const marca = `marca-${Date.now()}`;
    const otra = await page.context().newPage();
    const r = await otra.request.post('/api/root/reportes', {
      data: { sql: `select '${marca}' as m` },
    });
    // Con PGlite la consola responde que está apagada (400): igual queda en la auditoría.
    expect([r.status(), await r.json()]).toEqual(
      conServidor
        ? [200, { columnas: ['m'], filas: [[marca]], truncado: false }]
        : [400, { error: true, message: MENSAJE_CONSOLA_PGLITE }],
    );
    await expect(lineas.filter({ hasText: marca })).toHaveCount(1, { timeout: 15_000 });
    await expect(lineas.first()).toContainText(marca);
    expect(await violacionesGraves(page)).toEqual([]);

    // El selector pide otra cantidad (GET /api/root/log/{lineas}).
    await page.getByLabel('Líneas').selectOption('50');
    await expect(page.getByLabel('Líneas')).toHaveValue('50');
    await expect.poll(() => lineas.count()).toBeLessThanOrEqual(50);
    const rest = await page.request.get('/api/root/log/3');
    expect(rest.status()).toBe(200);
    expect(((await rest.json()) as { lineas: unknown[] }).lineas).toHaveLength(3);
    expect((await page.request.get('/api/root/log/0')).status()).toBe(400);
    await page.context().close();
  });

  test('sin el dispositivo de administración, Admin vuelve a / (y la API responde 403)', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/root/reportes');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/root/log');
    await expect(page).toHaveURL(/\/$/);
    const r = await page.request.post('/api/root/reportes', { data: { sql: 'select 1' } });
    expect(r.status()).toBe(403);
    expect(await r.json()).toEqual({ error: true, message: 'No tiene permiso para esta acción.' });
    expect((await page.request.get('/api/root/log/100')).status()).toBe(403);
  });

  test('otro rol con el dispositivo de administración también vuelve a /', async ({ browser }) => {
    const page = await dispositivoAdmin(browser);
    await ingresarComo(page, EMAIL_DEMO.regente, '/root/reportes');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/root/log');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/root/log/100')).status()).toBe(403);
    await page.context().close();
  });

  if (conServidor)
    test('en un teléfono de 360 px la consola y el registro entran en la pantalla', async ({
      browser,
    }, testInfo) => {
      const page = await dispositivoAdmin(browser, {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      await ingresarComo(page, EMAIL_DEMO.admin, '/root/reportes');
      await consulta(page).fill(
        'select id, apellido, nombre, email, rls, habilitado from usuarios order by id limit 5',
      );
      await page.getByRole('button', { name: 'Ejecutar' }).click();
      await expect(page.getByRole('table', { name: 'Resultado' }).getByRole('row')).toHaveCount(6);
      // La página no se desplaza de costado: la tabla se desplaza dentro de su contenedor.
      const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(ancho).toBeLessThanOrEqual(360);
      await page.screenshot({ path: testInfo.outputPath('root-reportes-360.png'), fullPage: true });

      await consulta(page).fill('drop table alumnos');
      await page.getByRole('button', { name: 'Ejecutar' }).click();
      await expect(page.getByRole('alert', { name: 'La consulta no se ejecutó' })).toContainText(
        mensajeSoloLectura('drop'),
      );
      await page.screenshot({ path: testInfo.outputPath('root-reportes-error-360.png') });

      await page.goto('/root/log');
      await expect(
        page.getByRole('list', { name: 'Registro de la aplicación' }).getByRole('listitem').first(),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await page.screenshot({ path: testInfo.outputPath('root-log-360.png') });
      await page.context().close();
    });

  test('/root/dispositivos lista los dispositivos y revoca uno, que deja de valer con su suplantación', async ({
    browser,
  }, testInfo) => {
    const [ipEste, ipOtro] = [ipDePrueba(), ipDePrueba()];
    const este = await dispositivoAdmin(browser, {}, ipEste);
    const otro = await dispositivoAdmin(browser, {}, ipOtro);
    // Desde el otro dispositivo, con la sesión de Admin, se ingresa como el regente.
    await ingresarComo(otro, EMAIL_DEMO.admin, `/bypass?q=${EMAIL_DEMO.regente}`);
    await otro.getByRole('button', { name: /^Ingresar como / }).click();
    await expect(otro).toHaveURL(/\/$/);
    await expect(nombreEnBarra(otro)).toHaveText(nombreCompleto(EMAIL_DEMO.regente));

    // /root/log: la suplantación figura como "Admin como Regente".
    await ingresarComo(este, EMAIL_DEMO.admin, '/root/log');
    const como = `${nombreCompleto(EMAIL_DEMO.admin)} como ${nombreCompleto(EMAIL_DEMO.regente)}`;
    await expect(
      este
        .getByRole('list', { name: 'Registro de la aplicación' })
        .getByRole('listitem')
        .filter({ hasText: 'bypass.ingreso' })
        .first(),
    ).toContainText(como);

    await este.goto('/bypass');
    await este.getByRole('link', { name: 'Dispositivos' }).click();
    await expect(este).toHaveURL(/\/root\/dispositivos$/);
    await expect(
      este.getByRole('heading', { name: 'Dispositivos de administración' }),
    ).toBeVisible();
    const filas = este
      .getByRole('table', { name: 'Dispositivos de administración' })
      .getByRole('row');
    const filaEste = filas.filter({ hasText: ipEste });
    const filaOtro = filas.filter({ hasText: ipOtro });
    await expect(filaEste).toContainText('Este dispositivo');
    await expect(filaEste).toContainText('Activo');
    await expect(filaOtro).not.toContainText('Este dispositivo');
    await expect(filaOtro).toContainText('Activo');

    // Revocar pide confirmación; cancelar no cambia nada.
    await filaOtro.getByRole('button', { name: 'Revocar' }).click();
    const dialogo = este.getByRole('dialog', { name: '¿Revocar este dispositivo?' });
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toHaveCount(0);
    await expect(filaOtro).toContainText('Activo');
    await filaOtro.getByRole('button', { name: 'Revocar' }).click();
    await dialogo.getByRole('button', { name: 'Revocar' }).click();
    await expect(filaOtro).toContainText(
      new RegExp(`Revocado el .* por ${nombreCompleto(EMAIL_DEMO.admin)}`),
    );
    await expect(filaOtro.getByRole('button', { name: 'Revocar' })).toHaveCount(0);
    await expect(filaEste).toContainText('Activo');
    expect(await violacionesGraves(este)).toEqual([]);
    await este.screenshot({ path: testInfo.outputPath('root-dispositivos.png'), fullPage: true });

    // El otro dispositivo: su sesión de suplantación se cerró y /bypass vuelve a pedir la clave.
    await otro.goto('/');
    await expect(otro).toHaveURL(/\/login/);
    await otro.goto('/bypass');
    await expect(otro.getByLabel('Clave de administración')).toBeVisible();
    await este.context().close();
    await otro.context().close();
  });
});
