/**
 * Las vistas de sólo lectura de los avances (spec 01 §2 Progress reports; issue 15):
 * /avances-externo (referente en el teléfono: la leyenda 'Significados de los avances' y, por
 * cada fecha de cierre del año, una tarjeta por materia con sus tipos de dificultad o 'Sin
 * Observaciones' y las observaciones plegadas; el selector de año) y la sección Avances del
 * legajo. Todo se compara con lo que devuelve GET /api/misavances: la demostración cierra casi
 * todas las planillas de las instancias ya pasadas del ciclo. Las pruebas sólo leen.
 */
import { expect, test, type APIResponse, type Locator, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cambiarDeCuenta,
  cuenta,
  ingresarComo,
  selector,
  violacionesDeAccesibilidad,
} from './ayudas';

interface MateriaAvance {
  cursadoId: number;
  materia: string;
  tipos: string[];
  sinObservaciones: boolean;
  observaciones: string | null;
}
interface MisAvances {
  alumno: number;
  anio: number;
  hoy: string;
  fechas: { fecha: string; materias: MateriaAvance[] }[];
}

const SIN_AVANCES_EN_FECHA = 'Todavía no hay avances cerrados para esta fecha.';
const TIPOS = [
  'Sin Observaciones',
  'Evaluaciones no Aprobadas',
  'Adeuda Trabajos',
  'Falta de Participación',
];

const visibles = (l: Locator) => l.filter({ visible: true });
const ddmmaaaa = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;

async function json<T>(r: APIResponse): Promise<T> {
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

const misAvances = async (page: Page, anio?: number) =>
  json<MisAvances>(await page.request.get(`/api/misavances${anio ? `?anio=${anio}` : ''}`));

const anchoDePagina = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/**
 * Comprueba cada fecha de cierre y cada tarjeta contra la API: el título de la fecha, una tarjeta
 * por materia (con su título del nivel dado) y sus tipos o 'Sin Observaciones'; una fecha sin
 * planillas cerradas, el aviso; sin fechas, 'Sin resultados'.
 */
async function verAvances(page: Page, datos: MisAvances, nivelMateria: 3 | 4) {
  const fechas = visibles(page.getByTestId('fecha-avances'));
  await expect(fechas).toHaveCount(datos.fechas.length);
  if (datos.fechas.length === 0) {
    await expect(visibles(page.getByText('Sin resultados', { exact: true }))).toBeVisible();
    return;
  }
  await expect(page.getByText('Sin resultados', { exact: true })).toHaveCount(0);
  for (const [i, f] of datos.fechas.entries()) {
    const seccion = fechas.nth(i);
    await expect(seccion).toHaveAttribute('data-fecha', f.fecha);
    await expect(seccion.getByRole('heading', { level: nivelMateria - 1 })).toHaveText(
      `Cierre del ${ddmmaaaa(f.fecha)}`,
    );
    const tarjetas = seccion.getByTestId('avance-materia');
    await expect(tarjetas).toHaveCount(f.materias.length);
    if (f.materias.length === 0) {
      await expect(seccion.getByTestId('sin-avances-fecha')).toHaveText(SIN_AVANCES_EN_FECHA);
      continue;
    }
    for (const [j, m] of f.materias.entries()) {
      const t = tarjetas.nth(j);
      await expect(t.getByRole('heading', { level: nivelMateria })).toHaveText(m.materia);
      await expect(t.getByTestId('tipo-avance')).toHaveText(m.tipos);
      if (m.sinObservaciones) expect(m.tipos).toEqual(['Sin Observaciones']);
      await expect(t.getByTestId('observaciones')).toHaveCount(m.observaciones ? 1 : 0);
    }
  }
}

test.describe('/avances-externo en el teléfono @telefono', () => {
  test('referente: la leyenda y, por cada fecha de cierre, una tarjeta por materia; abre una observación; nada se desplaza a lo ancho', async ({
    page,
  }) => {
    const alumno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, EMAIL_DEMO.referente, '/avances-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Avances' })).toBeVisible();
    await expect(selector(page, 'Alumno').locator('option:checked')).toContainText(
      `${alumno.apellido}, ${alumno.nombre}`,
    );

    // La leyenda: cada tipo con su significado.
    await expect(
      page.getByRole('heading', { level: 2, name: 'Significados de los avances' }),
    ).toBeVisible();
    const leyenda = visibles(page.getByTestId('significados'));
    await expect(leyenda.locator('dt')).toHaveText(TIPOS);
    await expect(leyenda.locator('dd')).toHaveCount(TIPOS.length);

    const datos = await misAvances(page);
    const materias = datos.fechas.flatMap((f) => f.materias);
    expect(
      materias.length,
      'la demostración cierra las planillas de las instancias pasadas del ciclo',
    ).toBeGreaterThan(0);
    expect(materias.some((m) => m.sinObservaciones)).toBe(true);
    expect(materias.some((m) => !m.sinObservaciones)).toBe(true);
    await verAvances(page, datos, 3);
    // El año elegido es el del ciclo, marcado en el selector.
    await expect(
      visibles(page.getByRole('group', { name: 'Año' })).getByRole('link', {
        name: String(datos.anio),
        exact: true,
      }),
    ).toHaveAttribute('aria-current', 'true');

    // Una observación: plegada; se abre con el teclado (Enter sobre 'Observaciones') y se ve.
    const fecha = datos.fechas.find((f) => f.materias.some((m) => m.observaciones));
    expect(fecha, 'alguna materia del alumno tiene observaciones').toBeTruthy();
    const m = fecha!.materias.find((x) => x.observaciones)!;
    const tarjeta = visibles(
      page.locator(
        `[data-testid="fecha-avances"][data-fecha="${fecha!.fecha}"] [data-testid="avance-materia"][data-cursado="${m.cursadoId}"]`,
      ),
    );
    const texto = tarjeta.getByText(m.observaciones!, { exact: true });
    await expect(texto).toBeHidden();
    const resumen = tarjeta.getByText('Observaciones', { exact: true });
    await resumen.scrollIntoViewIfNeeded();
    await resumen.focus();
    await page.keyboard.press('Enter');
    await expect(texto).toBeVisible();
    await expect(tarjeta.getByTestId('observaciones')).toHaveAttribute('open', '');
    await tarjeta.screenshot({ path: '/tmp/avances-externo-observacion.png' });

    // A 390 px y a 360 px, nada ensancha la página.
    expect(await anchoDePagina(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/avances-externo.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await anchoDePagina(page)).toBeLessThanOrEqual(360);
  });

  test('el selector de año muestra los avances del año anterior y vuelve al actual', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/avances-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Avances' })).toBeVisible();
    const actual = await misAvances(page);
    const anterior = actual.anio - 1;
    const delAnterior = await misAvances(page, anterior);
    expect(delAnterior.anio).toBe(anterior);

    const anios = visibles(page.getByRole('group', { name: 'Año' }));
    await anios.getByRole('link', { name: String(anterior), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]anio=${anterior}(&|$)`));
    await expect(anios.getByRole('link', { name: String(anterior), exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // La leyenda sigue; las fechas son las del año anterior ('Sin resultados' si no tiene).
    await expect(
      page.getByRole('heading', { level: 2, name: 'Significados de los avances' }),
    ).toBeVisible();
    await verAvances(page, delAnterior, 3);
    expect(await anchoDePagina(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/avances-externo-anterior.png', fullPage: true });

    await anios.getByRole('link', { name: String(actual.anio), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]anio=${actual.anio}(&|$)`));
    await verAvances(page, actual, 3);
  });
});

