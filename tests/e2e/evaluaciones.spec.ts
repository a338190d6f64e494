/**
 * Vistas de sólo lectura de las evaluaciones (spec 01 §2 Evaluations, §9): /evaluaciones-readonly
 * (personal: las próximas por curso; un preceptor, sólo sus cursos) y /evaluaciones-externo
 * (alumno y referente, en el teléfono: 'Hoy es …', tarjetas con la cuenta regresiva o 'Sin
 * resultados'). Los estados se arman por la API REST como los docentes de cada cursado (cancelan
 * y vuelven a reservar sus evaluaciones) y se restauran al terminar. Además: el docente reserva y
 * cancela desde la pestaña Clases de /cronograma (y el alumno lo ve en el teléfono), la sección
 * Evaluaciones del legajo y el calendario personal (.ics por una dirección privada).
 */
import { expect, request as pedidos, test, type APIRequestContext, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cambiarDeCuenta,
  cuenta,
  ingresarComo,
  leerIcs,
  quitarEnlaceCalendario,
  regenerarEnlaceCalendario,
  selector,
} from './ayudas';
import { archivoDeSesion } from './sesiones';

interface EvaluacionMia {
  evaluacionId: number;
  fecha: string;
  cursadoId: number;
  cursado: string;
  materia: string | null;
  inicio: string | null;
  texto: string;
  color: 'green' | 'red' | 'yellow' | null;
}
interface Mias {
  hoy: string;
  alumno: number;
  evaluaciones: EvaluacionMia[];
  /** Las PIC y las mesas del alumno (issue 16): sus tarjetas se prueban en pics.spec.ts. */
  examenes: { tipo: 'pic' | 'mesa'; materia: string; aula: string | null }[];
}
interface Proximas {
  hoy: string;
  cursos: {
    cursoId: number;
    curso: string;
    evaluaciones: { evaluacionId: number; fecha: string; materia: string | null; cuenta: string }[];
  }[];
}

const visibles = (l: ReturnType<Page['getByTestId']>) => l.filter({ visible: true });

const DIA = 86_400_000;
const dias = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA);

/** La cuenta regresiva esperada de las vistas de alumnos (spec 01 §9), escrita a mano. */
function esperada(hoy: string, fecha: string): { texto: string; color: string } {
  const n = dias(hoy, fecha);
  if (n === 0) return { texto: 'Éxitos ;)', color: 'green' };
  if (n === 1) return { texto: 'Falta 1 día', color: 'red' };
  return { texto: `Faltan ${n} días`, color: n <= 7 ? 'yellow' : 'ninguno' };
}

/** La cuenta del resumen del personal (spec 01 §9). */
function esperadaResumen(hoy: string, fecha: string): string {
  const n = dias(hoy, fecha);
  return n === 0 ? 'Hoy' : n === 1 ? 'Falta 1 día' : `Faltan ${n} días`;
}

