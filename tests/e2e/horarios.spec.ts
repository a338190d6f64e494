/**
 * Horarios (spec 01 §2 Timetables, §5, §8, §9; issue 14 §1–§3):
 * - /horarios (Alumnado): elegir un cursado, ver sus bloques, quitar uno y agregar uno libre con
 *   su aula, guardar y ver lo guardado al recargar; no más bloques que horas; un choque de docente
 *   se ve en el bloque e impide guardar; uno de aula es un aviso y se guarda; la tarde del sábado
 *   está bloqueada; si otra persona guardó mientras tanto, el 409 recarga lo guardado.
 * - /horarios-readonly (Preceptor), /horarios-externo (alumno en el teléfono: un día a la vez, hoy
 *   primero; referente) y la sección Horarios del legajo.
 *
 * Lo que las pruebas cambian en los horarios sembrados se restituye por el contrato REST
 * (PUT /api/cursados/horarios) al terminar cada prueba.
 */
import { expect, test, type Locator, type Page } from './prueba';
import {
  cambiarDeCuenta,
  cicloActual,
  EMAIL_DEMO,
  ingresarComo,
  violacionesGraves,
} from './ayudas';

const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
/** Inicio de cada bloque (spec 01 §9: 16 bloques de 07:30 a 18:50), escrito aparte del dominio. */
const INICIO = [
  '07:30',
  '08:10',
  '08:50',
  '09:40',
  '10:20',
  '11:00',
  '11:50',
  '12:30',
  '13:10',
  '13:50',
  '14:40',
  '15:20',
  '16:00',
  '16:50',
  '17:30',
  '18:10',
];
/** La mañana: bloques 1 a 6 (hasta las 11:50); el sábado a la tarde está bloqueado. */
const bloqueado = (dia: number, bloque: number) => dia === 6 && bloque > 6;

interface Bloque {
  dia: number;
  bloque: number;
  aula: string | null;
}
interface Persona {
  id: number;
  nombre: string;
}
interface HorarioCursado {
  cursado: {
    cursadoId: number;
    nombre: string;
    horas: number;
    docentes: Persona[];
    cursos: Persona[];
  };
  bloques: Bloque[];
}
interface Ocupacion extends Bloque {
  cursadoId: number;
  cursado: string;
  docentes: Persona[];
  cursos: Persona[];
}

const escapar = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nombreBloque = (b: { dia: number; bloque: number }) =>
  `${DIAS[b.dia - 1]} ${INICIO[b.bloque - 1]}`;
const mismo = (a: { dia: number; bloque: number }, b: { dia: number; bloque: number }) =>
  a.dia === b.dia && a.bloque === b.bloque;

async function idDelCursado(page: Page, nombre: string): Promise<number> {
  const r = await page.request.get(`/api/cursados?q=${encodeURIComponent(nombre)}`);
  expect(r.status()).toBe(200);
  const { items } = (await r.json()) as { items: { cursadoId: number; nombre: string }[] };
  const c = items.find((x) => x.nombre === nombre);
  expect(c, `cursado ${nombre}`).toBeTruthy();
  return c!.cursadoId;
}

async function horarioDe(page: Page, id: number): Promise<HorarioCursado> {
  const r = await page.request.get(`/api/cursados/${id}/horarios`);
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as HorarioCursado;
}

async function ocupados(page: Page, id: number): Promise<Ocupacion[]> {
  const r = await page.request.get(`/api/cursados/${id}/restricciones`);
  expect(r.status()).toBe(200);
  return ((await r.json()) as { ocupados: Ocupacion[] }).ocupados;
}

