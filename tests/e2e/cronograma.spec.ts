/**
 * /cronograma y /planificaciones/nueva (spec 01 §2 Teaching follow-up, §3, §5, §6, §8, §9): los
 * cursados del docente, el libro de temas que se guarda solo (y sobrevive a recargar, aun sin
 * esperar el autoguardado), la lectura del jefe de departamento, los detalles, la planificación
 * (crear, editar, reordenar, compartir y elegirla desde otro cursado con la confirmación), el
 * regente que sólo ve Detalles y los ids ajenos que vuelven a /cronograma.
 *
 * La base es nueva en cada corrida (sin temas, detalles ni planificaciones sembrados). Cada prueba
 * usa su propio cursado del docente (ordenados por nombre): 0 clases, 1 y 2 planificación,
 * 3 detalles.
 */
import { expect, test, type Locator, type Page } from './prueba';
import { EMAIL_DEMO, cambiarDeCuenta, ingresarComo, violacionesDeAccesibilidad } from './ayudas';

const SIN_TEMAS = 'No se han registrado temas para esta clase.';
const SIN_DESCRIPCION = 'No hay descripción disponible para este cursado.';
const SIN_PLANIFICACION = 'No hay planificación';
const CONFIRMAR_ELEGIR = '¿Elegir planificación? Esta acción no se puede deshacer';

interface CursadoApi {
  cursadoId: number;
  nombre: string;
  cursos: string[];
}

/** 'lunes 15 de junio', escrita aparte de la pantalla con Intl. */
function fechaLarga(fecha: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
    .format(new Date(`${fecha}T12:00:00Z`))
    .replace(',', '');
}

/** Los cursados del usuario de la sesión por el contrato REST (para elegir ids, no resultados). */
async function cursadosPorRest(page: Page): Promise<CursadoApi[]> {
  const r = await page.request.get('/api/cronograma');
  expect(r.status()).toBe(200);
  return ((await r.json()) as { cursados: CursadoApi[] }).cursados;
}

const pestanas = (page: Page) => page.getByRole('navigation', { name: 'Secciones del cursado' });
const clases = (page: Page) => page.getByTestId('clase');
const clase = (page: Page, fecha: string) =>
  page.locator(`[data-testid="clase"][data-fecha="${fecha}"]`);
const campoTemas = (page: Page, fecha: string) =>
  page.getByRole('textbox', { name: `Temas del ${fechaLarga(fecha)}` });

/** La última clase pasada con campo de temas (la de hoy o la más reciente). */
async function ultimaClasePasada(page: Page): Promise<string> {
  const editables = clases(page).filter({ has: page.getByRole('textbox') });
  await expect(editables.first()).toBeVisible();
  const fecha = await editables.last().getAttribute('data-fecha');
  expect(fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return fecha!;
}

async function confirmarDialogo(page: Page, titulo: string, boton: string) {
  const dialogo = page.getByRole('dialog', { name: titulo });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: boton, exact: true }).click();
  await expect(dialogo).toBeHidden();
}

async function sinDesbordeHorizontal(page: Page) {
  const { ancho, contenido } = await page.evaluate(() => ({
    ancho: window.innerWidth,
    contenido: document.documentElement.scrollWidth,
  }));
  expect(contenido).toBeLessThanOrEqual(ancho);
}

const detalles = (page: Page) => page.getByTestId('detalles').filter({ visible: true });
const itemsDelPlan = (page: Page): Locator => page.getByTestId('item');

