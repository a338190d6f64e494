/**
 * La campana de avisos (issue 35 §2). En el teléfono, el referente de demostración ve la campana
 * con sus avisos sembrados sin leer (src/server/db/seed/avisos.ts), la abre, sigue un aviso (queda
 * leído y llega al detalle), marca todos como leídos, ve /avisos y guarda sus preferencias de
 * correo. En la computadora, el personal también tiene la campana, y sus preferencias le dicen que
 * el correo es para las familias. Sin desplazamiento horizontal y sin violaciones graves de axe.
 */
import { expect, nuevoContexto, test, type Page } from './prueba';
import { EMAIL_DEMO, cuenta, ingresarComo, violacionesGraves } from './ayudas';
import { FECHA_ESCOLAR } from './fecha';

async function sinDesplazamientoHorizontal(page: Page) {
  const ancho = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Los avisos sin leer de la sesión, como los cuenta el servidor (GET de tRPC). */
async function noLeidos(page: Page): Promise<number> {
  const r = await page.request.get('/api/trpc/avisos.noLeidos');
  expect(r.status()).toBe(200);
  return ((await r.json()) as { result: { data: { json: number } } }).result.data.json;
}

const nombreCampana = (n: number) => (n > 0 ? `Avisos, ${n} sin leer` : 'Avisos');

test.describe('Avisos en el teléfono @telefono', () => {
  test('el referente ve la campana con sus avisos sin leer, sigue uno, marca todos y guarda sus preferencias', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/');
    // Sus preferencias, también desde su perfil en el inicio.
    await expect(
      page
        .getByRole('region', { name: 'Mi perfil' })
        .getByRole('link', { name: 'Avisos por correo' }),
    ).toHaveAttribute('href', '/avisos/preferencias');
    const n = await noLeidos(page);
    // La siembra deja avisos sin leer de los dos hijos (y uno leído).
    expect(n).toBeGreaterThan(1);
    const campana = page.getByRole('button', { name: /^Avisos/ });
    await expect(campana).toHaveAccessibleName(nombreCampana(n));
    await expect(campana.getByTestId('campana-cuenta')).toHaveText(String(n));
    await expect(campana).toBeInViewport();
    await sinDesplazamientoHorizontal(page);
    await page.screenshot({ path: test.info().outputPath('campana-telefono.png') });

    // Un toque: el panel con los últimos avisos, cada uno con fecha, alumno, título y texto.
    await campana.click();
    const panel = page.getByRole('dialog', { name: 'Avisos' });
    await expect(panel).toBeVisible();
    const avisos = panel.getByTestId('aviso');
    await expect(avisos.first()).toBeVisible();
    const sinLeer = avisos.filter({ hasText: 'Sin leer' });
    // El panel trae los últimos diez (otras pruebas del mismo servidor pueden haber sumado avisos).
    await expect(sinLeer).toHaveCount(Math.min(n, 10));
    await expect(avisos.filter({ hasNotText: 'Sin leer' }).first()).toBeVisible();
    await expect(avisos.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · [^,]+, /);
    await sinDesplazamientoHorizontal(page);
    await page.screenshot({ path: test.info().outputPath('panel-telefono.png') });
    expect(await violacionesGraves(page)).toEqual([]);

    // Seguir un aviso: queda leído y se abre la pantalla del detalle.
    const primero = sinLeer.first();
    const enlace = (await primero.getAttribute('href'))!;
    // La pantalla de la familia con el detalle (asistencias, medidas, un comunicado, la
    // inscripción que revisó Alumnado en otra prueba del mismo servidor…).
    expect(enlace).toMatch(/^\/[a-z][a-z/-]*(\/\d+)?(\?anio=\d{4})?$/);
    await primero.click();
    await expect(page).toHaveURL(new RegExp(`${enlace.replace(/[?]/g, '\\?')}$`));
    await expect(panel).toBeHidden();
    await expect(campana).toHaveAccessibleName(nombreCampana(n - 1));
    expect(await noLeidos(page)).toBe(n - 1);

    // Marcar todos como leídos.
    await campana.click();
    await expect(sinLeer).toHaveCount(Math.min(n - 1, 10));
    await panel.getByRole('button', { name: 'Marcar todos como leídos' }).click();
    await expect(sinLeer).toHaveCount(0);
    await expect(campana).toHaveAccessibleName('Avisos');
    await expect(campana.getByTestId('campana-cuenta')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Marcar todos como leídos' })).toBeDisabled();
    expect(await noLeidos(page)).toBe(0);

    // "Ver todos": /avisos, con el filtro de no leídos.
    await panel.getByRole('link', { name: 'Ver todos' }).click();
    await expect(page).toHaveURL(/\/avisos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
    await expect(page.getByTestId('avisos-sin-leer')).toHaveText('No hay avisos sin leer.');
    await expect(page.getByRole('main').getByTestId('aviso').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Sólo no leídos' }).check();
    await expect(page).toHaveURL(/\/avisos\?noLeidos=1$/);
    await expect(page.getByText('No tiene avisos sin leer.')).toBeVisible();
    await sinDesplazamientoHorizontal(page);

    // Preferencias: cada categoría con sus modos; las evaluaciones, sin "En el momento".
    await page.getByRole('link', { name: 'Preferencias de correo' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Preferencias de avisos' }),
    ).toBeVisible();
    await expect(page.getByText('En el portal los avisos llegan siempre')).toBeVisible();
    const medidas = page.getByRole('combobox', { name: 'Medidas disciplinarias', exact: true });
    await expect(medidas).toHaveValue('inmediato');
    const evaluaciones = page.getByRole('combobox', {
      name: 'Evaluaciones de los próximos 7 días',
      exact: true,
    });
    await expect(evaluaciones.locator('option')).toHaveText([
      'No recibir por correo',
      'En el resumen diario',
    ]);
    await medidas.selectOption({ label: 'No recibir por correo' });
    await page
      .getByRole('combobox', { name: 'Hora del resumen diario', exact: true })
      .selectOption('07:00');
    await sinDesplazamientoHorizontal(page);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Preferencias guardadas.' }),
    ).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('preferencias-telefono.png'),
      fullPage: true,
    });
    expect(await violacionesGraves(page)).toEqual([]);
    await page.reload();
    await expect(
      page.getByRole('combobox', { name: 'Medidas disciplinarias', exact: true }),
    ).toHaveValue('no');
    await expect(
      page.getByRole('combobox', { name: 'Hora del resumen diario', exact: true }),
    ).toHaveValue('7');
  });

  test('el preceptor guarda una inasistencia en su teléfono y la campana del referente la muestra en el suyo', async ({
    page,
    browser,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/');
    const antes = await noLeidos(page);

    // El preceptor de demostración tiene 2° 1°, el curso de Valentina (la hija de referente.demo).
    const telefono = await nuevoContexto(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const preceptor = await telefono.newPage();
      await ingresarComo(preceptor, EMAIL_DEMO.preceptor, '/asistencias-protected');
      await preceptor
        .getByRole('listbox', { name: 'Cursos' })
        .getByRole('option', { name: /^2° 1°/ })
        .click();
      await preceptor
        .locator('label')
        .filter({ hasText: /^Tarde$/ })
        .filter({ visible: true })
        .click();
      const fila = preceptor.getByRole('region', {
        name: `${cuenta(EMAIL_DEMO.alumno).apellido}, Valentina`,
        exact: true,
      });
      await expect(fila).toBeVisible();
      await fila.getByRole('button', { name: 'Agregar entrada' }).click();
      await preceptor
        .getByTestId('barra-guardar')
        .filter({ visible: true })
        .getByRole('button', { name: 'Guardar' })
        .click();
      await expect(preceptor.getByText('Asistencias guardadas').last()).toBeVisible({
        timeout: 30_000,
      });
    } finally {
      await telefono.close();
    }

    // Sin la espera (NOTIFICACIONES_ESPERA_SEGUNDOS=0), el trabajador de `next start` lo avisa.
    await expect.poll(() => noLeidos(page), { timeout: 30_000 }).toBe(antes + 1);
    // La campana lo cuenta al volver a la ventana (o al minuto); acá, al abrir otra página.
    await page.goto('/');
    const campana = page.getByRole('button', { name: /^Avisos/ });
    await expect(campana).toHaveAccessibleName(nombreCampana(antes + 1));
    await campana.click();
    const aviso = page
      .getByRole('dialog', { name: 'Avisos' })
      .getByTestId('aviso')
      .filter({ hasText: 'Sin leer' })
      .first();
    const fecha = `${FECHA_ESCOLAR.slice(8, 10)}/${FECHA_ESCOLAR.slice(5, 7)}/${FECHA_ESCOLAR.slice(0, 4)}`;
    await expect(aviso).toContainText(`Valentina (2° 1°) tiene registrado el ${fecha}`);
    await expect(aviso).toContainText('turno Tarde');
    await page.screenshot({ path: test.info().outputPath('inasistencia-telefono.png') });
  });
});

test('el personal también tiene la campana; el correo es para las familias', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/');
  const campana = page.getByRole('button', { name: /^Avisos/ });
  await expect(campana).toHaveAccessibleName('Avisos');
  await campana.click();
  const panel = page.getByRole('dialog', { name: 'Avisos' });
  await expect(panel.getByText('No tiene avisos.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('panel-escritorio.png') });
  expect(await violacionesGraves(page)).toEqual([]);
  // Escape lo cierra y el foco vuelve a la campana.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(campana).toBeFocused();
  await campana.click();
  await panel.getByRole('link', { name: 'Preferencias' }).click();
  await expect(page).toHaveURL(/\/avisos\/preferencias$/);
  await expect(page.getByTestId('correo-solo-familias')).toHaveText(
    'Los avisos por correo son para las familias: los reciben los referentes de cada alumno, en el email con el que ingresan al portal.',
  );
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  // La espera de la escuela es de la dirección: el preceptor no la ve.
  await expect(page.getByRole('heading', { name: 'Ajustes de la escuela' })).toHaveCount(0);
  expect(await violacionesGraves(page)).toEqual([]);
});

test('la dirección elige la espera de la escuela antes de avisar una inasistencia', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.regente, '/avisos/preferencias');
  const ajustes = page.getByRole('form', { name: 'Ajustes de la escuela' });
  const espera = ajustes.getByRole('combobox', {
    name: 'Espera antes de avisar una inasistencia',
  });
  // Sin configurar, la de omisión; se elige de una lista (nada que teclear).
  await expect(espera).toHaveValue('15');
  await expect(espera.locator('option').first()).toHaveText('Sin espera');
  await espera.selectOption({ label: '30 minutos' });
  await ajustes.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(ajustes.getByRole('status')).toHaveText('Ajuste guardado.');
  await page.screenshot({ path: test.info().outputPath('ajustes-escuela.png'), fullPage: true });
  expect(await violacionesGraves(page)).toEqual([]);
  await page.reload();
  await expect(espera).toHaveValue('30');
  // Vuelve a la de omisión (los servidores de prueba igual usan NOTIFICACIONES_ESPERA_SEGUNDOS=0).
  await espera.selectOption({ label: '15 minutos' });
  await ajustes.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(ajustes.getByRole('status')).toHaveText('Ajuste guardado.');
});
