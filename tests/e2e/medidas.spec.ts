/**
 * /medidas y /medidas-protected (spec 01 §2 Disciplinary measures, §4, §5, §8, §9): alta y edición
 * de amonestaciones y apercibimientos, reglas de la cantidad, confirmaciones, errores del
 * catálogo, selección de la lista y la ventana de fechas del modo protegido.
 */
import { expect, test, type Locator, type Page } from './prueba';
import { colorMedidas } from '../../src/domain/medidas';
import { MENSAJE_NO_ES_NUMERO, MENSAJE_SEPARADORES } from '../../src/domain/numeros';
import { EMAIL_DEMO, cicloActual, elegir, ingresarComo, masDias } from './ayudas';
import { calendarioDe, ponerFecha, teclearFecha, textoFecha } from './campo-fecha';
import { FECHA_ESCOLAR } from './fecha';

/** 'AAAA-MM-DD' del día escolar de las pruebas (tests/e2e/fecha.ts), menos `dias`. */
const fechaEscolar = (dias = 0): string => masDias(FECHA_ESCOLAR, -dias);
const dma = (f: string) => f.split('-').reverse().join('/');

/** Un motivo que no se repite entre pruebas. */
const motivoUnico = (que: string) => `${que} ${Date.now().toString(36)}`;

const listaAlumnos = (page: Page) => page.getByRole('listbox', { name: 'Alumnos' });
const listaMedidas = (page: Page) =>
  page.getByRole('listbox', { name: `Medidas disciplinarias ${cicloActual()}` });
const formulario = (page: Page) => page.getByRole('form', { name: 'Medida disciplinaria' });
const cantidad = (page: Page) => formulario(page).getByRole('textbox', { name: 'Cantidad' });
const motivo = (page: Page) => formulario(page).getByRole('textbox', { name: 'Motivo' });
const fecha = (page: Page) => formulario(page).getByRole('textbox', { name: 'Fecha' });
const total = (page: Page) => page.getByTestId('total-medidas');
const dialogo = (page: Page) => page.getByRole('dialog');

/** Elige el alumno `n` de la lista (0: el primero) y espera sus medidas. */
async function elegirAlumno(page: Page, n = 0): Promise<string> {
  const opcion = listaAlumnos(page).getByRole('option').nth(n);
  // La primera página de la lista puede tardar mientras el servidor compila (next dev).
  await expect(opcion).toBeVisible({ timeout: 30_000 });
  const nombre = (await opcion.locator('span').first().textContent())!.trim();
  await opcion.click();
  await expect(page.getByTestId('alumno-elegido')).toHaveText(nombre);
  await expect(total(page)).toBeVisible();
  return nombre;
}

const leerTotal = async (page: Page) =>
  Number((await total(page).textContent())!.trim().replace(',', '.'));

async function esperarTotal(page: Page, valor: number) {
  await expect(total(page)).toHaveText(valor.toLocaleString('es-AR'));
  await expect(total(page)).toHaveAttribute('data-color', colorMedidas(valor) ?? '');
}

/** Teclea la cantidad y sale del campo (ahí se redondea y se acota). */
async function escribirCantidad(page: Page, valor: string) {
  await cantidad(page).fill('');
  await cantidad(page).pressSequentially(valor);
  await cantidad(page).blur();
}

/** Pone la cantidad de una vez, como la inserta el teclado de un teléfono (no tecla por tecla). */
async function insertarCantidad(page: Page, valor: string) {
  await cantidad(page).fill('');
  await cantidad(page).focus();
  await page.keyboard.insertText(valor);
}