test.describe('/cronograma (Docente)', () => {
  test('lista sus cursados con sus cursos; un cursado abre Clases con las tres pestañas', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
    await expect(page.getByRole('heading', { level: 1, name: 'Cronograma' })).toBeVisible();
    const propios = await cursadosPorRest(page);
    expect(propios.length).toBeGreaterThan(1);
    const enlaces = page.getByRole('navigation', { name: 'Cursados' }).getByRole('link');
    await expect(enlaces).toHaveCount(propios.length);
    const primero = propios[0]!;
    const enlace = enlaces.filter({ hasText: primero.nombre }).first();
    for (const curso of primero.cursos) await expect(enlace).toContainText(curso);
    await enlace.click();

    await expect(page).toHaveURL(new RegExp(`/cronograma/${primero.cursadoId}/clases$`));
    await expect(page.getByRole('heading', { level: 1, name: primero.nombre })).toBeVisible();
    await expect(pestanas(page).getByRole('link')).toHaveText([
      'Clases',
      'Planificación',
      'Detalles',
    ]);
    await expect(pestanas(page).getByRole('link', { name: 'Clases' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.screenshot({ path: '/tmp/cronograma-clases.png' });

    // Las futuras son "Próxima clase" y no tienen campo; las pasadas, sí.
    await expect(clases(page).first()).toBeVisible();
    const total = await clases(page).count();
    expect(total).toBeGreaterThan(0);
    const proximas = clases(page).filter({ hasText: 'Próxima clase' });
    const nProximas = await proximas.count();
    await expect(proximas.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(total - nProximas);

    // "Sólo clases pasadas" deja fuera las futuras.
    await page.getByText('Sólo clases pasadas', { exact: true }).click();
    await expect(clases(page)).toHaveCount(total - nProximas);
    await expect(clases(page).filter({ hasText: 'Próxima clase' })).toHaveCount(0);
    await page.getByText('Todas', { exact: true }).click();
    await expect(clases(page)).toHaveCount(total);
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
  });

  test('los temas de una clase pasada se guardan solos y siguen ahí al recargar', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
    const [primero] = await cursadosPorRest(page);
    await page.goto(`/cronograma/${primero!.cursadoId}/clases`);
    const fecha = await ultimaClasePasada(page);
    // La clase de hoy (o la última pasada) está a la vista al entrar.
    await expect(clase(page, fecha)).toBeInViewport();

    const texto = `Fracciones equivalentes ${Date.now()}`;
    const campo = campoTemas(page, fecha);
    await campo.fill(texto);
    const estado = clase(page, fecha).getByTestId('estado-guardado');
    await expect(estado).toHaveText('Guardado');
    await page.screenshot({ path: '/tmp/cronograma-guardado.png' });

    await page.reload();
    await expect(campoTemas(page, fecha)).toHaveValue(texto);

    // Borrar el texto también se guarda solo.
    await campoTemas(page, fecha).fill('');
    await expect(clase(page, fecha).getByTestId('estado-guardado')).toHaveText('Guardado');
    await page.reload();
    await expect(campoTemas(page, fecha)).toHaveValue('');
  });

  test('lo escrito sin esperar el autoguardado no se pierde al recargar (keepalive)', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
    const [primero] = await cursadosPorRest(page);
    await page.goto(`/cronograma/${primero!.cursadoId}/clases`);
    const editables = clases(page).filter({ has: page.getByRole('textbox') });
    await expect(editables.first()).toBeVisible();
    // Otra clase que la de la prueba anterior: la segunda del año (la primera la lee el jefe).
    const fecha = (await editables.nth(1).getAttribute('data-fecha'))!;
    const texto = `Repaso sin esperar ${Date.now()}`;
    await campoTemas(page, fecha).fill(texto);
    // Sin esperar el segundo del autoguardado: "Sin guardar" y a recargar.
    await expect(clase(page, fecha).getByTestId('estado-guardado')).toHaveText('Sin guardar');
    await page.reload();
    await expect(campoTemas(page, fecha)).toHaveValue(texto);
    // Y el servidor lo tiene (por el keepalive o porque la clase lo recuperó y lo guardó).
    await expect
      .poll(async () => {
        const r = await page.request.get(`/api/cronograma/libro/${primero!.cursadoId}`);
        const l = (await r.json()) as { clases: { fecha: string; texto: string | null }[] };
        return l.clases.find((x) => x.fecha === fecha)?.texto;
      })
      .toBe(texto);
    await page.reload();
    await expect(campoTemas(page, fecha)).toHaveValue(texto);
  });

  test('Detalles: sin descripción, el docente la escribe y la guarda', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
    const propios = await cursadosPorRest(page);
    const c = propios[3] ?? propios[propios.length - 1]!;
    await page.goto(`/cronograma/${c.cursadoId}/detalles`);
    await expect(detalles(page)).toHaveText(SIN_DESCRIPCION);
    await page.getByRole('button', { name: 'Editar detalles' }).click();
    const texto = `Se trabaja con la carpeta y el libro del curso. ${Date.now()}`;
    const campo = page.getByRole('textbox', { name: 'Descripción del cursado' });
    await expect(campo).toBeFocused();
    await campo.fill(texto);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(detalles(page)).toHaveText(texto);
    await page.reload();
    await expect(detalles(page)).toHaveText(texto);
  });

  test('Planificación: crear, editar y reordenar, compartir; otro cursado la elige con la confirmación', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
    const propios = await cursadosPorRest(page);
    const a = propios[1]!;
    const b = propios[2]!;

    await page.goto(`/cronograma/${a.cursadoId}/planificacion`);
    await expect(page.getByTestId('sin-planificacion').filter({ visible: true })).toHaveText(
      SIN_PLANIFICACION,
    );
    await page.getByRole('link', { name: 'Nueva planificación' }).click();
    await expect(page).toHaveURL(new RegExp(`/planificaciones/nueva/${a.cursadoId}$`));

    // Guardar con un ítem vacío no se manda.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ítem: no puede estar vacío.')).toBeVisible();

    // La semilla da a cada cursado su materia (src/server/db/seed/escuela.ts): hay casillas.
    const materias = page.getByRole('checkbox');
    await expect(materias.first()).toBeVisible();
    await materias.first().check();
    await page.getByRole('textbox', { name: 'Texto del ítem 1' }).fill('Números racionales');
    await page.getByRole('button', { name: 'Agregar ítem' }).click();
    await expect(page.getByRole('textbox', { name: 'Texto del ítem 2' })).toBeFocused();
    await page.keyboard.type('Proporcionalidad');
    await page.getByRole('button', { name: 'Agregar ítem' }).click();
    await page.keyboard.type('Funciones lineales');
    await page.screenshot({ path: '/tmp/cronograma-nueva.png', fullPage: true });
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page).toHaveURL(new RegExp(`/cronograma/${a.cursadoId}/planificacion$`));
    await expect(itemsDelPlan(page)).toHaveText([
      '1.Números racionales',
      '2.Proporcionalidad',
      '3.Funciones lineales',
    ]);
    await expect(page.getByTestId('estado-planificacion').filter({ visible: true })).toHaveText(
      'Sin compartir',
    );
    await expect(page.getByText('Ninguna')).toHaveCount(0);

    // Editar: cambia un texto y, con el número, el orden; quita uno.
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('textbox', { name: 'Texto del ítem 2' }).fill('Proporcionalidad directa');
    const numero1 = page.getByRole('textbox', { name: 'Número del ítem 1' });
    await numero1.fill('4');
    await numero1.press('Tab');
    await expect(page.getByTestId('item-editor').first().getByRole('textbox').nth(1)).toHaveValue(
      'Proporcionalidad directa',
    );
    await page.getByRole('button', { name: 'Quitar el ítem 3' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(itemsDelPlan(page)).toHaveText([
      '2.Proporcionalidad directa',
      '4.Números racionales',
    ]);
    await page.reload();
    await expect(itemsDelPlan(page)).toHaveText([
      '2.Proporcionalidad directa',
      '4.Números racionales',
    ]);

    // Compartir la publica.
    await page.getByRole('button', { name: 'Compartir' }).click();
    await expect(page.getByTestId('estado-planificacion').filter({ visible: true })).toHaveText(
      'Compartida',
    );
    await expect(page.getByRole('button', { name: 'Compartir' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('estado-planificacion').filter({ visible: true })).toHaveText(
      'Compartida',
    );
    await page.screenshot({ path: '/tmp/cronograma-planificacion.png', fullPage: true });
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);

    // Otro cursado la elige: cancelar no cambia nada; confirmar la copia.
    await page.goto(`/cronograma/${b.cursadoId}/planificacion`);
    await expect(page.getByTestId('sin-planificacion').filter({ visible: true })).toHaveText(
      SIN_PLANIFICACION,
    );
    await page.getByRole('button', { name: 'Elegir una planificación' }).click();
    const elegir = page.getByRole('button', {
      name: new RegExp(`^Elegir la planificación de ${a.nombre} \\(`),
    });
    await expect(elegir).toBeVisible();
    await page.screenshot({ path: '/tmp/cronograma-elegir.png', fullPage: true });
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await elegir.click();
    await confirmarDialogo(page, CONFIRMAR_ELEGIR, 'Cancelar');
    await expect(page.getByTestId('sin-planificacion').filter({ visible: true })).toBeVisible();
    await elegir.click();
    await confirmarDialogo(page, CONFIRMAR_ELEGIR, 'Elegir');
    await expect(itemsDelPlan(page)).toHaveText([
      '2.Proporcionalidad directa',
      '4.Números racionales',
    ]);
    await page.reload();
    await expect(itemsDelPlan(page)).toHaveText([
      '2.Proporcionalidad directa',
      '4.Números racionales',
    ]);
    await expect(page.getByRole('button', { name: 'Elegir una planificación' })).toHaveCount(0);
  });

  test('un id ajeno, inexistente o que no es un número vuelve a /cronograma', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.regente, '/cronograma');
    const todos = await cursadosPorRest(page);
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, '/cronograma');
    const propios = new Set((await cursadosPorRest(page)).map((c) => c.cursadoId));
    const ajeno = todos.find((c) => !propios.has(c.cursadoId))!;
    expect(ajeno).toBeDefined();
    for (const ruta of [
      `/cronograma/${ajeno.cursadoId}`,
      `/cronograma/${ajeno.cursadoId}/clases`,
      `/cronograma/${ajeno.cursadoId}/detalles`,
      `/planificaciones/nueva/${ajeno.cursadoId}`,
      '/cronograma/abc/clases',
      '/cronograma/999999999',
    ]) {
      await page.goto(ruta);
      await expect(page, ruta).toHaveURL(/\/cronograma$/);
    }
    await page.goto('/planificaciones');
    await expect(page).toHaveURL(/\/planificaciones\/nueva$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nueva planificación' }),
    ).toBeVisible();
  });
});

