/**
 * /mesas (issue 16; spec 02 §2 Mesas, §5): Alumnado crea una mesa (con el aviso "Instancia
 * inusual"), le agrega una materia y un docente al tribunal (se guardan solos) y anota a un
 * alumno que la adeuda; el docente del tribunal carga el resultado y cierra el acta (también en
 * el teléfono); la libreta del alumno muestra la columna de la instancia. El jefe de
 * departamento sólo ve el tribunal y cambia hora y aula. Lo que se crea queda con nota 4: el
 * alumno sigue adeudando la materia y la prueba se puede repetir sobre la misma base.
 */
import { expect, test, type APIRequestContext, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cambiarDeCuenta,
  cicloActual,
  cuenta,
  ingresarComo,
  masDias,
  violacionesDeAccesibilidad,
} from './ayudas';
import { textoFecha } from './campo-fecha';
import { FECHA_ESCOLAR } from './fecha';

interface MesaLista {
  id: number;
  corta: string;
  materias: { id: number; nombre: string; alumnos: number; cerrada: boolean }[];
}

async function json<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/** Una materia de diciembre con alumnos anotados (la semilla anota a los que la adeudan). */
async function materiaAdeudada(page: Page) {
  const { items } = await json<{ items: MesaLista[] }>(
    await page.request.get(`/api/mesas?anio=${cicloActual()}`),
  );
  const mesa = items.find((m) => m.corta === 'Diciembre' && m.materias[0]!.alumnos > 0);
  expect(mesa, 'la semilla tiene mesas de diciembre con alumnos').toBeDefined();
  return mesa!.materias[0]!;
}

/** El día escolar de las pruebas (tests/e2e/fecha.ts) más `dias`. */
const hoyMas = (dias: number) => masDias(FECHA_ESCOLAR, dias);

