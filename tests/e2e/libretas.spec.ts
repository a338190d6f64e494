/**
 * La libreta (spec 01 §2 Grade booklet, §5 Display, §9): /libretas (personal: elegir un alumno),
 * la impresión (título del documento, sólo la libreta, PDF), el estado vacío, la sección 'Notas'
 * del legajo y /libretas-externo en el teléfono para el referente de demostración.
 *
 * Las notas sembradas (src/server/db/seed/notas.ts) existen después del 3 de julio: el 1°
 * cuatrimestre de todas las inscripciones (publicado el 10 de julio); el 2°, de la mitad de los
 * cursados desde el 9 de noviembre (publicado recién el 4 de diciembre). Las pruebas comparan la
 * tabla con lo que devuelve el procedimiento y corren en la fecha fija de tests/e2e/fecha.ts (el
 * 24/11: el 1° cuatrimestre publicado, el 2° no): lo que suponen de la semilla lo comprueban.
 *
 * Las fechas de publicación de las notas no las da por sentadas: otros archivos (notas.spec.ts)
 * cambian las fechas de notas del año en el mismo servidor, y lo que dejan depende del orden de
 * los archivos (y una prueba que vence su tiempo puede no llegar a restaurarlas). Antes de las
 * pruebas, Alumnado deja en el calendario del año las fechas de notas sembradas
 * (src/server/db/seed/notas.ts): las que esperan también los demás archivos.
 *
 * Tampoco dan por sentados los años del alumno de demostración ni su email: en el mismo servidor,
 * alumnos.spec.ts lo promueve al curso del año que viene y planificacion.spec.ts replica los
 * cursados a ese año y autoinscribe a los alumnos con curso (el año que viene, con materias y sin
 * notas, pasa a ser el que la libreta muestra por defecto), e inscripcion.spec.ts lo inscribe con
 * el email que declara la familia. Lo que depende del año elige el año en curso (`cicloActual`) o
 * el anterior (la historia sembrada); al alumno se lo busca por el id de su cuenta.
 */
import { expect, test, type Locator, type Page } from './prueba';
import {
  colorNota,
  mostrarNota,
  mostrarNotaCuatrimestre,
  mostrarResultadoExamen,
  type ResultadoExamen,
} from '../../src/domain/notas';
import { anioElegido } from '../../src/components/vistas/libreta';
import { fechasDeNotas } from '../../src/server/db/seed/notas';
import {
  EMAIL_DEMO,
  cicloActual,
  comoOtraCuenta,
  cuenta,
  ingresarComo,
  ponerFechasDeNotas,
  violacionesGraves,
  type MarcaCalendario,
} from './ayudas';

const alumno = cuenta(EMAIL_DEMO.alumno);
const nombreAlumno = `${alumno.apellido}, ${alumno.nombre}`;

/** El año en curso (el de la fecha fija) y el anterior (la historia sembrada, con sus mesas). */
const CICLO = cicloActual();
const ANTERIOR = CICLO - 1;

const TIPOS_NOTA = ['apertura', 'cierre', 'publicacion'];
const deNotas = (m: MarcaCalendario) => TIPOS_NOTA.includes(m.tipo ?? '');

/**
 * El id del alumno de demostración: el de su cuenta (lo que ve él mismo en /api/misnotascursado).
 * No su email (la inscripción anual lo cambia) ni su nombre (hay otro alumno con el mismo).
 */
let idDemo: number;

test.beforeAll(async ({ browser }) => {
  await comoOtraCuenta(browser, EMAIL_DEMO.alumnado, (page) =>
    ponerFechasDeNotas(page, deNotas, fechasDeNotas(CICLO)),
  );
  idDemo = await comoOtraCuenta(browser, EMAIL_DEMO.alumno, async (page) => {
    const r = await page.request.get('/api/misnotascursado');
    expect(r.status()).toBe(200);
    return ((await r.json()) as Libreta).alumno.id;
  });
});

type Valor = number | 'ausente' | null;
interface Libreta {
  alumno: { id: number; apellido: string; nombre: string };
  anios: {
    ciclo: number;
    curso: string | null;
    publicado: Record<'1' | '2', boolean>;
    instancias: string[];
    materias: {
      cursado: number;
      materia: string;
      modalidad: number;
      notas: Record<'1' | '2', Valor>;
      final: number | null;
      examenes: Record<string, ResultadoExamen>;
    }[];
  }[];
}

