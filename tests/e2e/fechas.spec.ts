/**
 * Fechas y horas en un navegador en inglés (issue 32 §9): los campos del personal muestran y
 * aceptan dd/mm/aaaa y horas de 24 h sea cual sea el idioma del navegador (un
 * `<input type="date">` mostraba 11/28/2026 y uno de hora, 09:00 AM). Lo escrito como 1/3/2026 se
 * guarda como el 1 de marzo; una fecha que no existe muestra el error en castellano y no se guarda
 * nada; lo elegido en el selector nativo se confirma. En el teléfono (390 px), el botón del
 * calendario está a mano.
 */
import { expect, test } from './prueba';
import { EMAIL_DEMO, ingresarComo, masDias } from './ayudas';
import { calendarioDe, elegirEnCalendario, textoFecha } from './campo-fecha';
import { FECHA_ESCOLAR } from './fecha';

test.use({ locale: 'en-US' });

test.describe('fechas y horas con el navegador en inglés', () => {
  test('la fecha de asistencias se muestra como dd/mm/aaaa', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/asistencias');
    // El navegador está en inglés: lo nativo mostraría 11/24/2026.
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    await expect(fecha).toHaveValue(textoFecha(FECHA_ESCOLAR));
    await expect(fecha).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(fecha).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await expect(
      page.getByRole('button', { name: 'Fecha: elegir en el calendario' }),
    ).toBeVisible();
  });

  test('una mesa: 1/3/2026 se guarda como el 1 de marzo y 2130 como 21:30; el 31/02 no existe', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/mesas/nueva');
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva mesa' })).toBeVisible();
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    const hora = page.getByRole('textbox', { name: 'Hora' });
    await expect(hora).toHaveAttribute('placeholder', 'hh:mm');
    await expect(hora).toHaveAttribute('inputmode', 'numeric');

    // Una fecha que no existe: el error en castellano junto al campo, que queda vacío, y al
    // enviar no se crea nada.
    await fecha.fill('31/02/2026');
    await hora.fill('9');
    await expect(hora).toHaveValue('9');
    await page.getByRole('combobox', { name: 'Instancia' }).fill('Final Febrero/Marzo');
    await page.getByRole('combobox', { name: 'Instancia' }).press('Escape');
    await expect(fecha).toHaveValue('');
    await expect(page.getByText('El 31/02/2026 no existe en el calendario.')).toBeVisible();
    await expect(fecha).toHaveAttribute('aria-invalid', 'true');
    // La hora escrita "9" quedó como 09:00 (24 h, sin AM/PM).
    await expect(hora).toHaveValue('09:00');
    await page.getByRole('button', { name: 'Crear mesa' }).click();
    await expect(page.getByText('El 31/02/2026 no existe en el calendario.')).toBeVisible();
    await expect(page).toHaveURL(/\/mesas\/nueva$/);
    await expect(page.getByText('Mesa creada.')).toHaveCount(0);

    // Una hora imposible tampoco se acepta.
    await hora.fill('24:00');
    await hora.press('Enter');
    await expect(
      page.getByText('Escriba la hora como hh:mm, de 00:00 a 23:59 (por ejemplo 09:30).'),
    ).toBeVisible();
    await expect(hora).toHaveValue('09:00');

    await fecha.fill('1/3/2026');
    await fecha.press('Enter');
    await expect(fecha).toHaveValue('01/03/2026');
    await expect(page.getByText('El 31/02/2026 no existe en el calendario.')).toHaveCount(0);
    await hora.fill('2130');
    await hora.press('Enter');
    await expect(hora).toHaveValue('21:30');
    await page.screenshot({ path: 'test-results/fechas-mesa-en-us.png' });
    await page.getByRole('button', { name: 'Crear mesa' }).click();
    await page.waitForURL(/\/mesas\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Guardada como el 1 de marzo a las 21:30: así vuelve al formulario.
    await page.goto(`/mesas/editar/${id}`);
    await expect(page.getByRole('textbox', { name: 'Fecha' })).toHaveValue('01/03/2026');
    await expect(page.getByRole('textbox', { name: 'Hora' })).toHaveValue('21:30');
    const fecha2 = page.getByRole('textbox', { name: 'Fecha' });
    await expect(calendarioDe(fecha2)).toHaveValue('2026-03-01');
    await expect(calendarioDe(fecha2)).toHaveAttribute('type', 'date');
    // Lo elegido en el selector del navegador (el `<input type="date">` oculto) se confirma en el
    // acto y se muestra como dd/mm/aaaa.
    await elegirEnCalendario(fecha2, '2026-03-02');
    await expect(fecha2).toHaveValue('02/03/2026');
    // Se borra: la base de las pruebas queda como estaba.
    expect((await page.request.delete(`/api/mesas/${id}`)).status()).toBe(200);
  });
});

test.describe('fechas en el teléfono @telefono', () => {
  test('preceptor: el botón del calendario está a mano y lo elegido se confirma', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/asistencias-protected');
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    await expect(fecha).toHaveValue(textoFecha(FECHA_ESCOLAR));
    // La pantalla terminó de cargar (la lista de cursos).
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const boton = page.getByRole('button', { name: 'Fecha: elegir en el calendario' });
    await expect(boton).toBeInViewport();
    const caja = (await boton.boundingBox())!;
    expect(caja.x + caja.width).toBeLessThanOrEqual(390);
    // Un blanco táctil razonable.
    expect(caja.width).toBeGreaterThanOrEqual(24);
    await boton.click();
    // Abre el selector del navegador (aquí, sin pantalla, no se ve); Escape lo cierra.
    await page.keyboard.press('Escape');
    await expect(fecha).toHaveValue(textoFecha(FECHA_ESCOLAR));
    // Lo elegido en el selector se confirma en el acto: ayer, que la planilla acepta más tarde
    // (después de preguntar si hay cambios sin guardar), también se ve en el campo.
    const ayer = masDias(FECHA_ESCOLAR, -1);
    await elegirEnCalendario(fecha, ayer);
    await expect(fecha).toHaveValue(textoFecha(ayer));
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: 'test-results/fechas-telefono.png' });
  });
});
