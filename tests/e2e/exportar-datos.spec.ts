/**
 * La escuela es dueña de sus datos (issue 34 §3): en /root/exportar, Admin con el dispositivo de
 * administración descarga la exportación completa; en el legajo, el preceptor descarga el de un
 * alumno suyo. Cada ZIP se abre (jszip) y se revisa su manifiesto y su índice.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, nuevoContexto, test, type Browser, type Page } from './prueba';
import { CLAVE_BYPASS, EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';

/** Una IP de documentación (RFC 5737) por dispositivo: el límite de /bypass es por IP. */
const ipDePrueba = () => {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${n()}.${n()}`;
};

/** Un navegador nuevo con el dispositivo registrado como de administración (por /bypass). */
async function dispositivoAdmin(
  browser: Browser,
  opciones: Parameters<typeof nuevoContexto>[1] = {},
): Promise<Page> {
  const contexto = await nuevoContexto(browser, {
    ...opciones,
    extraHTTPHeaders: { 'X-Forwarded-For': ipDePrueba() },
  });
  const page = await contexto.newPage();
  await page.goto('/bypass');
  await page.getByLabel('Clave de administración').fill(CLAVE_BYPASS);
  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  await expect(
    page.getByText('Este dispositivo es de administración. Para ingresar'),
  ).toBeVisible();
  return page;
}

/** Descarga lo que baja el botón y lo abre como ZIP. */
async function descargar(page: Page, boton: string) {
  const descarga = page.waitForEvent('download');
  await page.getByRole('link', { name: boton }).filter({ visible: true }).click();
  const d = await descarga;
  const ruta = await d.path();
  return { nombre: d.suggestedFilename(), zip: await JSZip.loadAsync(await readFile(ruta)) };
}

async function json<T>(zip: JSZip, nombre: string): Promise<T> {
  return JSON.parse(await zip.file(nombre)!.async('string')) as T;
}

test.describe('Exportar los datos', () => {
  test('Admin con el dispositivo: la exportación completa baja con su manifiesto', async ({
    browser,
  }, testInfo) => {
    const page = await dispositivoAdmin(browser);
    await ingresarComo(page, EMAIL_DEMO.admin, '/root/exportar');
    await expect(page.getByRole('heading', { name: 'Exportar los datos' })).toBeVisible();
    const resumen = page.getByTestId('resumen-exportacion');
    await expect(resumen).toContainText(/\d+ tablas, [\d.]+ filas/);
    await expect(resumen).toContainText(/\d+ archivos? subidos? \([\d.,]+ (KB|MB|GB)\)/);
    await page.screenshot({ path: testInfo.outputPath('exportar-datos.png') });
    expect(await violacionesGraves(page)).toEqual([]);

    const { nombre, zip } = await descargar(page, 'Exportar todos los datos');
    expect(nombre).toMatch(/^portal-escolar-\d{4}-\d{2}-\d{2}\.zip$/);
    const m = await json<{
      usuario: { email: string };
      tablas: { tabla: string; archivo: string; filas: number }[];
      archivos: { ruta: string }[];
    }>(zip, 'manifiesto.json');
    expect(m.usuario.email).toBe(EMAIL_DEMO.admin);
    const alumnos = m.tablas.find((t) => t.tabla === 'alumnos')!;
    expect(alumnos.filas).toBeGreaterThan(100);
    // El CSV de alumnos: BOM, encabezado y una línea por fila del manifiesto.
    const csv = await zip.file(alumnos.archivo)!.async('string');
    expect(csv.startsWith('\ufeffid;usuario_id;dni;')).toBe(true);
    expect(csv.trimEnd().split('\r\n').length).toBe(alumnos.filas + 1);
    for (const a of m.archivos) expect(zip.file(a.ruta)).not.toBeNull();

    // El mismo Admin sin el dispositivo no abre la pantalla ni la descarga.
    const otro = await nuevoContexto(browser);
    const sinDispositivo = await otro.newPage();
    await ingresarComo(sinDispositivo, EMAIL_DEMO.admin, '/root/exportar');
    await expect(sinDispositivo).toHaveURL(/\/$/);
    const r = await sinDispositivo.request.get('/api/exportar-todo');
    expect(r.status()).toBe(403);
    await otro.close();
    await page.context().close();
  });

  test('en el teléfono, la pantalla entra en 390 px', async ({ browser }, testInfo) => {
    const page = await dispositivoAdmin(browser, { viewport: { width: 390, height: 844 } });
    await ingresarComo(page, EMAIL_DEMO.admin, '/root/exportar');
    await expect(
      page.getByRole('link', { name: 'Exportar todos los datos' }).filter({ visible: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: testInfo.outputPath('exportar-datos-390.png') });
    await page.context().close();
  });

  test('el preceptor exporta el legajo de un alumno suyo con su índice', async ({
    page,
  }, testInfo) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    const r = await page.request.get('/api/alumnos/base');
    const j = (await r.json()) as { id: number; apellido: string; nombre: string }[];
    const a = j[0]!;
    await page.goto(`/legajo/${a.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Legajo de ${a.apellido}, ${a.nombre}`,
    );
    await page.screenshot({ path: testInfo.outputPath('legajo-exportar.png') });
    const { nombre, zip } = await descargar(page, 'Exportar legajo');
    expect(nombre).toMatch(new RegExp(`^legajo-${a.id}-.*\\.zip$`));
    const m = await json<{
      alumno: { id: number };
      secciones: { tabla: string; filas: number }[];
    }>(zip, 'manifiesto.json');
    expect(m.alumno.id).toBe(a.id);
    expect(m.secciones.find((s) => s.tabla === 'alumnos')!.filas).toBe(1);
    const indice = await zip.file('indice.html')!.async('string');
    expect(indice).toContain(`Legajo de ${a.apellido}, ${a.nombre}`);
    expect(indice).toContain('Datos personales');
    expect(indice).toContain('Asistencias');
  });
});
