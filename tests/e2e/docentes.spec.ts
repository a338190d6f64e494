/**
 * /docentes (spec 02 §2; issue 13): cursados por docente y docentes por cursado, con la lista de
 * cambios (sin cambios / agregado / quitado, spec 01 §4) hasta "Guardar"; el alcance cambia en la
 * petición siguiente (el docente asignado ve el cursado en /notas); un jefe de departamento sólo
 * ve y asigna cursados de su departamento; el estado vacío "Sin docentes asignados" en rojo.
 */
import { expect, test, type Page } from './prueba';
import { cambiarDeCuenta, cicloActual, EMAIL_DEMO, ingresarComo } from './ayudas';
import { asignaciones, elegirDeLista, esperarRojo } from './asignaciones';

const ciclo = cicloActual();
const detalle = (page: Page) => page.getByTestId('detalle-docentes');
const barra = (page: Page) => page.getByTestId('barra-guardar');

/** Los cursados que el docente ve en el selector de /notas. */
async function cursadosEnNotas(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Notas' })).toBeVisible();
  const selector = page.getByRole('combobox', { name: 'Cursado', exact: true });
  await expect(selector).toHaveAttribute('placeholder', 'Elija un cursado');
  await selector.click();
  // Las opciones del desplegable (no las del selector nativo del ciclo en la barra).
  const opciones = page.getByRole('listbox').getByRole('option');
  await expect(opciones.first()).toBeVisible();
  const textos = await opciones.allTextContents();
  await page.keyboard.press('Escape');
  return textos;
}