/** Un procedimiento de consulta por HTTP, con la sesión de la página. */
async function consulta<T>(page: Page, procedimiento: string, input: unknown): Promise<T> {
  const q = encodeURIComponent(JSON.stringify({ json: input }));
  const r = await page.request.get(`/api/trpc/${procedimiento}?input=${q}`);
  expect(r.status(), `${procedimiento} responde`).toBe(200);
  return ((await r.json()) as { result: { data: { json: T } } }).result.data.json;
}

const tabla = (page: Page) => page.getByTestId('tabla-libreta').filter({ visible: true });

/** El año `ciclo` de la libreta (el en curso o el anterior: los tiene la semilla). */
function anioDe(libreta: Libreta, ciclo: number): Libreta['anios'][number] {
  const anio = libreta.anios.find((a) => a.ciclo === ciclo);
  expect(anio, `la libreta tiene el año ${ciclo}`).toBeDefined();
  return anio!;
}

/** Elige el año con su botón: queda marcado y se ve su tabla (o sus tarjetas). */
async function elegirAnio(page: Page, ciclo: number) {
  const boton = page
    .getByRole('group', { name: 'Año' })
    .getByRole('button')
    .filter({ hasText: String(ciclo) });
  await boton.click();
  await expect(boton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`[data-ciclo="${ciclo}"]`).filter({ visible: true })).toHaveCount(1);
}

/** Por materia (fila): el texto y el color de C1, C2 y Nota Final, y el texto de cada mesa. */
async function leerTabla(page: Page) {
  return tabla(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const mesas = Object.fromEntries(
          [...tr.querySelectorAll('td[data-columna^="mesa:"]')].map((td) => [
            td.getAttribute('data-columna')!.slice('mesa:'.length),
            td.textContent ?? '',
          ]),
        );
        const celda = (clave: string) => {
          const td = tr.querySelector(`td[data-columna="${clave}"]`);
          return { texto: td?.textContent ?? '', color: td?.getAttribute('data-color') ?? null };
        };
        return {
          cursado: Number(tr.getAttribute('data-cursado')),
          materia: tr.querySelector('th')?.firstChild?.textContent ?? '',
          c1: celda('c1'),
          c2: celda('c2'),
          final: celda('final'),
          mesas,
        };
      }),
    );
}

const tarjetas = (page: Page) => page.getByTestId('tarjetas-libreta').filter({ visible: true });

/**
 * Lo mismo que `leerTabla`, de las tarjetas del teléfono: las mesas, sólo las que tienen
 * resultado (las vacías no se muestran). Una nota vacía lleva sólo el texto para lectores.
 */
async function leerTarjetas(page: Page) {
  return tarjetas(page)
    .locator(':scope > li')
    .evaluateAll((lis) =>
      lis.map((li) => {
        const texto = (dd: Element | null | undefined) =>
          !dd || dd.querySelector('.solo-lector') ? '' : (dd.textContent ?? '');
        const celda = (clave: string) => {
          const dd = li.querySelector(`[data-columna="${clave}"] dd`);
          return { texto: texto(dd), color: dd?.getAttribute('data-color') ?? null };
        };
        const mesas = Object.fromEntries(
          [...li.querySelectorAll('[data-columna^="mesa:"]')].map((d) => [
            d.getAttribute('data-columna')!.slice('mesa:'.length),
            texto(d.querySelector('dd')),
          ]),
        );
        return {
          cursado: Number(li.getAttribute('data-cursado')),
          materia: li.querySelector('h2, h3')?.firstChild?.textContent ?? '',
          c1: celda('c1'),
          c2: celda('c2'),
          final: celda('final'),
          mesas,
        };
      }),
    );
}

/**
 * La tabla del año (o, con `leerTarjetas`, las tarjetas del teléfono) muestra exactamente lo del
 * procedimiento, con las reglas del dominio.
 */
