/**
 * /planillón y /planillón-protected (spec 01 §2 Overview, §8, §9): modos asistencias y medidas,
 * curso y mes, descripciones al pasar el cursor, domingos angostos, pantalla completa, colores
 * de los totales, alcance del Preceptor, la URL con acento y el teléfono. Los recorridos
 * largos (varios pasos, dos ingresos) usan `test.slow()`.
 */
import { expect, test, type Page } from './prueba';
import { colorNota, formatearPromedio, mostrarNota, resumenPromedio } from '../../src/domain/notas';
import { diasDeClase } from '../../src/server/db/seed/vida-escolar';
import { cambiarDeCuenta, EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';
import { FECHA_ESCOLAR } from './fecha';

const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** La primera carga de datos puede tardar (compilación en `next dev`). */
const PRIMERA_CARGA = { timeout: 30_000 };

interface Mes {
  valor: string;
  nombre: string;
  anio: string;
}

/** El mes con más días de clase sembrados (la semilla llena el ciclo hasta ayer); empate: el último. */
function mesSembrado(): Mes {
  const hoy = FECHA_ESCOLAR;
  const dias = diasDeClase(Number(hoy.slice(0, 4)), hoy);
  expect(dias.length, 'la semilla necesita días de clase transcurridos').toBeGreaterThan(5);
  const cuenta = new Map<string, number>();
  for (const d of dias) cuenta.set(d.slice(0, 7), (cuenta.get(d.slice(0, 7)) ?? 0) + 1);
  const [valor] = [...cuenta].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0]!;
  return { valor, nombre: MESES[Number(valor.slice(5)) - 1]!, anio: valor.slice(0, 4) };
}

const grilla = (page: Page) => page.getByTestId('grilla-planillon');
const titulo = (page: Page) => page.getByTestId('titulo-grilla');
const descripcion = (page: Page) => page.getByTestId('descripcion-planillon');
/** Las celdas de días con algo (llevan descripción); las de totales tienen columna `total-…`. */
const celdasConDatos = (page: Page) =>
  grilla(page).locator('tbody td[data-descripcion]:not([data-columna^="total-"])');

async function elegirCurso(page: Page, nombre: string) {
  const cambiar = page.getByRole('button', { name: 'Cambiar curso' });
  if (await cambiar.isVisible()) await cambiar.click();
  await page
    .getByRole('listbox', { name: 'Cursos' })
    .getByRole('option', { name: new RegExp(`^${nombre}`) })
    .click();
}

async function elegirMes(page: Page, mes: Mes) {
  await page.getByLabel('Mes').selectOption({ label: mes.nombre });
}

async function elegirModo(page: Page, modo: string) {
  await page.getByRole('radiogroup', { name: 'Modo' }).getByText(modo, { exact: true }).click();
}

/** Por fila: la suma de las celdas de días, el total del mes y el texto del total. */
async function filas(page: Page) {
  return grilla(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const texto = (td: Element | null) => td?.firstChild?.textContent ?? '';
        const dias = [...tr.querySelectorAll('td[data-columna^="20"]')].map(texto);
        const total = tr.querySelector('td[data-columna="total-total"]');
        return {
          dias,
          // Los números en es-AR: '1,5'.
          mes: Number(texto(tr.querySelector('td[data-columna="total-mes"]')).replace(',', '.')),
          total: texto(total),
          color: total?.getAttribute('data-color') ?? null,
          descripcionTotal: total?.getAttribute('data-descripcion') ?? '',
        };
      }),
    );
}

