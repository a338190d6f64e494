/**
 * /importar (issue 34 §1): Alumnado baja la planilla modelo, sube un .xlsx armado acá con exceljs
 * (un alumno y dos tutores por fila, una columna cuyo encabezado no se reconoce y una fila con un
 * DNI mal escrito), corrige el mapeo con el selector, ve la vista previa (cuentas y el error de la
 * celda con su mensaje exacto), aplica, baja el informe y lo abre con exceljs para compararlo con
 * la pantalla; volver a subir el mismo archivo no cambia nada; deshace. En el teléfono, la tabla
 * de la vista previa se alcanza sin salirse de la pantalla; axe; un Preceptor no la abre.
 *
 * Cada corrida usa DNIs y emails propios (a partir de la hora): otra corrida contra el mismo
 * servidor (un reintento) no encuentra lo que creó la anterior.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './prueba';
import { mapeoAutomatico } from '../../src/domain/importacion/campos';
import { dniLegible } from '../../src/domain/importacion/celdas';
import { EMAIL_DEMO, ingresarComo, respuestaDe, violacionesGraves } from './ayudas';

const ENCABEZADOS = [
  'Apellido',
  'Nombre',
  'DNI',
  'Curso',
  'Tutor 1 apellido y nombre',
  'Tutor 1 email',
  'Cel. de la familia',
  'Tutor 2 apellido y nombre',
  'Tutor 2 email',
];
/** La columna que el mapeo automático no reconoce: es el teléfono del tutor 1. */
const SIN_MAPEO = 'Cel. de la familia';
const DNI_MAL = '23.456.78';

/** Las filas de la planilla de esta corrida (la fila 4 tiene el DNI mal escrito). */
function filasDeLaCorrida(sufijo: number): string[][] {
  const dni = (n: number) => String(40_000_000 + ((sufijo * 10 + n) % 50_000_000));
  const mail = (quien: string) => `${quien}.${sufijo}@importada.test`;
  return [
    [
      'Importada',
      'Ana',
      dni(1),
      '1° 1°',
      'Importada, Marta',
      mail('marta'),
      '351 555-0101',
      'Importado, Luis',
      mail('luis'),
    ],
    [
      'Importado',
      'Bruno',
      dni(2),
      '2° 1°',
      'Rivas, Carla',
      mail('carla'),
      '351 555-0102',
      'Importado, Pedro',
      mail('pedro'),
    ],
    [
      'Importada',
      'Clara',
      DNI_MAL,
      '3° 1°',
      'Suárez, Elena',
      mail('elena'),
      '',
      'Suárez, Raúl',
      mail('raul'),
    ],
  ];
}

async function planilla(filas: string[][], nombre = 'alumnos-y-tutores.xlsx'): Promise<string> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Alumnos');
  hoja.addRow(ENCABEZADOS);
  for (const f of filas) hoja.addRow(f);
  const carpeta = await mkdtemp(path.join(tmpdir(), 'importar-'));
  const archivo = path.join(carpeta, nombre);
  await libro.xlsx.writeFile(archivo);
  return archivo;
}

/** Elige el archivo con "Elegir archivo" (el diálogo del sistema, como una persona). */
async function subirConBoton(page: Page, archivo: string) {
  const selector = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir archivo' }).click();
  await (await selector).setFiles(archivo);
}

/** Suelta el archivo en la caja (arrastrar y soltar). */
async function soltar(page: Page, archivo: string) {
  const bytes = [...(await readFile(archivo))];
  const nombre = path.basename(archivo);
  const datos = await page.evaluateHandle(
    ({ bytes, nombre }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], nombre));
      return dt;
    },
    { bytes, nombre },
  );
  await page.getByTestId('soltar-archivo').dispatchEvent('drop', { dataTransfer: datos });
}

const seccion = (page: Page, nombre: string): Locator =>
  page.getByRole('region', { name: nombre, exact: true }).filter({ visible: true });
const mapeo = (page: Page) => seccion(page, '2. Elegir a qué campo va cada columna');
const revision = (page: Page) => seccion(page, '3. Revisar lo que va a pasar');
const resultado = (page: Page) => seccion(page, 'Importación aplicada');
const historial = (page: Page) => seccion(page, 'Importaciones anteriores');
const cuenta = (donde: Locator, clave: string) =>
  donde.getByTestId('cuentas').locator(`[data-cuenta="${clave}"]`);