async function compararConLibreta(
  page: Page,
  anio: Libreta['anios'][number],
  leer: typeof leerTabla = leerTabla,
) {
  const filas = await leer(page);
  expect(filas.map((f) => f.cursado)).toEqual(anio.materias.map((m) => m.cursado));
  for (const [i, m] of anio.materias.entries()) {
    const f = filas[i]!;
    expect(f.materia).toBe(m.materia);
    for (const c of [1, 2] as const) {
      const valor = m.notas[String(c) as '1' | '2'];
      const texto = mostrarNotaCuatrimestre(m.modalidad, c, valor);
      const celda = c === 1 ? f.c1 : f.c2;
      expect(celda.texto, `${m.materia} C${c}`).toBe(texto);
      expect(celda.color, `${m.materia} C${c}`).toBe(
        texto === '-' ? null : colorNota(valor, 'legajo'),
      );
    }
    expect(f.final.texto).toBe(mostrarNota(m.final));
    const mesas = anio.instancias.map((i) => [
      i,
      mostrarResultadoExamen(m.examenes[i] as ResultadoExamen | undefined),
    ]);
    expect(f.mesas, `${m.materia}: mesas`).toEqual(
      Object.fromEntries(leer === leerTarjetas ? mesas.filter(([, t]) => t) : mesas),
    );
  }
  return filas;
}

interface AlumnoBase {
  id: number;
  apellido: string;
  nombre: string;
  dni: number | string;
}

/** El alumno de demostración entre los del alcance de la cuenta de la página, por su id. */
async function alumnoDemo(page: Page): Promise<AlumnoBase> {
  const r = await page.request.get('/api/alumnos/base');
  expect(r.status()).toBe(200);
  const a = ((await r.json()) as AlumnoBase[]).find((x) => x.id === idDemo);
  expect(a, 'el alumno de demostración está en el alcance').toBeDefined();
  expect(`${a!.apellido}, ${a!.nombre}`).toBe(nombreAlumno);
  return a!;
}

/** Busca al alumno por su DNI en la lista y lo elige. */
async function elegirAlumno(page: Page, a: AlumnoBase) {
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(String(a.dni));
  await page
    .getByRole('listbox', { name: 'Alumnos' })
    .getByRole('option', { name: `${a.apellido}, ${a.nombre}` })
    .click();
}