test.describe('Avances: legajo y accesibilidad', () => {
  test('alumnado: la sección Avances del legajo muestra los avances cerrados del alumno', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/avances-externo');
    const datos = await misAvances(page);
    expect(datos.fechas.flatMap((f) => f.materias).length).toBeGreaterThan(0);
    await cambiarDeCuenta(page, EMAIL_DEMO.alumnado, `/legajo/${datos.alumno}`);
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', { name: 'Avances' })
      .click();
    await expect(page).toHaveURL(/seccion=avances/);
    await expect(page.getByRole('heading', { level: 2, name: 'Avances' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Significados de los avances' }),
    ).toBeVisible();
    await verAvances(page, datos, 4);
    // El selector de año conserva la sección (el enlace es relativo: sólo cambia la consulta).
    const anterior = visibles(page.getByRole('group', { name: 'Año' })).getByRole('link', {
      name: String(datos.anio - 1),
      exact: true,
    });
    expect(new URL(await anterior.evaluate((a) => (a as HTMLAnchorElement).href)).href).toBe(
      new URL(`/legajo/${datos.alumno}?seccion=avances&anio=${datos.anio - 1}`, page.url()).href,
    );
    await page.screenshot({ path: '/tmp/avances-legajo.png', fullPage: true });
    // Las demás secciones siguen ahí.
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', { name: 'Medidas disciplinarias' })
      .click();
    await expect(page).toHaveURL(/seccion=medidas/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Medidas disciplinarias' }),
    ).toBeVisible();
  });

  test('/avances-externo (alumno) no tiene violaciones de accesibilidad, con una observación abierta', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/avances-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Avances' })).toBeVisible();
    const datos = await misAvances(page);
    expect(
      datos.fechas.some((f) => f.materias.some((m) => m.observaciones)),
      'alguna materia del alumno de demostración tiene observaciones',
    ).toBe(true);
    await verAvances(page, datos, 3);
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
    const resumen = visibles(page.getByTestId('observaciones')).first().locator('summary');
    await resumen.click();
    await expect(resumen.locator('xpath=..')).toHaveAttribute('open', '');
    expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);
  });
});
