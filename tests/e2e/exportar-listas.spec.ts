/**
 * Exportar una lista de varias páginas desde la pantalla (issue 34 §2): en /alumnos, "Exportar" →
 * "Excel (.xlsx)" baja TODOS los alumnos del alcance (no sólo la primera página de 50 que
 * muestra la lista): el archivo, abierto con exceljs, trae cada alumno de la primera página con
 * su DNI y tantas filas como el total de la lista (todas las páginas de GET /api/alumnos, el
 * procedimiento de la pantalla). Con una búsqueda, baja sólo lo buscado. En el teléfono, lo mismo.
 */
import { readFile } from 'node:fs/promises';
import { leerXlsx, type HojaLeida } from '../fixtures/xlsx';
import { EMAIL_DEMO, ingresarComo } from './ayudas';
import { expect, test, type Page } from './prueba';

const ENCABEZADO = [
  'Apellido',
  'Nombre',
  'DNI',
  'Género',
  'Nacimiento',
  'Email',
  'Teléfono',
  'Año',
  'División',
];

/** Elige "Excel (.xlsx)" en el menú "Exportar" de la columna de alumnos y abre el archivo. */
async function exportarExcel(page: Page): Promise<{ nombre: string; hoja: HojaLeida }> {
  const columna = page.getByRole('region', { name: 'Alumnos', exact: true });
  await columna.getByRole('button', { name: 'Exportar' }).click();
  const descarga = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const d = await descarga;
  return { nombre: d.suggestedFilename(), hoja: await leerXlsx(await readFile(await d.path())) };
}

/** Cuántos alumnos tiene la lista en total (todas las páginas de GET /api/alumnos). */
async function totalDeLaLista(page: Page, q = ''): Promise<number> {
  let total = 0;
  for (let cursor: number | null = 0; cursor != null;) {
    const r = await page.request.get(
      `/api/alumnos?${new URLSearchParams({ q, cursor: String(cursor), limit: '50' })}`,
    );
    expect(r.status()).toBe(200);
    const p = (await r.json()) as { items: unknown[]; siguiente: number | null };
    total += p.items.length;
    cursor = p.siguiente;
  }
  return total;
}

/** Las opciones que muestra la lista: "Apellido, Nombre" y el DNI de su detalle. */
async function opcionesVisibles(page: Page): Promise<{ etiqueta: string; dni: number }[]> {
  const opciones = page.getByRole('listbox', { name: 'Alumnos' }).getByRole('option');
  await expect(opciones.first()).toBeVisible();
  return opciones.evaluateAll((os) =>
    os.map((o) => {
      const [etiqueta, detalle] = [...o.querySelectorAll('span')].map((s) => s.textContent ?? '');
      return { etiqueta: etiqueta!, dni: Number(/^DNI (\d+)/.exec(detalle ?? '')?.[1]) };
    }),
  );
}

/** Cada alumno que se ve está en el archivo con su apellido, nombre y DNI. */
function estanEnElArchivo(hoja: HojaLeida, vistos: { etiqueta: string; dni: number }[]) {
  const delArchivo = new Set(hoja.filas.map((f) => `${f[0]}, ${f[1]}|${f[2]}`));
  const faltan = vistos.filter((v) => !delArchivo.has(`${v.etiqueta}|${v.dni}`));
  expect(faltan).toEqual([]);
}

test('/alumnos: el Excel trae todos los alumnos de la lista, no sólo la primera página', async ({
  page,
}, testInfo) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos');
  const vistos = await opcionesVisibles(page);
  // La primera página: 50 (la lista pide más al desplazarse).
  expect(vistos).toHaveLength(50);
  const total = await totalDeLaLista(page);
  expect(total).toBeGreaterThan(vistos.length);

  const { nombre, hoja } = await exportarExcel(page);
  expect(nombre).toBe('alumnos.xlsx');
  expect(hoja.encabezado).toEqual(ENCABEZADO);
  expect(hoja.formulas).toEqual([]);
  expect(hoja.filas).toHaveLength(total);
  estanEnElArchivo(hoja, vistos);
  await page.screenshot({ path: testInfo.outputPath('exportar-alumnos.png') });

  // Con una búsqueda, el archivo trae lo buscado (lo que muestra la lista).
  const q = vistos[0]!.etiqueta.split(',')[0]!;
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(q);
  const opciones = page.getByRole('listbox', { name: 'Alumnos' }).getByRole('option');
  const totalBuscado = await totalDeLaLista(page, q);
  expect(totalBuscado).toBeLessThan(total);
  await expect(opciones).toHaveCount(totalBuscado);
  const buscados = await opcionesVisibles(page);
  const filtrada = await exportarExcel(page);
  expect(filtrada.hoja.filas).toHaveLength(totalBuscado);
  estanEnElArchivo(filtrada.hoja, buscados);
});

test('/alumnos en el teléfono: Exportar baja el Excel con todos los alumnos @telefono', async ({
  page,
}, testInfo) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos');
  const vistos = await opcionesVisibles(page);
  const total = await totalDeLaLista(page);
  const { hoja } = await exportarExcel(page);
  expect(hoja.encabezado).toEqual(ENCABEZADO);
  expect(hoja.filas).toHaveLength(total);
  estanEnElArchivo(hoja, vistos);
  await page.screenshot({ path: testInfo.outputPath('exportar-alumnos-390.png') });
});
