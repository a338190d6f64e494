/**
 * Planillas de notas (spec 02 §2 Grade sheets, §4, §5, §8; issue 4): el docente carga y guarda
 * notas del período abierto, dos docentes sobre la misma planilla no pierden notas en silencio,
 * Alumnado cierra y reabre, los avisos, la vista de sólo lectura y la impresión.
 *
 * El período de notas depende de la fecha: antes de las pruebas, Alumnado deja en el calendario
 * del año un 1° cuatrimestre ya publicado (1° de enero) y un 2° cuatrimestre abierto desde hoy
 * hasta el 31 de diciembre sin publicar, y al final restaura las fechas sembradas. "Hoy" es el
 * día escolar fijo de las pruebas (tests/e2e/fecha.ts): nunca el 1° de enero ni el 31 de
 * diciembre, en los que esto no se podría armar.
 */
import { expect, nuevoContexto, test, type Browser, type Page } from './prueba';
import {
  AVISO_CIERRE_VENCIDO,
  AVISO_CIERRE_VENCIDO_ALUMNADO,
  AVISO_PLANILLAS_FIRMADAS,
  AVISO_REABRIR,
} from '@/domain/periodos-notas';
import { fechasDeNotas } from '../../src/server/db/seed/notas';
import {
  cicloActual,
  EMAIL_DEMO,
  ingresarComo,
  ponerFechasDeNotas,
  violacionesGraves,
} from './ayudas';
import { FECHA_ESCOLAR } from './fecha';

const ciclo = cicloActual();
const hoy = FECHA_ESCOLAR;
interface Marca {
  fecha: string;
  tipo: string | null;
  area: string;
}
const NOTA = ['apertura', 'cierre', 'publicacion'];

async function guardarCalendario(page: Page, nuevas: Marca[], borradas: Marca[]) {
  const r = await page.request.post(`/api/calendario/save/nota`, {
    data: {
      anio: ciclo,
      nuevas: nuevas.map(({ fecha, tipo }) => ({ fecha, tipo })),
      borradas: borradas.map(({ fecha, tipo }) => ({ fecha, tipo })),
    },
  });
  expect(r.status(), await r.text()).toBe(200);
}

async function comoAlumnado(browser: Browser, hacer: (page: Page) => Promise<unknown>) {
  const contexto = await nuevoContexto(browser);
  const page = await contexto.newPage();
  await ingresarComo(page, EMAIL_DEMO.alumnado);
  await hacer(page);
  await contexto.close();
}

const deNotas = (m: Marca) => NOTA.includes(m.tipo ?? '');

/*
 * Las fechas se ponen por diferencia con lo que hay (ponerFechasDeNotas): si una corrida anterior
 * quedó a medias (una prueba vencida reinicia el worker y su afterAll puede no llegar a
 * restaurar), el beforeAll del worker nuevo igual deja las de estas pruebas, y el afterAll vuelve
 * a las sembradas (las que esperan los demás archivos), no a las que encontró.
 */
test.beforeAll(async ({ browser }) => {
  await comoAlumnado(browser, (page) =>
    ponerFechasDeNotas(page, deNotas, [
      ...NOTA.map((tipo) => ({ fecha: `${ciclo}-01-01`, tipo, area: 'nota' })),
      { fecha: hoy, tipo: 'apertura', area: 'nota' },
      { fecha: `${ciclo}-12-31`, tipo: 'cierre', area: 'nota' },
      { fecha: `${ciclo}-12-31`, tipo: 'publicacion', area: 'nota' },
    ]),
  );
});

test.afterAll(async ({ browser }) => {
  await comoAlumnado(browser, (page) => ponerFechasDeNotas(page, deNotas, fechasDeNotas(ciclo)));
});

/** Elige un cursado del selector (SelectBuscable: se escribe y se toca la opción). */
async function elegirCursado(page: Page, nombre: string) {
  await page.getByRole('combobox', { name: 'Cursado', exact: true }).fill(nombre);
  await page.getByRole('option', { name: new RegExp(`^${nombre}`) }).click();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
}

const tabla = (page: Page) => page.getByRole('table', { name: /^Notas de / });
const celda = (page: Page, cuatrimestre: 1 | 2, fila: number) =>
  tabla(page)
    .getByRole('textbox', { name: new RegExp(`^Nota del ${cuatrimestre}° Cuatrimestre: `) })
    .nth(fila);

