/**
 * /avances (issue 15; spec 01 §2 Progress reports, §4, §6): la pestaña de la instancia abierta, el
 * docente que completa, guarda y cierra una planilla (y la ve cerrada al recargar), el regente que
 * lee con el filtro 'Todas / Abiertas', y la planilla en el teléfono. La demostración no tiene una
 * instancia abierta en cualquier fecha: si hoy no hay, las pruebas agregan una al calendario por
 * la API (apertura ayer, cierre en 3 días, publicación en 10) y la quitan al terminar.
 */
import { expect, test, type APIRequestContext, type Page } from './prueba';
import {
  EMAIL_DEMO,
  FechasDePrueba,
  cambiarDeCuenta,
  ingresarComo,
  masDias,
  violacionesDeAccesibilidad,
} from './ayudas';

const SIN_INSTANCIAS = 'No hay instancias abiertas de avances';

interface Instancias {
  hoy: string;
  abiertas: { fecha: string }[];
  elegida: string | null;
}
interface CursadoAvances {
  cursadoId: number;
  nombre: string;
  estado: 'sinPlanilla' | 'abierta' | 'cerrada';
  inscriptos: number;
}

const ddmmaaaa = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;

async function json<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/** Las fechas que la prueba agrega al calendario (y quita al final). */
let calendario: FechasDePrueba;
test.beforeAll(async ({ baseURL }) => {
  calendario = await FechasDePrueba.abrir(baseURL!, 'avance');
});
test.afterAll(() => calendario.quitar());

/** Una instancia abierta hoy: la del calendario o una que la prueba agrega. */
async function instanciaAbierta(page: Page): Promise<string> {
  const antes = await json<Instancias>(await page.request.get('/api/avances/instancias'));
  if (antes.elegida) return antes.elegida;
  const nuevas = [
    { fecha: masDias(antes.hoy, -1), tipo: 'apertura' },
    { fecha: masDias(antes.hoy, 3), tipo: 'cierre' },
    { fecha: masDias(antes.hoy, 10), tipo: 'publicacion' },
  ];
  await calendario.agregar(nuevas);
  const despues = await json<Instancias>(await page.request.get('/api/avances/instancias'));
  expect(despues.elegida).toBe(nuevas[1]!.fecha);
  return despues.elegida!;
}