test.describe('Libretas', () => {
  test('Alumnado elige un alumno y ve su libreta con las notas sembradas', async ({ page }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.alumnado);
    // Desde la grilla de inicio el módulo ya se abre (no está "En preparación").
    await page.goto('/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Libretas' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/libretas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
    await expect(page.getByTestId('estado-vacio')).toHaveText('Seleccione un alumno');

    const demo = await alumnoDemo(page);
    await elegirAlumno(page, demo);
    await expect(page).toHaveURL(new RegExp(`[?&]alumno=${demo.id}$`));
    const id = demo.id;
    await expect(page.getByTestId('alumno-vista')).toHaveText(nombreAlumno);
    await expect(tabla(page)).toBeVisible();

    // Encabezados: Materia, C1 (Cuatrimestre 1°), C2, Nota Final y una columna por mesa.
    const libreta = await consulta<Libreta>(page, 'notas.libreta', { alumno: id });
    const defecto = anioElegido(libreta.anios, null)!;
    await expect(tabla(page)).toHaveAttribute('data-ciclo', String(defecto.ciclo));
    const encabezados = tabla(page).locator('thead th');
    await expect(encabezados).toHaveText([
      'Materia',
      'C1',
      'C2',
      'Nota Final',
      ...defecto.instancias.map(() => /\S/),
    ]);
    await expect(tabla(page).getByRole('columnheader', { name: 'Cuatrimestre 1°' })).toHaveText(
      'C1',
    );
    await expect(
      tabla(page).getByRole('columnheader', { name: 'Cuatrimestre 1°' }),
    ).toHaveAttribute('title', 'Cuatrimestre 1°');
    await expect(tabla(page).getByRole('columnheader', { name: 'Cuatrimestre 2°' })).toHaveText(
      'C2',
    );

    // Año elegido por defecto: el último con materias (otra prueba puede haber promovido al
    // alumno al curso del año que viene, con o sin materias: ver arriba).
    const botones = page.getByRole('group', { name: 'Año' }).getByRole('button');
    await expect(botones).toHaveCount(libreta.anios.length);
    const elegido = botones.filter({ hasText: String(defecto.ciclo) });
    await expect(elegido).toHaveAttribute('aria-pressed', 'true');
    await compararConLibreta(page, defecto);

    // El año en curso (el de la semilla, con sus notas).
    const actual = anioDe(libreta, CICLO);
    await elegirAnio(page, CICLO);
    const filas = await compararConLibreta(page, actual);
    expect(filas.length).toBeGreaterThan(5);

    // El año anterior (la historia sembrada): sus materias y las mesas de diciembre y marzo.
    const previo = anioDe(libreta, ANTERIOR);
    await elegirAnio(page, ANTERIOR);
    await expect(tabla(page).locator('thead th')).toHaveText([
      'Materia',
      'C1',
      'C2',
      'Nota Final',
      'Diciembre',
      'Marzo',
    ]);
    const filasPrevias = await compararConLibreta(page, previo);
    expect(filasPrevias.some((f) => f.mesas['Final Febrero/Marzo'] === '6')).toBe(true);
    // Colores del legajo: rojo bajo 4, amarillo bajo 6, 'A' gris, con contraste AA. La materia
    // que fue a la mesa de marzo tiene notas bajo 6: el año anterior siempre tiene alguna.
    const coloreadas = filasPrevias.flatMap((f) => [f.c1, f.c2, f.final]).filter((c) => c.color);
    expect(coloreadas.length, 'la historia sembrada tiene notas bajo 6').toBeGreaterThan(0);
    const coloreada = tabla(page).locator('td[data-color]').first();
    const color = await coloreada.getAttribute('data-color');
    const fondo = await coloreada.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(fondo).toBe(
      { red: 'rgb(201, 42, 42)', yellow: 'rgb(255, 212, 59)', gray: 'rgb(233, 236, 239)' }[color!],
    );
    await elegirAnio(page, CICLO);
    // El 1° cuatrimestre sembrado (cerrado y publicado en la fecha fija de las pruebas): casi
    // todas las materias anuales o del 1° tienen nota.
    expect(actual.publicado['1']).toBe(true);
    expect(filas.filter((f) => /^(\d+|A)$/.test(f.c1.texto)).length).toBeGreaterThan(3);
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });

  test('imprimir: el título del documento, sólo la libreta y el PDF', async ({ page }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/libretas');
    await elegirAlumno(page, await alumnoDemo(page));
    await expect(tabla(page)).toBeVisible();
    const ciclo = await tabla(page).getAttribute('data-ciclo');
    const esperado = `Planilla de calificaciones - ${nombreAlumno} - ${ciclo}`;

    // window.print se reemplaza: guarda el título que tenía el documento al imprimir.
    await page.evaluate(() => {
      const w = window as unknown as { titulos: string[] };
      w.titulos = [];
      window.print = () => {
        w.titulos.push(document.title);
      };
    });
    const antes = await page.title();
    expect(antes).not.toBe(esperado);
    await page.getByRole('button', { name: 'Imprimir' }).click();
    await page.keyboard.press('Control+P');
    const titulos = await page.evaluate(() => (window as unknown as { titulos: string[] }).titulos);
    expect(titulos).toEqual([esperado, esperado]);
    // Al terminar, el título vuelve.
    expect(await page.title()).toBe(antes);

    // En papel: ni la barra superior, ni la lista de alumnos, ni los botones; sí la libreta.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('listbox', { name: 'Alumnos' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('group', { name: 'Año' })).toBeHidden();
    await expect(tabla(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: esperado })).toBeVisible();
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('heading', { name: esperado })).toBeHidden();
    await expect(page.getByRole('listbox', { name: 'Alumnos' })).toBeVisible();
  });

  test('un alumno sin años cursados: "Sin resultados"', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado);
    // Un alumno sin inscripciones: la libreta no tiene años.
    await page.route(
      (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('notas.libreta'),
      async (route) => {
        const respuesta = await route.fetch();
        const cuerpo = (await respuesta.json()) as {
          result?: { data?: { json?: Partial<Libreta> } };
        }[];
        for (const r of cuerpo) if (r.result?.data?.json?.anios) r.result.data.json.anios = [];
        await route.fulfill({ response: respuesta, json: cuerpo });
      },
    );
    await page.goto('/libretas');
    await elegirAlumno(page, await alumnoDemo(page));
    await expect(page.getByTestId('alumno-vista')).toHaveText(nombreAlumno);
    await expect(page.getByTestId('sin-resultados')).toHaveText('Sin resultados');
    await expect(tabla(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  });

  test('un docente no abre /libretas', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/libretas');
    await expect(page).toHaveURL(/\/$/);
  });

  test('legajo: la sección "Notas" muestra la libreta del alumno', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    // El alumno de demostración es de un curso del preceptor.
    const a = await alumnoDemo(page);
    await page.goto(`/legajo/${a!.id}`);
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', { name: 'Notas', exact: true })
      .click();
    await expect(page).toHaveURL(/seccion=notas/);
    await expect(page.getByRole('heading', { level: 2, name: 'Notas' })).toBeVisible();
    await expect(tabla(page)).toBeVisible();
    const libreta = await consulta<Libreta>(page, 'notas.libreta', { alumno: a!.id });
    const defecto = anioElegido(libreta.anios, null)!;
    await compararConLibreta(page, defecto);
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });
});