test.describe('/docentes', () => {
  test('Admin asigna un cursado a un docente; el docente lo ve en /notas y deja de verlo al quitarlo', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/docentes');
    await expect(page.getByRole('heading', { name: 'Docentes', level: 1 })).toBeVisible();
    await expect(detalle(page).getByText('Seleccione un docente')).toBeVisible();

    await elegirDeLista(page, 'Docentes', 'acosta', 'Acosta, Gustavo');
    await expect(
      page.getByRole('heading', { name: `Cursados de Acosta, Gustavo (${ciclo})` }),
    ).toBeVisible();
    await expect
      .poll(() => asignaciones(page))
      .toEqual([
        'Matemática 2° 1°:sinCambios',
        'Matemática 2° 2°:sinCambios',
        'Matemática 3° 1°:sinCambios',
        'Matemática 4° Electrónica:sinCambios',
      ]);
    await expect(barra(page)).toContainText('Sin cambios');
    await expect(barra(page).getByRole('button', { name: 'Guardar' })).toBeDisabled();

    // Agregar, quitar y restaurar (spec 01 §4).
    await page.getByRole('button', { name: 'Agregar cursado' }).click();
    await elegirDeLista(page, 'Cursados para agregar', 'historia 2° 1°', 'Historia 2° 1°');
    await expect.poll(() => asignaciones(page)).toContain('Historia 2° 1°:agregado');
    await expect(barra(page)).toContainText('Un cambio sin guardar');
    // Alternar un agregado lo saca de la lista.
    await page.getByRole('button', { name: /^Quitar Historia 2° 1°/ }).click();
    await expect.poll(() => asignaciones(page)).not.toContain('Historia 2° 1°:agregado');
    await expect(barra(page)).toContainText('Sin cambios');
    // Alternar uno guardado lo marca quitado; otra vez, lo restaura.
    await page.getByRole('button', { name: /^Quitar Matemática 3° 1°/ }).click();
    await expect.poll(() => asignaciones(page)).toContain('Matemática 3° 1°:quitado');
    await page.getByRole('button', { name: /^Restaurar Matemática 3° 1°/ }).click();
    await expect.poll(() => asignaciones(page)).toContain('Matemática 3° 1°:sinCambios');

    await elegirDeLista(page, 'Cursados para agregar', 'historia 2° 1°', 'Historia 2° 1°');
    await page.screenshot({ path: '/tmp/asignaciones-docentes.png', fullPage: true });
    await barra(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
    await expect.poll(() => asignaciones(page)).toContain('Historia 2° 1°:sinCambios');
    await expect(barra(page)).toContainText('Sin cambios');

    // El docente lo ve en /notas en la petición siguiente.
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, '/notas');
    expect((await cursadosEnNotas(page)).some((t) => t.startsWith('Historia 2° 1°'))).toBe(true);

    // Se quita y deja de verlo.
    await cambiarDeCuenta(page, EMAIL_DEMO.admin, '/docentes');
    await elegirDeLista(page, 'Docentes', 'acosta', 'Acosta, Gustavo');
    await page.getByRole('button', { name: /^Quitar Historia 2° 1°/ }).click();
    await barra(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
    await expect.poll(() => asignaciones(page)).not.toContain('Historia 2° 1°:quitado');
    await expect(page.getByTestId('asignacion')).toHaveCount(4);

    await cambiarDeCuenta(page, EMAIL_DEMO.docente, '/notas');
    const despues = await cursadosEnNotas(page);
    expect(despues.some((t) => t.startsWith('Matemática 2° 1°'))).toBe(true);
    expect(despues.some((t) => t.startsWith('Historia 2° 1°'))).toBe(false);
  });

  test('Por cursado: quitar el único docente deja "Sin docentes asignados" en rojo; se agrega con el teclado', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/docentes');
    await page.getByText('Por cursado', { exact: true }).click();
    await expect(detalle(page).getByText('Seleccione un cursado')).toBeVisible();
    await elegirDeLista(page, 'Cursados', 'geografía 3° 2°', 'Geografía 3° 2°');
    await expect(page.getByRole('heading', { name: 'Docentes de Geografía 3° 2°' })).toBeVisible();
    await expect(page.getByTestId('asignacion')).toHaveCount(1);
    const docente = (await page.getByTestId('asignacion').locator('p').first().textContent())!;

    await page.getByRole('button', { name: `Quitar ${docente}` }).click();
    await barra(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
    await esperarRojo(detalle(page).getByText('Sin docentes asignados', { exact: true }));
    await page.screenshot({ path: '/tmp/asignaciones-docentes-vacio.png', fullPage: true });

    // Se vuelve a asignar sólo con el teclado.
    await page.getByRole('button', { name: 'Agregar docente' }).focus();
    await page.keyboard.press('Enter');
    const buscar = page.getByRole('textbox', { name: 'Buscar docentes para agregar', exact: true });
    await buscar.fill(docente.split(',')[0]!);
    const opcion = page
      .getByRole('listbox', { name: 'Docentes para agregar' })
      .getByRole('option', { name: new RegExp(`^${docente}`) });
    await opcion.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => asignaciones(page)).toEqual([`${docente}:agregado`]);
    await barra(page).getByRole('button', { name: 'Guardar' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
    await expect.poll(() => asignaciones(page)).toEqual([`${docente}:sinCambios`]);
    await expect(detalle(page).getByText('Sin docentes asignados')).toHaveCount(0);
  });

  test('cambiar de docente con cambios sin guardar pregunta antes de descartarlos', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/docentes');
    await elegirDeLista(page, 'Docentes', 'acosta', 'Acosta, Gustavo');
    await page.getByRole('button', { name: /^Quitar Matemática 2° 1°/ }).click();
    await elegirDeLista(page, 'Docentes', 'romero', 'Romero, Claudia');
    const dialogo = page.getByRole('dialog', { name: '¿Descartar los cambios sin guardar?' });
    await expect(dialogo).toContainText('Un cambio sin guardar');
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(
      page.getByRole('heading', { name: `Cursados de Acosta, Gustavo (${ciclo})` }),
    ).toBeVisible();
    await expect.poll(() => asignaciones(page)).toContain('Matemática 2° 1°:quitado');

    await page
      .getByRole('listbox', { name: 'Docentes' })
      .getByRole('option', { name: /^Romero, Claudia/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(
      page.getByRole('heading', { name: `Cursados de Romero, Claudia (${ciclo})` }),
    ).toBeVisible();
    await expect(page.getByTestId('asignacion')).toHaveCount(4);
  });

  test('Jefe de Departamento: sólo los cursados de su departamento', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefeDepartamento, '/docentes');
    // Claudia Romero enseña sólo materias de Electrónica: para Ciencias Exactas no tiene cursados.
    await elegirDeLista(page, 'Docentes', 'romero', 'Romero, Claudia');
    await esperarRojo(detalle(page).getByText('Sin cursados asignados', { exact: true }));
    // La lista para agregar trae sólo cursados del departamento.
    await page.getByRole('button', { name: 'Agregar cursado' }).click();
    const buscar = page.getByRole('textbox', { name: 'Buscar cursados para agregar', exact: true });
    const lista = page.getByRole('listbox', { name: 'Cursados para agregar' });
    await buscar.fill('historia');
    await expect(lista.getByText('Sin resultados')).toBeVisible();
    await buscar.fill('');
    await expect(lista.getByRole('option').first()).toBeVisible();
    const nombres = await lista.getByRole('option').locator('span:first-child').allTextContents();
    expect(nombres.length).toBeGreaterThan(10);
    for (const n of nombres) expect(n).toMatch(/^(Matemática|Física) /);

    // Por cursado: tampoco aparecen los de otros departamentos.
    await page.getByText('Por cursado', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Buscar cursados', exact: true }).fill('electrotecnia');
    await expect(
      page.getByRole('listbox', { name: 'Cursados', exact: true }).getByText('Sin resultados'),
    ).toBeVisible();
  });
});
