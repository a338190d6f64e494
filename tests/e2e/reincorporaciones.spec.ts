/**
 * /reincorporaciones (spec 02 §2, §5, §8): elegir un alumno, ver su total de inasistencias y
 * sus reincorporaciones, reincorporar una cantidad (mínimo 1); 'Error reincorporando alumno'
 * cuando la llamada falla.
 */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, ingresarComo } from './ayudas';

interface AlumnoBase {
  id: number;
  apellido: string;
  nombre: string;
  dni: string | number;
}

/** Un alumno (de los primeros de la lista) sin reincorporaciones este año. */
async function alumnoSinReincorporaciones(page: Page): Promise<AlumnoBase> {
  const r = await page.request.get('/api/alumnos/base');
  expect(r.status()).toBe(200);
  const j = (await r.json()) as AlumnoBase[] | { items: AlumnoBase[] };
  const alumnos = Array.isArray(j) ? j : j.items;
  for (const a of alumnos.slice(0, 60)) {
    const l = await page.request.get(`/api/reincorporaciones/${a.id}`);
    expect(l.status()).toBe(200);
    const { items } = (await l.json()) as { items: unknown[] };
    if (items.length === 0) return a;
  }
  throw new Error('No hay alumnos sin reincorporaciones');
}

async function elegirAlumno(page: Page, a: AlumnoBase) {
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(String(a.dni));
  const lista = page.getByRole('listbox', { name: 'Alumnos' });
  await expect(lista.getByRole('option')).toHaveCount(1);
  await lista.getByRole('option').click();
  await expect(page.getByRole('heading', { name: `${a.apellido}, ${a.nombre}` })).toBeVisible();
}

const cantidad = (page: Page) => page.getByRole('textbox', { name: 'Cantidad' });
const reincorporar = (page: Page) => page.getByRole('button', { name: 'Reincorporar' });

test.describe('/reincorporaciones', () => {
  test('reincorpora inasistencias; una cantidad menor que 1 no se envía', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores);
    const alumno = await alumnoSinReincorporaciones(page);
    await page.goto('/reincorporaciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Reincorporaciones' })).toBeVisible();
    await expect(page.getByTestId('estado-vacio')).toHaveText('Seleccione un alumno');

    await elegirAlumno(page, alumno);
    const total = page.getByTestId('total-alumno');
    await expect(total).toContainText(/ \/ 30 \(\+ 0\)$/);
    const antes = (await total.textContent())!;
    await expect(page.getByTestId('sin-reincorporaciones')).toHaveText('Sin resultados');

    // Menos de 1: no se envía y se explica.
    let llamadas = 0;
    page.on('request', (r) => {
      if (r.url().includes('reincorporaciones.reincorporar')) llamadas++;
    });
    await cantidad(page).fill('0');
    await reincorporar(page).click();
    await expect(
      page.getByText('La cantidad debe ser un número mayor o igual a 1, en pasos de 0,5.'),
    ).toBeVisible();
    await cantidad(page).fill('0,5');
    await reincorporar(page).click();
    await expect(
      page.getByText('La cantidad debe ser un número mayor o igual a 1, en pasos de 0,5.'),
    ).toBeVisible();
    expect(llamadas).toBe(0);
    await expect(page.getByTestId('sin-reincorporaciones')).toBeVisible();

    // 2: se guarda, aparece '+ 2' y el límite sube.
    await cantidad(page).fill('2');
    await reincorporar(page).click();
    await expect(page.getByText('Alumno reincorporado')).toBeVisible({ timeout: 30_000 });
    const items = page.getByTestId('reincorporacion');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('+ 2');
    await expect(page.getByTestId('total-reincorporado')).toHaveText('Total reincorporado: 2');
    await expect(total).toHaveText(antes.replace('(+ 0)', '(+ 2)'));
    expect(llamadas).toBe(1);

    // Persiste: al volver a la pantalla sigue ahí.
    await page.reload();
    await elegirAlumno(page, alumno);
    await expect(page.getByTestId('reincorporacion')).toHaveCount(1);
    await expect(page.getByTestId('reincorporacion')).toContainText('+ 2');
  });

  test('si la llamada falla: "Error reincorporando alumno" y no se agrega nada', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores);
    const alumno = await alumnoSinReincorporaciones(page);
    await page.goto('/reincorporaciones');
    await elegirAlumno(page, alumno);
    await expect(page.getByTestId('sin-reincorporaciones')).toBeVisible();

    await page.route('**/api/trpc/reincorporaciones.reincorporar**', (r) => r.abort());
    await cantidad(page).fill('1');
    await reincorporar(page).click();
    await expect(page.getByText('Error reincorporando alumno')).toBeVisible();
    await expect(page.getByTestId('sin-reincorporaciones')).toBeVisible();
    await expect(cantidad(page)).toHaveValue('1');
  });

  test('el preceptor no entra a /reincorporaciones', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/reincorporaciones');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Reincorporaciones' })).toHaveCount(0);
  });
});

test.describe('Reincorporaciones en el teléfono @telefono', () => {
  test('alumnado: elige un alumno y reincorpora sin desplazamiento horizontal', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado);
    const alumno = await alumnoSinReincorporaciones(page);
    await page.goto('/reincorporaciones');
    await elegirAlumno(page, alumno);
    // "1.5" insertado de una vez, como lo escribe el teclado del teléfono: es 1,5 y no 15
    // (issue 32 §1).
    await cantidad(page).fill('');
    await cantidad(page).focus();
    await page.keyboard.insertText('1.5');
    await expect(cantidad(page)).toHaveAttribute('inputmode', 'decimal');
    await reincorporar(page).click();
    await expect(page.getByText('Alumno reincorporado')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('reincorporacion')).toContainText('+ 1,5');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