async function elegirCursado(page: Page, nombre: string) {
  await page.getByRole('combobox', { name: 'Cursado', exact: true }).fill(nombre);
  await page
    .getByRole('option', { name: new RegExp(`^${nombre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2, name: nombre })).toBeVisible();
}

async function sinDesbordeHorizontal(page: Page) {
  const { ancho, contenido } = await page.evaluate(() => ({
    ancho: window.innerWidth,
    contenido: document.documentElement.scrollWidth,
  }));
  expect(contenido).toBeLessThanOrEqual(ancho);
}

test.describe('/avances', () => {
  test('sin instancia abierta, el mensaje de la spec; con una, su pestaña elegida por la fecha', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/avances');
    await expect(page.getByRole('heading', { level: 1, name: 'Avances' })).toBeVisible();
    // En la fecha fija de las pruebas (24/11) no hay instancias abiertas: la última de la semilla
    // abrió el 21/9 y cerró el 2/10 (src/server/db/seed/escuela.ts).
    const hoy = await json<Instancias>(await page.request.get('/api/avances/instancias'));
    expect(hoy.elegida).toBeNull();
    // Mientras llega la página el mensaje puede estar dos veces en el DOM: el que se ve.
    await expect(page.getByText(SIN_INSTANCIAS).filter({ visible: true })).toBeVisible();
    const fecha = await instanciaAbierta(page);
    await page.reload();
    await expect(page.getByText(SIN_INSTANCIAS)).toHaveCount(0);
    const pestanas = page.getByRole('navigation', { name: 'Instancias de avances' });
    await expect(pestanas.getByRole('link', { name: `Cierre ${ddmmaaaa(fecha)}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('el docente completa, guarda y cierra una planilla; cerrada es de sólo lectura', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/avances');
    const fecha = await instanciaAbierta(page);
    const { cursados } = await json<{ cursados: CursadoAvances[] }>(
      await page.request.get(`/api/avances/planilla/abiertas/${fecha}`),
    );
    const c = cursados.find((x) => x.inscriptos >= 2 && x.estado !== 'cerrada');
    expect(c, 'un cursado del docente con alumnos y la planilla sin cerrar').toBeTruthy();
    await page.reload();
    await elegirCursado(page, c!.nombre);

    const filas = page.getByTestId('fila-avance');
    await expect(filas.first()).toBeVisible();
    const primera = filas.first();
    const alumno = Number(await primera.getAttribute('data-alumno'));
    // El chip se marca con un clic en su texto (la casilla está oculta a la vista).
    await primera.locator('label', { hasText: 'Adeuda Trabajos' }).click();
    await expect(primera.getByRole('checkbox', { name: 'Adeuda Trabajos' })).toBeChecked();
    await primera
      .getByRole('textbox', { name: /^Observaciones de / })
      .fill('Debe el TP de la unidad 3.');
    await expect(page.getByTestId('barra-guardar')).toContainText('Un cambio sin guardar');
    // Cerrar espera a que se guarde.
    await expect(page.getByRole('button', { name: 'Cerrar planilla' })).toBeDisabled();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Se guardó un alumno.')).toBeVisible();
    await expect(page.getByTestId('barra-guardar')).toContainText('Sin cambios');

    // Guardado de verdad: la API y la pantalla después de recargar.
    const api = await json<{ alumnos: { alumnoId: number; guardado: unknown }[] }>(
      await page.request.get(`/api/avances/planilla/${fecha}/${c!.cursadoId}`),
    );
    expect(api.alumnos.find((a) => a.alumnoId === alumno)!.guardado).toEqual({
      tipos: ['trabajos'],
      observaciones: 'Debe el TP de la unidad 3.',
    });
    await page.reload();
    await elegirCursado(page, c!.nombre);
    const otraVez = page.locator(`[data-testid="fila-avance"][data-alumno="${alumno}"]`);
    await expect(otraVez.getByRole('checkbox', { name: 'Adeuda Trabajos' })).toBeChecked();
    await expect(
      otraVez.getByRole('checkbox', { name: 'Falta de Participación' }),
    ).not.toBeChecked();
    await expect(otraVez.getByRole('textbox')).toHaveValue('Debe el TP de la unidad 3.');
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    await page.screenshot({ path: '/tmp/avances-docente.png', fullPage: true });

    await page.getByRole('button', { name: 'Cerrar planilla' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Cerrar la planilla de avances?' });
    await expect(dialogo).toContainText(ddmmaaaa(fecha));
    await dialogo.getByRole('button', { name: 'Cerrar la planilla', exact: true }).click();
    await expect(page.getByText('La planilla quedó cerrada.')).toBeVisible();
    const planilla = page.getByTestId('planilla-avances');
    await expect(planilla.getByText('Cerrada', { exact: true })).toBeVisible();
    await expect(planilla.getByRole('checkbox')).toHaveCount(0);
    await expect(otraVez.getByText('Adeuda Trabajos')).toBeVisible();
    await expect(otraVez.getByText('Debe el TP de la unidad 3.')).toBeVisible();
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    // Cerrada, el servidor tampoco acepta cambios.
    const r = await page.request.put(`/api/avances/planilla/${fecha}/${c!.cursadoId}`, {
      data: [{ alumno, tipos: [], observaciones: null, anterior: null }],
      headers: { origin: new URL(page.url()).origin },
    });
    expect(r.status()).toBe(412);
  });

  test('regente: lee, con el filtro Todas / Abiertas, sin editar', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/avances');
    const fecha = await instanciaAbierta(page);
    await cambiarDeCuenta(page, EMAIL_DEMO.regente, '/avances');
    const todas = await json<{ cursados: CursadoAvances[] }>(
      await page.request.get(`/api/avances/planilla/abiertas/${fecha}`),
    );
    const resumen = page.getByTestId('resumen-cursados');
    await expect(resumen).toBeVisible();
    const texto = (await resumen.textContent()) ?? '';
    const total = Number(texto.match(/^(\d+) cursados?/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(todas.cursados.length);
    await page.getByText('Abiertas', { exact: true }).click();
    await expect(resumen).toContainText(`${todas.cursados.length} cursado`);
    const c = todas.cursados[0]!;
    await elegirCursado(page, c.nombre);
    await expect(page.getByTestId('planilla-avances').getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cerrar planilla' })).toHaveCount(0);
  });

  test('@telefono el docente completa la planilla en el teléfono, sin desplazamiento lateral', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/avances');
    const fecha = await instanciaAbierta(page);
    const { cursados } = await json<{ cursados: CursadoAvances[] }>(
      await page.request.get(`/api/avances/planilla/abiertas/${fecha}`),
    );
    const c = cursados.find((x) => x.inscriptos >= 2 && x.estado !== 'cerrada')!;
    await page.reload();
    await elegirCursado(page, c.nombre);
    const fila = page.getByTestId('fila-avance').nth(1);
    await fila.locator('label', { hasText: 'Falta de Participación' }).click();
    await expect(fila.getByRole('checkbox', { name: 'Falta de Participación' })).toBeChecked();
    await expect(page.getByTestId('barra-guardar')).toContainText('Un cambio sin guardar');
    await sinDesbordeHorizontal(page);
    await page.screenshot({ path: '/tmp/avances-telefono.png', fullPage: false });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Se guardó un alumno.')).toBeVisible();
  });
});
