/**
 * Comunicados (issue 35 §4): la Regencia publica en la computadora un comunicado con confirmación
 * de lectura y un PDF al curso del hijo de referente.demo; la familia lo abre en el teléfono, baja
 * el adjunto y confirma; el autor ve por familia quién leyó, quién confirmó y quién no. Con axe en
 * las tres pantallas y capturas (teléfono de 390 px y computadora).
 */
import { expect, nuevoContexto, test } from './prueba';
import { EMAIL_DEMO, cuenta, ingresarComo, violacionesGraves } from './ayudas';
import { CARPETA_SALIDA } from './sesiones';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('un comunicado con confirmación: lo lee y confirma una familia en el teléfono, el autor ve quién leyó', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const titulo = `Acto del día de la familia ${Date.now()}`;
  const referente = cuenta(EMAIL_DEMO.referente);
  const familia = `${referente.apellido}, ${referente.nombre}`;

  // La Regencia: la lista (el comunicado de demostración va al curso del hijo de referente.demo).
  await ingresarComo(page, EMAIL_DEMO.regente, '/comunicados');
  await expect(page.getByRole('heading', { name: 'Comunicados', level: 1 })).toBeVisible();
  await expect(page.getByText('Los comunicados no se pueden borrar')).toBeVisible();
  const demo = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Reunión de familias del curso' }) });
  const curso = (await demo.getByRole('cell').nth(2).textContent())!.trim();
  expect(curso).toMatch(/^\d° /);
  expect(await violacionesGraves(page)).toEqual([]);

  // Escribe y publica, al curso, con un PDF y "Requiere confirmación de lectura".
  await page.getByRole('link', { name: 'Nuevo comunicado' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo comunicado' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill(titulo);
  await page
    .getByRole('textbox', { name: 'Texto' })
    .fill('El sábado a las 10 celebramos el día de la familia.\nLos esperamos en el patio.');
  await page.getByRole('combobox', { name: 'Para' }).selectOption({ label: 'Un curso' });
  await page.getByRole('combobox', { name: 'Curso' }).selectOption({ label: curso });
  await page.locator('input[type="file"]').setInputFiles({
    name: 'programa.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page.getByRole('checkbox', { name: 'Requiere confirmación de lectura' }).check();
  expect(await violacionesGraves(page)).toEqual([]);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(/\/comunicados\/\d+$/);
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  const filaFamilia = page.getByRole('row').filter({ hasText: familia });
  await expect(filaFamilia).toContainText('No leído');
  await expect(page.getByTestId('resumen-lectura')).toContainText('Lo leyeron 0 de');

  // La familia, en el teléfono: la lista, el comunicado, el adjunto y "Confirmo la lectura".
  const telefono = await nuevoContexto(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const movil = await telefono.newPage();
    await ingresarComo(movil, EMAIL_DEMO.referente, '/comunicados-externo');
    await expect(movil.getByRole('heading', { name: 'Comunicados', level: 1 })).toBeVisible();
    const tarjeta = movil.getByTestId('comunicado').filter({ hasText: titulo });
    await expect(tarjeta).toContainText('Nuevo');
    await expect(tarjeta).toContainText('Pide confirmación');
    expect(await violacionesGraves(movil)).toEqual([]);
    await tarjeta.click();
    await expect(movil.getByRole('heading', { name: titulo, level: 1 })).toBeVisible();
    await expect(
      movil.getByText('El sábado a las 10 celebramos el día de la familia.'),
    ).toBeVisible();
    const adjunto = movil.getByRole('link', { name: 'Descargar el adjunto' });
    const bajada = await movil.request.get((await adjunto.getAttribute('href'))!);
    expect(bajada.status()).toBe(200);
    expect(bajada.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await bajada.body())).toEqual(PDF);
    expect(await violacionesGraves(movil)).toEqual([]);
    // Sin desplazamiento horizontal en 390 px.
    expect(await movil.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await movil.getByRole('button', { name: 'Confirmo la lectura' }).click();
    await expect(movil.getByText(/^Confirmó la lectura el /)).toBeVisible();
    await expect(movil.getByRole('button', { name: 'Confirmo la lectura' })).toHaveCount(0);
    await movil.screenshot({ path: `${CARPETA_SALIDA}/comunicado-telefono.png`, fullPage: true });
  } finally {
    await telefono.close();
  }

  // El autor: la familia confirmó; las demás, no leído; "No leyeron" la deja afuera.
  await page.reload();
  await expect(filaFamilia).toContainText('Confirmó');
  await expect(page.getByTestId('resumen-lectura')).toContainText('Lo leyeron 1 de');
  await expect(page.getByTestId('resumen-lectura')).toContainText('confirmaron 1');
  await page.getByRole('combobox', { name: 'Mostrar' }).selectOption({ label: 'No leyeron' });
  await expect(filaFamilia).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Mostrar' }).selectOption({ label: 'Leyeron' });
  await expect(page.getByTestId('familia')).toHaveCount(1);
  // La columna Correo: el estado del correo de esa familia (EstadoEnvio, el mismo de /root/log).
  await expect(filaFamilia.getByRole('cell').last()).toHaveText(
    /^(en cola|pendiente|enviado|fallido|no va por correo)/,
  );
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Corregir' })).toBeVisible();
  expect(await violacionesGraves(page)).toEqual([]);
  await page.screenshot({ path: `${CARPETA_SALIDA}/comunicado-autor.png`, fullPage: true });

  // Corrige el texto: la familia ve "editado".
  await page.getByRole('button', { name: 'Corregir' }).click();
  await page
    .getByRole('textbox', { name: 'Texto' })
    .fill('El sábado a las 11 celebramos el día de la familia.');
  await page.getByRole('button', { name: 'Guardar la corrección' }).click();
  await expect(page.getByText(/^editado el /)).toBeVisible();
  const otraVez = await nuevoContexto(browser, { viewport: { width: 390, height: 844 } });
  try {
    const movil = await otraVez.newPage();
    await ingresarComo(movil, EMAIL_DEMO.referente, '/comunicados-externo');
    await movil.getByTestId('comunicado').filter({ hasText: titulo }).click();
    await expect(movil.getByTestId('editado')).toBeVisible();
    await expect(
      movil.getByText('El sábado a las 11 celebramos el día de la familia.'),
    ).toBeVisible();
  } finally {
    await otraVez.close();
  }
});

test('sin comunicados: la otra familia de demostración ve el mensaje de la lista vacía @telefono', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.referenteOtro, '/comunicados-externo');
  await expect(page.getByText('La escuela todavía no le envió comunicados.')).toBeVisible();
  expect(await violacionesGraves(page)).toEqual([]);
});
