/** /legajo/{orden}: el legajo del alumno para el personal (spec 02 §2). */
import { expect, test, type Page } from './prueba';
import { cambiarDeCuenta, EMAIL_DEMO, ingresarComo } from './ayudas';

interface AlumnoBase {
  id: number;
  apellido: string;
  nombre: string;
  dni: string | number;
}

async function alumnosDelAlcance(page: Page): Promise<AlumnoBase[]> {
  const r = await page.request.get('/api/alumnos/base');
  expect(r.status()).toBe(200);
  const j = (await r.json()) as AlumnoBase[] | { items: AlumnoBase[] };
  return Array.isArray(j) ? j : j.items;
}

test.describe('Legajo', () => {
  test('preceptor: resumen, asistencias y medidas de un alumno de su curso', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    const [a] = await alumnosDelAlcance(page);
    expect(a).toBeTruthy();
    await page.goto(`/legajo/${a!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Legajo de ${a!.apellido}, ${a!.nombre}`,
    );
    const resumen = page.getByTestId('resumen-legajo').filter({ visible: true });
    await expect(resumen).toContainText('DNI');
    await expect(resumen).toContainText(String(a!.dni));
    await expect(resumen).toContainText('Teléfono');
    await expect(resumen).toContainText('Email');
    await expect(page.getByRole('heading', { name: 'Referentes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Asistencias' })).toBeVisible();
    await expect(
      page
        .getByTestId('pie-asistencias')
        .filter({ visible: true })
        .or(page.getByText('Sin resultados').filter({ visible: true })),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Medidas disciplinarias' }).click();
    await expect(page).toHaveURL(/seccion=medidas/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
    await expect(
      page
        .getByTestId('pie-medidas')
        .filter({ visible: true })
        .or(page.getByText('Sin resultados').filter({ visible: true })),
    ).toBeVisible();
  });

  test('un alumno de otro curso o un orden inválido no muestran datos', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.admin);
    const todos = await alumnosDelAlcance(page);
    await cambiarDeCuenta(page, EMAIL_DEMO.preceptor);
    const propios = new Set((await alumnosDelAlcance(page)).map((a) => a.id));
    const ajeno = todos.find((a) => !propios.has(a.id));
    expect(ajeno).toBeTruthy();

    await page.goto(`/legajo/${ajeno!.id}`);
    await expect(page.getByTestId('mensaje-vista').filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('resumen-legajo')).toHaveCount(0);
    await expect(page.getByText(ajeno!.apellido)).toHaveCount(0);
    await expect(page.getByTestId('entrada-asistencia')).toHaveCount(0);

    await page.goto('/legajo/abc');
    await expect(page.getByTestId('mensaje-vista').filter({ visible: true })).toHaveText(
      'El alumno no existe.',
    );
    await page.goto('/legajo/999999');
    await expect(page.getByTestId('mensaje-vista').filter({ visible: true })).toHaveText(
      'El alumno no existe.',
    );
  });

  test('administración ve la ficha médica (auditada); un docente no', async ({ page }) => {
    // Un hijo ya inscripto del referente de demostración "otro".
    await ingresarComo(page, EMAIL_DEMO.referenteOtro);
    const r = await page.request.get('/api/mishijos/inscripcion');
    expect(r.status()).toBe(200);
    const { hijos } = (await r.json()) as {
      hijos: { orden: number; nombre: string; inscripto: boolean }[];
    };
    const hijo = hijos.find((h) => h.inscripto)!;
    expect(hijo).toBeTruthy();

    await cambiarDeCuenta(page, EMAIL_DEMO.alumnado, `/legajo/${hijo.orden}`);
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', {
        name: 'Ficha médica',
      })
      .click();
    await expect(page).toHaveURL(/seccion=ficha/);
    await expect(page.getByRole('heading', { level: 2, name: 'Ficha médica' })).toBeVisible();
    const tabla = page.getByRole('table');
    await expect(tabla).toContainText('Grupo sanguíneo y factor RH');
    await expect(tabla).toContainText('Domicilio');
    await expect(tabla).toContainText('Teléfono');

    // Un docente: sin la sección; pedida por URL, no lee la ficha (asistencias o fuera de su
    // alcance, según sus cursos).
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, `/legajo/${hijo.orden}?seccion=ficha`);
    await expect(
      page
        .getByRole('heading', { level: 2, name: 'Asistencias' })
        .or(page.getByTestId('mensaje-vista').filter({ visible: true })),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ficha médica' })).toHaveCount(0);
    await expect(page.getByText('Grupo sanguíneo y factor RH')).toHaveCount(0);
  });

  test('docente: sólo el perfil y el enlace al correo, sin DNI, teléfono ni referentes', async ({
    page,
  }, info) => {
    // Tomás Domínguez (alumno de demostración) cursa con el docente de demostración.
    await ingresarComo(page, EMAIL_DEMO.admin);
    const tomas = (await alumnosDelAlcance(page)).find(
      (a) => a.apellido === 'Domínguez' && a.nombre === 'Tomás',
    )!;
    expect(tomas).toBeTruthy();
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, `/legajo/${tomas.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legajo de Domínguez, Tomás');
    const resumen = page.getByTestId('resumen-legajo').filter({ visible: true });
    await expect(resumen).toContainText('Email');
    await expect(resumen.getByRole('link')).toHaveAttribute('href', /^mailto:/);
    await expect(resumen).not.toContainText('DNI');
    await expect(resumen).not.toContainText(String(tomas.dni));
    await expect(resumen).not.toContainText('Teléfono');
    await expect(page.getByRole('heading', { name: 'Referentes' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ficha médica' })).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('legajo-docente.png'), fullPage: true });
  });

  test('el alumno y el referente vuelven al inicio', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/legajo/1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('resumen-legajo')).toHaveCount(0);
    await cambiarDeCuenta(page, EMAIL_DEMO.referente, '/legajo/1');
    await expect(page).toHaveURL(/\/$/);
  });
});
