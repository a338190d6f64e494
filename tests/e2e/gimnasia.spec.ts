/**
 * Gimnasia electiva (issue 17 §2; spec 02 §2, §5): sólo para 5° año (el alumno de demostración, de
 * 4°, no la ve en su grilla y, si entra por la dirección, vuelve al inicio); pasado por Alumnado a un curso de 5° por la API, elige tres opciones
 * (repetidas: 'Las opciones no pueden repetirse.') en el teléfono y ve el recordatorio del
 * certificado; el personal ve las elecciones por opción y exporta el CSV. Al final el alumno
 * vuelve a su curso.
 */
import { expect, test, type Browser, type Page } from './prueba';
import { EMAIL_DEMO, ingresarComo, comoOtraCuenta, violacionesDeAccesibilidad } from './ayudas';

const comoAlumnado = <T>(browser: Browser, hacer: (page: Page) => Promise<T>) =>
  comoOtraCuenta(browser, EMAIL_DEMO.alumnado, hacer);

test('sólo 5° año: el alumno elige tres opciones distintas en el teléfono', async ({
  page,
  browser,
}) => {
  await ingresarComo(page, EMAIL_DEMO.alumno, '/gimnasia-electiva');
  // De 4° año: vuelve al inicio.
  await page.waitForURL((u) => u.pathname === '/');
  const { alumno } = (await (await page.request.get('/api/mispics')).json()) as { alumno: number };
  const { cursoOriginal, quinto } = await comoAlumnado(browser, async (a) => {
    const legajo = (await (await a.request.get(`/api/alumnos/${alumno}/cursados`)).json()) as {
      curso: { orden: number } | null;
    };
    const cursos = (await (await a.request.get('/api/cursos')).json()) as {
      orden: number;
      anio: number;
    }[];
    const quinto = cursos.find((c) => c.anio === 5)!;
    const r = await a.request.post(`/api/alumnos/${alumno}/curso/${quinto.orden}`);
    expect(r.status(), await r.text()).toBe(200);
    return { cursoOriginal: legajo.curso!.orden, quinto: quinto.orden };
  });
  expect(quinto).toBeGreaterThan(0);
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    // En 5°: el módulo aparece en su grilla de inicio.
    await page.goto('/');
    await page.getByTestId('modulo').filter({ hasText: 'Gimnasia electiva' }).click();
    await page.waitForURL((u) => u.pathname === '/gimnasia-electiva');
    await expect(page.getByRole('heading', { level: 1, name: 'Gimnasia electiva' })).toBeVisible();
    await expect(page.getByText(/certificado médico de aptitud física/)).toBeVisible();
    const opcion = (i: number) => page.getByRole('combobox', { name: `Opción ${i}` });
    await opcion(1).selectOption({ label: '6. Natación — Miércoles 16:00 a 17:30 (cupo 20)' });
    await opcion(2).selectOption('6');
    await opcion(3).selectOption('9');
    await page.getByRole('button', { name: 'Guardar opciones' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Las opciones no pueden repetirse.' }),
    ).toBeVisible();
    await opcion(2).selectOption('2');
    await page.getByRole('button', { name: 'Guardar opciones' }).click();
    await expect(page.getByText('Opciones guardadas.')).toBeVisible();
    await expect(page.getByTestId('eleccion-guardada')).toContainText('6. Natación');
    await page.reload();
    await expect(opcion(1)).toHaveValue('6');
    const { ancho, contenido } = await page.evaluate(() => ({
      ancho: window.innerWidth,
      contenido: document.documentElement.scrollWidth,
    }));
    expect(contenido).toBeLessThanOrEqual(ancho);
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath('gimnasia-telefono.png'),
      fullPage: true,
    });
  } finally {
    await comoAlumnado(browser, async (a) => {
      const r = await a.request.post(`/api/alumnos/${alumno}/curso/${cursoOriginal}`);
      expect(r.status(), await r.text()).toBe(200);
    });
  }
});

test('el personal ve las elecciones por opción y exporta el CSV', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/gimnasia-electiva/vista');
  await expect(page.getByRole('heading', { level: 1, name: 'Gimnasia electiva' })).toBeVisible();
  await expect(page.getByTestId('opcion-gimnasia')).toHaveCount(12);
  await expect(page.getByText(/alumnos eligieron en \d{4}/)).toBeVisible();
  // Alumnado no asigna (Regente y Admin sí).
  await expect(page.getByRole('button', { name: 'Asignar' })).toHaveCount(0);
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(descarga.suggestedFilename()).toMatch(/^gimnasia-electiva-\d{4}\.csv$/);
  expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
});
