/**
 * /pics (issue 16; spec 02 §2, §5, §9): Alumnado programa una PIC (selector de materias de a 4,
 * horario fijo, aula), ve sus alumnos y agrega uno a mano, la califica y la cierra; cambia el aula
 * de la PIC del alumno de demostración y el alumno la ve en /evaluaciones-externo ('PIC de
 * {materia}' con el aula), también en el teléfono; la pantalla vacía; axe.
 *
 * La planilla de la PIC depende de la fecha: antes de las pruebas, Alumnado deja en el calendario
 * del año las fechas de PIC del 1° cuatrimestre el 1° de enero (publicadas) y las del 2° abiertas
 * desde hoy hasta el 31 de diciembre, y al final restaura las sembradas (como notas.spec.ts).
 */
import { expect, test, type Browser, type Page } from './prueba';
import {
  cicloActual,
  EMAIL_DEMO,
  ingresarComo,
  masDias,
  comoOtraCuenta,
  ponerFechasDeNotas,
  violacionesGraves,
  type MarcaCalendario,
} from './ayudas';
import { fechasDePic } from '../../src/server/db/seed/pics';
import { textoFecha } from './campo-fecha';
import { FECHA_ESCOLAR } from './fecha';
import { HORARIOS_PIC } from '@/domain/pics';

const ciclo = cicloActual();
const hoy = FECHA_ESCOLAR;
const PIC = ['apertura_pic', 'cierre_pic', 'publicacion_pic'];

const comoAlumnado = <T>(browser: Browser, hacer: (page: Page) => Promise<T>) =>
  comoOtraCuenta(browser, EMAIL_DEMO.alumnado, hacer);

const dePic = (m: MarcaCalendario) => m.area === 'nota' && PIC.includes(m.tipo ?? '');

/*
 * Por diferencia con lo que hay (ponerFechasDeNotas): si una corrida anterior quedó a medias, el
 * beforeAll igual deja las de estas pruebas; el afterAll vuelve a las sembradas.
 */
test.beforeAll(async ({ browser }) => {
  await comoAlumnado(browser, (page) =>
    ponerFechasDeNotas(page, dePic, [
      ...PIC.map((tipo) => ({ fecha: `${ciclo}-01-01`, tipo, area: 'nota' })),
      { fecha: hoy, tipo: 'apertura_pic', area: 'nota' },
      { fecha: `${ciclo}-12-31`, tipo: 'cierre_pic', area: 'nota' },
      { fecha: `${ciclo}-12-31`, tipo: 'publicacion_pic', area: 'nota' },
    ]),
  );
});

test.afterAll(async ({ browser }) => {
  await comoAlumnado(browser, (page) => ponerFechasDeNotas(page, dePic, fechasDePic(ciclo)));
});

const tarjetas = (page: Page) => page.getByTestId('pic').filter({ visible: true });
const ddmmaaaa = (f: string) => f.split('-').reverse().join('/');

test('sin PIC en el año: Sin resultados', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/pics');
  await expect(page.getByRole('heading', { name: 'PIC', exact: true })).toBeVisible();
  // "Año" es un <select> nativo: elegir otro año cambia la dirección.
  const anio = page.getByRole('combobox', { name: 'Año' });
  await expect(anio).toHaveValue(String(ciclo));
  // Elegido antes de hidratar, el cambio no llega a React: se vuelve a elegir hasta que navega.
  await expect(async () => {
    await anio.selectOption('2021');
    await expect(page).toHaveURL(/\/pics\?anio=2021$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: 'Año' })).toHaveValue('2021');
  await expect(page.getByTestId('sin-resultados').filter({ visible: true })).toHaveText(
    'Sin resultados',
  );
});

