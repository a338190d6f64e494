/** Vistas propias de alumnos y referentes: /asistencias-externo y /medidas-externo (spec 01 §2). */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, cuenta, ingresarComo, selector } from './ayudas';
import { CICLO_ESCOLAR } from './fecha';

const alumno = cuenta(EMAIL_DEMO.alumno);
const nombreAlumno = `${alumno.apellido}, ${alumno.nombre}`;

async function verPie(page: Page) {
  const pie = page.getByTestId('pie-asistencias').filter({ visible: true });
  await expect(pie).toBeVisible();
  await expect(page.getByTestId('total-asistencias').filter({ visible: true })).toHaveText(
    /^\d+(,5)? \/ 30 \(\+ \d+(,5)?\)$/,
  );
  await expect(page.getByTestId('justificadas').filter({ visible: true })).toHaveText(
    /^\d+ \/ \d+ Justificadas$/,
  );
}

test.describe('Vistas propias', () => {
  test('alumno: lista de asistencias con cada texto, reincorporación "+ 2" y pie', async ({
    page,
  }) => {
    await ingresarComo(page, alumno.email, '/asistencias-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
    // Un botón por año de cursado; el año en curso está elegido.
    const anio = CICLO_ESCOLAR;
    await expect(page.getByRole('group', { name: 'Año' }).getByRole('link')).not.toHaveCount(0);
    // La copia oculta del streaming puede seguir en la página un instante: la visible.
    await expect(page.locator('a[aria-current="true"]').filter({ visible: true })).toContainText(
      String(anio),
    );

    const entradas = page.getByTestId('entrada-asistencia');
    await expect(entradas.filter({ hasText: 'Justificada: Certificado médico' })).toHaveCount(1);
    await expect(entradas.filter({ hasText: 'Justificada: Turno médico' })).toHaveCount(1);
    await expect(entradas.filter({ hasText: /Justificada(?!:)/ }).first()).toBeVisible();
    await expect(entradas.filter({ hasText: 'Injustificada' }).first()).toBeVisible();
    // La circunstancia sólo se muestra cuando no es Normal.
    await expect(entradas.filter({ hasText: 'Educación Física' }).first()).toBeVisible();
    await expect(entradas.filter({ hasText: 'Normal' })).toHaveCount(0);
    await expect(
      entradas.filter({ hasText: 'Retiro con Permiso (Media) · Educación Física' }),
    ).toHaveCount(1);

    const reinc = page.getByTestId('reincorporacion').filter({ hasText: '+ 2' });
    await expect(reinc).toHaveCount(1);
    await expect(reinc).toHaveCSS('background-color', /rgb\(235, 251, 238\)/);

    await verPie(page);
    await expect(page.getByTestId('total-asistencias').filter({ visible: true })).toContainText(
      '(+ 2)',
    );
    // Más nueva primero.
    const fechas = await page
      .locator('[data-testid="entrada-asistencia"], [data-testid="reincorporacion"]')
      .evaluateAll((xs) =>
        xs.map((x) => {
          const m = /(\d\d)\/(\d\d)\/(\d{4})/.exec(x.textContent ?? '');
          return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
        }),
      );
    expect(fechas.length).toBeGreaterThan(7);
    expect([...fechas].sort().reverse()).toEqual(fechas);
  });

  test('alumno: un año sin registros muestra "Sin resultados"', async ({ page }) => {
    await ingresarComo(page, alumno.email, '/asistencias-externo?anio=2021');
    await expect(page.getByText('Sin resultados').filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('entrada-asistencia')).toHaveCount(0);
    await page.goto('/medidas-externo?anio=2021');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
    await expect(page.getByText('Sin resultados').filter({ visible: true })).toBeVisible();
  });

  test('alumno: medidas disciplinarias con el apercibimiento y el total', async ({ page }) => {
    await ingresarComo(page, alumno.email, '/medidas-externo');
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
    await expect(page.getByTestId('medida').filter({ hasText: 'Apercibimiento' })).not.toHaveCount(
      0,
    );
    await expect(page.getByTestId('total-medidas').filter({ visible: true })).toHaveText(
      /^Total: \d+(,5)?$/,
    );
  });

  test('referente: ve al hijo elegido y, al cambiar de alumno, al otro', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/asistencias-externo');
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
    await expect(page.getByTestId('reincorporacion').filter({ hasText: '+ 2' })).toHaveCount(1);

    const opciones = await selector(page, 'Alumno').getByRole('option').allTextContents();
    const otro = opciones.find((o) => !o.startsWith(nombreAlumno));
    expect(otro).toBeTruthy();
    await selector(page, 'Alumno').selectOption({ label: otro! });
    const nombreOtro = otro!.replace(/ \(.*\)$/, '');
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(nombreOtro);
    await expect(page.getByTestId('reincorporacion').filter({ hasText: '+ 2' })).toHaveCount(0);

    await page.goto('/medidas-externo');
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(nombreOtro);

    // Vuelve al primero para no cambiar el estado de las otras pruebas.
    await page.goto('/asistencias-externo');
    await selector(page, 'Alumno').selectOption({ label: opciones.find((o) => o !== otro)! });
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
  });

  test('el personal no abre las vistas externas', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/asistencias-externo');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Vistas propias en el teléfono @telefono', () => {
  test('referente: asistencias sin desplazamiento horizontal', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/asistencias-externo');
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
    await expect(page.getByTestId('reincorporacion').first()).toBeVisible();
    await verPie(page);
    const ancho = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: '/tmp/capturas/referente-asistencias-telefono.png',
      fullPage: true,
    });
    await page.goto('/medidas-externo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
