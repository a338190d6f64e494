/**
 * /calendario (spec 02 §2 "yearly calendar editor with 12 month grids", §4 "clicking a date toggles
 * it between pending-new and pending-deleted; saving clears both", §7, §9): Alumnado elige las
 * fechas de un área y tipo, marca y desmarca días, descarta y guarda; lo guardado persiste.
 *
 * Las fechas sembradas de 'nota' (2° cuatrimestre: apertura 9/11, cierre 27/11, publicación 4/12)
 * las usan las pruebas de notas: acá sólo se alternan sin guardar. Lo que se guarda va al área
 * 'jcd' (ninguna otra prueba la usa) y se borra al terminar por el contrato REST.
 */
import { expect, test, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cicloActual,
  elegida,
  elegir,
  ingresarComo,
  selector,
  violacionesGraves,
} from './ayudas';

const ciclo = cicloActual();
const f = (mes: number, dia: number) =>
  `${ciclo}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

/** 'lunes 9 de noviembre de 2026', escrita aparte de la pantalla con Intl. */
function fechaLarga(fecha: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${fecha}T12:00:00Z`))
    .replace(',', '');
}

const ESTADO = {
  marcada: 'marcada',
  nueva: 'para agregar, sin guardar',
  borrada: 'para borrar, sin guardar',
  libre: 'sin marcar',
} as const;

/** El botón de un día (su nombre dice la fecha completa y su estado). */
const dia = (page: Page, fecha: string) =>
  page.getByRole('button', { name: new RegExp(`^${fechaLarga(fecha)}(?: \\(hoy\\))?: `) });

async function esperarDia(page: Page, fecha: string, estado: keyof typeof ESTADO) {
  const boton = dia(page, fecha);
  await expect(boton).toHaveAccessibleName(
    new RegExp(`^${fechaLarga(fecha)}(?: \\(hoy\\))?: ${ESTADO[estado]}$`),
  );
  await expect(boton).toHaveAttribute(
    'aria-pressed',
    estado === 'marcada' || estado === 'nueva' ? 'true' : 'false',
  );
}

const barra = (page: Page) => page.getByTestId('barra-guardar');
const dialogo = (page: Page) => page.getByRole('dialog');
/** El botón "Guardar" de la barra (los días "sin guardar" también dicen "guardar"). */
const guardar = (page: Page) => barra(page).getByRole('button', { name: 'Guardar', exact: true });

/** Fechas de JCD que usa esta prueba (ninguna está sembrada). */
const JCD = [f(9, 18), f(9, 21), f(9, 25)];

/** Borra las fechas de JCD de la prueba por el contrato REST (las que no están no cuentan). */
async function limpiarJcd(page: Page) {
  const r = await page.request.post('/api/calendario/save/jcd', {
    data: { nuevas: [], borradas: JCD.map((fecha) => ({ fecha, tipo: null })) },
  });
  expect(r.status()).toBe(200);
}

