/** Sin violaciones graves de accesibilidad (axe: impacto "critical" o "serious"). */
import { expect, test } from './prueba';
import { EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';

test.describe('Accesibilidad', () => {
  test('login (con y sin aviso de error)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar con Google' })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
    await page.goto('/login?error=AccessDenied');
    await expect(page.getByRole('alert').filter({ hasText: 'Acceso denegado.' })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
  });

  for (const [quien, email] of [
    ['Administrador', EMAIL_DEMO.admin],
    ['Docente con varios roles', EMAIL_DEMO.multirol],
    ['Referente', EMAIL_DEMO.referente],
  ] as const) {
    test(`inicio con sesión: ${quien}`, async ({ page }) => {
      await ingresarComo(page, email);
      await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
      expect(await violacionesGraves(page)).toEqual([]);
    });
  }

  test('/bypass (formulario de la clave)', async ({ page }) => {
    await page.goto('/bypass');
    await expect(
      page.getByRole('heading', { name: 'Dispositivo de administración' }),
    ).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
  });

  // SelectBuscable (issue 12) con la lista abierta: varias opciones con píldoras (/planificacion)
  // y texto libre con sugerencias (/mesas); en el teléfono la lista no se sale de la pantalla.
  test('selectores buscables abiertos', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/cursados/nuevo');
    const cursos = page.getByRole('combobox', { name: 'Cursos permitidos', exact: true });
    await cursos.fill('1° 1°');
    await page.getByRole('option', { name: '1° 1°', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Quitar 1° 1°' })).toBeVisible();
    const materias = page.getByRole('combobox', { name: 'Materias permitidas', exact: true });
    await materias.click();
    const lista = page.getByRole('listbox', { name: 'Materias permitidas' });
    await expect(lista.getByRole('option').first()).toBeVisible();
    await materias.press('ArrowDown');
    expect(await violacionesGraves(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/select-buscable-varios.png' });

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(lista).toBeVisible();
    const caja = (await lista.boundingBox())!;
    expect(caja.x).toBeGreaterThanOrEqual(0);
    expect(caja.x + caja.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: 'test-results/select-buscable-varios-telefono.png' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mesas/nueva');
    await page.getByRole('combobox', { name: 'Instancia' }).fill('extra');
    await expect(page.getByRole('listbox', { name: 'Instancia' }).getByRole('option')).toHaveCount(
      3,
    );
    expect(await violacionesGraves(page)).toEqual([]);
  });

  // Las pantallas del alumno en HTML y CSS (issue 12), en el teléfono: el selector de día de los
  // horarios, las tarjetas de evaluaciones, la libreta, el formulario del perfil (también con los
  // errores a la vista) y las hojas para imprimir. Una prueba por pantalla: cada análisis de axe
  // cuesta segundos en una máquina lenta.
  const PANTALLAS_DEL_ALUMNO = [
    ['/horarios-externo', { role: 'radiogroup', name: 'Día' }],
    ['/asistencias-externo', { role: 'heading', name: 'Asistencias' }],
    ['/medidas-externo', { role: 'heading', name: 'Medidas disciplinarias' }],
    ['/avances-externo', { role: 'heading', name: 'Avances' }],
    ['/evaluaciones-externo', { role: 'heading', name: 'Evaluaciones' }],
    ['/libretas-externo', { role: 'heading', name: 'Notas' }],
    ['/perfil/certificado', { role: 'heading', name: 'CERTIFICADO DE ALUMNO REGULAR' }],
    ['/perfil/ficha-medica', { role: 'button', name: 'Imprimir' }],
  ] as const;
  for (const [ruta, { role, name }] of PANTALLAS_DEL_ALUMNO) {
    test(`pantalla del alumno en el teléfono (360 px): ${ruta} @telefono`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await ingresarComo(page, EMAIL_DEMO.alumno, ruta);
      const señal =
        role === 'heading'
          ? page.getByRole('heading', { level: 1, name })
          : page.getByRole(role, { name });
      await expect(señal).toBeVisible();
      expect(await violacionesGraves(page)).toEqual([]);
    });
  }

  test('el formulario del perfil con errores a la vista, en el teléfono (360 px) @telefono', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await ingresarComo(page, EMAIL_DEMO.alumno, '/perfil/editar');
    const form = page.getByRole('form', { name: 'Editar perfil' });
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
    await form.getByRole('textbox', { name: 'Email' }).fill('no-es-un-email');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Ingrese un email válido')).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
  });
});