test.describe('Libreta en el teléfono @telefono', () => {
  test('referente: /libretas-externo del hijo elegido, sin desplazamiento de la página', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referente);
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Notas' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/libretas-externo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
    await expect(page.getByTestId('alumno-vista').filter({ visible: true })).toHaveText(
      nombreAlumno,
    );
    await expect(page.getByTestId('nota-libreta').filter({ visible: true })).toHaveText(
      'Las notas de cada cuatrimestre se ven desde su fecha de publicación.',
    );
    // En el teléfono, tarjetas por materia en lugar de la tabla.
    await expect(tarjetas(page)).toBeVisible();
    await expect(tabla(page)).toHaveCount(0);

    // Lo mismo que /api/misnotascursado: sólo los cuatrimestres publicados.
    const r = await page.request.get('/api/misnotascursado');
    expect(r.status()).toBe(200);
    const libreta = (await r.json()) as Libreta;
    expect(libreta.alumno.id).toBe(idDemo);
    // Por defecto, el último año con materias.
    await compararConLibreta(page, anioElegido(libreta.anios, null)!, leerTarjetas);
    // El año en curso: en la fecha fija de las pruebas el 1° cuatrimestre está publicado y el 2°,
    // abierto.
    const actual = anioDe(libreta, CICLO);
    await elegirAnio(page, CICLO);
    const filas = await compararConLibreta(page, actual, leerTarjetas);
    expect(actual.publicado).toEqual({ '1': true, '2': false });
    expect(filas.filter((f) => /^(\d+|A)$/.test(f.c1.texto)).length).toBeGreaterThan(3);
    expect(filas.every((f) => f.c2.texto === '' || f.c2.texto === '-')).toBe(true);

    // La página nunca se desplaza a lo ancho.
    const ancho = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });
});

/**
 * Issue 32, punto 2: en el teléfono el resultado de una mesa estaba fuera de la pantalla (la
 * columna 'Marzo' empezaba en x≈371 y nada decía que la tabla se desplazaba). Ahora cada materia
 * es una tarjeta: en 360 y 390 px, cada resultado de mesa del año anterior del alumno de
 * demostración (la historia sembrada, src/server/db/seed/historia.ts, tiene mesas de diciembre y
 * de marzo) se ve entero dentro del ancho de la pantalla, sin desplazar a lo ancho. Y lo impreso
 * desde el teléfono sigue siendo la tabla.
 */
/**
 * Desplaza la página sólo en vertical hasta el elemento (scrollIntoView también desplazaría a lo
 * ancho el recuadro de la tabla, y eso es justo lo que un alumno no sabe que tiene que hacer).
 */
async function verticalmenteALaVista(elemento: Locator) {
  await elemento.evaluate((e) =>
    window.scrollTo({
      top: window.scrollY + e.getBoundingClientRect().top - 120,
      behavior: 'instant',
    }),
  );
}