test('Alumnado programa una PIC, ve y ajusta sus alumnos, la califica y la cierra', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/pics');
  await expect(tarjetas(page).first()).toBeVisible();
  const antes = await tarjetas(page).count();

  await page.getByRole('button', { name: 'Nueva PIC' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva PIC' });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('Seleccione una materia')).toBeVisible();

  // El selector: 4 materias por página; la primera sin PIC del 2° cuatrimestre.
  const opciones = dialogo.getByRole('listbox', { name: 'Materias' }).getByRole('option');
  await expect(opciones).toHaveCount(4);
  const libre = opciones.filter({ hasNotText: /Ya tiene PIC del (2°|1° y 2°)/ });
  for (let i = 0; i < 15 && (await libre.count()) === 0; i++) {
    const primera = await opciones.first().textContent();
    await dialogo.getByRole('button', { name: 'Siguiente' }).click();
    await expect(opciones.first()).not.toHaveText(primera!);
  }
  const elegida = libre.first();
  const materia = (await elegida.locator('p').first().textContent())!;
  await elegida.click();
  await expect(dialogo.getByTestId('materia-elegida')).toContainText(materia);
  // Cuatrimestre y Hora son <select> nativos; la hora, sólo los horarios fijos de la PIC.
  await dialogo.getByRole('combobox', { name: 'Cuatrimestre' }).selectOption('2° Cuatrimestre');
  const fecha = masDias(hoy, 10);
  await dialogo.getByRole('textbox', { name: 'Fecha' }).fill(textoFecha(fecha));
  const hora = dialogo.getByRole('combobox', { name: 'Hora' });
  await expect(hora.locator('option')).toHaveText(['Elija la hora', ...HORARIOS_PIC]);
  await hora.selectOption('10:30');
  await dialogo.getByRole('textbox', { name: 'Aula' }).fill('27');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  await expect(tarjetas(page)).toHaveCount(antes + 1);

  const tarjeta = tarjetas(page)
    .filter({ hasText: materia })
    .filter({ hasText: '2° Cuatrimestre' });
  await expect(tarjeta).toContainText('10:30');
  await expect(tarjeta.getByTestId('resumen-pic')).toContainText('Aula 27');

  // Sus alumnos: los que no aprobaron el 2° cuatrimestre; se agrega uno a mano.
  await tarjeta.getByRole('button', { name: 'Alumnos' }).click();
  const alumnos = tarjeta.getByTestId('alumnos-pic');
  await expect(alumnos).toBeVisible();
  const enLaPic = await alumnos.getByTestId('alumno-pic').count();
  await alumnos.getByRole('textbox', { name: 'Agregar un alumno' }).fill('a');
  const agregar = alumnos.getByRole('button', { name: /^Agregar a / }).first();
  const quien = (await agregar.getAttribute('aria-label'))!.replace(/^Agregar a /, '');
  await agregar.click();
  await expect(alumnos.getByTestId('alumno-pic')).toHaveCount(enLaPic + 1);
  await expect(alumnos.getByTestId('alumno-pic').filter({ hasText: quien })).toContainText(
    'Agregado',
  );

  // La planilla: una nota, guardar, cerrar.
  await tarjeta.getByRole('button', { name: 'Planilla' }).click();
  const planilla = tarjeta.getByTestId('planilla-pic');
  await expect(planilla.getByTestId('estado-planilla-pic')).toContainText('Abierta');
  const nota = planilla.getByRole('textbox', { name: `Nota de la PIC: ${quien}` });
  await nota.fill('11');
  await expect(nota).toHaveValue('');
  await nota.fill('7');
  await planilla.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Notas de la PIC guardadas.')).toBeVisible();
  await expect(planilla.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  expect(await violacionesGraves(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/pics-planilla.png', fullPage: true });

  await planilla.getByRole('button', { name: 'Cerrar planilla' }).click();
  const confirmar = page.getByRole('dialog', { name: '¿Cerrar la planilla de notas?' });
  await confirmar.getByRole('button', { name: 'Cerrar la planilla', exact: true }).click();
  await expect(planilla.getByTestId('estado-planilla-pic')).toContainText('Cerrada');
  await expect(planilla.getByRole('textbox')).toHaveCount(0);
  await expect(tarjeta.getByText('Cerrada', { exact: true })).toBeVisible();
  await expect(tarjeta.getByRole('button', { name: /^Borrar/ })).toHaveCount(0);
});

test('borrar una PIC pide confirmación: ¿Borrar la PIC?', async ({ page }) => {
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/pics');
  // Una PIC para borrar, programada por el contrato REST: una materia con PIC del 1° y sin la del 2°.
  const lista = (await (await page.request.get(`/api/pics/${ciclo}`)).json()) as {
    pics: { materia: { id: number }; cuatrimestre: number }[];
  };
  const materia = lista.pics.find(
    (p) =>
      p.cuatrimestre === 1 &&
      !lista.pics.some((q) => q.materia.id === p.materia.id && q.cuatrimestre === 2),
  )!.materia.id;
  const r = await page.request.post(`/api/pics/${ciclo}/${materia}/2`, {
    data: { comienzo: `${masDias(hoy, 12)}T16:30`, aula: 'Para borrar' },
  });
  expect(r.status(), await r.text()).toBe(200);
  await page.reload();
  await expect(tarjetas(page).first()).toBeVisible();
  const antes = await tarjetas(page).count();
  const boton = tarjetas(page)
    .filter({ hasText: 'Aula Para borrar' })
    .getByRole('button', { name: /^Borrar/ });
  await boton.click();
  const dialogo = page.getByRole('dialog', { name: '¿Borrar la PIC?' });
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(tarjetas(page)).toHaveCount(antes);
  await boton.click();
  await dialogo.getByRole('button', { name: 'Borrar', exact: true }).click();
  await expect(tarjetas(page)).toHaveCount(antes - 1);
  await expect(tarjetas(page).filter({ hasText: 'Aula Para borrar' })).toHaveCount(0);
});

test('el alumno ve su PIC con el aula en /evaluaciones-externo, también en el teléfono', async ({
  page,
  browser,
}) => {
  // Una PIC por venir del alumno de demostración (en 3 días, a las 09:00), que la prueba programa
  // en una materia suya sin PIC en ese cuatrimestre, lo agrega a mano y borra al terminar: no
  // depende de la fecha de la corrida ni de las PIC sembradas.
  await ingresarComo(page, EMAIL_DEMO.alumno, '/evaluaciones-externo');
  const { alumno } = (await (await page.request.get('/api/mispics')).json()) as { alumno: number };
  const fecha = masDias(hoy, 3);
  let camino = '';
  let materia = '';
  let cuatrimestre = 0;
  let creada = false;
  try {
    await comoAlumnado(browser, async (a) => {
      const cursados = (await (await a.request.get(`/api/alumnos/${alumno}/cursados`)).json()) as {
        inscripciones: { materiaId: number; materia: string | null }[];
      };
      const existentes = (await (await a.request.get(`/api/pics/${ciclo}`)).json()) as {
        pics: { materia: { id: number }; cuatrimestre: number }[];
      };
      const libre = cursados.inscripciones
        .flatMap((i) => [1, 2].map((c) => ({ ...i, c })))
        .find(
          (x) =>
            !existentes.pics.some((p) => p.materia.id === x.materiaId && p.cuatrimestre === x.c),
        );
      expect(libre, 'el alumno de demostración tiene una materia sin PIC').toBeDefined();
      camino = `/api/pics/${ciclo}/${libre!.materiaId}/${libre!.c}`;
      materia = libre!.materia!;
      cuatrimestre = libre!.c;
      const alta = await a.request.post(camino, {
        data: { comienzo: `${fecha}T09:00`, aula: '11' },
      });
      expect(alta.status(), await alta.text()).toBe(200);
      creada = true;
      // Si la regla ya lo pone en la PIC (no aprobó ese cuatrimestre), agregarlo a mano es un 400.
      const agregado = await a.request.put(`${camino}/alumnos`, {
        data: { alumno, accion: 'agregar' },
      });
      const texto = await agregado.text();
      if (agregado.status() !== 200) expect(texto).toContain('El alumno ya está en la PIC.');

      // Alumnado le cambia el aula desde la pantalla.
      await a.goto('/pics');
      const tarjeta = a
        .getByTestId('pic')
        .filter({ visible: true })
        .filter({ hasText: materia })
        .filter({ hasText: `${cuatrimestre}° Cuatrimestre` })
        .filter({ hasText: `${ddmmaaaa(fecha)}, 09:00` });
      await tarjeta.getByRole('button', { name: /^Editar/ }).click();
      const dialogo = a.getByRole('dialog', { name: `Editar la PIC de ${materia}` });
      await dialogo.getByRole('textbox', { name: 'Aula' }).fill('Taller 9');
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialogo).toBeHidden();
      await expect(tarjeta.getByTestId('resumen-pic')).toContainText('Aula Taller 9');
    });

    await page.reload();
    const tarjeta = page
      .getByTestId('tarjeta-evaluacion')
      .filter({ visible: true })
      .filter({ hasText: `PIC de ${materia}` })
      .filter({ has: page.getByText('Aula Taller 9') });
    await expect(tarjeta).toBeVisible();
    await expect(tarjeta).toHaveAttribute('data-tipo', 'pic');
    await expect(tarjeta.getByTestId('inicio-evaluacion')).toHaveText('Comienza a las 09:00');
    expect(await violacionesGraves(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(tarjeta).toBeVisible();
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/pics-alumno-telefono.png', fullPage: true });
  } finally {
    if (creada)
      await comoAlumnado(browser, async (a) => {
        expect((await a.request.delete(camino)).status()).toBe(200);
      });
  }
});

test('el docente carga la planilla de la PIC de su materia desde /notas', async ({
  page,
  browser,
}) => {
  await ingresarComo(page, EMAIL_DEMO.docente, '/notas');
  const mios = (await (await page.request.get('/api/miscursados')).json()) as {
    cursadoId: number;
    nombre: string;
    materiasPermitidas: { orden: number; nombre: string }[];
  }[];
  const cursado = mios.find((c) => c.materiasPermitidas.length > 0);
  expect(cursado, 'el docente de demostración tiene cursados con materia').toBeDefined();
  const materia = cursado!.materiasPermitidas[0]!;
  const camino = `/api/pics/${ciclo}/${materia.orden}/2`;
  let creada = false;
  await comoAlumnado(browser, async (a) => {
    const r = await a.request.get(`${camino}/alumnos`);
    expect([200, 404], await r.text()).toContain(r.status());
    if (r.status() === 404) {
      const c = await a.request.post(camino, {
        data: { comienzo: `${masDias(hoy, 5)}T13:30`, aula: '14' },
      });
      expect(c.status(), await c.text()).toBe(200);
      creada = true;
    }
    const { alumnos, otros } = (await (await a.request.get(`${camino}/alumnos`)).json()) as {
      alumnos: unknown[];
      otros: { alumnoId: number }[];
    };
    if (alumnos.length === 0) {
      const r2 = await a.request.put(`${camino}/alumnos`, {
        data: { alumno: otros[0]!.alumnoId, accion: 'agregar' },
      });
      expect(r2.status(), await r2.text()).toBe(200);
    }
  });
  try {
    await page.getByRole('combobox', { name: 'Cursado', exact: true }).fill(cursado!.nombre);
    await page
      .getByRole('option', {
        name: new RegExp(`^${cursado!.nombre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .first()
      .click();
    const seccion = page.getByTestId('pics-del-cursado');
    await expect(seccion.getByRole('heading', { name: 'PIC', exact: true })).toBeVisible();
    const planilla = seccion.getByTestId('planilla-pic').filter({
      has: page.getByRole('table', {
        name: new RegExp(`PIC de ${materia.nombre} - 2° Cuatrimestre`),
      }),
    });
    await expect(planilla.getByTestId('estado-planilla-pic')).toContainText('Abierta');
    const nota = planilla.getByRole('textbox', { name: /^Nota de la PIC: / }).first();
    await nota.fill('8');
    await planilla.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Notas de la PIC guardadas.')).toBeVisible();
    await expect(nota).toHaveValue('8');
    await expect(planilla.getByRole('button', { name: 'Imprimir' })).toHaveCount(0);
  } finally {
    if (creada)
      await comoAlumnado(browser, async (a) => {
        expect((await a.request.delete(camino)).status()).toBe(200);
      });
  }
});

test('/pics en el teléfono: la lista y el formulario caben en 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/pics');
  await expect(tarjetas(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Nueva PIC' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Nueva PIC' })
      .getByRole('listbox', { name: 'Materias' })
      .getByRole('option'),
  ).toHaveCount(4);
  const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/pics-telefono.png', fullPage: true });
});