async function abrirCalendario(page: Page) {
  await page.goto('/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByTestId('mes')).toHaveCount(12);
  await expect(page.getByTestId('fechas-marcadas')).not.toBeEmpty();
}

test.describe('/calendario (Alumnado)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado);
  });

  test('la grilla de inicio abre el calendario: año en curso, 12 meses de lunes a domingo', async ({
    page,
  }) => {
    await page.goto('/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Calendario' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/calendario$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    await expect(elegida(page, 'Año')).toHaveText(String(ciclo));
    // Una opción por grilla (área y tipo): 13, con las etiquetas del dominio.
    await expect(selector(page, 'Fechas').getByRole('option')).toHaveCount(13);
    await expect(
      selector(page, 'Fechas').getByRole('option', { name: 'Notas: Apertura PIC' }),
    ).toBeAttached();
    const meses = page.getByTestId('mes');
    await expect(meses).toHaveCount(12);
    await expect(meses.first().getByRole('heading')).toHaveText('Enero');
    await expect(meses.last().getByRole('heading')).toHaveText('Diciembre');
    // El 1° de cada mes cae en su columna (lunes primero): se comprueba con el de noviembre.
    const primero = new Date(`${f(11, 1)}T12:00:00Z`).getUTCDay();
    const noviembre = meses.nth(10);
    await expect(
      noviembre.getByRole('group', { name: 'Noviembre' }).getByRole('button'),
    ).toHaveCount(30);
    const columna = await dia(page, f(11, 1)).evaluate((b) => {
      const grilla = b.parentElement!.getBoundingClientRect();
      const ancho = grilla.width / 7;
      return Math.floor((b.getBoundingClientRect().left - grilla.left + ancho / 2) / ancho);
    });
    expect(columna).toBe((primero + 6) % 7);
  });

  test('nota apertura: la fecha sembrada está marcada; alternar, descartar con confirmación', async ({
    page,
  }) => {
    await abrirCalendario(page);
    await elegir(page, 'Fechas', 'Notas: Apertura');
    await expect(page.getByTestId('grilla-elegida')).toHaveText(`Notas: Apertura ${ciclo}`);
    await esperarDia(page, f(11, 9), 'marcada');
    await esperarDia(page, f(6, 15), 'marcada');
    await esperarDia(page, f(11, 27), 'libre'); // es de cierre, no de apertura
    await expect(page.getByTestId('fechas-marcadas')).toHaveText(
      'Fechas marcadas (2): 15/06, 09/11',
    );
    await expect(guardar(page)).toBeDisabled();

    // Un clic en la guardada la marca para borrar; otro la restituye. Con el teclado también.
    await dia(page, f(11, 9)).click();
    await esperarDia(page, f(11, 9), 'borrada');
    await expect(barra(page)).toContainText('Un cambio sin guardar en Notas');
    await dia(page, f(11, 9)).focus();
    await page.keyboard.press('Enter');
    await esperarDia(page, f(11, 9), 'marcada');
    // Una nueva: para agregar; otro clic la descarta.
    await dia(page, f(11, 10)).click();
    await esperarDia(page, f(11, 10), 'nueva');
    await dia(page, f(11, 10)).press('Space');
    await esperarDia(page, f(11, 10), 'libre');
    await expect(barra(page)).toContainText('Sin cambios');

    // Dos cambios; lo pendiente se conserva al cambiar de tipo dentro del área.
    await dia(page, f(11, 9)).click();
    await dia(page, f(11, 11)).click();
    await expect(barra(page)).toContainText('Dos cambios sin guardar en Notas');
    await elegir(page, 'Fechas', 'Notas: Cierre');
    await esperarDia(page, f(11, 27), 'marcada');
    await expect(barra(page)).toContainText('Dos cambios sin guardar en Notas');
    await elegir(page, 'Fechas', 'Notas: Apertura');
    await esperarDia(page, f(11, 11), 'nueva');

    // Otra área pide descartar: "Cancelar" se queda con lo pendiente.
    await elegir(page, 'Fechas', 'JCD');
    await expect(
      dialogo(page).getByRole('heading', { name: '¿Descartar los cambios sin guardar?' }),
    ).toBeVisible();
    await dialogo(page).getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo(page)).toHaveCount(0);
    await expect(elegida(page, 'Fechas')).toHaveText('Notas: Apertura');
    await esperarDia(page, f(11, 9), 'borrada');

    // Accesibilidad con los tres estados a la vista.
    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // "Descartar cambios" pregunta y vuelve a lo guardado.
    await page.getByRole('button', { name: 'Descartar cambios' }).click();
    await dialogo(page).getByRole('button', { name: 'Descartar', exact: true }).click();
    await esperarDia(page, f(11, 9), 'marcada');
    await esperarDia(page, f(11, 11), 'libre');
    await expect(barra(page)).toContainText('Sin cambios');
    // Nada se guardó: las fechas de notas siguen como en la siembra.
    await page.reload();
    await expect(page.getByTestId('mes')).toHaveCount(12);
    await elegir(page, 'Fechas', 'Notas: Apertura');
    await esperarDia(page, f(11, 9), 'marcada');
    await esperarDia(page, f(11, 11), 'libre');
  });

  test('JCD: guarda nuevas y borradas, persiste al recargar; un error de red se informa y no pierde lo marcado', async ({
    page,
  }) => {
    await limpiarJcd(page);
    try {
      await abrirCalendario(page);
      await elegir(page, 'Fechas', 'JCD');
      await expect(page.getByTestId('fechas-marcadas')).toHaveText('Sin fechas marcadas este año.');
      await dia(page, JCD[0]!).click();
      await dia(page, JCD[1]!).click();
      await guardar(page).click();
      await expect(page.getByText('Datos guardados correctamente')).toBeVisible();
      await esperarDia(page, JCD[0]!, 'marcada');
      await expect(barra(page)).toContainText('Sin cambios');

      await page.reload();
      await expect(page.getByTestId('mes')).toHaveCount(12);
      await elegir(page, 'Fechas', 'JCD');
      await esperarDia(page, JCD[0]!, 'marcada');
      await esperarDia(page, JCD[1]!, 'marcada');

      // Una guardada para borrar y una nueva, en el mismo guardado.
      await dia(page, JCD[0]!).click();
      await dia(page, JCD[2]!).click();
      await esperarDia(page, JCD[0]!, 'borrada');
      await esperarDia(page, JCD[2]!, 'nueva');

      // Sin conexión: mensaje claro y lo pendiente sigue ahí.
      await page.route('**/api/trpc/calendario.guardar**', (r) => r.abort('internetdisconnected'));
      await guardar(page).click();
      await expect(page.getByText('No se pudo guardar')).toBeVisible();
      await expect(
        page.getByText(
          'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.',
        ),
      ).toBeVisible();
      await esperarDia(page, JCD[0]!, 'borrada');
      await esperarDia(page, JCD[2]!, 'nueva');
      await page.unroute('**/api/trpc/calendario.guardar**');

      await guardar(page).click();
      await expect(page.getByText('Datos guardados correctamente')).toBeVisible();
      await esperarDia(page, JCD[0]!, 'libre');
      await esperarDia(page, JCD[2]!, 'marcada');

      await page.reload();
      await expect(page.getByTestId('mes')).toHaveCount(12);
      await elegir(page, 'Fechas', 'JCD');
      await esperarDia(page, JCD[0]!, 'libre');
      await esperarDia(page, JCD[1]!, 'marcada');
      await esperarDia(page, JCD[2]!, 'marcada');
      await expect(page.getByTestId('fechas-marcadas')).toHaveText(
        `Fechas marcadas (2): 21/09, 25/09`,
      );
      // El contrato REST ve lo mismo; las notas sembradas siguen intactas.
      const r = await page.request.get(`/api/calendario/${ciclo}`);
      expect(r.status()).toBe(200);
      const fechas = (await r.json()) as { fecha: string; tipo: string | null; area: string }[];
      expect(fechas.filter((x) => x.area === 'jcd')).toEqual([
        { fecha: JCD[1], tipo: null, area: 'jcd' },
        { fecha: JCD[2], tipo: null, area: 'jcd' },
      ]);
      expect(fechas).toEqual(
        expect.arrayContaining([
          { fecha: f(11, 9), tipo: 'apertura', area: 'nota' },
          { fecha: f(11, 27), tipo: 'cierre', area: 'nota' },
          { fecha: f(12, 4), tipo: 'publicacion', area: 'nota' },
        ]),
      );
    } finally {
      await limpiarJcd(page);
    }
  });

  test('otro año: el selector cambia los meses y no muestra las fechas del año en curso', async ({
    page,
  }) => {
    await abrirCalendario(page);
    await elegir(page, 'Fechas', 'Notas: Apertura');
    await esperarDia(page, f(11, 9), 'marcada');
    await elegir(page, 'Año', String(ciclo + 1));
    await expect(page.getByTestId('grilla-elegida')).toHaveText(`Notas: Apertura ${ciclo + 1}`);
    await expect(page.getByTestId('fechas-marcadas')).toHaveText('Sin fechas marcadas este año.');
    await expect(
      page.getByRole('button', {
        name: new RegExp(`^\\S+ 9 de noviembre de ${ciclo + 1}: sin marcar$`),
      }),
    ).toBeVisible();
  });

  test('en el teléfono los meses van de a uno por fila, sin desplazamiento lateral @telefono', async ({
    page,
  }) => {
    await abrirCalendario(page);
    await elegir(page, 'Fechas', 'Notas: Apertura');
    await esperarDia(page, f(11, 9), 'marcada');
    const [enero, febrero] = [page.getByTestId('mes').nth(0), page.getByTestId('mes').nth(1)];
    const a = (await enero.boundingBox())!;
    const b = (await febrero.boundingBox())!;
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    // Los días se tocan con comodidad (al menos 32 px).
    const celda = (await dia(page, f(11, 9)).boundingBox())!;
    expect(celda.width).toBeGreaterThanOrEqual(32);
    expect(celda.height).toBeGreaterThanOrEqual(32);
    await dia(page, f(11, 10)).tap();
    await esperarDia(page, f(11, 10), 'nueva');
    await expect(barra(page)).toBeInViewport();
  });
});

test('un Docente no puede abrir /calendario: vuelve al inicio', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.docente, '/calendario');
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  const r = await page.request.get(`/api/calendario/${ciclo}`);
  expect(r.status()).toBe(403);
});