test.describe('Planillón', () => {
  test('jefe de preceptores: asistencias de un curso y un mes, descripciones, domingos y pantalla completa', async ({
    page,
  }) => {
    test.slow();
    const mes = mesSembrado();
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/planillon');
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    await expect(grilla(page)).toHaveCount(0);

    await elegirCurso(page, '2° 2°');
    await expect(page).toHaveURL(/[?&]curso=\d+/);
    await elegirMes(page, mes);
    await expect(titulo(page)).toHaveText(
      `Asistencias · 2° 2° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );
    await expect(page.getByText('Seleccione un curso')).toHaveCount(0);

    // Una columna por día del mes y una fila por alumno (≈ 30 en la escuela de demostración).
    const diasDelMes = new Date(
      Date.UTC(Number(mes.anio), Number(mes.valor.slice(5)), 0),
    ).getUTCDate();
    await expect(grilla(page).locator('thead th[data-columna^="20"]')).toHaveCount(diasDelMes);
    const datos = await filas(page);
    expect(datos.length).toBeGreaterThan(20);

    // Celdas: cada una suma las inasistencias del día; el total del mes es la suma de la fila.
    expect(await celdasConDatos(page).count()).toBeGreaterThan(0);
    for (const f of datos) {
      const suma = f.dias.reduce((t, d) => t + (d ? Number(d.replace(',', '.')) : 0), 0);
      expect(suma).toBe(f.mes);
    }
    expect(datos.some((f) => f.mes > 0)).toBe(true);

    // Totales del año con los colores del §9: rojo libre (30 + reinc.), amarillo cerca (17 + reinc.).
    for (const f of datos) {
      const [, total, reinc] = f.total
        .match(/^(\d+(?:,5)?) \/ 30 \(\+ (\d+(?:,5)?)\)$/)!
        .map((n) => Number(n.replace(',', '.')));
      const esperado = total! >= 30 + reinc! ? 'red' : total! >= 17 + reinc! ? 'yellow' : null;
      expect(f.color).toBe(esperado);
      if (esperado === 'red') expect(f.descripcionTotal).toMatch(/^Condición libre\n/);
      if (esperado === 'yellow') expect(f.descripcionTotal).toMatch(/^Cerca de condición libre\n/);
    }
    // En 2° 2° la escuela de demostración tiene un alumno en condición libre.
    expect(datos.filter((f) => f.color === 'red').length).toBeGreaterThan(0);
    await expect(page.getByText('Condición libre: 30 + reincorporaciones')).toBeVisible();

    // Al pasar el cursor, la descripción del día: fecha y cada entrada con su justificación.
    const celda = celdasConDatos(page).first();
    const fecha = (await celda.getAttribute('data-columna'))!;
    await celda.hover();
    await expect(descripcion(page)).toBeVisible();
    await expect(descripcion(page)).toContainText(
      `${Number(fecha.slice(8))} de ${mes.nombre.toLowerCase()} de ${mes.anio}`,
    );
    await expect(descripcion(page)).toContainText(
      /(Mañana|Tarde) · (Falta|Tardanza|Retiro|Ingreso).*(Justificada|Injustificada)/,
    );
    await page.getByRole('heading', { name: 'Planillón' }).hover();
    await expect(descripcion(page)).toHaveCount(0);
    // También con el teclado.
    await celda.focus();
    await expect(descripcion(page)).toBeVisible();
    await celda.blur();

    // Los domingos son angostos.
    const domingo = grilla(page).locator('thead th[data-angosta]').first();
    await expect(domingo).toHaveAttribute('aria-label', /^domingo \d+ de /);
    const lunes = domingo.locator('xpath=following-sibling::th[1]');
    await expect(lunes).toHaveAttribute('aria-label', /^lunes /);
    const anchoDomingo = await domingo.evaluate((e) => e.getBoundingClientRect().width);
    const anchoLunes = await lunes.evaluate((e) => e.getBoundingClientRect().width);
    expect(anchoDomingo).toBeLessThan(anchoLunes / 2);

    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // Pantalla completa: la grilla ocupa toda la ventana y vuelve.
    const boton = page.getByRole('button', { name: 'Pantalla completa' });
    const planillon = page.getByTestId('planillon');
    await expect(boton).toHaveAttribute('aria-pressed', 'false');
    const altoAntes = (await grilla(page).boundingBox())!.height;
    await boton.click();
    await expect(boton).toHaveAttribute('aria-pressed', 'true');
    const vista = page.viewportSize()!;
    const caja = (await planillon.boundingBox())!;
    expect(caja.x).toBe(0);
    expect(caja.y).toBe(0);
    expect(Math.round(caja.width)).toBe(vista.width);
    expect(Math.round(caja.height)).toBe(vista.height);
    expect((await grilla(page).boundingBox())!.height).toBeGreaterThan(altoAntes);
    await boton.click();
    await expect(boton).toHaveAttribute('aria-pressed', 'false');
    expect((await planillon.boundingBox())!.y).toBeGreaterThan(40);
    await boton.click();
    await expect(boton).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(boton).toHaveAttribute('aria-pressed', 'false');

    // Curso, mes y modo quedan en la URL.
    await page.reload();
    await expect(titulo(page)).toHaveText(
      `Asistencias · 2° 2° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );
  });

  test('modo medidas: celdas, descripciones y totales sin apercibimientos', async ({ page }) => {
    test.slow();
    const mes = mesSembrado();
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/planillon');
    await elegirCurso(page, '2° 1°');
    await elegirMes(page, mes);
    await expect(titulo(page)).toHaveText(
      `Asistencias · 2° 1° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );
    await elegirModo(page, 'Medidas');
    await expect(page).toHaveURL(/[?&]modo=medidas/);
    await expect(titulo(page)).toHaveText(
      `Medidas · 2° 1° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );
    await expect(page.getByText('Total desde 15')).toBeVisible();

    // Totales del ciclo: rojo desde 15, amarillo desde 10; en 2° 1° hay uno en rojo.
    const datos = await filas(page);
    expect(datos.length).toBeGreaterThan(20);
    for (const f of datos) {
      const total = Number(f.total.replace(',', '.'));
      expect(f.color).toBe(total >= 15 ? 'red' : total >= 10 ? 'yellow' : null);
    }
    expect(datos.some((f) => f.color === 'red')).toBe(true);

    // Un mes con medidas (desde el elegido hacia atrás): el total del mes suma las
    // amonestaciones del día; 'Ap' (apercibimiento) no suma.
    const opciones = (await page.getByLabel('Mes').locator('option').allTextContents()).slice(
      0,
      Number(mes.valor.slice(5)),
    );
    let hallado = false;
    for (const nombre of opciones.reverse()) {
      await page.getByLabel('Mes').selectOption({ label: nombre });
      await expect(titulo(page)).toHaveText(`Medidas · 2° 1° · ${nombre} ${mes.anio}`);
      await expect(page.getByLabel('Actualizando')).toHaveCount(0);
      if ((await celdasConDatos(page).count()) > 0) {
        hallado = true;
        break;
      }
    }
    expect(hallado, 'la semilla tiene medidas en 2° 1°').toBe(true);
    for (const f of await filas(page)) {
      const suma = f.dias.reduce((t, d) => t + (d && d !== 'Ap' ? parseFloat(d) : 0), 0);
      expect(suma).toBe(f.mes);
    }
    const celda = celdasConDatos(page).first();
    await celda.hover();
    await expect(descripcion(page)).toBeVisible();
    await expect(descripcion(page)).toContainText(/(Amonestación|Apercibimiento) · /);
  });

  test('preceptor: /planillon-protected sólo con sus cursos', async ({ page }) => {
    test.slow();
    const mes = mesSembrado();
    // El id de un curso ajeno (1° 1°), elegido como jefe de preceptores.
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/planillon');
    await elegirCurso(page, '1° 1°');
    await expect(page).toHaveURL(/[?&]curso=\d+/);
    const ajeno = new URL(page.url()).searchParams.get('curso');

    await cambiarDeCuenta(page, EMAIL_DEMO.preceptor, '/planillon');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/planillon-protected');
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    const opciones = page.getByRole('listbox', { name: 'Cursos' }).getByRole('option');
    await expect(opciones).toHaveCount(3);
    const nombres = await opciones.allTextContents();
    expect(nombres[0]).toMatch(/^2° 1°/);
    expect(nombres[1]).toMatch(/^2° 2°/);
    expect(nombres[2]).toMatch(/^4° Electrónica/);

    await elegirCurso(page, '2° 1°');
    await elegirMes(page, mes);
    await expect(titulo(page)).toHaveText(
      `Asistencias · 2° 1° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );
    // En 2° 1° la escuela de demostración tiene un alumno cerca de la condición libre.
    const datos = await filas(page);
    expect(datos.some((f) => f.color === 'yellow')).toBe(true);
    await elegirModo(page, 'Medidas');
    await expect(titulo(page)).toHaveText(`Medidas · 2° 1° · ${mes.nombre} ${mes.anio}`);

    // Un curso ajeno por la URL: el mensaje del servidor, ningún dato.
    await page.goto(`/planillon-protected?curso=${ajeno}&mes=${mes.valor}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'No se pudo cargar el planillón' }),
    ).toBeVisible(PRIMERA_CARGA);
    await expect(grilla(page)).toHaveCount(0);
  });

  test('/planill%C3%B3n (con acento) lleva a /planillon', async ({ page }) => {
    const r = await page.request.get('/planill%C3%B3n?modo=medidas', { maxRedirects: 0 });
    expect([301, 302, 307, 308]).toContain(r.status());
    const destino = new URL(r.headers()['location']!, 'http://localhost');
    expect(destino.pathname).toBe('/planillon');
    expect(destino.search).toBe('?modo=medidas');

    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/planill%C3%B3n');
    await expect(page).toHaveURL(/\/planillon$/);
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
  });
});

