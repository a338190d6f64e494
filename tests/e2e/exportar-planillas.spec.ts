/**
 * Exportar desde el planillón y desde /notas (issue 34 §2): "Exportar" → "Excel (.xlsx)" baja
 * el archivo, que se abre con exceljs y dice, fila por fila y celda por celda, lo que muestra la
 * pantalla (modo notas, modo asistencias y la planilla de un cursado). Si el servidor responde un
 * error, el aviso rojo "No se pudo exportar" con su mensaje.
 */
import { readFile } from 'node:fs/promises';
import { formatearPromedio, mostrarNota } from '@/domain/notas';
import { numero } from '@/domain/texto';
import { leerXlsx, type HojaLeida, type ValorLeido } from '../fixtures/xlsx';
import { EMAIL_DEMO, ingresarComo } from './ayudas';
import { expect, test, type Locator, type Page } from './prueba';

const PRIMERA_CARGA = { timeout: 30_000 };

/** Elige "Excel (.xlsx)" en el menú "Exportar" de `zona` y abre el archivo que baja. */
async function exportarExcel(
  page: Page,
  zona: Locator,
): Promise<{ nombre: string; hoja: HojaLeida }> {
  await zona.getByRole('button', { name: 'Exportar' }).click();
  const descarga = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const d = await descarga;
  return { nombre: d.suggestedFilename(), hoja: await leerXlsx(await readFile(await d.path())) };
}

/** Una nota del archivo como la muestra la pantalla (número → '7', 'A' queda 'A'). */
const notaVista = (v: ValorLeido) => (typeof v === 'number' ? mostrarNota(v) : String(v ?? ''));

const grilla = (page: Page) => page.getByTestId('grilla-planillon');

async function elegirCurso(page: Page, nombre: string) {
  await page
    .getByRole('listbox', { name: 'Cursos' })
    .getByRole('option', { name: new RegExp(`^${nombre}`) })
    .click();
}

async function elegirModo(page: Page, modo: string) {
  await page.getByRole('radiogroup', { name: 'Modo' }).getByText(modo, { exact: true }).click();
}

/** Las filas de la grilla: el nombre y el texto de cada celda (las vacías, ''), en orden. */
function filasDeLaGrilla(page: Page) {
  return grilla(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        nombre: tr.querySelector('th')!.textContent!.trim(),
        // El primer hijo es lo que se ve; después va la descripción para lectores de pantalla.
        celdas: [...tr.querySelectorAll('td')].map((td) => td.firstChild?.textContent ?? ''),
      })),
    );
}

test('planillón en modo notas: el Excel dice lo que muestra la grilla', async ({ page }) => {
  test.slow();
  await ingresarComo(page, EMAIL_DEMO.regente, '/planillon');
  await elegirCurso(page, '2° 1°');
  await elegirModo(page, 'Notas');
  await expect(page.getByTestId('titulo-grilla')).toHaveText(/^Notas · 2° 1° · /, PRIMERA_CARGA);
  const vistas = await filasDeLaGrilla(page);
  expect(vistas.length).toBeGreaterThan(3);

  const { nombre, hoja } = await exportarExcel(page, page.getByTestId('planillon'));
  expect(nombre).toMatch(/^planillon-notas-2-1-\d{4}\.xlsx$/);
  expect(hoja.encabezado.slice(0, 2)).toEqual(['Apellido', 'Nombre']);
  expect(hoja.encabezado.slice(-2)).toEqual(['Promedio', 'Bajas']);
  expect(hoja.formulas).toEqual([]);
  expect(
    hoja.filas.map((f) => ({
      nombre: `${f[0]}, ${f[1]}`,
      celdas: [
        ...f.slice(2, -2).map(notaVista),
        f.at(-2) == null ? '' : formatearPromedio(f.at(-2) as number),
        String(f.at(-1)),
      ],
    })),
  ).toEqual(vistas);
  // Las notas y el promedio son números en el Excel.
  expect(hoja.filas.some((f) => f.slice(2).some((v) => typeof v === 'number'))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('planillon-notas.png') });
});