/** Deja los bloques del cursado como estaban (por el contrato REST). */
async function restituir(page: Page, id: number, bloques: Bloque[]) {
  const actual = await horarioDe(page, id);
  const r = await page.request.put('/api/cursados/horarios', {
    data: { cursado: id, bloques, anteriores: actual.bloques },
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** Un bloque libre para el cursado: ni suyo, ni bloqueado, ni con su docente o su curso ocupados. */
function bloqueLibre(h: HorarioCursado, ajenos: Ocupacion[]): { dia: number; bloque: number } {
  const docentes = h.cursado.docentes.map((d) => d.id);
  const cursos = h.cursado.cursos.map((c) => c.id);
  for (let bloque = 16; bloque >= 1; bloque--)
    for (let dia = 1; dia <= 6; dia++) {
      const b = { dia, bloque };
      if (bloqueado(dia, bloque) || h.bloques.some((x) => mismo(x, b))) continue;
      const choca = ajenos.some(
        (o) =>
          mismo(o, b) &&
          (o.docentes.some((d) => docentes.includes(d.id)) ||
            o.cursos.some((c) => cursos.includes(c.id))),
      );
      if (!choca) return b;
    }
  throw new Error(`${h.cursado.nombre} no tiene bloques libres`);
}

const barra = (page: Page) => page.getByTestId('barra-guardar');
const guardar = (page: Page) => barra(page).getByRole('button', { name: 'Guardar', exact: true });
const grilla = (page: Page) => page.getByTestId('grilla-horario').filter({ visible: true });
/** El botón de un bloque: 'Lunes 07:30: Libre' o 'Lunes 07:30: Elegido' (aria-pressed). */
const boton = (page: Page, b: { dia: number; bloque: number }) =>
  grilla(page).getByRole('button', {
    name: new RegExp(`^${nombreBloque(b)}: (Libre|Elegido)$`),
  });
const celda = (page: Page, b: { dia: number; bloque: number }): Locator =>
  grilla(page).locator(`td[data-dia="${b.dia}"][data-bloque="${b.bloque}"]`);
const aula = (page: Page, b: { dia: number; bloque: number }) =>
  grilla(page).getByRole('textbox', { name: `Aula, ${nombreBloque(b)}`, exact: true });
const aviso = (page: Page, texto: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: texto });

async function elegirCursado(page: Page, nombre: string) {
  await page.getByRole('textbox', { name: 'Buscar cursados' }).fill(nombre);
  await page
    .getByRole('listbox', { name: 'Cursados' })
    .getByRole('option', { name: new RegExp(`^${nombre} \\d`) })
    .click();
  await expect(page.getByTestId('cursado-elegido')).toHaveText(nombre);
}

/** Que la grilla muestre exactamente los bloques guardados, con sus aulas. */
async function verBloques(page: Page, h: HorarioCursado) {
  await expect(grilla(page).locator('button[aria-pressed="true"]')).toHaveCount(h.bloques.length);
  for (const b of h.bloques) {
    await expect(boton(page, b)).toHaveAttribute('aria-pressed', 'true');
    await expect(aula(page, b)).toHaveValue(b.aula ?? '');
  }
  await expect(page.getByTestId('cuenta-bloques')).toHaveText(
    `${h.bloques.length} de ${h.cursado.horas} bloques (${h.cursado.horas} horas semanales)`,
  );
}

test.describe('/horarios (Alumnado)', () => {
  const BIOLOGIA = 'Biología 1° 1°';
  let id = 0;
  let original: Bloque[] = [];

  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado);
    id = await idDelCursado(page, BIOLOGIA);
    original = (await horarioDe(page, id)).bloques;
    expect(original.length).toBeGreaterThan(0);
  });

  test.afterEach(async ({ page }) => {
    await restituir(page, id, original);
  });

  test('sin cursado: "No hay curso seleccionado"; la grilla: lunes a sábado, 17 filas, sábado a la tarde bloqueado', async ({
    page,
  }) => {
    await page.goto('/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Horarios' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/horarios$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Horarios' })).toBeVisible();
    await expect(page.getByTestId('sin-cursado')).toHaveText('No hay curso seleccionado');
    await expect(barra(page)).toContainText('No hay curso seleccionado');
    await expect(guardar(page)).toBeDisabled();

    await elegirCursado(page, BIOLOGIA);
    const tabla = grilla(page).getByRole('table');
    await expect(tabla.getByRole('row')).toHaveCount(17);
    await expect(tabla.getByRole('columnheader')).toHaveText([
      /^Hora$/,
      ...DIAS.map((d) => new RegExp(`^${d}`)),
    ]);
    await expect(tabla.getByRole('columnheader', { name: /Domingo/ })).toHaveCount(0);
    await expect(tabla.getByRole('rowheader')).toHaveCount(16);
    await expect(tabla.getByRole('rowheader').first()).toContainText('07:3008:10');
    await expect(tabla.getByRole('rowheader').last()).toContainText('18:1018:50');
    // La tarde del sábado (11:50 a 18:50) está bloqueada; la mañana, no.
    for (let bloque = 7; bloque <= 16; bloque++)
      await expect(
        grilla(page).getByRole('button', { name: `Sábado ${INICIO[bloque - 1]}: bloqueado` }),
      ).toBeDisabled();
    await expect(boton(page, { dia: 6, bloque: 6 })).toBeEnabled();
    await expect(boton(page, { dia: 6, bloque: 7 })).toHaveCount(0);
    await expect(boton(page, { dia: 6, bloque: 6 })).toHaveAccessibleName(
      /^Sábado 11:00: (Libre|Elegido)$/,
    );
    await expect(barra(page)).toContainText('No hay horarios para guardar');
    await expect(guardar(page)).toBeDisabled();
    await page.screenshot({ path: '/tmp/horarios-editor.png', fullPage: true });
  });

  test('quitar un bloque, agregar uno libre con su aula, guardar y verlo al recargar', async ({
    page,
  }) => {
    const h = await horarioDe(page, id);
    const libre = bloqueLibre(h, await ocupados(page, id));
    const quitado = h.bloques[0]!;

    await page.goto('/horarios');
    await elegirCursado(page, BIOLOGIA);
    await verBloques(page, h);
    await expect(guardar(page)).toBeDisabled();

    // Lleno (tantos bloques como horas): un bloque más se rechaza en la pantalla.
    await boton(page, libre).click();
    await expect(
      aviso(
        page,
        `El cursado tiene ${h.cursado.horas} horas semanales: no puede tener ${h.cursado.horas + 1} bloques.`,
      ),
    ).toBeVisible();
    await expect(boton(page, libre)).toHaveAttribute('aria-pressed', 'false');
    await expect(barra(page)).toContainText('No hay horarios para guardar');

    // Un clic en un bloque elegido lo quita; entonces sí entra el libre.
    await boton(page, quitado).click();
    await expect(boton(page, quitado)).toHaveAttribute('aria-pressed', 'false');
    await expect(aula(page, quitado)).toHaveCount(0);
    await boton(page, libre).click();
    await expect(boton(page, libre)).toHaveAttribute('aria-pressed', 'true');
    await aula(page, libre).fill('Laboratorio E2E');
    await expect(barra(page)).toContainText('Dos cambios sin guardar');
    await expect(celda(page, libre)).toHaveAttribute('data-estado', 'elegido');

    await guardar(page).click();
    await expect(aviso(page, 'Datos guardados correctamente')).toBeVisible();
    await expect(barra(page)).toContainText('No hay horarios para guardar');

    const esperado = h.bloques.filter((b) => !mismo(b, quitado));
    esperado.push({ ...libre, aula: 'Laboratorio E2E' });
    const guardado = await horarioDe(page, id);
    expect(guardado.bloques).toHaveLength(esperado.length);
    expect(guardado.bloques).toEqual(expect.arrayContaining(esperado));

    await page.reload();
    await elegirCursado(page, BIOLOGIA);
    await verBloques(page, guardado);
    await expect(aula(page, libre)).toHaveValue('Laboratorio E2E');
    await expect(boton(page, quitado)).toHaveAttribute('aria-pressed', 'false');
  });

  test('un choque de docente se ve en el bloque y no deja guardar; el servidor también lo rechaza', async ({
    page,
  }) => {
    const h = await horarioDe(page, id);
    const docentes = h.cursado.docentes.map((d) => d.id);
    const cursos = h.cursado.cursos.map((c) => c.id);
    const choque = (await ocupados(page, id)).find(
      (o) =>
        !bloqueado(o.dia, o.bloque) &&
        o.docentes.some((d) => docentes.includes(d.id)) &&
        !o.cursos.some((c) => cursos.includes(c.id)),
    );
    expect(choque, 'un bloque donde el docente da otro cursado').toBeTruthy();
    const o = choque!;
    const docente = o.docentes.find((d) => docentes.includes(d.id))!;
    const mensaje = `${docente.nombre} ya da ${o.cursado}.`;

    await page.goto('/horarios');
    await elegirCursado(page, BIOLOGIA);
    // Antes de elegirlo, el bloque ya avisa que el docente está ocupado.
    await expect(celda(page, o)).toContainText('Docente ocupado');
    await boton(page, h.bloques[0]!).click();
    await boton(page, o).click();
    await expect(boton(page, o)).toHaveAttribute('aria-pressed', 'true');
    await expect(celda(page, o)).toHaveAttribute('data-estado', 'choque');
    await expect(celda(page, o)).toContainText(mensaje);
    await expect(boton(page, o)).toHaveAccessibleDescription(new RegExp(escapar(mensaje)));
    await expect(barra(page)).toContainText('No se puede guardar: ');
    await expect(barra(page)).toContainText(`${nombreBloque(o)}: ${mensaje}`);
    await expect(guardar(page)).toBeDisabled();
    await page.screenshot({ path: '/tmp/horarios-choque.png', fullPage: true });
    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // El servidor aplica la misma regla: 400 con el mensaje en castellano.
    const r = await page.request.put('/api/cursados/horarios', {
      data: {
        cursado: id,
        bloques: [...h.bloques.slice(1), { dia: o.dia, bloque: o.bloque, aula: null }],
        anteriores: h.bloques,
      },
    });
    expect(r.status()).toBe(400);
    expect(((await r.json()) as { message: string }).message).toContain(mensaje);

    // Quitarlo deja guardar de nuevo (y volver a lo guardado no tiene cambios).
    await boton(page, o).click();
    await expect(celda(page, o)).not.toHaveAttribute('data-estado', 'choque');
    await boton(page, h.bloques[0]!).click();
    await expect(barra(page)).toContainText('No hay horarios para guardar');
  });

  test('un choque de aula es un aviso amarillo y se guarda', async ({ page }) => {
    const h = await horarioDe(page, id);
    const ajenos = await ocupados(page, id);
    const propio = h.bloques.find((b) =>
      ajenos.some((o) => mismo(o, b) && o.aula && o.aula !== b.aula),
    );
    expect(propio, 'un bloque propio donde otro cursado usa otra aula').toBeTruthy();
    const b = propio!;
    const otro = ajenos.find((o) => mismo(o, b) && o.aula && o.aula !== b.aula)!;

    await page.goto('/horarios');
    await elegirCursado(page, BIOLOGIA);
    await aula(page, b).fill(otro.aula!);
    await expect(celda(page, b)).toHaveAttribute('data-estado', 'aviso');
    await expect(celda(page, b)).toContainText(`Aviso: el aula ${otro.aula} ya la usa`);
    await expect(page.getByTestId('avisos-aula')).toContainText(
      `${nombreBloque(b)}: el aula ${otro.aula} ya la usa`,
    );
    await expect(barra(page)).toContainText('Un cambio sin guardar');
    await expect(guardar(page)).toBeEnabled();
    await expect(celda(page, b)).toHaveCSS('background-color', 'rgb(255, 243, 191)');
    await page.screenshot({ path: '/tmp/horarios-aviso-aula.png', fullPage: true });
    expect(await violacionesGraves(page, 'main')).toEqual([]);
    await guardar(page).click();
    await expect(
      aviso(page, /Datos guardados correctamente \(con (un aviso|\d+ avisos) de aula\)\./),
    ).toBeVisible();
    const guardado = await horarioDe(page, id);
    expect(guardado.bloques.find((x) => mismo(x, b))?.aula).toBe(otro.aula);
  });

  test('dos personas: si otra guardó mientras tanto, el 409 avisa y la grilla recarga lo guardado', async ({
    page,
  }) => {
    const h = await horarioDe(page, id);
    const b = h.bloques[0]!;
    await page.goto('/horarios');
    await elegirCursado(page, BIOLOGIA);
    await aula(page, b).fill('Mi aula');
    await expect(barra(page)).toContainText('Un cambio sin guardar');

    // Otra persona guarda otra aula en ese bloque.
    const otra = h.bloques.map((x) =>
      mismo(x, b) ? { ...x, aula: 'Aula de la otra persona' } : x,
    );
    const r = await page.request.put('/api/cursados/horarios', {
      data: { cursado: id, bloques: otra, anteriores: h.bloques },
    });
    expect(r.status()).toBe(200);

    await guardar(page).click();
    await expect(
      aviso(
        page,
        'Otra persona cambió este horario mientras lo editaba: se recargó con sus cambios. Revíselo y vuelva a guardar.',
      ),
    ).toBeVisible();
    await expect(aula(page, b)).toHaveValue('Aula de la otra persona');
    await expect(barra(page)).toContainText('No hay horarios para guardar');
    expect((await horarioDe(page, id)).bloques.find((x) => mismo(x, b))?.aula).toBe(
      'Aula de la otra persona',
    );
  });
});

