/**
 * /referentes y /referentes-protected (spec 02 §2): los contactos de los referentes por curso y el
 * botón que copia los emails separados por tabulación o salto de línea, con la confirmación de
 * 1 segundo (spec 01 §9).
 */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, elegir, ingresarComo } from './ayudas';

const listaCursos = (page: Page) => page.getByRole('listbox', { name: 'Cursos' });

async function elegirCurso(page: Page, nombre: string) {
  const opcion = listaCursos(page)
    .getByRole('option')
    .filter({ has: page.getByText(nombre, { exact: true }) });
  // La primera página de la lista puede tardar mientras el servidor compila (next dev).
  await expect(opcion).toBeVisible({ timeout: 30_000 });
  await opcion.click();
  await expect(page.getByTestId('curso-elegido')).toHaveText(nombre, { timeout: 30_000 });
}

/** Los emails que muestra la pantalla, una vez cada uno y en orden. */
async function emailsVisibles(page: Page): Promise<string[]> {
  const todos = await page
    .getByTestId('email-referente')
    .filter({ visible: true })
    .allTextContents();
  return [...new Set(todos.map((t) => t.trim()))];
}

const leerPortapapeles = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * Copia con el separador elegido y mide en la página cuánto dura la confirmación 'Copiado' en el
 * botón (spec 01 §9: 1 segundo), desde que aparece hasta que vuelve 'Copiar emails'.
 */
async function copiar(page: Page, separador: 'Tabulación' | 'Salto de línea'): Promise<string> {
  await page.getByText(separador, { exact: true }).click();
  await expect(page.getByRole('radio', { name: separador })).toBeChecked();
  await page.evaluate(() => {
    const w = window as unknown as { duracionCopiado?: Promise<number> };
    w.duracionCopiado = new Promise<number>((resolve) => {
      const hay = () =>
        [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Copiado');
      let inicio: number | null = null;
      const observador = new MutationObserver(() => {
        if (inicio === null && hay()) inicio = performance.now();
        else if (inicio !== null && !hay()) {
          observador.disconnect();
          resolve(performance.now() - inicio);
        }
      });
      observador.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
  await page.getByRole('button', { name: 'Copiar emails' }).click();
  await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const duracion = await page.evaluate(
    () => (window as unknown as { duracionCopiado: Promise<number> }).duracionCopiado,
  );
  expect(duracion).toBeGreaterThan(700);
  expect(duracion).toBeLessThan(1800);
  await expect(page.getByRole('button', { name: 'Copiar emails' })).toBeVisible();
  return leerPortapapeles(page);
}

test.describe('/referentes', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/referentes');
    await expect(page.getByRole('heading', { level: 1, name: 'Referentes' })).toBeVisible();
  });

  test('sin curso: "Seleccione un curso"; un curso: sus alumnos con referentes, teléfonos y emails', async ({
    page,
  }) => {
    await expect(page.getByTestId('sin-curso')).toHaveText('Seleccione un curso');
    await elegirCurso(page, '4° Electrónica');
    const tabla = page.getByRole('table', { name: 'Referentes del curso' });
    await expect(tabla.getByRole('columnheader')).toHaveText([
      'Alumno',
      'Referente',
      'Teléfono',
      'Email',
    ]);
    const filas = tabla.getByTestId('fila-alumno');
    await expect(filas.first()).toBeVisible();
    const alumnos = await filas.count();
    await expect(page.getByText(`· ${alumnos} alumnos`)).toBeVisible();
    // El referente de demostración es referente de un alumno de 4° Electrónica.
    await expect(tabla.getByRole('link', { name: 'referente.demo@gmail.com' })).toHaveAttribute(
      'href',
      'mailto:referente.demo@gmail.com',
    );
    await expect(tabla.getByRole('link', { name: /^341 / }).first()).toHaveAttribute(
      'href',
      /^tel:341\d+$/,
    );
  });

  test('copia los emails separados por salto de línea o por tabulación; "Copiado" dura 1 segundo', async ({
    page,
  }) => {
    await elegirCurso(page, '4° Electrónica');
    const emails = await emailsVisibles(page);
    expect(emails.length).toBeGreaterThan(1);
    await expect(page.getByTestId('cantidad-emails')).toHaveText(`${emails.length} emails`);

    const porLinea = await copiar(page, 'Salto de línea');
    expect(porLinea).not.toContain('\t');
    expect(porLinea.split('\n')).toEqual(emails);

    const porTab = await copiar(page, 'Tabulación');
    expect(porTab).not.toContain('\n');
    expect(porTab.split('\t')).toEqual(emails);
  });

  test('un ciclo lectivo sin alumnos en el curso: "Sin resultados", sin botón de copia', async ({
    page,
  }) => {
    await expect(listaCursos(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await elegir(page, 'Ciclo lectivo', '2021');
    // El cambio pasa por una acción del servidor y recarga la pantalla.
    await expect(page.getByRole('combobox', { name: 'Ciclo lectivo' })).toHaveValue('2021', {
      timeout: 30_000,
    });
    await elegirCurso(page, '4° Electrónica');
    await expect(page.getByTestId('sin-resultados')).toHaveText('Sin resultados');
    await expect(page.getByRole('button', { name: 'Copiar emails' })).toHaveCount(0);
  });
});

test.describe('/referentes-protected (Preceptor)', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  test('sólo sus cursos; /referentes no es para el preceptor', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/referentes');
    await expect(page).toHaveURL((u) => u.pathname === '/');
    // Desde la grilla de inicio el módulo ya se abre (no está "En preparación").
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Referentes' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/referentes-protected$/);
    await expect(page.getByTestId('sin-curso')).toHaveText('Seleccione un curso');
    await expect(listaCursos(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect(listaCursos(page).getByRole('option')).toHaveText([
      /^2° 1°/,
      /^2° 2°/,
      /^4° Electrónica/,
    ]);
    await elegirCurso(page, '2° 1°');
    await expect(page.getByTestId('fila-alumno').filter({ visible: true }).first()).toBeVisible();
  });

  test('@telefono contactos en tarjetas y copia de emails desde el teléfono', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/referentes-protected');
    await elegirCurso(page, '4° Electrónica');
    // En el teléfono no hay tabla: una tarjeta por alumno.
    await expect(page.getByRole('table', { name: 'Referentes del curso' })).toBeHidden();
    const tarjetas = page.getByRole('list', { name: 'Referentes del curso' });
    await expect(tarjetas.getByRole('listitem').first()).toBeVisible();
    await expect(tarjetas.getByRole('link', { name: 'referente.demo@gmail.com' })).toBeVisible();
    const emails = await emailsVisibles(page);
    const copiados = await copiar(page, 'Salto de línea');
    expect(copiados.split('\n')).toEqual(emails);
  });
});