/**
 * Lo que la tabla muestra de cada entidad, en orden: la fila, el tipo, la acción (la clave y su
 * texto), el nombre ("Alumno: …"), los cambios, el motivo, el aviso y los errores de su fila.
 */
async function leerTabla(donde: Locator) {
  return donde
    .getByTestId('tabla-resultado')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.flatMap((tr) => {
        const texto = (e: Element | null) => e?.textContent ?? '';
        const errores = [...tr.querySelectorAll('[data-testid="error-celda"]')].map(texto);
        return [...tr.querySelectorAll('[data-testid="entidad"]')].map((e) => ({
          fila: Number(tr.getAttribute('data-fila')),
          tipo: e.getAttribute('data-tipo')!,
          accion: e.getAttribute('data-accion')!,
          accionTexto: texto(e.querySelector('[data-testid="accion"]')),
          nombre: texto(e.querySelector('[data-testid="entidad-nombre"]')),
          cambios: [...e.querySelectorAll('[data-testid="cambio"]')].map(texto),
          motivo: texto(e.querySelector('[data-testid="motivo"]')),
          aviso: texto(e.querySelector('[data-testid="aviso"]')),
          errores,
        }));
      }),
    );
}

test.describe('/importar', () => {
  test('Alumnado: modelo, subir, corregir el mapeo, revisar, aplicar, informe, re-importar y deshacer', async ({
    page,
  }) => {
    test.slow();
    const sufijo = Date.now() % 10_000_000;
    const filas = filasDeLaCorrida(sufijo);
    const archivo = await planilla(filas);

    await ingresarComo(page, EMAIL_DEMO.alumnado, '/importar');
    await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();

    // La planilla modelo: sus hojas y encabezados, que el mapeo automático reconoce todos.
    const bajada = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar planilla modelo' }).click();
    const modelo = await bajada;
    expect(modelo.suggestedFilename()).toMatch(/\.xlsx$/);
    const libroModelo = new ExcelJS.Workbook();
    await libroModelo.xlsx.load((await readFile((await modelo.path())!)) as never);
    expect(libroModelo.worksheets.map((h) => h.name)).toEqual([
      'Alumnos y tutores',
      'Personal',
      'Cursos',
      'Notas',
    ]);
    const encabezadosModelo = (
      libroModelo.getWorksheet('Alumnos y tutores')!.getRow(1).values as unknown[]
    )
      .slice(1)
      .map(String);
    expect(encabezadosModelo.length).toBeGreaterThan(5);
    expect(mapeoAutomatico(encabezadosModelo).every((c) => c !== null)).toBe(true);

    // Subir: el nombre y el mapeo automático; la columna sin reconocer queda en "No importar".
    await subirConBoton(page, archivo);
    await expect(page.getByTestId('archivo-elegido')).toContainText('alumnos-y-tutores.xlsx');
    await expect(mapeo(page)).toBeVisible();
    const campo = (encabezado: string) =>
      mapeo(page).getByRole('combobox', { name: `Campo de la columna ${encabezado}` });
    await expect(campo('DNI')).toHaveValue('alumno.dni');
    await expect(campo('Tutor 1 email')).toHaveValue('tutor1.email');
    await expect(campo(SIN_MAPEO)).toHaveValue('');
    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // Dos columnas al mismo campo: el aviso y "Revisar" deshabilitado, hasta corregirlo.
    await campo(SIN_MAPEO).selectOption({ label: 'Tutor 1: email' });
    await expect(mapeo(page).getByRole('alert')).toContainText(
      `«Tutor 1 email» y «${SIN_MAPEO}» van a «Tutor 1: email».`,
    );
    await expect(mapeo(page).getByRole('button', { name: 'Revisar' })).toBeDisabled();
    await campo(SIN_MAPEO).selectOption({ label: 'Tutor 1: teléfono' });
    await expect(mapeo(page).getByRole('alert')).toHaveCount(0);
    await mapeo(page).getByRole('button', { name: 'Revisar' }).click();

    // La vista previa: nada escrito todavía.
    await expect(revision(page).getByTestId('tabla-resultado').locator('tbody tr')).toHaveCount(3);
    const tabla = await leerTabla(revision(page));
    // Filas 2 y 3: el alumno y sus dos tutores se crean, con el vínculo de cada tutor.
    for (const fila of [2, 3]) {
      const de = tabla.filter((e) => e.fila === fila);
      expect(de.filter((e) => e.tipo === 'alumno').map((e) => e.accion)).toEqual(['crear']);
      expect(de.filter((e) => e.tipo === 'tutor').map((e) => e.accion)).toEqual(['crear', 'crear']);
      expect(de.filter((e) => e.tipo === 'vinculo').map((e) => e.accion)).toEqual([
        'crear',
        'crear',
      ]);
    }
    // El teléfono de la columna corregida llega al tutor 1.
    const telefonos = tabla
      .find((e) => e.fila === 2 && e.tipo === 'tutor')!
      .cambios.filter((c) => c.startsWith('Teléfono: '));
    expect(telefonos.map((c) => c.replace(/\D/g, ''))).toEqual(['3515550101']);
    // Fila 4: se omite entera, con el error de la celda en rojo.
    expect(tabla.filter((e) => e.fila === 4).every((e) => e.accion === 'omitir')).toBe(true);
    const fila4 = revision(page).locator('tr[data-fila="4"]');
    await expect(fila4.getByTestId('error-celda')).toHaveText(
      `Fila 4, DNI: '${DNI_MAL}' no es un DNI válido`,
    );
    // En rojo: el rojo del tema (el color que toma un elemento con var(--mantine-color-red-8)).
    const rojo = await page.evaluate(() => {
      const muestra = document.createElement('span');
      muestra.style.color = 'var(--mantine-color-red-8)';
      document.body.append(muestra);
      const color = getComputedStyle(muestra).color;
      muestra.remove();
      return color;
    });
    await expect(fila4.getByTestId('error-celda')).toHaveCSS('color', rojo);
    const crear = tabla.filter((e) => e.accion === 'crear').length;
    await expect(cuenta(revision(page), 'crear')).toHaveText(`Crear: ${crear}`);
    await expect(cuenta(revision(page), 'errores')).toHaveText('Errores: 1');

    // El filtro por acción.
    await revision(page).getByRole('combobox', { name: 'Mostrar' }).selectOption('Con errores');
    await expect(revision(page).locator('tbody tr')).toHaveCount(1);
    await revision(page).getByRole('combobox', { name: 'Mostrar' }).selectOption('Todas las filas');
    await expect(revision(page).locator('tbody tr')).toHaveCount(3);
    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // Aplicar: la confirmación dice lo que va a pasar.
    await revision(page).getByRole('button', { name: 'Aplicar' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Aplicar la importación?' });
    await expect(dialogo).toContainText(
      'Se crearán 2 alumnos, 4 tutores y 4 vínculos con alumnos; 1 fila se omite.',
    );
    await dialogo.getByRole('button', { name: 'Aplicar' }).click();
    await expect(resultado(page).getByTestId('tabla-resultado').locator('tbody tr')).toHaveCount(3);
    const aplicado = await leerTabla(resultado(page));
    expect(aplicado).toEqual(tabla);
    await page.screenshot({ path: 'test-results/importar-aplicada.png', fullPage: true });

    // El informe en Excel: una fila por entidad, como la pantalla.
    const informe = page.waitForEvent('download');
    await resultado(page).getByRole('link', { name: 'Descargar informe (Excel)' }).click();
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load((await readFile((await (await informe).path())!)) as never);
    const hoja = libro.getWorksheet('Informe')!;
    const celdas = (r: number) =>
      Array.from({ length: 5 }, (_, j) => {
        const v = hoja.getRow(r).getCell(j + 1).value;
        return v == null ? '' : v;
      });
    expect(celdas(1)).toEqual(['Fila', 'Entidad', 'Acción', 'Cambios', 'Motivo/Errores']);
    expect(hoja.rowCount - 1).toBe(aplicado.length);
    aplicado.forEach((e, i) => {
      expect(celdas(i + 2)).toEqual([
        e.fila,
        e.nombre,
        e.accionTexto,
        e.cambios.join('; '),
        [e.motivo, e.errores.join(' '), e.aviso].filter(Boolean).join(' '),
      ]);
    });

    // El historial: la importación aplicada, con "Deshacer".
    const aplicada = historial(page).locator('tr[data-estado="aplicada"]').first();
    await expect(aplicada).toContainText('alumnos-y-tutores.xlsx');
    await expect(aplicada.getByRole('button', { name: 'Deshacer' })).toBeVisible();

    // El mismo archivo otra vez (soltado en la caja): todo "sin cambios", salvo la fila con errores.
    await resultado(page).getByRole('button', { name: 'Importar otro archivo' }).click();
    await soltar(page, archivo);
    await campo(SIN_MAPEO).selectOption({ label: 'Tutor 1: teléfono' });
    await mapeo(page).getByRole('button', { name: 'Revisar' }).click();
    await expect(revision(page).getByTestId('tabla-resultado').locator('tbody tr')).toHaveCount(3);
    const otraVez = await leerTabla(revision(page));
    expect(otraVez.filter((e) => e.fila !== 4).every((e) => e.accion === 'sin cambios')).toBe(true);
    expect(otraVez.filter((e) => e.fila !== 4).length).toBe(
      tabla.filter((e) => e.fila !== 4).length,
    );
    await expect(cuenta(revision(page), 'crear')).toHaveText('Crear: 0');
    await expect(revision(page).getByRole('button', { name: 'Aplicar' })).toBeDisabled();

    // Deshacer la aplicada: pide confirmación y queda "Deshecha".
    await aplicada.getByRole('button', { name: 'Deshacer' }).click();
    const deshacer = page.getByRole('dialog', { name: '¿Deshacer la importación?' });
    await deshacer.getByRole('button', { name: 'Deshacer' }).click();
    await expect(deshacer).toBeHidden();
    await expect(
      historial(page)
        .locator('tr[data-estado="deshecha"]')
        .filter({ hasText: 'alumnos-y-tutores.xlsx' }),
    ).toHaveCount(1);
    // Lo creado ya no está: la vista previa en pantalla se recalcula y vuelve a crearlo.
    await expect(cuenta(revision(page), 'crear')).toHaveText(`Crear: ${crear}`);
    // "Vaciar los campos que la planilla deja vacíos" vuelve a calcular la vista previa.
    const otraVista = respuestaDe(page, 'importar.vista');
    await revision(page)
      .getByRole('checkbox', { name: 'Vaciar los campos que la planilla deja vacíos' })
      .check();
    expect((await otraVista).ok()).toBe(true);
    await expect(cuenta(revision(page), 'crear')).toHaveText(`Crear: ${crear}`);
  });

  test('un Excel 97-2003 con nombre .xlsx: el error del servidor en castellano, y nada más', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/importar');
    // La firma de un .xls (OLE): el servidor mira el contenido, no la extensión.
    const carpeta = await mkdtemp(path.join(tmpdir(), 'importar-'));
    const archivo = path.join(carpeta, 'viejo.xlsx');
    await writeFile(archivo, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
    await subirConBoton(page, archivo);
    const subir = seccion(page, '1. Elegir la planilla');
    await expect(subir.getByRole('alert')).toHaveText(
      'No se puede leer el archivo' +
        'El archivo es un .xls (Excel 97-2003): guárdelo como .xlsx o .csv y vuelva a subirlo.',
    );
    await expect(subir.getByTestId('archivo-elegido')).toHaveText('viejo.xlsx (10 bytes)');
    await expect(mapeo(page)).toHaveCount(0);
  });
});

/** La página no se desplaza a lo ancho; si lo hace, el mensaje dice qué se sale de la pantalla. */
async function sinDesbordeHorizontal(page: Page) {
  const { ancho, pantalla, afuera } = await page.evaluate(() => ({
    ancho: document.documentElement.scrollWidth,
    pantalla: window.innerWidth,
    afuera: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.getAttribute('class')).slice(0, 40)}: ${Math.round(e.getBoundingClientRect().right)}`,
      ),
  }));
  expect(ancho, afuera.join('\n')).toBeLessThanOrEqual(pantalla);
}

test.describe('/importar en el teléfono @telefono', () => {
  test('la tabla de la vista previa se alcanza y se desplaza dentro de su caja', async ({
    page,
  }) => {
    test.slow();
    const archivo = await planilla(filasDeLaCorrida(Date.now() % 10_000_000));
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/importar');
    await subirConBoton(page, archivo);
    await expect(mapeo(page)).toBeVisible();
    await page.screenshot({ path: 'test-results/importar-telefono-mapeo.png', fullPage: true });
    await sinDesbordeHorizontal(page);
    await mapeo(page).getByRole('button', { name: 'Revisar' }).click();
    const caja = revision(page).getByRole('region', { name: 'Filas del archivo' });
    await caja.scrollIntoViewIfNeeded();
    await expect(caja).toBeInViewport();
    const b = (await caja.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    // La tabla es más ancha que la pantalla: se desplaza dentro de su caja, no la página.
    expect(await caja.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await sinDesbordeHorizontal(page);
    await page.screenshot({ path: 'test-results/importar-telefono.png', fullPage: true });
  });
});

test('un Preceptor no puede abrir /importar: vuelve al inicio', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/importar');
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  const r = await page.request.get('/api/importar/modelo');
  expect(r.status()).toBe(403);
});

test('Deshacer negado: el alumno importado se editó después; el motivo en castellano y la importación sigue aplicada', async ({
  page,
}) => {
  test.slow();
  const sufijo = Date.now() % 10_000_000;
  const dni = 30_000_000 + (sufijo % 9_000_000);
  const nombreArchivo = `deshacer-negado-${sufijo}.xlsx`;
  const archivo = await planilla(
    [['Negada', 'Inés', String(dni), '1° 1°', '', '', '', '', '']],
    nombreArchivo,
  );
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/importar');
  await subirConBoton(page, archivo);
  await mapeo(page).getByRole('button', { name: 'Revisar' }).click();
  await expect(cuenta(revision(page), 'crear')).toHaveText('Crear: 1');
  await revision(page).getByRole('button', { name: 'Aplicar' }).click();
  await page
    .getByRole('dialog', { name: '¿Aplicar la importación?' })
    .getByRole('button', { name: 'Aplicar' })
    .click();
  await expect(resultado(page)).toBeVisible();

  // Alguien corrige el apellido del alumno importado en /alumnos (al abrirlo, la pantalla le da su
  // código de vinculación para las familias: otro dato nuevo que cuelga de lo importado).
  await page.goto('/alumnos');
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(String(dni));
  const opcion = page
    .getByRole('listbox', { name: 'Alumnos', exact: true })
    .getByRole('option', { name: 'Negada, Inés' });
  await expect(opcion).toHaveCount(1);
  await opcion.click();
  const form = page.getByRole('form', { name: 'Datos del alumno' });
  await expect(form.getByRole('heading', { level: 2 })).toHaveText('Negada, Inés');
  await form.getByRole('textbox', { name: 'Apellido' }).fill('Corregida');
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(
    page.getByText('Datos guardados correctamente', { exact: true }).last(),
  ).toBeVisible();

  // Deshacer la importación: el servidor se niega y la pantalla dice qué cambió; nada se deshace.
  await page.goto('/importar');
  const fila = historial(page)
    .locator('tr[data-estado="aplicada"]')
    .filter({ hasText: nombreArchivo });
  await fila.getByRole('button', { name: 'Deshacer' }).click();
  const dialogo = page.getByRole('dialog', { name: '¿Deshacer la importación?' });
  const respuesta = respuestaDe(page, 'importar.deshacer');
  await dialogo.getByRole('button', { name: 'Deshacer' }).click();
  expect((await respuesta).status()).toBe(409);
  const alerta = historial(page).getByRole('alert');
  await expect(alerta).toContainText('No se puede deshacer');
  await expect(alerta).toContainText(
    `No se puede deshacer: cambió después de la importación: el alumno Corregida, Inés (DNI ${dniLegible(dni)}) se modificó; hay datos nuevos (códigos de vinculación) de 1 de los alumnos creados.`,
  );
  await expect(
    historial(page).locator('tr[data-estado="aplicada"]').filter({ hasText: nombreArchivo }),
  ).toHaveCount(1);
  await page.screenshot({ path: 'test-results/importar-deshacer-negado.png', fullPage: true });
  expect(await violacionesGraves(page, 'main')).toEqual([]);
});