test('JefeDepartamento: ve las clases sin editar y una clase vacía dice que no hay temas', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.jefeDepartamento, '/cronograma');
  const [c] = await cursadosPorRest(page);
  expect(c).toBeDefined();
  await page.getByRole('navigation', { name: 'Cursados' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/cronograma/${c!.cursadoId}/clases$`));
  await expect(pestanas(page).getByRole('link')).toHaveCount(3);
  const pasadas = clases(page).filter({ hasNotText: 'Próxima clase' });
  await expect(pasadas.first()).toBeVisible();
  await expect(pasadas.first()).toContainText(SIN_TEMAS);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  // Las evaluaciones las reserva el docente: el jefe no ve lugares ni botones.
  await expect(page.getByTestId('lugar-evaluacion')).toHaveCount(0);
  await expect(page.getByTestId('resumen-evaluaciones')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/cronograma-jefe.png' });

  await pestanas(page).getByRole('link', { name: 'Planificación' }).click();
  await expect(
    page.getByText(SIN_PLANIFICACION).or(page.getByTestId('item').first()),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nueva planificación' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Elegir una planificación' })).toHaveCount(0);
  await pestanas(page).getByRole('link', { name: 'Detalles' }).click();
  await expect(detalles(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar detalles' })).toHaveCount(0);
});

test('Regente: sólo Detalles, sin pestañas; Clases vuelve a /cronograma', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.regente, '/cronograma');
  const [c] = await cursadosPorRest(page);
  await page.getByRole('navigation', { name: 'Cursados' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/cronograma/${c!.cursadoId}/detalles$`));
  await expect(page.getByRole('heading', { level: 1, name: c!.nombre })).toBeVisible();
  await expect(detalles(page)).toBeVisible();
  await expect(pestanas(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar detalles' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/cronograma-regente.png' });
  for (const p of ['clases', 'planificacion']) {
    await page.goto(`/cronograma/${c!.cursadoId}/${p}`);
    await expect(page).toHaveURL(/\/cronograma$/);
  }
});

test('@telefono el docente escribe los temas en el teléfono, sin desplazamiento lateral', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.docente, '/cronograma');
  await sinDesbordeHorizontal(page);
  const propios = await cursadosPorRest(page);
  const c = propios[propios.length - 1]!;
  await page.goto(`/cronograma/${c.cursadoId}/clases`);
  await expect(pestanas(page)).toBeVisible();
  const fecha = await ultimaClasePasada(page);
  await sinDesbordeHorizontal(page);
  const texto = `Lectura en voz alta ${Date.now()}`;
  await campoTemas(page, fecha).fill(texto);
  await expect(clase(page, fecha).getByTestId('estado-guardado')).toHaveText('Guardado');
  await page.screenshot({ path: '/tmp/cronograma-telefono.png' });
  await page.reload();
  await expect(campoTemas(page, fecha)).toHaveValue(texto);

  await page.goto(`/planificaciones/nueva/${c.cursadoId}`);
  await expect(page.getByRole('textbox', { name: 'Texto del ítem 1' })).toBeVisible();
  await sinDesbordeHorizontal(page);
  await page.screenshot({ path: '/tmp/cronograma-telefono-nueva.png', fullPage: true });
});