test('planillón en modo asistencias: el Excel dice lo que muestra la grilla', async ({ page }) => {
  test.slow();
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/planillon-protected');
  const primera = page.getByRole('listbox', { name: 'Cursos' }).getByRole('option').first();
  await primera.click();
  await expect(page.getByTestId('titulo-grilla')).toHaveText(/^Asistencias · /, PRIMERA_CARGA);
  const vistas = await filasDeLaGrilla(page);
  expect(vistas.length).toBeGreaterThan(3);

  const { nombre, hoja } = await exportarExcel(page, page.getByTestId('planillon'));
  const mes = await page.getByLabel('Mes').inputValue();
  expect(nombre).toMatch(new RegExp(`^asistencia-[A-Za-z0-9-]+-${mes}\\.xlsx$`));
  const fin = hoja.encabezado.indexOf('Mes');
  expect(hoja.encabezado.slice(fin)).toEqual([
    'Mes',
    'Total del año',
    'Reincorporaciones',
    'Total',
    'Estado',
  ]);
  // La grilla: un día por columna (la suma, '•' si las entradas del día no suman), el mes y el
  // texto del total del año.
  const dia = (v: ValorLeido) => (v == null ? '' : v === 0 ? '•' : numero(v as number));
  expect(
    hoja.filas.map((f) => ({
      nombre: `${f[0]}, ${f[1]}`,
      celdas: [...f.slice(2, fin).map(dia), numero(f[fin] as number), String(f[fin + 3])],
    })),
  ).toEqual(vistas);
  expect(hoja.filas.some((f) => f.slice(2, fin).some((v) => typeof v === 'number'))).toBe(true);
});

test('/notas-readonly: el Excel de la planilla de un cursado dice lo que muestra la tabla', async ({
  page,
}) => {
  test.slow();
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/notas-readonly');
  await page.getByRole('combobox', { name: 'Cursado', exact: true }).click();
  await page.getByRole('listbox', { name: 'Cursado' }).getByRole('option').first().click();
  const tabla = page.getByRole('table', { name: /^Notas de / });
  await expect(tabla).toBeVisible(PRIMERA_CARGA);
  const filas = tabla.locator('tbody tr');
  await expect(filas.first()).toBeVisible();
  const enPantalla = await filas.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
  const encabezado = await tabla
    .locator('thead th')
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()));

  const { nombre, hoja } = await exportarExcel(page, page.locator('main'));
  expect(nombre).toMatch(/^notas-.+\.xlsx$/);
  // Las columnas de la tabla, con el alumno en dos (apellido y nombre).
  expect(encabezado.slice(0, 2)).toEqual(['N°', 'Alumno']);
  expect(hoja.encabezado).toEqual(['N°', 'Apellido', 'Nombre', ...encabezado.slice(2)]);
  expect(hoja.filas.length).toBeGreaterThan(0);
  expect(
    hoja.filas.map((f) => [String(f[0]), `${f[1]}, ${f[2]}`, ...f.slice(3).map(notaVista)]),
  ).toEqual(enPantalla);
  await page.screenshot({ path: test.info().outputPath('notas-readonly.png') });
});

test('un error del servidor: el aviso rojo "No se pudo exportar" con su mensaje', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.regente, '/planillon');
  await elegirCurso(page, '2° 1°');
  await elegirModo(page, 'Notas');
  await expect(page.getByTestId('titulo-grilla')).toHaveText(/^Notas · /, PRIMERA_CARGA);
  await page.route('**/api/exportar/**', (r) =>
    r.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: true, message: 'No tiene permiso para esta acción.' }),
    }),
  );
  await page.getByTestId('planillon').getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const aviso = page.getByRole('alert').filter({ hasText: 'No se pudo exportar' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText('No tiene permiso para esta acción.');
});

test('en el teléfono, /asistencias-protected "Por Curso": el Excel del mes tiene los alumnos que se ven @telefono', async ({
  page,
}) => {
  test.slow();
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/asistencias-protected');
  await page.getByRole('listbox', { name: 'Cursos' }).getByRole('option').first().click();
  const filas = page.getByTestId('alumno-planilla').filter({ visible: true });
  await expect(filas.first()).toBeVisible(PRIMERA_CARGA);
  const nombres = await filas.evaluateAll((lis) =>
    lis.map((li) => li.querySelector('section')!.getAttribute('aria-label')),
  );
  const zona = page.locator('.mantine-Paper-root').filter({ has: page.getByText('Turno') });
  await zona.getByRole('button', { name: 'Exportar' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await page.screenshot({ path: test.info().outputPath('asistencias-telefono.png') });
  const { nombre, hoja } = await exportarExcel(page, zona);
  expect(nombre).toMatch(/^asistencia-[A-Za-z0-9-]+-\d{4}-\d{2}\.xlsx$/);
  expect(hoja.filas.map((f) => `${f[0]}, ${f[1]}`)).toEqual(nombres);
});
