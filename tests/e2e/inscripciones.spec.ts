/**
 * /inscripciones (issue 5 §8): el seguimiento de la inscripción anual para Alumnado y Admin:
 * estado por alumno y curso, verificar u observar, el comprobante como adjunto y el CSV.
 */
import { expect, test } from './prueba';
import { EMAIL_DEMO, cicloActual, ingresarComo, violacionesGraves } from './ayudas';

test.describe('/inscripciones', () => {
  test('Alumnado verifica y observa inscripciones; comprobante y CSV', async ({ page }) => {
    // La pantalla entera de la escuela sembrada (541 alumnos en 18 tablas) se vuelve a dibujar
    // después de cada revisión, y axe la recorre toda: con los dos servidores y el navegador
    // en dos núcleos, en CI tardó más que el triple del tiempo por defecto.
    test.setTimeout(180_000);
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/inscripciones');
    await expect(
      page.getByRole('heading', { level: 1, name: `Inscripciones ${cicloActual()}` }),
    ).toBeVisible();
    expect(Number(await page.getByTestId('total-inscriptos').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('total-faltantes').textContent())).toBeGreaterThan(0);

    // La primera inscripción por revisar; la fila se busca por el DNI (la escuela sembrada tiene
    // alumnos con el mismo nombre).
    const primera = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Verificar la inscripción de / }) })
      .first();
    const nombre = (await primera
      .getByRole('button', { name: /^Verificar la inscripción de / })
      .getAttribute('aria-label'))!.replace('Verificar la inscripción de ', '');
    const dni = (await primera.getByRole('cell').nth(1).textContent())!.trim();
    expect(dni).toMatch(/^\d+$/);
    const fila = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: dni, exact: true }) });
    const verificar = fila.getByRole('button', { name: /^Verificar la inscripción de / });
    await verificar.click();
    await expect(fila.getByText('Verificada', { exact: true })).toBeVisible({ timeout: 30_000 });

    // El diálogo (el <dialog> nativo): el foco entra a la observación, Escape lo cierra y el
    // foco vuelve al botón que lo abrió.
    const observar = fila.getByRole('button', { name: /^Observar la inscripción de / });
    await observar.click();
    const dialogo = page.getByRole('dialog', { name: `Observar la inscripción de ${nombre}` });
    const observacion = dialogo.getByRole('textbox', { name: 'Observación para la familia' });
    await expect(observacion).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeHidden();
    await expect(observar).toBeFocused();
    await observar.click();
    await observacion.fill('El comprobante no se lee: envíelo de nuevo.');
    await dialogo.getByRole('button', { name: 'Guardar observación' }).click();
    await expect(fila.getByText('Observada', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(fila).toContainText('El comprobante no se lee: envíelo de nuevo.');

    // El comprobante se sirve como adjunto, sólo al personal y a su referente.
    const enlace = fila.getByRole('link', { name: /^(PDF|Imagen)$/ });
    const comprobante = await page.request.get((await enlace.getAttribute('href'))!);
    expect(comprobante.status()).toBe(200);
    expect(comprobante.headers()['content-disposition']).toMatch(/^attachment/);
    expect(comprobante.headers()['content-type']).toMatch(/^(application\/pdf|image\/jpeg)$/);
    expect(comprobante.headers()['x-content-type-options']).toBe('nosniff');
    expect(comprobante.headers()['cache-control']).toMatch(/\bno-store\b/);

    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href'))!,
    );
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['cache-control']).toMatch(/\bno-store\b/);
    expect(await csv.text()).toContain(nombre.split(',')[0]!);

    expect(await violacionesGraves(page)).toEqual([]);
  });

  test('filtra por curso (buscando sin mayúsculas ni tildes) y por estado', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/inscripciones');
    // Un recuadro por curso, con su tabla.
    const cursos = page.getByRole('region').filter({ has: page.getByRole('table') });
    await expect(cursos.first()).toBeVisible();
    const todos = await cursos.count();
    expect(todos).toBeGreaterThan(1);
    const csv = page.getByRole('link', { name: 'Exportar CSV' });

    // "Mostrar" es un <select> nativo con los cinco filtros.
    const mostrar = page.getByRole('combobox', { name: 'Mostrar' });
    await expect(mostrar.locator('option')).toHaveText([
      'Todos',
      'Sin inscripción',
      'Pendientes',
      'Verificadas',
      'Observadas',
    ]);
    await mostrar.selectOption('Sin inscripción');
    const estados = cursos.locator('tbody tr td:nth-child(3)');
    await expect(estados.first()).toBeVisible();
    for (const estado of await estados.allTextContents()) expect(estado).toBe('Sin inscripción');
    await mostrar.selectOption('Todos');
    await expect(cursos).toHaveCount(todos);

    // "Curso" filtra mientras se escribe; "Borrar curso" vuelve a todos.
    const curso = page.getByRole('combobox', { name: 'Curso', exact: true });
    await expect(curso).toHaveAttribute('placeholder', 'Todos los cursos');
    await curso.fill('4° ELECTRONICA');
    const opciones = page.getByRole('listbox', { name: 'Curso' }).getByRole('option');
    await expect(opciones).toHaveCount(1);
    await expect(opciones).toHaveText(/^4° Electrónica \(\d+\/\d+\)$/);
    await opciones.click();
    await expect(curso).toHaveValue(/^4° Electrónica \(/);
    await expect(cursos).toHaveCount(1);
    await expect(cursos).toHaveAccessibleName('4° Electrónica');
    await expect(csv).toHaveAttribute('href', /&curso=\d+$/);
    await page.getByRole('button', { name: 'Borrar curso' }).click();
    await expect(curso).toHaveValue('');
    await expect(cursos).toHaveCount(todos);
    await expect(csv).not.toHaveAttribute('href', /curso=/);
  });

  test('el preceptor no abre /inscripciones ni su CSV', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/inscripciones');
    await expect(page).toHaveURL(/\/$/);
    const csv = await page.request.get(`/api/inscripciones/csv?ciclo=${cicloActual()}`);
    expect(csv.status()).toBe(403);
  });
});