test.describe('Planillón en el teléfono @telefono', () => {
  test('la grilla se desplaza a lo ancho con la primera columna fija', async ({ page }) => {
    const mes = mesSembrado();
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/planillon');
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    await elegirCurso(page, '2° 2°');
    await elegirMes(page, mes);
    await expect(titulo(page)).toHaveText(
      `Asistencias · 2° 2° · ${mes.nombre} ${mes.anio}`,
      PRIMERA_CARGA,
    );

    const g = grilla(page);
    const medidas = await g.evaluate((e) => ({ ancho: e.scrollWidth, visible: e.clientWidth }));
    expect(medidas.ancho).toBeGreaterThan(medidas.visible);
    // La página no se desplaza a lo ancho: sólo la grilla.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const nombre = g.locator('tbody tr').first().locator('th');
    const dia = g.locator('thead th[data-columna$="-15"]');
    const cajaGrilla = (await g.boundingBox())!;
    const xNombre = (await nombre.boundingBox())!.x;
    const xDia = (await dia.boundingBox())!.x;

    // Deslizar el dedo hacia la izquierda sobre la grilla.
    const y = cajaGrilla.y + 120;
    await page.mouse.move(cajaGrilla.x + 300, y);
    await page.mouse.wheel(300, 0);
    await expect.poll(() => g.evaluate((e) => e.scrollLeft)).toBeGreaterThan(100);
    const desplazado = await g.evaluate((e) => e.scrollLeft);
    expect((await nombre.boundingBox())!.x).toBe(xNombre);
    expect(Math.round((await dia.boundingBox())!.x)).toBe(Math.round(xDia - desplazado));
    await expect(nombre).toBeVisible();
  });
});

