/**
 * Exportar (issue 34 §2) desde la pantalla: "Exportar" → "Excel (.xlsx)" baja el archivo, que se
 * abre con exceljs y dice, fila por fila, lo que la pantalla muestra: el acta de una mesa ya
 * cerrada (número, alumno y resultado) y los alumnos de una PIC (nombre, curso y nota del
 * cuatrimestre).
 */
import { readFile } from 'node:fs/promises';
import { mostrarNota } from '@/domain/notas';
import { leerXlsx, type HojaLeida } from '../fixtures/xlsx';
import { EMAIL_DEMO, cicloActual, ingresarComo } from './ayudas';
import { expect, test, type Locator, type Page } from './prueba';

/** Elige "Excel (.xlsx)" en el menú "Exportar" de `zona` y abre el archivo que baja. */
async function exportarExcel(
  page: Page,
  zona: Locator,
): Promise<{ nombre: string; hoja: HojaLeida }> {
  await zona.getByRole('button', { name: 'Exportar' }).click();
  const descarga = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const d = await descarga;
  const ruta = await d.path();
  return { nombre: d.suggestedFilename(), hoja: await leerXlsx(await readFile(ruta)) };
}

/** Una nota del archivo como la escribe la pantalla (7.5 → '7½'; 'A' queda 'A'). */
const comoEnPantalla = (v: string | number | boolean | null) =>
  typeof v === 'number' ? mostrarNota(v) : (v ?? '');

test('el acta cerrada de una mesa: el Excel dice lo que muestra la tabla del acta', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/mesas');
  // Una mesa del año anterior con el acta cerrada (la semilla carga sus resultados).
  const r = await page.request.get(`/api/mesas?anio=${cicloActual() - 1}`);
  expect(r.status()).toBe(200);
  const { items } = (await r.json()) as {
    items: { id: number; materias: { alumnos: number; cerrada: boolean }[] }[];
  };
  const mesa = items.find(
    (m) => m.materias.length === 1 && m.materias[0]!.cerrada && m.materias[0]!.alumnos > 1,
  );
  expect(mesa, 'la semilla tiene actas cerradas del año anterior').toBeDefined();

  await page.goto(`/mesas/${mesa!.id}`);
  const tabla = page.getByRole('table', { name: /^Acta de / });
  await expect(tabla).toBeVisible();
  const filas = tabla.locator('tbody tr');
  await expect(filas).toHaveCount(mesa!.materias[0]!.alumnos);
  const enPantalla = await filas.evaluateAll((trs) =>
    trs.map((tr) => {
      const td = [...tr.querySelectorAll('td')];
      return {
        n: td[0]!.textContent!.trim(),
        alumno: td[1]!.querySelector('p')!.textContent!.trim(),
        resultado: td[2]!.textContent!.trim(),
      };
    }),
  );

  const panel = page.locator('.mantine-Paper-root').filter({ has: tabla });
  const { nombre, hoja } = await exportarExcel(page, panel);
  expect(nombre).toMatch(/^acta-.+\.xlsx$/);
  expect(hoja.encabezado).toEqual(['N°', 'Apellido y nombre', 'Curso', 'Ciclo', 'Nota']);
  expect(hoja.formulas).toEqual([]);
  expect(
    hoja.filas.map((f) => ({
      n: String(f[0]),
      alumno: f[1],
      resultado: comoEnPantalla(f[4]!) || '—',
    })),
  ).toEqual(enPantalla);
  // Las notas son números en el Excel (no textos).
  expect(hoja.filas.some((f) => typeof f[4] === 'number')).toBe(true);
});

test('los alumnos de una PIC: el Excel dice lo que muestra la lista', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/pics');
  const tarjeta = page
    .getByTestId('pic')
    .filter({ visible: true })
    .filter({ hasText: /· [1-9]\d* alumnos? ·/ })
    .first();
  await tarjeta.getByRole('button', { name: 'Alumnos' }).click();
  const alumnos = tarjeta.getByTestId('alumnos-pic');
  const items = alumnos.getByTestId('alumno-pic');
  await expect(items.first()).toBeVisible();
  const enPantalla = await items.evaluateAll((lis) =>
    lis.map((li) => {
      const [nombre, detalle] = [...li.querySelectorAll('p')].map((p) => p.textContent!.trim());
      return { nombre, detalle, agregado: li.textContent!.includes('Agregado') };
    }),
  );

  const { nombre, hoja } = await exportarExcel(page, alumnos);
  expect(nombre).toMatch(new RegExp(`^pic-.+-${cicloActual()}-[12]c\\.xlsx$`));
  expect(hoja.encabezado).toEqual([
    'Apellido',
    'Nombre',
    'Curso',
    'Nota del cuatrimestre',
    'Agregado',
  ]);
  expect(
    hoja.filas.map((f) => ({
      nombre: `${f[0]}, ${f[1]}`,
      detalle: `${f[2] || 'Sin curso'} · Nota del cuatrimestre: ${comoEnPantalla(f[3]!) || '-'}`,
      agregado: f[4] === 'Sí',
    })),
  ).toEqual(enPantalla);
});