test.describe('mesas de examen', () => {
  test('Alumnado arma la mesa (autoguardado), el tribunal cierra el acta y la libreta la muestra', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/mesas');
    await expect(page.getByRole('heading', { level: 1, name: 'Mesas de examen' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Mesas' }).getByRole('listitem').first(),
    ).toBeVisible();
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    const materia = await materiaAdeudada(page);

    // Alta: una instancia fuera de la lista pide confirmación.
    await page.getByRole('link', { name: 'Nueva mesa' }).click();
    await expect(page).toHaveURL(/\/mesas\/nueva$/);
    const fecha = hoyMas(9);
    await page.getByRole('textbox', { name: 'Fecha' }).fill(textoFecha(fecha));
    await page.getByRole('textbox', { name: 'Hora' }).fill('09:00');
    await page.getByRole('combobox', { name: 'Instancia' }).fill('Mesa especial');
    await page.getByLabel('Aula').fill('Aula 21');
    await page.getByRole('button', { name: 'Crear mesa' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Instancia inusual' });
    await expect(dialogo).toContainText(
      'La instancia "Mesa especial" no se reconoce. Si esto es un error, utilice una de la lista.',
    );
    // Escape lo cierra sin crear la mesa y el foco vuelve a "Crear mesa"; "Volver", también.
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeHidden();
    await expect(page.getByRole('button', { name: 'Crear mesa' })).toBeFocused();
    await page.getByRole('button', { name: 'Crear mesa' }).click();
    await dialogo.getByRole('button', { name: 'Volver' }).click();
    await expect(dialogo).toBeHidden();
    // Las instancias de la lista son sugerencias: se filtran sin mayúsculas y se eligen con
    // las flechas y Enter (Enter no envía el formulario).
    const instancia = page.getByRole('combobox', { name: 'Instancia' });
    await instancia.fill('FEBRERO');
    const sugerencias = page.getByRole('listbox', { name: 'Instancia' }).getByRole('option');
    await expect(sugerencias).toHaveText(['Final Febrero/Marzo', 'Extraordinaria Febrero']);
    await expect(instancia).not.toHaveAttribute('aria-activedescendant');
    await instancia.press('ArrowDown');
    await instancia.press('ArrowDown');
    await instancia.press('Enter');
    await expect(instancia).toHaveValue('Extraordinaria Febrero');
    await expect(instancia).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/\/mesas\/nueva$/);
    await page.getByRole('button', { name: 'Crear mesa' }).click();
    await page.waitForURL(/\/mesas\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Sin materias abre en Materias; agregar una se guarda sola.
    await expect(page.getByRole('tab', { name: 'Materias' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Sin materias asignadas').filter({ visible: true })).toBeVisible();
    // Nada se guardó todavía: el indicador no dice "Guardado" (issue 32 §6).
    await expect(page.getByTestId('estado-guardado')).toHaveText('');
    await page.getByRole('textbox', { name: 'Buscar materias' }).fill(materia.nombre);
    await page.getByRole('option', { name: materia.nombre }).first().click();
    await expect(page.getByTestId('estado-guardado')).toHaveText('Guardado');
    await page.reload();
    // Con materia y sin tribunal, abre en Docentes.
    await expect(page.getByRole('tab', { name: 'Docentes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `Mesa de ${materia.nombre}`,
    );
    await expect(page.getByTestId('estado-guardado')).toHaveText('');

    // El tribunal: el docente de demostración.
    const docente = cuenta(EMAIL_DEMO.docente);
    const nombreDocente = `${docente.apellido}, ${docente.nombre}`;
    await page.getByRole('textbox', { name: 'Buscar docentes' }).fill(docente.apellido);
    await page.getByRole('button', { name: `Agregar a ${nombreDocente}` }).click();
    await expect(page.getByTestId('estado-guardado')).toHaveText('Guardado');
    await expect(page.getByRole('listitem').filter({ hasText: nombreDocente })).toBeVisible();

    // Alumnos: anotar al primero que la adeuda.
    await page.getByRole('tab', { name: 'Alumnos' }).click();
    await expect(page.getByText('No hay alumnos anotados en esta materia.')).toBeVisible();
    const anotar = page.getByRole('button', { name: /^Anotar a / }).first();
    await expect(anotar).toBeVisible();
    // "Anotar" a todos los propuestos a la vez, en singular cuando hay uno.
    const propuestos = await page.getByText('Propuesto', { exact: true }).count();
    const anotarPropuestos = page.getByRole('button', {
      name: /^Anotar (al|los \d+) propuestos?$/,
    });
    if (propuestos === 0) await expect(anotarPropuestos).toHaveCount(0);
    else
      await expect(anotarPropuestos).toHaveText(
        propuestos === 1 ? 'Anotar al propuesto' : `Anotar los ${propuestos} propuestos`,
      );
    const quien = (await anotar.getAttribute('aria-label'))!.replace('Anotar a ', '');
    await anotar.click();
    const acta = page.getByRole('table', { name: `Acta de ${materia.nombre}` });
    await expect(acta.getByRole('row', { name: new RegExp(quien) })).toBeVisible();
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('mesa-alumnos.png'), fullPage: true });

    // Antes de la mesa el acta no se carga ni se cierra: el botón dice desde cuándo (issue 32 §4).
    const [, mes, dia] = fecha.split('-');
    await expect(
      page.getByRole('button', { name: `Se puede cerrar desde el ${dia}/${mes} a las 09:00` }),
    ).toBeDisabled();
    await expect(page.getByRole('combobox', { name: `Resultado de ${quien}` })).toHaveCount(0);
    // La mesa pasa a ayer (sin actas cerradas la fecha se cambia) y el acta queda habilitada.
    const actual = await json<{ version: number; instancia: string; aula: string | null }>(
      await page.request.get(`/api/mesas/${id}`),
    );
    const movida = await page.request.put(`/api/mesas/${id}`, {
      data: {
        version: actual.version,
        fecha: hoyMas(-1),
        hora: '09:00',
        instancia: actual.instancia,
        aula: actual.aula,
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(movida.status(), await movida.text()).toBe(200);

    // El docente del tribunal, en el teléfono: sólo la pestaña Alumnos; carga y cierra.
    await page.setViewportSize({ width: 360, height: 740 });
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, `/mesas/${id}`);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await page.getByRole('combobox', { name: `Resultado de ${quien}` }).selectOption('Nota');
    // La nota con punto, insertada de una vez como la escribe el teclado del teléfono, es 7,5 y
    // no 75; dos separadores se dicen junto al campo (issue 32 §1).
    const nota = page.getByRole('textbox', { name: `Nota de ${quien}` });
    await expect(nota).toHaveAttribute('inputmode', 'decimal');
    await nota.focus();
    await page.keyboard.insertText('7.5');
    await expect(nota).toHaveValue('7.5');
    await expect(page.getByText('La nota del acta debe ser un número de 1 a 10')).toHaveCount(0);
    await nota.fill('');
    await page.keyboard.insertText('7..5');
    await expect(
      page.getByText('Escriba un solo separador decimal (1,5 o 1.5), sin separador de miles.'),
    ).toBeVisible();
    await nota.fill('4');
    await expect(page.getByText('1 cambio sin guardar')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Acta guardada.')).toBeVisible();
    const { ancho, contenido } = await page.evaluate(() => ({
      ancho: window.innerWidth,
      contenido: document.documentElement.scrollWidth,
    }));
    expect(contenido).toBeLessThanOrEqual(ancho);
    await page.screenshot({ path: test.info().outputPath('acta-telefono.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cerrar acta' }).click();
    const confirmar = page.getByRole('dialog', { name: `¿Cerrar el acta de ${materia.nombre}?` });
    await confirmar.getByRole('button', { name: 'Cerrar acta' }).click();
    await expect(page.getByText(/^Acta cerrada/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(acta.getByRole('row', { name: new RegExp(quien) })).toContainText('4');

    // La libreta del alumno: la columna de la instancia con el resultado.
    await page.setViewportSize({ width: 1280, height: 800 });
    await cambiarDeCuenta(page, EMAIL_DEMO.alumnado, `/mesas/${id}`);
    const { materias } = await json<{ materias: { id: number }[] }>(
      await page.request.get(`/api/mesas/${id}`),
    );
    const filaActa = await json<{ alumnos: { alumno: number; cursado: number; ciclo: number }[] }>(
      await page.request.get(`/api/mesas/${id}/actas/${materias[0]!.id}`),
    );
    const alumno = filaActa.alumnos[0]!;
    await page.goto(`/libretas?alumno=${alumno.alumno}`);
    const botonAnio = page
      .getByRole('group', { name: 'Año' })
      .getByRole('button', { name: new RegExp(`^${alumno.ciclo}`) });
    await botonAnio.click();
    const tabla = page.getByTestId('tabla-libreta').filter({ visible: true });
    await expect(tabla).toHaveAttribute('data-ciclo', String(alumno.ciclo));
    await expect(tabla.locator('thead th').filter({ hasText: 'Febrero' })).toBeVisible();
    await expect(
      tabla.locator(
        `tr[data-cursado="${alumno.cursado}"] td[data-columna="mesa:Extraordinaria Febrero"]`,
      ),
    ).toHaveText('4');
  });

  test('el jefe de departamento ve sólo el tribunal y cambia hora y aula', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefeDepartamento, '/mesas');
    const primera = page.getByRole('list', { name: 'Mesas' }).getByRole('link').first();
    await expect(primera).toBeVisible();
    await primera.click();
    await page.waitForURL(/\/mesas\/\d+$/);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Tribunal' })).toBeVisible();
    await page.getByRole('link', { name: 'Cambiar hora y aula' }).click();
    await page.waitForURL(/\/mesas\/editar\/\d+$/);
    await expect(page.getByLabel('Fecha')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Instancia' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Hora' })).toBeVisible();
    await page.getByLabel('Aula').fill('Laboratorio 3');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/mesas\/\d+$/);
    await expect(page.getByText(/Aula: Laboratorio 3/)).toBeVisible();
  });
});