/** Un miércoles a las 09:58 en la zona de la escuela (bloque 4, de 09:40 a 10:20). */
const MIERCOLES = new Date('2025-06-11T09:58:00-03:00');

/**
 * El fixture (prueba.ts) ya puso el reloj del navegador en el día escolar fijo; instalarlo de nuevo
 * sólo lo mueve a este miércoles (sigue andando hasta el `pauseAt` de la prueba).
 */
async function relojEnMiercoles(page: Page) {
  await page.clock.install({ time: MIERCOLES });
}

test.describe('Vistas de la semana', () => {
  test('/horarios-readonly (Preceptor): elegir un curso y ver su semana, con la línea de la hora actual', async ({
    page,
  }) => {
    await relojEnMiercoles(page);
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Horarios' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/horarios-readonly$/);
    await expect(page.getByTestId('sin-curso')).toHaveText('No hay curso seleccionado');

    const opcion = page.getByRole('listbox', { name: 'Cursos' }).getByRole('option').first();
    const texto = (await opcion.textContent()) ?? '';
    const r = await page.request.get('/api/cursos');
    const cursos = (await r.json()) as { orden: number; nombre: string }[];
    const curso = cursos.find((c) => texto.startsWith(c.nombre))!;
    expect(curso, texto).toBeTruthy();
    const rs = await page.request.get(`/api/cursos/${curso.orden}/horarios/${cicloActual()}`);
    expect(rs.status(), await rs.text()).toBe(200);
    const actual = (await rs.json()) as {
      bloques: { dia: number; bloque: number; cursado: string; aula: string | null }[];
    };
    await opcion.click();
    await expect(page.getByTestId('curso-elegido')).toContainText(curso.nombre);
    expect(actual.bloques.length).toBeGreaterThan(0);
    const clases = grilla(page).getByTestId('clase');
    await expect(clases).toHaveCount(actual.bloques.length);
    for (const b of actual.bloques.slice(0, 5)) {
      await expect(celda(page, b)).toContainText(b.cursado);
      if (b.aula) await expect(celda(page, b)).toContainText(b.aula);
    }
    // Sin botones ni campos: sólo lectura.
    await expect(grilla(page).getByRole('button')).toHaveCount(0);
    await expect(grilla(page).getByRole('textbox')).toHaveCount(0);

    // La línea de la hora actual: miércoles (hoy), en el bloque de 09:40, y se mueve cada segundo.
    await page.clock.pauseAt(new Date('2025-06-11T10:00:00-03:00'));
    await expect(grilla(page).getByRole('columnheader', { name: 'Miércoles (hoy)' })).toBeVisible();
    const linea = grilla(page).getByTestId('linea-ahora');
    await expect(linea).toHaveCount(1);
    await expect(linea).toHaveText('10:00:00');
    await expect(
      grilla(page)
        .getByRole('row')
        .filter({ has: page.getByTestId('linea-ahora') }),
    ).toContainText('09:40');
    await expect(linea).toHaveAttribute('style', /top: 50%/);
    await page.clock.runFor(1000);
    await expect(linea).toHaveText('10:00:01');
    await expect(linea).toHaveAttribute('style', /top: 50\.04\d*%/);
    await page.screenshot({ path: '/tmp/horarios-readonly.png', fullPage: true });
    // axe usa temporizadores: el reloj vuelve a andar.
    await page.clock.resume();
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });

  test('la sección Horarios del legajo muestra la semana del alumno', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/');
    const mios = (await (await page.request.get('/api/mishorarios')).json()) as {
      alumno: number;
      bloques: { dia: number; bloque: number; cursado: string }[];
    };
    expect(mios.bloques.length).toBeGreaterThan(0);
    await cambiarDeCuenta(page, EMAIL_DEMO.alumnado, `/legajo/${mios.alumno}`);
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', { name: 'Horarios' })
      .click();
    await expect(page).toHaveURL(/seccion=horarios/);
    await expect(page.getByRole('heading', { level: 2, name: 'Horarios' })).toBeVisible();
    await expect(grilla(page).getByTestId('clase')).toHaveCount(mios.bloques.length);
    const b = mios.bloques[0]!;
    await expect(celda(page, b)).toContainText(b.cursado);
  });

  test('/horarios-externo (referente): la semana del hijo elegido', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referente, '/horarios-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Horarios' })).toBeVisible();
    const mios = (await (await page.request.get('/api/mishorarios')).json()) as {
      bloques: { dia: number; bloque: number; cursado: string; aula: string | null }[];
    };
    expect(mios.bloques.length).toBeGreaterThan(0);
    await expect(grilla(page).getByTestId('clase')).toHaveCount(mios.bloques.length);
    for (const b of mios.bloques.slice(0, 3)) await expect(celda(page, b)).toContainText(b.cursado);
    await page.screenshot({ path: '/tmp/horarios-externo-referente.png', fullPage: true });
  });
});