/** Cuenta las llamadas a un procedimiento de tRPC. */
function contarLlamadas(page: Page, procedimiento: string) {
  const llamadas: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/trpc/`) && r.url().includes(procedimiento)) llamadas.push(r.url());
  });
  return llamadas;
}

async function aceptar(page: Page, titulo: string, boton = 'Aceptar') {
  await expect(dialogo(page)).toBeVisible();
  await expect(dialogo(page).getByRole('heading', { name: titulo })).toBeVisible();
  await dialogo(page).getByRole('button', { name: boton, exact: true }).click();
  await expect(dialogo(page)).toHaveCount(0);
}

async function cancelar(page: Page, titulo: string) {
  await expect(dialogo(page).getByRole('heading', { name: titulo })).toBeVisible();
  await dialogo(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo(page)).toHaveCount(0);
}

/** Crea una amonestación con cantidad y motivo dados, aceptando la confirmación. */
async function pasarAmonestacion(page: Page, valor: string, texto: string) {
  await escribirCantidad(page, valor);
  await motivo(page).fill(texto);
  await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
  await aceptar(page, '¿Pasar amonestación?');
  await expect(page.getByText('Amonestación pasada').first()).toBeVisible();
  await expect(listaMedidas(page).getByRole('option', { name: texto })).toBeVisible();
}

const item = (lista: Locator, texto: string) => lista.getByRole('option', { name: texto });

test.describe('/medidas (Jefe de Preceptores)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/medidas');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
  });

  test('sin alumno pide uno; un ciclo sin medidas muestra "Sin resultados" y total 0', async ({
    page,
  }) => {
    await expect(page.getByTestId('sin-alumno')).toHaveText('Elija un alumno de la lista.');
    await expect(formulario(page)).toHaveCount(0);
    // Con la pantalla ya interactiva (la lista cargada), se cambia el ciclo lectivo.
    await expect(listaAlumnos(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await elegir(page, 'Ciclo lectivo', '2021');
    // El cambio pasa por una acción del servidor y recarga la pantalla.
    await expect(page.getByRole('combobox', { name: 'Ciclo lectivo' })).toHaveValue('2021', {
      timeout: 30_000,
    });
    await elegirAlumno(page);
    await expect(page.getByTestId('sin-resultados')).toHaveText('Sin resultados');
    await esperarTotal(page, 0);
  });

  test('amonestación: cantidad por defecto 0 (no hace nada), redondeo y tope; cancelar no escribe; aceptar la pasa y suma al total', async ({
    page,
  }) => {
    const llamadas = contarLlamadas(page, 'medidas.nueva');
    const alumno = await elegirAlumno(page);
    const antes = await leerTotal(page);
    const cuantas = await page.getByTestId('medida').count();
    await expect(page.getByTestId('titulo-formulario')).toHaveText('Nueva medida');
    await expect(fecha(page)).toHaveValue(textoFecha(fechaEscolar()));

    // Por defecto '0': pasar una amonestación con 0 no hace nada (ni diálogo ni llamada). No se
    // espera un tiempo fijo: lo prueba lo que sigue, en orden. Con un diálogo abierto el próximo
    // clic en 'Pasar amonestación' no llegaría al botón y el único diálogo que aparece es el de
    // 2,5; una llamada de este clic saldría antes que la de aceptar y al final habría dos.
    await expect(cantidad(page)).toHaveValue('0');
    const texto = motivoUnico('Falta de respeto');
    await motivo(page).fill(texto);
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    // No se pasa, y se dice por qué junto al campo (issue 32 §6).
    await expect(formulario(page).getByText('La cantidad debe ser mayor que 0.')).toBeVisible();
    await expect(dialogo(page)).toHaveCount(0);

    // Al salir del campo: 0,5 más cercano y entre 0 y 15 (el punto se lee como coma).
    await cantidad(page).fill('');
    await expect(formulario(page).getByText('La cantidad debe ser mayor que 0.')).toHaveCount(0);
    await cantidad(page).pressSequentially('2.3');
    await cantidad(page).blur();
    await expect(cantidad(page)).toHaveValue('2,5');
    await escribirCantidad(page, '20');
    await expect(cantidad(page)).toHaveValue('15');
    await escribirCantidad(page, '0,7');
    await expect(cantidad(page)).toHaveValue('0,5');
    await escribirCantidad(page, '2.3');

    // Cancelar no escribe nada. La confirmación nombra lo que pasa: cantidad, alumno, curso,
    // fecha y turno (issue 11 §8).
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    await expect(dialogo(page)).toHaveCount(1);
    await expect(dialogo(page)).toContainText(`Amonestación de 2,5 a ${alumno} (`);
    await expect(dialogo(page)).toContainText(`), el ${dma(fechaEscolar())}, turno `);
    await cancelar(page, '¿Pasar amonestación?');
    await expect(page.getByTestId('medida')).toHaveCount(cuantas);

    // Aceptar la pasa: aparece en la lista con su cantidad y el total suma 2,5. La respuesta de
    // la llamada es la señal: toda llamada de antes (el clic con 0, el cancelar) ya salió.
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    const respuesta = page.waitForResponse((r) => r.url().includes('/api/trpc/medidas.nueva'));
    await aceptar(page, '¿Pasar amonestación?');
    expect((await respuesta).status()).toBe(200);
    expect(llamadas).toHaveLength(1);
    await expect(page.getByText('Amonestación pasada')).toBeVisible();
    const nueva = item(listaMedidas(page), texto);
    await expect(nueva).toBeVisible();
    await expect(nueva).toContainText('Amonestación');
    await expect(nueva.getByTestId('cantidad-medida')).toHaveText('2,5');
    await expect(nueva).toContainText(dma(fechaEscolar()));
    await esperarTotal(page, antes + 2.5);
    expect(llamadas).toHaveLength(1);
    // El formulario vuelve a una medida nueva.
    await expect(motivo(page)).toHaveValue('');
    await expect(cantidad(page)).toHaveValue('0');
  });

  test('cantidad insertada de una vez (teclado de un teléfono): "1.5" y "1,5" son 1,5, se confirma y se guarda 1,5', async ({
    page,
  }) => {
    await elegirAlumno(page, 2);
    const antes = await leerTotal(page);
    const pasar = formulario(page).getByRole('button', { name: 'Pasar amonestación' });
    await motivo(page).fill(motivoUnico('Decimales insertados'));
    // insertText es como escribe el teclado de Android o iOS (issue 32 §1). La confirmación
    // dice la cantidad que se guardará.
    for (const [texto, esperado] of [
      ['1,5', '1,5'],
      ['2.5', '2,5'],
      ['1.5', '1,5'],
    ] as const) {
      await insertarCantidad(page, texto);
      await pasar.click();
      await expect(dialogo(page), texto).toContainText(`Amonestación de ${esperado} a `);
      await expect(cantidad(page)).toHaveValue(esperado);
      if (texto !== '1.5') await cancelar(page, '¿Pasar amonestación?');
    }
    await aceptar(page, '¿Pasar amonestación?');
    await expect(page.getByText('Amonestación pasada').first()).toBeVisible();
    await esperarTotal(page, antes + 1.5);
    // Dos separadores son ambiguos: un error junto al campo, sin diálogo ni cambio silencioso.
    await insertarCantidad(page, '1.234,5');
    await pasar.click();
    await expect(formulario(page).getByText(MENSAJE_SEPARADORES)).toBeVisible();
    await expect(cantidad(page)).toHaveValue('1.234,5');
    await expect(dialogo(page)).toHaveCount(0);
  });

  test('cantidad tecla por tecla: "1.5" y "1,5" son 1,5; "1..5" y "abc" se dicen junto al campo, sin borrar nada', async ({
    page,
  }) => {
    await elegirAlumno(page, 2);
    const pasar = formulario(page).getByRole('button', { name: 'Pasar amonestación' });
    await motivo(page).fill(motivoUnico('Decimales tecleados'));
    for (const texto of ['1.5', '1,5']) {
      await escribirCantidad(page, texto);
      await expect(cantidad(page)).toHaveValue('1,5');
      await pasar.click();
      await expect(dialogo(page), texto).toContainText('Amonestación de 1,5 a ');
      await cancelar(page, '¿Pasar amonestación?');
    }
    await escribirCantidad(page, '1..5');
    await expect(formulario(page).getByText(MENSAJE_SEPARADORES)).toBeVisible();
    await expect(cantidad(page)).toHaveValue('1..5');
    await pasar.click();
    await expect(formulario(page).getByText(MENSAJE_SEPARADORES)).toBeVisible();
    await expect(dialogo(page)).toHaveCount(0);
    await escribirCantidad(page, 'abc');
    await expect(formulario(page).getByText(MENSAJE_NO_ES_NUMERO)).toBeVisible();
    await expect(cantidad(page)).toHaveValue('abc');
  });

  test('apercibimiento: sin cantidad, con su confirmación, y no suma al total', async ({
    page,
  }) => {
    await elegirAlumno(page, 1);
    const antes = await leerTotal(page);
    await formulario(page).getByText('Apercibimiento', { exact: true }).click();
    await expect(cantidad(page)).toHaveCount(0);
    const texto = motivoUnico('Uso del celular');
    await motivo(page).fill(texto);
    await formulario(page).getByRole('button', { name: 'Pasar apercibimiento' }).click();
    await aceptar(page, '¿Pasar apercibimiento?');
    await expect(page.getByText('Apercibimiento pasado')).toBeVisible();
    const nueva = item(listaMedidas(page), texto);
    await expect(nueva).toContainText('Apercibimiento');
    await expect(nueva.getByTestId('cantidad-medida')).toHaveCount(0);
    await esperarTotal(page, antes);
  });

  test('elegir una medida la carga para editar, elegirla otra vez la deselecciona; guardar y borrar con confirmación', async ({
    page,
  }) => {
    await elegirAlumno(page, 2);
    const antes = await leerTotal(page);
    const texto = motivoUnico('Llegó tarde al taller');
    await pasarAmonestacion(page, '1', texto);
    await esperarTotal(page, antes + 1);

    // Elegir: se carga en el formulario.
    const medida = item(listaMedidas(page), texto);
    await medida.click();
    await expect(medida).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('titulo-formulario')).toHaveText(
      `Editar medida del ${dma(fechaEscolar())}`,
    );
    await expect(motivo(page)).toHaveValue(texto);
    await expect(cantidad(page)).toHaveValue('1');
    // Elegirla otra vez la deselecciona: el formulario vuelve a "nueva".
    await medida.click();
    await expect(medida).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByTestId('titulo-formulario')).toHaveText('Nueva medida');
    await expect(motivo(page)).toHaveValue('');
    await expect(formulario(page).getByRole('button', { name: 'Borrar' })).toHaveCount(0);

    // Editar y guardar (confirmación del tipo).
    await medida.click();
    await escribirCantidad(page, '3');
    const editado = `${texto} (editada)`;
    await motivo(page).fill(editado);
    await formulario(page).getByRole('button', { name: 'Guardar cambios' }).click();
    await aceptar(page, '¿Pasar amonestación?');
    await expect(page.getByText('Medida disciplinaria guardada')).toBeVisible();
    const guardada = item(listaMedidas(page), editado);
    await expect(guardada.getByTestId('cantidad-medida')).toHaveText('3');
    await expect(guardada).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByTestId('titulo-formulario')).toHaveText('Nueva medida');
    await esperarTotal(page, antes + 3);

    // Borrar: cancelar no borra; aceptar sí.
    await guardada.click();
    await formulario(page).getByRole('button', { name: 'Borrar' }).click();
    await cancelar(page, '¿Borrar medida disciplinaria?');
    await expect(guardada).toBeVisible();
    await formulario(page).getByRole('button', { name: 'Borrar' }).click();
    await aceptar(page, '¿Borrar medida disciplinaria?', 'Borrar');
    await expect(page.getByText('Medida disciplinaria borrada')).toBeVisible();
    await expect(item(listaMedidas(page), editado)).toHaveCount(0);
    await esperarTotal(page, antes);
    await expect(page.getByTestId('titulo-formulario')).toHaveText('Nueva medida');
  });

  test('el total se pinta amarillo desde 10 y rojo desde 15', async ({ page }) => {
    await elegirAlumno(page, 4);
    const antes = await leerTotal(page);
    expect(antes).toBeLessThan(10);
    const hasta10 = motivoUnico('Hasta diez');
    await pasarAmonestacion(page, String(10 - antes).replace('.', ','), hasta10);
    await esperarTotal(page, 10);
    await expect(total(page)).toHaveAttribute('data-color', 'yellow');
    const hasta15 = motivoUnico('Hasta quince');
    await pasarAmonestacion(page, '5', hasta15);
    await esperarTotal(page, 15);
    await expect(total(page)).toHaveAttribute('data-color', 'red');

    // Se borran las dos: el total vuelve a su valor y color.
    for (const texto of [hasta15, hasta10]) {
      await item(listaMedidas(page), texto).click();
      await formulario(page).getByRole('button', { name: 'Borrar' }).click();
      await aceptar(page, '¿Borrar medida disciplinaria?', 'Borrar');
      await expect(item(listaMedidas(page), texto)).toHaveCount(0);
    }
    await esperarTotal(page, antes);
  });

  test('si la llamada falla se muestra el mensaje del catálogo y no se pierde lo escrito', async ({
    page,
  }) => {
    await elegirAlumno(page, 3);
    const texto = motivoUnico('Daño a un banco');
    await pasarAmonestacion(page, '1.5', texto);

    const fallar = (proc: string) =>
      page.route(new RegExp(`/api/trpc/${proc.replace('.', '\\.')}\\b`), (r) => r.abort('failed'));
    await fallar('medidas.nueva');
    await fallar('medidas.editar');
    await fallar('medidas.borrar');

    await escribirCantidad(page, '1');
    await motivo(page).fill('No se guarda');
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    await aceptar(page, '¿Pasar amonestación?');
    await expect(page.getByText('Error al crear amonestación')).toBeVisible();
    await expect(motivo(page)).toHaveValue('No se guarda');

    await formulario(page).getByText('Apercibimiento', { exact: true }).click();
    await formulario(page).getByRole('button', { name: 'Pasar apercibimiento' }).click();
    await aceptar(page, '¿Pasar apercibimiento?');
    await expect(page.getByText('Error al crear apercibimiento')).toBeVisible();

    await item(listaMedidas(page), texto).click();
    await formulario(page).getByRole('button', { name: 'Guardar cambios' }).click();
    await aceptar(page, '¿Pasar amonestación?');
    await expect(page.getByText('Error al guardar amonestación')).toBeVisible();

    await formulario(page).getByText('Apercibimiento', { exact: true }).click();
    await formulario(page).getByRole('button', { name: 'Guardar cambios' }).click();
    await aceptar(page, '¿Pasar apercibimiento?');
    await expect(page.getByText('Error al guardar apercibimiento')).toBeVisible();

    await formulario(page).getByRole('button', { name: 'Borrar' }).click();
    await aceptar(page, '¿Borrar medida disciplinaria?', 'Borrar');
    await expect(page.getByText('Error al borrar medida disciplinaria')).toBeVisible();
    await expect(item(listaMedidas(page), texto)).toBeVisible();
  });
});

test.describe('/medidas-protected (Preceptor)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
  });

  test('la grilla de inicio abre /medidas-protected; /medidas no es para el preceptor', async ({
    page,
  }) => {
    await page.goto('/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Medidas disciplinarias' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/medidas-protected$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
    await page.goto('/medidas');
    await expect(page).toHaveURL((u) => u.pathname === '/');
  });

  test('fecha desde 5 días atrás (más atrás no se acepta); las guardadas no se editan ni se borran', async ({
    page,
  }) => {
    await page.goto('/medidas-protected');
    await elegirAlumno(page);
    await expect(formulario(page)).toContainText(`Entre el ${dma(fechaEscolar(5))} y hoy`);

    // El calendario del navegador no ofrece días fuera de la ventana.
    await expect(calendarioDe(fecha(page))).toHaveAttribute('min', fechaEscolar(5));
    await expect(calendarioDe(fecha(page))).toHaveAttribute('max', fechaEscolar());
    // 6 días atrás no se acepta: al salir del campo vuelve a la fecha anterior.
    await ponerFecha(fecha(page), fechaEscolar(6));
    await expect(fecha(page)).toHaveValue(textoFecha(fechaEscolar()));
    // 5 días atrás sí, escrita con el teclado: se confirma al salir del campo, también con un clic
    // directo en el botón que envía.
    const texto = motivoUnico('Salió del aula sin permiso');
    await escribirCantidad(page, '1');
    await motivo(page).fill(texto);
    await teclearFecha(fecha(page), fechaEscolar(5));
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    await aceptar(page, '¿Pasar amonestación?');
    await expect(page.getByText('Amonestación pasada')).toBeVisible();

    // La lista es de sólo lectura: ni opciones para elegir ni botón Borrar.
    const lista = page.getByRole('list', { name: `Medidas disciplinarias ${cicloActual()}` });
    const guardada = lista.getByRole('listitem').filter({ hasText: texto });
    await expect(guardada).toContainText(dma(fechaEscolar(5)));
    await expect(page.getByRole('option', { name: texto })).toHaveCount(0);
    await guardada.click();
    await expect(page.getByTestId('titulo-formulario')).toHaveText('Nueva medida');
    await expect(formulario(page).getByRole('button', { name: 'Borrar' })).toHaveCount(0);
    await expect(formulario(page)).toContainText(
      'Las medidas guardadas no se editan ni se borran.',
    );
  });

  test('@telefono pasa una amonestación desde el teléfono', async ({ page }) => {
    await page.goto('/medidas-protected');
    await elegirAlumno(page, 1);
    const antes = await leerTotal(page);
    const texto = motivoUnico('Gritos en el pasillo');
    await escribirCantidad(page, '1.2');
    await expect(cantidad(page)).toHaveValue('1');
    await motivo(page).fill(texto);
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    await aceptar(page, '¿Pasar amonestación?');
    await expect(
      page
        .getByRole('list', { name: `Medidas disciplinarias ${cicloActual()}` })
        .getByRole('listitem')
        .filter({ hasText: texto }),
    ).toBeVisible();
    await esperarTotal(page, antes + 1);
  });

  test('@telefono 1.5 del teclado del teléfono (insertado de una vez) se pasa como 1,5', async ({
    page,
  }) => {
    await page.goto('/medidas-protected');
    await elegirAlumno(page, 5);
    const antes = await leerTotal(page);
    const texto = motivoUnico('Uso del celular');
    await expect(cantidad(page)).toHaveAttribute('inputmode', 'decimal');
    await insertarCantidad(page, '1.5');
    await motivo(page).fill(texto);
    await formulario(page).getByRole('button', { name: 'Pasar amonestación' }).click();
    await expect(dialogo(page)).toContainText('Amonestación de 1,5 a ');
    await aceptar(page, '¿Pasar amonestación?');
    await expect(
      page
        .getByRole('list', { name: `Medidas disciplinarias ${cicloActual()}` })
        .getByRole('listitem')
        .filter({ hasText: texto }),
    ).toBeVisible();
    await esperarTotal(page, antes + 1.5);
  });
});