async function nombreDeFila(page: Page, fila: number): Promise<string> {
  const etiqueta = await celda(page, 2, fila).getAttribute('aria-label');
  return etiqueta!.replace(/^Nota del 2° Cuatrimestre: /, '');
}

test.describe('Planillas de notas', () => {
  test('docente: sin cursado ve el reglamento; carga, valida y guarda notas del 2° cuatrimestre', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
    const reglamento = page.getByRole('table', { name: 'Reglamento de evaluación' });
    await expect(reglamento).toBeVisible();
    await expect(reglamento.getByRole('row', { name: /^4 1–3 4–7$/ })).toBeVisible();
    await expect(reglamento.getByRole('row', { name: /^7–10 — 1–5$/ })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);

    await elegirCursado(page, 'Matemática 2° 2°');
    await expect(page.getByText('2° Cuatrimestre: Abierta hasta el 31/12')).toBeVisible();
    // El 1° cuatrimestre está cerrado: se lee, no se carga; y el aviso de llevar las planillas.
    await expect(
      tabla(page).getByRole('textbox', { name: /^Nota del 1° Cuatrimestre/ }),
    ).toHaveCount(0);
    await expect(page.getByText(AVISO_PLANILLAS_FIRMADAS)).toBeVisible();

    const primero = await nombreDeFila(page, 0);
    const segundo = await nombreDeFila(page, 1);
    await celda(page, 2, 0).fill('8');
    // 11 no es una nota: la celda lo marca y no cambia; un texto la borra.
    await celda(page, 2, 1).fill('11');
    await expect(celda(page, 2, 1)).toHaveAttribute('aria-invalid', 'true');
    await celda(page, 2, 1).fill('x');
    await expect(celda(page, 2, 1)).not.toHaveAttribute('aria-invalid', 'true');
    await celda(page, 2, 1).fill('3');
    await tabla(page)
      .getByRole('checkbox', { name: /^Ausente en el 2° Cuatrimestre: / })
      .nth(2)
      .check();
    await expect(page.getByText('3 notas sin guardar')).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
    await page.getByRole('button', { name: 'Guardar (3)' }).click();
    await expect(page.getByText('Se guardaron 3 notas.')).toBeVisible();

    await page.reload();
    await elegirCursado(page, 'Matemática 2° 2°');
    await expect(
      page.getByRole('textbox', { name: `Nota del 2° Cuatrimestre: ${primero}` }),
    ).toHaveValue('8');
    await expect(
      page.getByRole('textbox', { name: `Nota del 2° Cuatrimestre: ${segundo}` }),
    ).toHaveValue('3');
    await expect(
      tabla(page)
        .getByRole('checkbox', { name: /^Ausente en el 2° Cuatrimestre: / })
        .nth(2),
    ).toBeChecked();
    // La fila del 3: aprobada por el 1° cuatrimestre (6 o más, anual) no tiene condición; si no,
    // "Marzo" o "Diciembre" según el reglamento (issue 32).
    const fila = tabla(page).getByRole('row', { name: new RegExp(segundo) });
    const primera = Number(await fila.getByRole('cell').nth(2).innerText());
    await expect(fila.getByRole('cell').nth(5)).toHaveText(
      primera >= 6 ? '' : /^(Marzo|Diciembre)$/,
    );
  });

  test('la fila no se contradice: aprobada por la regla de su modalidad, sin condición; si no, la del reglamento (issue 32)', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
    await elegirCursado(page, 'Matemática 2° 2°');
    await expect(page.getByText(/ · Anual · /)).toBeVisible();
    const filas = tabla(page).locator('tbody tr');
    const primeras = (await filas.locator('td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
    // Una fila con el 1° aprobado (6 o más) y otra con el 1° desaprobado (1 a 5).
    const aprobo = primeras.findIndex((t) => /^([6-9]|10)$/.test(t));
    const desaprobo = primeras.findIndex((t) => /^[1-5]$/.test(t));
    expect(aprobo).toBeGreaterThanOrEqual(0);
    expect(desaprobo).toBeGreaterThanOrEqual(0);
    // (6 o más) / 1: anual aprobada por el 1° (spec 01 §5): nota final la del 1°, sin "Marzo".
    await celda(page, 2, aprobo).fill('1');
    await expect(filas.nth(aprobo).locator('td').nth(4)).toHaveText(primeras[aprobo]!);
    await expect(filas.nth(aprobo).locator('td').nth(5)).toHaveText('');
    // (1 a 5) / 1: no aprobó; suma menor que 8 → "Marzo" (spec 02 §9), sin nota final.
    await celda(page, 2, desaprobo).fill('1');
    await expect(filas.nth(desaprobo).locator('td').nth(4)).toHaveText('');
    await expect(filas.nth(desaprobo).locator('td').nth(5)).toHaveText('Marzo');
  });

  test('el 1° cuatrimestre abierto y vencido, sin publicar: el docente ve "pasar por Alumnado"; Alumnado, que la cierre', async ({
    page,
    browser,
  }) => {
    // El 1° se publica el 30/12 en lugar del 1/1: hoy queda abierto con el cierre (1/1) vencido.
    const publicacionEnero = { fecha: `${ciclo}-01-01`, tipo: 'publicacion', area: 'nota' };
    const publicacionDiciembre = { fecha: `${ciclo}-12-30`, tipo: 'publicacion', area: 'nota' };
    await comoAlumnado(browser, (p) =>
      guardarCalendario(p, [publicacionDiciembre], [publicacionEnero]),
    );
    try {
      await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
      await elegirCursado(page, 'Matemática 2° 1°');
      await expect(page.getByText(AVISO_CIERRE_VENCIDO)).toBeVisible();
      await expect(
        page.getByText('1° Cuatrimestre: Abierta, cierre vencido el 01/01'),
      ).toBeVisible();

      await ingresarComo(page, EMAIL_DEMO.alumnado, '/notas-privileged');
      await elegirCursado(page, 'Matemática 2° 1°');
      await expect(page.getByText(AVISO_CIERRE_VENCIDO_ALUMNADO)).toBeVisible();
      await expect(page.getByText(AVISO_CIERRE_VENCIDO)).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: 'Cerrar planilla del 1° Cuatrimestre' }),
      ).toBeVisible();
    } finally {
      await comoAlumnado(browser, (p) =>
        guardarCalendario(p, [publicacionEnero], [publicacionDiciembre]),
      );
    }
  });

  test('Alumnado en un 1° cuatrimestre publicado sin cerrar: un solo estado y ninguna acción (issue 11 §7)', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/notas-privileged');
    await elegirCursado(page, 'Matemática 2° 1°');
    const estados = page.locator('[data-fase]');
    await expect(estados).toHaveText([
      '1° Cuatrimestre: Publicada el 01/01',
      '2° Cuatrimestre: Abierta hasta el 31/12',
    ]);
    await expect(page.getByText(/cierre vencido/)).toHaveCount(0);
    await expect(page.getByText(/pasar por Alumnado/)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Atención' })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Cerrar planilla del 1° Cuatrimestre' }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Reabrir planilla del 1° Cuatrimestre' }),
    ).toHaveCount(0);
    // El 2°, abierto, sí ofrece cerrar.
    await expect(
      page.getByRole('button', { name: 'Cerrar planilla del 2° Cuatrimestre' }),
    ).toBeVisible();
  });

  test('dos docentes guardan la misma celda: el segundo recibe el conflicto y no pisa la nota', async ({
    browser,
  }) => {
    const paginas = await Promise.all(
      [0, 1].map(async () => {
        const contexto = await nuevoContexto(browser);
        const page = await contexto.newPage();
        await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
        await elegirCursado(page, 'Matemática 3° 1°');
        return page;
      }),
    );
    const [a, b] = paginas as [Page, Page];
    const nombre = await nombreDeFila(a, 4);
    await celda(a, 2, 4).fill('7');
    await celda(b, 2, 4).fill('9');
    await a.getByRole('button', { name: 'Guardar (1)' }).click();
    await expect(a.getByText('Se guardó 1 nota.')).toBeVisible();
    await b.getByRole('button', { name: 'Guardar (1)' }).click();
    const alerta = b.getByRole('alert').filter({ hasText: 'Otra persona cambió esta planilla' });
    await expect(alerta).toContainText(nombre);
    await alerta.getByRole('button', { name: 'Recargar la planilla' }).click();
    await expect(
      b.getByRole('textbox', { name: `Nota del 2° Cuatrimestre: ${nombre}` }),
    ).toHaveValue('7');
    await Promise.all(paginas.map((p) => p.context().close()));
  });

  test('Alumnado cierra la planilla (guarda primero) y la reabre con el aviso', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/notas-privileged');
    await elegirCursado(page, 'Matemática 2° 2°');
    await celda(page, 2, 3).fill('6');
    const nombre = await nombreDeFila(page, 3);
    await page.getByRole('button', { name: 'Cerrar planilla del 2° Cuatrimestre' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Cerrar la planilla de notas?' });
    // La confirmación dice qué planilla, qué cuatrimestre y qué se guarda antes (issue 11 §8).
    await expect(dialogo).toContainText(
      'Matemática 2° 2°, 2° Cuatrimestre. Primero se guardará 1 nota sin guardar.',
    );
    await dialogo.getByRole('button', { name: 'Cerrar la planilla' }).click();
    await expect(
      page.getByText('La planilla del 2° Cuatrimestre de Matemática 2° 2° quedó cerrada.'),
    ).toBeVisible();
    await expect(page.getByText('2° Cuatrimestre: Cerrada, se publica el 31/12')).toBeVisible();
    await expect(tabla(page).getByRole('textbox')).toHaveCount(0);
    // Se guardó antes de cerrar.
    await expect(tabla(page).getByRole('row', { name: new RegExp(nombre) })).toContainText('6');

    await page.getByRole('button', { name: 'Reabrir planilla del 2° Cuatrimestre' }).click();
    const aviso = page.getByRole('dialog', { name: 'Planilla del 2° Cuatrimestre reabierta' });
    await expect(aviso).toContainText(AVISO_REABRIR);
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByText('2° Cuatrimestre: Abierta hasta el 31/12')).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: `Nota del 2° Cuatrimestre: ${nombre}` }),
    ).toHaveValue('6');
  });

  test('preceptor: /notas-readonly sólo lee; la impresión lleva el título de la planilla', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/notas-readonly');
    await elegirCursado(page, 'Matemática 4° Electrónica');
    await expect(tabla(page)).toBeVisible();
    await expect(tabla(page).getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Guardar/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cerrar planilla/ })).toHaveCount(0);
    // La planilla de PIC es de Alumnado.
    await expect(page.getByRole('button', { name: 'Imprimir PIC' })).toHaveCount(0);

    await page.evaluate(() => {
      (window as unknown as { titulos: string[] }).titulos = [];
      window.print = () =>
        (window as unknown as { titulos: string[] }).titulos.push(document.title);
    });
    await page.getByRole('button', { name: 'Imprimir' }).click();
    expect(await page.evaluate(() => (window as unknown as { titulos: string[] }).titulos)).toEqual(
      [`Planilla de notas - Matemática 4° Electrónica - ${ciclo}`],
    );
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  test('Alumnado imprime la planilla de PIC: los alumnos de la PIC de /pics, con fecha y aula', async ({
    page,
  }) => {
    // Las PIC del cursado llegan por pics.deCursado: de ahí la materia (para programar su PIC del
    // 1° cuatrimestre en /pics si la demostración no la tiene).
    const dePics = page.waitForResponse((r) => r.url().includes('pics.deCursado'));
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/notas-privileged');
    await elegirCursado(page, 'Matemática 4° Electrónica');
    await expect(tabla(page)).toBeVisible();
    const cuerpo = (await (await dePics).json()) as
      | { result: { data: { json: { materias: { id: number }[] } } } }[]
      | { result: { data: { json: { materias: { id: number }[] } } } };
    const materia = (Array.isArray(cuerpo) ? cuerpo[0]! : cuerpo).result.data.json.materias[0]!.id;
    const camino = `/api/pics/${ciclo}/${materia}/1`;
    const creada = await page.request.post(camino, {
      data: { comienzo: `${ciclo}-08-04T09:00`, aula: '12' },
    });
    expect([200, 409]).toContain(creada.status());
    const pic = await page.request.get(`${camino}/alumnos`);
    expect(pic.status()).toBe(200);
    const { pic: datos, alumnos } = (await pic.json()) as {
      pic: { comienzo: { fecha: string; hora: string }; aula: string | null };
      alumnos: { apellido: string; nombre: string }[];
    };
    await page.reload();
    await elegirCursado(page, 'Matemática 4° Electrónica');
    await expect(tabla(page)).toBeVisible();
    // Los del cursado con nota del 1° cuatrimestre de 1 a 5 o ausente (A) están en la PIC.
    const esperados = await tabla(page).evaluate((t) => {
      const titulos = [...t.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
      const col = titulos.findIndex((x) => x.startsWith('1° Cuatrimestre'));
      return [...t.querySelectorAll('tbody tr')]
        .map((tr) => [tr.children[1]!.textContent ?? '', tr.children[col]!.textContent ?? ''])
        .filter(([, nota]) => /^([1-5]|A)$/.test(nota!))
        .map(([alumno]) => alumno);
    });
    expect(esperados.length).toBeGreaterThan(0);
    const enLaPic = alumnos.map((a) => `${a.apellido}, ${a.nombre}`);
    for (const a of esperados) expect(enLaPic).toContain(a);

    await page.evaluate(() => {
      (window as unknown as { titulos: string[] }).titulos = [];
      window.print = () =>
        (window as unknown as { titulos: string[] }).titulos.push(document.title);
    });
    // "Imprimir PIC" despliega la lista de cuatrimestres; Escape la cierra y vuelve al botón.
    const imprimirPic = page.getByRole('button', { name: 'Imprimir PIC' });
    const picDel1 = page.getByRole('button', { name: 'PIC del 1° Cuatrimestre' });
    await expect(imprimirPic).toHaveAttribute('aria-expanded', 'false');
    await expect(picDel1).toBeHidden();
    await imprimirPic.click();
    await expect(imprimirPic).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Alumnos anotados en la PIC (/pics)')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(picDel1).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(picDel1).toBeHidden();
    await expect(imprimirPic).toBeFocused();
    await page.keyboard.press('Enter');
    await picDel1.click();
    await expect(picDel1).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { titulos: string[] }).titulos)).toEqual(
      [`Planilla de PIC - Matemática 4° Electrónica - 1° Cuatrimestre - ${ciclo}`],
    );
    await page.emulateMedia({ media: 'print' });
    const hoja = page.getByTestId('hoja-pic');
    await expect(hoja).toBeVisible();
    await expect(tabla(page)).toBeHidden();
    await expect(hoja.getByRole('heading', { name: 'PIC de Matemática' })).toBeVisible();
    const [a, m, d] = datos.comienzo.fecha.split('-');
    await expect(hoja.getByTestId('hoja-pic-comienzo')).toHaveText(
      `${d}/${m}/${a}, ${datos.comienzo.hora} h${datos.aula ? ` · Aula ${datos.aula}` : ''}`,
    );
    const filas = hoja.getByRole('table').getByRole('row');
    await expect(filas).toHaveCount(enLaPic.length + 1);
    for (const [i, alumno] of enLaPic.entries()) {
      await expect(
        filas
          .nth(i + 1)
          .getByRole('cell')
          .nth(1),
      ).toHaveText(alumno);
    }
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });
  });

  test('el selector "Cursado" se usa con el teclado: flechas, Enter, Escape, búsqueda sin tildes y borrar', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
    const campo = page.getByRole('combobox', { name: 'Cursado', exact: true });
    const lista = page.getByRole('listbox', { name: 'Cursado' });
    const opciones = lista.getByRole('option');
    const activa = async (i: number) =>
      expect(campo).toHaveAttribute(
        'aria-activedescendant',
        (await opciones.nth(i).getAttribute('id'))!,
      );
    await expect(campo).toHaveAttribute('placeholder', 'Elija un cursado');
    await expect(campo).toHaveAttribute('aria-expanded', 'false');
    await expect(lista).toBeHidden();

    // Flecha abajo abre la lista con la primera activa; las flechas avanzan y dan la vuelta.
    await campo.focus();
    await page.keyboard.press('ArrowDown');
    await expect(campo).toHaveAttribute('aria-expanded', 'true');
    await expect(campo).toHaveAttribute('aria-controls', (await lista.getAttribute('id'))!);
    const total = await opciones.count();
    expect(total).toBeGreaterThan(1);
    await activa(0);
    await page.keyboard.press('ArrowDown');
    await activa(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await activa(total - 1);
    expect(await violacionesGraves(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/notas-cursado-abierto.png' });

    // Escape cierra sin elegir.
    await page.keyboard.press('Escape');
    await expect(campo).toHaveAttribute('aria-expanded', 'false');
    await expect(campo).not.toHaveAttribute('aria-activedescendant');
    await expect(campo).toHaveValue('');

    // Sin mayúsculas ni tildes: la primera encontrada queda activa y Enter la elige.
    await campo.pressSequentially('MATEMATICA 4° ELECTRONICA');
    await expect(opciones.first()).toHaveText(/^Matemática 4° Electrónica/);
    for (const texto of await opciones.allTextContents())
      expect(texto).toMatch(/^Matemática 4° Electrónica/);
    await activa(0);
    await page.keyboard.press('Enter');
    await expect(lista).toBeHidden();
    await expect(campo).toHaveValue(/^Matemática 4° Electrónica/);
    await expect(page.getByRole('heading', { name: 'Matemática 4° Electrónica' })).toBeVisible();
    await expect(tabla(page)).toBeVisible();

    // Lo que no está: "Sin resultados"; Escape vuelve a mostrar el elegido.
    await campo.fill('zzz');
    await expect(lista).toBeHidden();
    await expect(page.getByText('Sin resultados', { exact: true })).toBeVisible();
    await expect(campo).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByText('Sin resultados', { exact: true })).toBeHidden();
    await expect(campo).toHaveValue(/^Matemática 4° Electrónica/);

    // Al abrirla otra vez, la elegida está marcada y activa.
    await page.keyboard.press('ArrowDown');
    const elegida = lista.getByRole('option', { selected: true });
    await expect(elegida).toHaveCount(1);
    await expect(elegida).toHaveText(/^Matemática 4° Electrónica/);
    await expect(campo).toHaveAttribute(
      'aria-activedescendant',
      (await elegida.getAttribute('id'))!,
    );
    await page.keyboard.press('Escape');

    // "Borrar cursado" deja el selector vacío y vuelve el reglamento.
    await page.getByRole('button', { name: 'Borrar cursado' }).click();
    await expect(campo).toHaveValue('');
    await expect(campo).toBeFocused();
    await expect(page.getByRole('table', { name: 'Reglamento de evaluación' })).toBeVisible();
  });

  test('hypervisor: el filtro "Sólo planillas abiertas" deja sólo las abiertas', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.regente, '/notas-hypervisor');
    const cursado = page.getByRole('combobox', { name: 'Cursado', exact: true });
    // Las opciones de la lista del selector (no las de los <select> de la barra).
    const opciones = page.getByRole('listbox').getByRole('option');
    await cursado.click();
    await expect(opciones.first()).toBeVisible();
    const todas = await opciones.count();
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: 'Sólo planillas abiertas' }).check();
    await cursado.click();
    await expect(async () => {
      const abiertas = await opciones.count();
      expect(abiertas).toBeGreaterThan(0);
      // Las de 1° cuatrimestre (publicado) y las ya cerradas no están abiertas.
      expect(abiertas).toBeLessThan(todas);
    }).toPass();
  });
});

test.describe('Planillas de notas en el teléfono @telefono', () => {
  test('docente: carga una nota sin desplazamiento horizontal de la página', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
    // La lista del selector se abre bajo el campo, dentro del ancho de la pantalla.
    const campo = page.getByRole('combobox', { name: 'Cursado', exact: true });
    await campo.click();
    const lista = page.getByRole('listbox', { name: 'Cursado' });
    await expect(lista.getByRole('option').first()).toBeVisible();
    const caja = (await campo.boundingBox())!;
    const deLista = (await lista.boundingBox())!;
    expect(deLista.y).toBeGreaterThanOrEqual(caja.y + caja.height);
    expect(deLista.x).toBeGreaterThanOrEqual(0);
    expect(deLista.x + deLista.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/notas-cursado-telefono.png' });
    await page.keyboard.press('Escape');
    await elegirCursado(page, 'Matemática 4° Electrónica');
    await expect(celda(page, 2, 0)).toBeVisible();
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
  });
});