test.describe('/horarios-externo en el teléfono', () => {
  test('alumno: un día a la vez, hoy primero, con un selector de día; nada se superpone a 360 px @telefono', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await relojEnMiercoles(page);
    await ingresarComo(page, EMAIL_DEMO.alumno, '/horarios-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Horarios' })).toBeVisible();
    const mios = (await (await page.request.get('/api/mishorarios')).json()) as {
      bloques: { dia: number; bloque: number; cursado: string; aula: string | null }[];
    };
    // La semana entera no se ve; un día, sí: hoy (miércoles) primero.
    // Ninguna grilla semanal a la vista (mientras llega la página puede haber dos en el DOM).
    await expect(grilla(page)).toHaveCount(0);
    // La vista de un día visible (mientras llega la página puede haber otra, oculta, en el DOM).
    const dia = page.getByTestId('horario-un-dia').filter({ visible: true });
    await expect(dia).toBeVisible();
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Miércoles (hoy)');
    await expect(dia.getByRole('radio', { name: 'Miércoles' })).toBeChecked();
    const items = dia.getByTestId('bloque-del-dia');
    await expect(items).toHaveCount(16);
    for (const b of mios.bloques.filter((x) => x.dia === 3))
      await expect(items.nth(b.bloque - 1)).toContainText(b.cursado);
    // El bloque en curso (09:40 a 10:20) dice "Ahora".
    await expect(items.nth(3)).toContainText(/Ahora \((09:5\d|10:0\d):\d\d\)/);

    // Otro día: el sábado, sólo la mañana.
    await dia.getByText('Sáb', { exact: true }).click();
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Sábado');
    await expect(items).toHaveCount(6);
    await dia.getByText('Vie', { exact: true }).click();
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Viernes');
    for (const b of mios.bloques.filter((x) => x.dia === 5))
      await expect(items.nth(b.bloque - 1)).toContainText(b.cursado);
    // Con el teclado: las flechas cambian de día (un grupo de radios).
    await dia.getByRole('radio', { name: 'Viernes' }).press('ArrowLeft');
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Jueves');
    await expect(dia.getByRole('radio', { name: 'Jueves' })).toBeFocused();
    await expect(dia.getByRole('radio', { name: 'Jueves' })).toBeChecked();
    await dia.getByText('Vie', { exact: true }).click();
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Viernes');

    // A 360 px nada se sale de la pantalla ni se superpone.
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(360);
    const cajas = await items.evaluateAll((xs) =>
      xs.map((x) => {
        const r = x.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
    for (let i = 1; i < cajas.length; i++)
      expect(cajas[i]!.top).toBeGreaterThanOrEqual(cajas[i - 1]!.bottom);
    for (const c of cajas) expect(c.right).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/horarios-telefono.png', fullPage: true });
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });
});