async function mesasALaVista(
  page: Page,
  libreta: Libreta,
  ancho: number,
  captura: string,
): Promise<void> {
  // El año anterior al en curso (la historia sembrada), elija lo que elija la libreta por defecto.
  const previo = anioDe(libreta, ANTERIOR);
  await elegirAnio(page, ANTERIOR);
  const resultados = previo.materias.flatMap((m) =>
    previo.instancias
      .map((i) => ({
        materia: m,
        instancia: i,
        texto: mostrarResultadoExamen(m.examenes[i] as ResultadoExamen | undefined),
      }))
      .filter((r) => r.texto),
  );
  // Hay resultados de las dos mesas (diciembre y marzo), y el 6 de marzo de la otra prueba.
  expect(new Set(resultados.map((r) => r.instancia))).toEqual(
    new Set(['Complementaria Noviembre/Diciembre', 'Final Febrero/Marzo']),
  );
  expect(resultados.some((r) => r.instancia === 'Final Febrero/Marzo' && r.texto === '6')).toBe(
    true,
  );
  for (const r of resultados) {
    // La celda (hoy, la de la tabla; en el teléfono, la de la tarjeta) que se ve.
    const celda = page
      .locator(`[data-cursado="${r.materia.cursado}"] [data-columna="mesa:${r.instancia}"]`)
      .filter({ visible: true });
    await expect(celda).toHaveCount(1);
    await verticalmenteALaVista(celda);
    const caja = (await celda.boundingBox())!;
    const donde = `${r.materia.materia}, ${r.instancia}: x=${caja.x}, ancho=${caja.width}`;
    expect(caja.x, donde).toBeGreaterThanOrEqual(0);
    expect(caja.x + caja.width, donde).toBeLessThanOrEqual(ancho);
    await expect(celda).toBeInViewport({ ratio: 1 });
    // Con su nombre corto ('Diciembre', 'Marzo') y el resultado.
    await expect(celda.locator('dt')).toContainText(
      r.instancia === 'Final Febrero/Marzo' ? 'Marzo' : 'Diciembre',
    );
    await expect(celda.locator('dd')).toHaveText(r.texto);
  }
  // La tarjeta de la materia con el 6 de marzo, a la vista (la captura se mira).
  const conMarzo = resultados.find(
    (r) => r.instancia === 'Final Febrero/Marzo' && r.texto === '6',
  )!;
  await verticalmenteALaVista(page.locator(`li[data-cursado="${conMarzo.materia.cursado}"]`));
  await page.screenshot({ path: captura });
  // La página nunca se desplaza a lo ancho.
  const anchoPagina = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(anchoPagina).toBeLessThanOrEqual(ancho);
  expect(await violacionesGraves(page, 'main')).toEqual([]);

  // En papel, la tabla (con sus columnas de mesas), no las tarjetas.
  await page.emulateMedia({ media: 'print' });
  await expect(tabla(page)).toBeVisible();
  await expect(tabla(page).locator('thead th')).toHaveText([
    'Materia',
    'C1',
    'C2',
    'Nota Final',
    'Diciembre',
    'Marzo',
  ]);
  await expect(tarjetas(page)).toHaveCount(0);
  await page.emulateMedia({ media: 'screen' });
  await expect(tarjetas(page)).toBeVisible();
}

for (const vista of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`Libreta en ${vista.width}×${vista.height}: las mesas a la vista @telefono`, () => {
    test.use({ viewport: vista });

    test('alumno: /libretas-externo, el resultado de cada mesa dentro de la pantalla', async ({
      page,
    }, info) => {
      await ingresarComo(page, EMAIL_DEMO.alumno, '/libretas-externo');
      await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
      const r = await page.request.get('/api/misnotascursado');
      expect(r.status()).toBe(200);
      const libreta = (await r.json()) as Libreta;
      expect(libreta.alumno.apellido).toBe(alumno.apellido);
      await mesasALaVista(
        page,
        libreta,
        vista.width,
        info.outputPath(`libretas-externo-${vista.width}.png`),
      );
      // Cada materia, con su título (h2 bajo el h1 'Notas').
      await expect(tarjetas(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    });

    test('legajo: la sección "Notas", el resultado de cada mesa dentro de la pantalla', async ({
      page,
    }, info) => {
      await ingresarComo(page, EMAIL_DEMO.preceptor);
      const a = await alumnoDemo(page);
      await page.goto(`/legajo/${a.id}?seccion=notas`);
      await expect(page.getByRole('heading', { level: 2, name: 'Notas' })).toBeVisible();
      const libreta = await consulta<Libreta>(page, 'notas.libreta', { alumno: a.id });
      await mesasALaVista(page, libreta, vista.width, info.outputPath(`legajo-${vista.width}.png`));
      // Cada materia, con su título (h3 bajo el h2 'Notas').
      await expect(tarjetas(page).getByRole('heading', { level: 3 }).first()).toBeVisible();
    });
  });
}