/** 'lunes 23 de noviembre de 2026' con el formateador del navegador (es-AR), sin la coma. */
const fechaLarga = (f: string) =>
  new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${f}T00:00:00Z`))
    .replace(',', '');

/** 'lunes 15 de junio' (los nombres accesibles de los botones de /cronograma). */
const fechaSinAnio = (f: string) =>
  new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
    .format(new Date(`${f}T12:00:00Z`))
    .replace(',', '');

const ddmmaaaa = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;

async function json<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/** Una sesión propia por la API (ingreso de demostración) de cualquier usuario, como Docente. */
async function sesionDocente(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await pedidos.newContext({ baseURL });
  const { csrfToken } = await json<{ csrfToken: string }>(await ctx.get('/api/auth/csrf'));
  const r = await ctx.post('/api/auth/callback/dev', {
    form: { csrfToken, email, callbackUrl: '/' },
    maxRedirects: 0,
  });
  expect(r.headers()['location'] ?? '', `ingreso de ${email}`).not.toContain('error');
  await json(await ctx.get('/api/login/change/1'));
  return ctx;
}

/** El email de un docente del cursado (el administrador consulta los docentes y los usuarios). */
async function emailDocente(admin: APIRequestContext, cursado: number): Promise<string> {
  const [docente] = await json<{ orden: number; apellido: string }[]>(
    await admin.get(`/api/cursados/${cursado}/docentes`),
  );
  expect(docente, `docente del cursado ${cursado}`).toBeTruthy();
  const { items } = await json<{ items: { id: number; detalle: string | null }[] }>(
    await admin.get(`/api/usuarios?q=${encodeURIComponent(docente!.apellido)}&limit=50`),
  );
  const email = items.find((u) => u.id === docente!.orden)?.detalle;
  expect(email, `email del docente ${docente!.orden}`).toBeTruthy();
  return email!;
}

/**
 * Cancela las evaluaciones dadas como sus docentes y devuelve cómo volver a reservarlas (el mismo
 * cursado y la misma fecha): la restauración de la prueba.
 */
async function cancelarTodas(
  baseURL: string,
  evaluaciones: readonly EvaluacionMia[],
): Promise<() => Promise<void>> {
  const admin = await pedidos.newContext({
    baseURL,
    storageState: archivoDeSesion(EMAIL_DEMO.admin),
  });
  const docentes = new Map<number, APIRequestContext>();
  const canceladas: EvaluacionMia[] = [];
  const restaurar = async () => {
    for (const e of canceladas) {
      const r = await docentes.get(e.cursadoId)!.post('/api/evaluacion/save', {
        data: { cursado: e.cursadoId, fecha: e.fecha },
      });
      expect(r.status(), `volver a reservar ${e.cursado} ${e.fecha}: ${await r.text()}`).toBe(200);
    }
    canceladas.length = 0;
    for (const c of docentes.values()) await c.dispose();
    await admin.dispose();
  };
  try {
    for (const e of evaluaciones) {
      if (!docentes.has(e.cursadoId))
        docentes.set(
          e.cursadoId,
          await sesionDocente(baseURL, await emailDocente(admin, e.cursadoId)),
        );
      const r = await docentes.get(e.cursadoId)!.delete(`/api/delete/evaluacion/${e.evaluacionId}`);
      expect(r.status(), `cancelar ${e.cursado} ${e.fecha}: ${await r.text()}`).toBe(200);
      canceladas.push(e);
    }
  } catch (error) {
    await restaurar();
    throw error;
  }
  return restaurar;
}

/** Elige un hijo en el selector de la barra (en el teléfono, dentro del menú lateral). */
async function elegirHijo(page: Page, etiqueta: string) {
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true')
    await burger.click();
  await selector(page, 'Alumno').selectOption({ label: etiqueta });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) === 'true')
    await burger.click();
}

/** Comprueba cada tarjeta contra lo que devuelve la API, con los textos y colores esperados. */
async function verTarjetas(page: Page, datos: Mias) {
  const todas = visibles(page.getByTestId('tarjeta-evaluacion'));
  await expect(todas).toHaveCount(datos.evaluaciones.length + datos.examenes.length);
  const tarjetas = todas.and(page.locator('[data-tipo="evaluacion"]'));
  await expect(tarjetas).toHaveCount(datos.evaluaciones.length);
  for (const [i, e] of datos.examenes.entries())
    await expect(
      todas.and(page.locator(`[data-tipo="${e.tipo}"]`)).filter({
        hasText: `${e.tipo === 'pic' ? 'PIC' : 'Mesa'} de ${e.materia}`,
      }),
      `examen ${i}`,
    ).not.toHaveCount(0);
  for (const [i, e] of datos.evaluaciones.entries()) {
    const t = tarjetas.nth(i);
    const { texto, color } = esperada(datos.hoy, e.fecha);
    await expect(t.getByRole('heading', { level: 2 })).toHaveText(e.materia ?? e.cursado);
    await expect(t.getByTestId('fecha-evaluacion')).toContainText(ddmmaaaa(e.fecha));
    await expect(t.getByTestId('inicio-evaluacion')).toHaveText(
      e.inicio ? `Comienza a las ${e.inicio}` : 'Horario a confirmar',
    );
    await expect(t.getByTestId('cuenta-regresiva')).toHaveText(texto);
    await expect(t).toHaveAttribute('data-color', color);
  }
}

test.describe('Evaluaciones del personal: /evaluaciones-readonly', () => {
  test('preceptor: sólo sus cursos, cada evaluación con fecha, hora y cuenta; imprimir', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Evaluaciones' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/evaluaciones-readonly$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones' })).toBeVisible();

    const propios = (
      await json<{ nombre: string }[]>(await page.request.get('/api/cursos_preceptor'))
    ).map((c) => c.nombre);
    const datos = await json<Proximas>(await page.request.get('/api/evaluaciones'));
    expect(datos.cursos.length, 'el preceptor tiene evaluaciones en sus cursos').toBeGreaterThan(0);
    await expect(visibles(page.getByTestId('hoy-es'))).toHaveText(
      `Hoy es ${fechaLarga(datos.hoy)}`,
    );

    const secciones = visibles(page.getByTestId('curso-evaluaciones'));
    await expect(secciones).toHaveCount(datos.cursos.length);
    const titulos = await secciones.getByRole('heading', { level: 2 }).allTextContents();
    expect(titulos).toEqual(datos.cursos.map((c) => c.curso));
    for (const t of titulos) expect(propios).toContain(t);

    for (const [i, c] of datos.cursos.entries()) {
      const filas = secciones.nth(i).getByTestId('evaluacion');
      await expect(filas).toHaveCount(c.evaluaciones.length);
      for (const [j, e] of c.evaluaciones.entries()) {
        await expect(filas.nth(j)).toContainText(ddmmaaaa(e.fecha));
        await expect(filas.nth(j).getByTestId('cuenta')).toHaveText(
          esperadaResumen(datos.hoy, e.fecha),
        );
      }
    }
    await expect(secciones.first().getByRole('columnheader')).toHaveText([
      'Materia',
      'Fecha',
      'Comienza',
      'Cuándo',
    ]);
    await expect(secciones.first().getByTestId('evaluacion').first()).toContainText(/\d\d:\d\d|—/);

    // 'Imprimir' llama a la impresión del navegador; en papel no salen la barra ni el botón.
    await page.evaluate(() => {
      (window as unknown as { impresiones: number }).impresiones = 0;
      window.print = () => {
        (window as unknown as { impresiones: number }).impresiones++;
      };
    });
    await page.getByRole('button', { name: 'Imprimir' }).click();
    expect(
      await page.evaluate(() => (window as unknown as { impresiones: number }).impresiones),
    ).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(secciones.first()).toBeVisible();
    await page.screenshot({ path: '/tmp/evaluaciones-readonly-impresion.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.screenshot({ path: '/tmp/evaluaciones-readonly-preceptor.png', fullPage: true });
  });

  test('alumnado: todos los cursos con evaluaciones, más que los del preceptor', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/evaluaciones-readonly');
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones' })).toBeVisible();
    const datos = await json<Proximas>(await page.request.get('/api/evaluaciones'));
    const secciones = visibles(page.getByTestId('curso-evaluaciones'));
    await expect(secciones).toHaveCount(datos.cursos.length);
    expect(await secciones.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      datos.cursos.map((c) => c.curso),
    );
    await expect(visibles(page.getByTestId('evaluacion'))).toHaveCount(
      datos.cursos.reduce((n, c) => n + c.evaluaciones.length, 0),
    );
    await expect(page.getByText('Sin resultados')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/evaluaciones-readonly-alumnado.png' });

    // Más cursos que el preceptor (que ve sólo los suyos).
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/evaluaciones-readonly');
    const delPreceptor = await json<Proximas>(await page.request.get('/api/evaluaciones'));
    expect(datos.cursos.length).toBeGreaterThan(delPreceptor.cursos.length);
    await expect(visibles(page.getByTestId('curso-evaluaciones'))).toHaveCount(
      delPreceptor.cursos.length,
    );
  });

  test('los alumnos no abren la vista del personal', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/evaluaciones-readonly');
    await expect(page.getByTestId('curso-evaluaciones')).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/evaluaciones-readonly$/);
  });
});

test.describe('Evaluaciones del alumno en el teléfono @telefono', () => {
  test('alumno: "Sin resultados" y, con evaluaciones, sus tarjetas con la cuenta regresiva', async ({
    page,
    baseURL,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/evaluaciones-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones' })).toBeVisible();
    const antes = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    expect(
      antes.evaluaciones.length,
      'la demostración reserva evaluaciones del alumno en las próximas semanas',
    ).toBeGreaterThan(0);
    await expect(visibles(page.getByTestId('hoy-es'))).toHaveText(
      `Hoy es ${fechaLarga(antes.hoy)}`,
    );
    await verTarjetas(page, antes);

    // Sin evaluaciones en los próximos 30 días: 'Sin resultados'.
    const restaurar = await cancelarTodas(baseURL!, antes.evaluaciones);
    try {
      expect(
        (await json<Mias>(await page.request.get('/api/misevaluaciones'))).evaluaciones,
      ).toEqual([]);
      await page.reload();
      await expect(visibles(page.getByTestId('hoy-es'))).toHaveText(
        `Hoy es ${fechaLarga(antes.hoy)}`,
      );
      // Quedan las tarjetas de sus PIC y mesas (issue 16), si tiene; si no, 'Sin resultados'.
      const { examenes } = await json<Mias>(await page.request.get('/api/misevaluaciones'));
      await expect(
        page.locator('[data-testid="tarjeta-evaluacion"][data-tipo="evaluacion"]'),
      ).toHaveCount(0);
      await expect(visibles(page.getByTestId('tarjeta-evaluacion'))).toHaveCount(examenes.length);
      if (examenes.length === 0)
        await expect(visibles(page.getByText('Sin resultados', { exact: true }))).toBeVisible();
      await page.screenshot({ path: '/tmp/evaluaciones-externo-vacio.png' });
    } finally {
      await restaurar();
    }

    // De nuevo reservadas (mismo cursado y fecha): las tarjetas vuelven.
    const despues = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    expect(despues.evaluaciones.map((e) => [e.cursadoId, e.fecha])).toEqual(
      antes.evaluaciones.map((e) => [e.cursadoId, e.fecha]),
    );
    await page.reload();
    await expect(page.getByText('Sin resultados', { exact: true })).toHaveCount(0);
    await verTarjetas(page, despues);
    // La cuenta regresiva, con su color, entra en el teléfono sin desplazamiento horizontal.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: '/tmp/evaluaciones-externo-alumno.png', fullPage: true });
  });

  test('referente: las del hijo elegido y, al cambiar de hijo, las del otro', async ({ page }) => {
    const alumno = cuenta(EMAIL_DEMO.alumno);
    const nombreAlumno = `${alumno.apellido}, ${alumno.nombre}`;
    await ingresarComo(page, EMAIL_DEMO.referente, '/evaluaciones-externo');
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones' })).toBeVisible();
    await expect(selector(page, 'Alumno').locator('option:checked')).toContainText(nombreAlumno);
    const primero = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    await expect(visibles(page.getByTestId('hoy-es'))).toHaveText(
      `Hoy es ${fechaLarga(primero.hoy)}`,
    );
    await verTarjetas(page, primero);

    const opciones = await selector(page, 'Alumno').getByRole('option').allTextContents();
    const otro = opciones.find((o) => !o.startsWith(nombreAlumno));
    expect(otro, 'el referente tiene otro hijo').toBeTruthy();
    await elegirHijo(page, otro!);
    await expect(selector(page, 'Alumno').locator('option:checked')).toHaveText(otro!);
    const segundo = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    expect(segundo.alumno).not.toBe(primero.alumno);
    await expect(page.getByTestId('tarjeta-evaluacion').first()).toBeVisible();
    await verTarjetas(page, segundo);
    expect(segundo.evaluaciones.map((e) => e.evaluacionId)).not.toEqual(
      primero.evaluaciones.map((e) => e.evaluacionId),
    );
    await page.screenshot({ path: '/tmp/evaluaciones-externo-referente.png', fullPage: true });

    // Vuelve al primero para no cambiar el estado de las otras pruebas.
    await elegirHijo(
      page,
      opciones.find((o) => o !== otro)!,
    );
    await expect(selector(page, 'Alumno').locator('option:checked')).toContainText(nombreAlumno);
  });
});

interface Lugar {
  fecha: string;
  estado: string;
  evaluacionId: number | null;
}

test.describe('Reservar desde /cronograma y verlo en el teléfono @telefono', () => {
  test('el docente reserva una evaluación en una clase futura; el alumno la ve con su cuenta; el docente la cancela', async ({
    page,
  }) => {
    // Un cursado del alumno de demostración que dicta el docente de demostración.
    await ingresarComo(page, EMAIL_DEMO.alumno, '/evaluaciones-externo');
    const { hoy } = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    const semana = await json<{ bloques: { cursadoId: number }[] }>(
      await page.request.get('/api/mishorarios'),
    );
    const delAlumno = new Set(semana.bloques.map((b) => b.cursadoId));
    await cambiarDeCuenta(page, EMAIL_DEMO.docente, '/cronograma');
    const { cursados } = await json<{ cursados: { cursadoId: number }[] }>(
      await page.request.get('/api/cronograma'),
    );
    const cursado = cursados.find((c) => delAlumno.has(c.cursadoId));
    expect(cursado, 'el docente de demostración enseña al alumno de demostración').toBeTruthy();
    const id = cursado!.cursadoId;
    const { lugares } = await json<{ lugares: Lugar[] }>(
      await page.request.get(`/api/evaluaciones_disponibles/${id}`),
    );
    const lugar = lugares.find((l) => l.estado === 'disponible' && dias(hoy, l.fecha) <= 30);
    expect(lugar, 'una clase disponible en los próximos 30 días').toBeTruthy();
    const fecha = lugar!.fecha;

    await page.goto(`/cronograma/${id}/clases`);
    const tarjeta = page.locator(`[data-testid="clase"][data-fecha="${fecha}"]`);
    const reservar = tarjeta.getByRole('button', {
      name: `Reservar evaluación el ${fechaSinAnio(fecha)}`,
    });
    await reservar.scrollIntoViewIfNeeded();
    await reservar.click();
    await expect(tarjeta.getByTestId('lugar-evaluacion')).toHaveAttribute(
      'data-estado',
      'reservada',
    );
    await expect(tarjeta.getByText('Evaluación reservada', { exact: true })).toBeVisible();
    await expect(page.getByTestId('evaluaciones-reservadas')).toContainText(fechaSinAnio(fecha));
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await tarjeta.screenshot({ path: '/tmp/cronograma-reserva-telefono.png' });

    try {
      await cambiarDeCuenta(page, EMAIL_DEMO.alumno, '/evaluaciones-externo');
      const mias = await json<Mias>(await page.request.get('/api/misevaluaciones'));
      const suya = mias.evaluaciones.find((e) => e.cursadoId === id && e.fecha === fecha);
      expect(suya, 'la reserva aparece entre las del alumno').toBeTruthy();
      await verTarjetas(page, mias);
      const i = mias.evaluaciones.indexOf(suya!);
      await expect(
        visibles(page.getByTestId('tarjeta-evaluacion')).nth(i).getByTestId('cuenta-regresiva'),
      ).toHaveText(esperada(hoy, fecha).texto);
      await page.screenshot({ path: '/tmp/evaluaciones-externo-reservada.png', fullPage: true });
    } finally {
      // El docente la cancela desde la misma pantalla, con la confirmación.
      await cambiarDeCuenta(page, EMAIL_DEMO.docente, `/cronograma/${id}/clases`);
      const cancelar = tarjeta.getByRole('button', {
        name: `Cancelar la evaluación del ${fechaSinAnio(fecha)}`,
      });
      await cancelar.scrollIntoViewIfNeeded();
      await cancelar.click();
      const dialogo = page.getByRole('dialog', { name: '¿Cancelar la evaluación?' });
      await expect(dialogo).toContainText(fechaSinAnio(fecha));
      await dialogo.getByRole('button', { name: 'Cancelar la evaluación', exact: true }).click();
      await expect(tarjeta.getByTestId('lugar-evaluacion')).toHaveAttribute(
        'data-estado',
        'disponible',
      );
    }
    const final = await json<{ lugares: Lugar[] }>(
      await page.request.get(`/api/evaluaciones_disponibles/${id}`),
    );
    expect(final.lugares.find((l) => l.fecha === fecha)?.estado).toBe('disponible');
  });
});

test.describe('La sección Evaluaciones del legajo y el calendario personal', () => {
  test('alumnado: el legajo muestra las próximas evaluaciones del alumno con su cuenta', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/');
    const mias = await json<Mias>(await page.request.get('/api/misevaluaciones'));
    expect(mias.evaluaciones.length).toBeGreaterThan(0);
    await cambiarDeCuenta(page, EMAIL_DEMO.alumnado, `/legajo/${mias.alumno}`);
    await page
      .getByRole('navigation', { name: 'Secciones del legajo' })
      .getByRole('link', { name: 'Evaluaciones' })
      .click();
    await expect(page).toHaveURL(/seccion=evaluaciones/);
    await expect(page.getByRole('heading', { level: 2, name: 'Evaluaciones' })).toBeVisible();
    await expect(visibles(page.getByTestId('hoy-es'))).toHaveText(`Hoy es ${fechaLarga(mias.hoy)}`);
    const tarjetas = visibles(page.getByTestId('tarjeta-evaluacion')).and(
      page.locator('[data-tipo="evaluacion"]'),
    );
    await expect(tarjetas).toHaveCount(mias.evaluaciones.length);
    await expect(visibles(page.getByTestId('tarjeta-evaluacion'))).toHaveCount(
      mias.evaluaciones.length + mias.examenes.length,
    );
    const e = mias.evaluaciones[0]!;
    await expect(tarjetas.first().getByRole('heading', { level: 3 })).toHaveText(
      e.materia ?? e.cursado,
    );
    await expect(tarjetas.first().getByTestId('cuenta-regresiva')).toHaveText(
      esperada(mias.hoy, e.fecha).texto,
    );
  });

  test('referente: crea el enlace, el .ics se lee sin sesión; uno nuevo anula el anterior; quitarlo lo anula', async ({
    page,
    baseURL,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.referenteOtro, '/evaluaciones-externo');
    const caja = page.getByTestId('calendario-personal');
    await expect(caja.getByRole('heading', { name: 'Calendario personal' })).toBeVisible();
    await expect(caja).toContainText('las evaluaciones de sus hijos');
    await caja.getByRole('button', { name: 'Crear mi enlace de calendario' }).click();
    const campo = caja.getByRole('textbox', { name: 'Enlace privado del calendario' });
    await expect(campo).toHaveValue(/\/api\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    const primero = await campo.inputValue();
    expect(primero.startsWith(`${baseURL}/api/ics/`)).toBe(true);
    await expect(caja.getByRole('link', { name: 'Abrir en el teléfono' })).toHaveAttribute(
      'href',
      primero.replace(/^http:/, 'webcal:'),
    );

    // Un calendario (sin cookies) lo lee: text/calendar con las evaluaciones de los hijos.
    const calendario = await pedidos.newContext({ baseURL });
    try {
      const ics = await leerIcs(calendario, primero);
      const hijo = await json<Mias>(await page.request.get('/api/misevaluaciones'));
      for (const e of hijo.evaluaciones) expect(ics).toContain(`UID:evaluacion-${e.evaluacionId}-`);

      const segundo = await regenerarEnlaceCalendario(
        page,
        caja,
        calendario,
        'Generar un enlace nuevo',
      );
      // Malformado o inventado: 404, sin detalles.
      expect((await calendario.get('/api/ics/%00')).status()).toBeGreaterThanOrEqual(400);
      expect((await calendario.get(`/api/ics/${'A'.repeat(43)}.ics`)).status()).toBe(404);

      await quitarEnlaceCalendario(page, caja, calendario, segundo);
    } finally {
      await calendario.dispose();
    }
  });
});