type ValorNota = number | 'ausente' | null;
interface ReporteNotas {
  curso: { orden: number; nombre: string };
  ciclo: number;
  cursados: { id: number; nombre: string; modalidad: number }[];
  alumnos: { orden: number; notas: Record<'1' | '2', ValorNota>[] }[];
}

/** Un procedimiento de consulta por HTTP, con la sesión de la página. */
async function consulta<T>(page: Page, procedimiento: string, input: unknown): Promise<T> {
  const q = encodeURIComponent(JSON.stringify({ json: input }));
  const r = await page.request.get(`/api/trpc/${procedimiento}?input=${q}`);
  expect(r.status(), `${procedimiento} responde`).toBe(200);
  return ((await r.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** Los nombres completos de las columnas de materias (sin los totales). */
const columnasMaterias = (page: Page) =>
  grilla(page)
    .locator('thead th[data-columna]:not([data-columna^="total-"])')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')));

/** Las opciones de la lista de cursos, todas (la lista pide páginas de 50). */
const opcionesCursos = (page: Page) =>
  page.getByRole('listbox', { name: 'Cursos' }).getByRole('option');

test.describe('Planillón en modo notas', () => {
  test('regente: la nota actual de cada materia, colores, descripciones, promedio y bajas', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.regente, '/planillon');
    await elegirCurso(page, '2° 1°');
    await elegirModo(page, 'Notas');
    await expect(page).toHaveURL(/[?&]modo=notas/);
    const curso = Number(new URL(page.url()).searchParams.get('curso'));
    const r = await consulta<ReporteNotas>(page, 'notas.reporte', { curso });
    await expect(titulo(page)).toHaveText(
      `Notas · 2° 1° · Ciclo lectivo ${r.ciclo}`,
      PRIMERA_CARGA,
    );
    // Notas no pide mes.
    await expect(page.getByLabel('Mes')).toHaveCount(0);

    // Una columna por cursado del curso (abreviada; el nombre completo al pasar el cursor).
    expect(r.cursados.length).toBeGreaterThan(5);
    expect(await columnasMaterias(page)).toEqual(r.cursados.map((c) => c.nombre));
    await expect(grilla(page).locator('thead th[data-columna="total-promedio"]')).toHaveText(
      'Promedio',
    );
    await expect(grilla(page).locator('thead th[data-columna="total-bajas"]')).toHaveText('Bajas');

    // Cada celda: la nota del 2° cuatrimestre si la hay, si no la del 1°; rojo bajo 4, azul
    // bajo 6, 'A' gris. Promedio (2 decimales) y bajas sobre las notas que se ven.
    // Las celdas vacías no llevan atributos: se leen por posición (materias y dos totales).
    const vistas = await grilla(page)
      .locator('tbody tr')
      .evaluateAll(
        (trs, n) =>
          trs.map((tr) => {
            const td = [...tr.querySelectorAll('td')];
            const texto = (x: Element | undefined) => x?.firstChild?.textContent ?? '';
            return {
              orden: Number(tr.getAttribute('data-alumno')),
              celdas: td
                .slice(0, n)
                .map((x) => ({ texto: texto(x), color: x.getAttribute('data-color') })),
              promedio: texto(td[n]),
              bajas: texto(td[n + 1]),
              total: td.length,
            };
          }),
        r.cursados.length,
      );
    expect(vistas.map((v) => v.orden)).toEqual(r.alumnos.map((a) => a.orden));
    let conNota = 0;
    for (const [i, a] of r.alumnos.entries()) {
      expect(vistas[i]!.total).toBe(r.cursados.length + 2);
      const actuales = a.notas.map((n) => n['2'] ?? n['1'] ?? null);
      expect(vistas[i]!.celdas).toEqual(
        actuales.map((v) => ({ texto: mostrarNota(v), color: colorNota(v, 'planillon') })),
      );
      const resumen = resumenPromedio(actuales);
      expect(vistas[i]!.promedio).toBe(formatearPromedio(resumen.promedio));
      expect(vistas[i]!.bajas).toBe(String(resumen.bajas));
      conNota += actuales.filter((v) => v != null).length;
    }
    // En la fecha fija de las pruebas (tests/e2e/fecha.ts) el 1° cuatrimestre está cargado.
    expect(conNota, 'la semilla tiene las notas del 1° cuatrimestre').toBeGreaterThan(
      r.alumnos.length,
    );

    // Al pasar el cursor: la materia y las dos notas (hay celdas con nota: se vio arriba).
    const celda = celdasConDatos(page).first();
    await celda.hover();
    await expect(descripcion(page)).toBeVisible();
    await expect(descripcion(page)).toHaveText(
      /^.+\n1° Cuatrimestre: (\d+|A|-|sin nota)\n2° Cuatrimestre: (\d+|A|-|sin nota)$/,
    );
    await expect(page.getByText('Menos de 4 (baja)')).toBeVisible();
    await expect(page.getByText('Ausente', { exact: true })).toBeVisible();
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });

  test('jefe de departamento: /planillon-departamento con sus cursos y sólo sus materias', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.jefeDepartamento, '/planillon');
    await expect(page).toHaveURL(/\/$/);
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Planillón del departamento' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/planillon-departamento$/);
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    // Sólo notas: ni selector de modo ni mes.
    await expect(page.getByRole('radiogroup', { name: 'Modo' })).toHaveCount(0);
    await expect(page.getByLabel('Mes')).toHaveCount(0);

    // La lista de cursos: los del departamento (los mismos que /api/cursos_departamento).
    const r = await page.request.get('/api/cursos_departamento');
    expect(r.status()).toBe(200);
    const suyos = (await r.json()) as { nombre: string }[];
    expect(suyos.length).toBeGreaterThan(0);
    await expect(opcionesCursos(page)).toHaveCount(Math.min(suyos.length, 50));

    // En 2° 1°, de Ciencias Exactas sólo Física y Matemática (de las once materias del curso).
    await elegirCurso(page, '2° 1°');
    await expect(titulo(page)).toHaveText(/^Notas · 2° 1° · Ciclo lectivo \d{4}$/, PRIMERA_CARGA);
    expect(await columnasMaterias(page)).toEqual(['Física 2° 1°', 'Matemática 2° 1°']);
    await expect(grilla(page).locator('thead th[data-columna="total-bajas"]')).toHaveText('Bajas');
    expect((await filas(page)).length).toBeGreaterThan(20);
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });

  test('coordinador: /planillon-coordinador con sus cursos y sólo sus materias', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.coordinador, '/planillon-coordinador');
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Modo' })).toHaveCount(0);
    const r = await page.request.get('/api/cursos_coordinador');
    expect(r.status()).toBe(200);
    const suyos = (await r.json()) as { nombre: string }[];
    await expect(opcionesCursos(page)).toHaveCount(Math.min(suyos.length, 50));

    // El coordinador de demostración tiene los talleres.
    await elegirCurso(page, '2° 1°');
    await expect(titulo(page)).toHaveText(/^Notas · 2° 1° · /, PRIMERA_CARGA);
    expect(await columnasMaterias(page)).toEqual(['Taller 2° 1°']);

    // Otro rol no abre estas rutas.
    await cambiarDeCuenta(page, EMAIL_DEMO.regente, '/planillon-coordinador');
    await expect(page).toHaveURL(/\/$/);
  });

  test('las rutas con acento de departamento y coordinación también redirigen', async ({
    page,
  }) => {
    for (const sufijo of ['-departamento', '-coordinador']) {
      const r = await page.request.get(`/planill%C3%B3n${sufijo}?curso=1`, { maxRedirects: 0 });
      expect([301, 302, 307, 308]).toContain(r.status());
      const destino = new URL(r.headers()['location']!, 'http://localhost');
      expect(destino.pathname).toBe(`/planillon${sufijo}`);
      expect(destino.search).toBe('?curso=1');
    }
  });
});
