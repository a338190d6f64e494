/**
 * Jornada cultural y deportiva (issue 17 §1; spec 02 §2, §4): el alumno elige su actividad en el
 * teléfono (las demás quedan bloqueadas); el Regente crea una actividad con imagen y la borra; el
 * personal ve las listas e imprime; los guardias de /jornada y /jornada/view. La elección del
 * alumno se quita al final (como Regente, por la API) para poder repetir la prueba.
 */
import { expect, test, type Browser, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cicloActual,
  ingresarComo,
  comoOtraCuenta,
  violacionesDeAccesibilidad,
} from './ayudas';

const ciclo = cicloActual();
/** Un PNG de 1×1 de verdad. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const comoRegente = <T>(browser: Browser, hacer: (page: Page) => Promise<T>) =>
  comoOtraCuenta(browser, EMAIL_DEMO.regente, hacer);

test('el alumno elige su actividad en el teléfono; las demás quedan bloqueadas', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ingresarComo(page, EMAIL_DEMO.alumno, '/jornada');
  const { alumno } = (await (await page.request.get('/api/mispics')).json()) as { alumno: number };
  // Si quedó elegida de otra corrida, Regente la quita.
  await comoRegente(browser, (r) => r.request.delete(`/api/jornada/elecciones/${ciclo}/${alumno}`));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Jornada cultural y deportiva' }),
  ).toBeVisible();
  const tarjetas = page.getByTestId('actividad-jcd').filter({ visible: true });
  await expect(tarjetas.first()).toBeVisible();
  const disponible = tarjetas
    .filter({ has: page.getByRole('button', { name: /^Elegir / }) })
    .first();
  const boton = disponible.getByRole('button', { name: /^Elegir / });
  const nombre = (await boton.getAttribute('aria-label'))!.replace(/^Elegir /, '');
  const libresAntes = await disponible.getByText(/^Quedan? \d+ cupos?/).textContent();
  try {
    await boton.click();
    const dialogo = page.getByRole('dialog', { name: `¿Elegir ${nombre}?` });
    await expect(dialogo).toContainText('Una vez elegida, no se puede cambiar.');
    await dialogo.getByRole('button', { name: 'Elegir', exact: true }).click();
    await expect(page.getByText(`Eligió ${nombre}.`)).toBeVisible();
    const suya = tarjetas.filter({ hasText: nombre });
    await expect(suya).toHaveAttribute('data-estado', 'elegida');
    await expect(suya).toContainText('Su actividad');
    expect(await suya.getByText(/^Quedan? \d+ cupos?/).textContent()).not.toBe(libresAntes);
    await expect(page.getByRole('button', { name: /^Elegir / })).toHaveCount(0);
    await expect(page.getByText('Ya eligió su actividad')).toBeVisible();
    const { ancho, contenido } = await page.evaluate(() => ({
      ancho: window.innerWidth,
      contenido: document.documentElement.scrollWidth,
    }));
    expect(contenido).toBeLessThanOrEqual(ancho);
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('jornada-telefono.png'), fullPage: true });
    // Elegir otra por la API: 409 con el mensaje.
    const otra = await page.request.post(`/api/jornada/elegir/${ciclo}`, {
      data: { actividad: 1 },
    });
    expect([403, 409]).toContain(otra.status());
  } finally {
    await comoRegente(browser, async (r) => {
      const quitada = await r.request.delete(`/api/jornada/elecciones/${ciclo}/${alumno}`);
      expect(quitada.status(), await quitada.text()).toBe(200);
    });
  }
});

test('Regente crea una actividad con imagen, la ve en la lista y la borra', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.regente, '/jornada/view');
  await page.getByRole('button', { name: 'Nueva actividad' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva actividad' });
  const nombre = `Taller de prueba ${Date.now() % 100000}`;
  await dialogo.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
  await dialogo.getByRole('textbox', { name: 'Descripción' }).fill('Una actividad de la prueba.');
  await dialogo.getByRole('textbox', { name: 'Cupos' }).fill('5');
  // Fuera del horario de la jornada: el mensaje, y nada se guarda.
  await dialogo.getByLabel('Comienzo').fill('07:00');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText(
    'El horario debe estar entre las 07:30 y las 14:00',
  );
  await dialogo.getByLabel('Comienzo').fill('09:00');
  await dialogo.getByLabel('Fin').fill('11:00');
  await dialogo.getByRole('textbox', { name: 'Aula' }).fill('Aula 5');
  await dialogo.locator('input[type="file"]').setInputFiles({
    name: 'taller.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  const lista = page.getByTestId('lista-actividad').filter({ hasText: nombre });
  await expect(lista).toContainText('09:00 a 11:00 · Aula 5');
  await expect(lista).toContainText('Todavía nadie eligió esta actividad.');
  // La imagen se sirve con el tipo reconocido.
  const vista = (await (await page.request.get(`/api/jornada/vista/${ciclo}`)).json()) as {
    actividades: { id: number; nombre: string }[];
  };
  const id = vista.actividades.find((a) => a.nombre === nombre)?.id;
  expect(id).toBeDefined();
  const img = await page.request.get(`/api/jornada/imagen/${id}`);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/png');
  await lista.getByRole('button', { name: `Borrar ${nombre}` }).click();
  await page
    .getByRole('dialog', { name: `¿Borrar ${nombre}?` })
    .getByRole('button', { name: 'Borrar' })
    .click();
  await expect(lista).toHaveCount(0);
});

test('el personal ve las listas y los que no eligieron; los guardias', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/jornada/view');
  await expect(page.getByRole('button', { name: 'Nueva actividad' })).toHaveCount(0);
  const listas = page.getByTestId('lista-actividad');
  await expect(listas.first()).toBeVisible();
  await expect(listas.first().getByRole('table')).toBeVisible();
  await expect(
    listas.first().getByRole('button', { name: /^Imprimir la lista de / }),
  ).toBeVisible();
  await page.getByRole('tab', { name: /^Sin actividad/ }).click();
  await expect(page.getByTestId('sin-actividad').first()).toBeVisible();
  expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
  // Guardias: el alumno no ve /jornada/view; el docente no ve /jornada.
  await page.context().clearCookies();
  await ingresarComo(page, EMAIL_DEMO.alumno, '/jornada/view').catch(() => undefined);
  await page.waitForURL((u) => u.pathname === '/');
  await page.context().clearCookies();
  await ingresarComo(page, EMAIL_DEMO.docente, '/jornada').catch(() => undefined);
  await page.waitForURL((u) => u.pathname === '/');
});
