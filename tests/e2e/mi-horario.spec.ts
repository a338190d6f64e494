/**
 * Mi horario (issue 32 §5): el docente abre su semana desde la grilla de inicio y ve los bloques
 * de todos sus cursados (materia, curso y aula) con hoy marcado; en el teléfono, un día a la vez;
 * sin horas en el ciclo elegido, el aviso; y su calendario: el enlace privado se copia, se
 * regenera (con confirmación: el anterior da 404) y se quita. Lo esperado sale del contrato REST
 * (GET /api/miscursados y /api/cursados/{id}/horarios), no de la pantalla.
 */
import { expect, request as pedidos, test, type Locator, type Page } from './prueba';
import {
  cicloActual,
  EMAIL_DEMO,
  elegir,
  ingresarComo,
  leerIcs,
  quitarEnlaceCalendario,
  regenerarEnlaceCalendario,
  violacionesGraves,
} from './ayudas';

/** Miércoles 25 de noviembre (el día escolar fijo de las pruebas es el martes 24). */
const MIERCOLES = new Date('2026-11-25T09:58:00-03:00');

interface Esperado {
  dia: number;
  bloque: number;
  aula: string | null;
  materias: string[];
  cursos: string[];
}

/** Los bloques del docente de la sesión, leídos por el contrato REST de cada uno de sus cursados. */
async function bloquesDelDocente(page: Page): Promise<Esperado[]> {
  const r = await page.request.get('/api/miscursados');
  expect(r.status(), await r.text()).toBe(200);
  const mios = (await r.json()) as {
    cursadoId: number;
    materiasPermitidas: { nombre: string }[];
  }[];
  const bloques: Esperado[] = [];
  for (const c of mios) {
    const h = await page.request.get(`/api/cursados/${c.cursadoId}/horarios`);
    expect(h.status(), await h.text()).toBe(200);
    const { cursado, bloques: suyos } = (await h.json()) as {
      cursado: { cursos: { nombre: string }[] };
      bloques: { dia: number; bloque: number; aula: string | null }[];
    };
    for (const b of suyos)
      bloques.push({
        ...b,
        materias: c.materiasPermitidas.map((m) => m.nombre),
        cursos: cursado.cursos.map((x) => x.nombre),
      });
  }
  return bloques;
}

const grilla = (page: Page) => page.getByTestId('grilla-horario').filter({ visible: true });
const celda = (page: Page, b: { dia: number; bloque: number }): Locator =>
  grilla(page).locator(`td[data-dia="${b.dia}"][data-bloque="${b.bloque}"]`);

test.describe('/mi-horario', () => {
  test('el docente ve su semana: cada bloque con materia, curso y aula, hoy marcado; su calendario se copia, se regenera y se quita', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install({ time: MIERCOLES });
    await ingresarComo(page, EMAIL_DEMO.docente, '/');
    await page.getByTestId('modulo').filter({ hasText: 'Mi horario' }).click();
    await expect(page).toHaveURL(/\/mi-horario$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi horario' })).toBeVisible();

    const esperados = await bloquesDelDocente(page);
    // La semilla le da horas en el ciclo, en más de un curso.
    expect(esperados.length).toBeGreaterThan(3);
    expect(new Set(esperados.map((b) => b.cursos.join())).size).toBeGreaterThan(1);
    await expect(grilla(page).getByTestId('clase')).toHaveCount(esperados.length);
    for (const b of esperados) {
      const c = celda(page, b);
      await expect(c).toContainText(b.materias[0]!);
      await expect(c).toContainText(b.cursos[0]!);
      if (b.aula) await expect(c).toContainText(b.aula);
    }
    // Hoy (miércoles) marcado en la cabecera y en su columna.
    await expect(
      grilla(page).getByRole('columnheader', { name: 'Miércoles (hoy)' }),
    ).toHaveAttribute('aria-current', 'date');
    await expect(grilla(page).locator('td[data-hoy]')).toHaveCount(16);
    await expect(grilla(page).locator('td[data-hoy]').first()).toHaveAttribute('data-dia', '3');
    await page.screenshot({ path: '/tmp/mi-horario.png', fullPage: true });
    await page.clock.resume();

    // El calendario: crear el enlace, leerlo sin sesión, copiarlo, regenerarlo y quitarlo.
    const caja = page.getByTestId('calendario-horario');
    await caja.getByRole('button', { name: 'Crear mi enlace de calendario' }).click();
    const campo = caja.getByRole('textbox', { name: 'Enlace privado del calendario' });
    await expect(campo).toHaveValue(/\/api\/ics\/horario\/[A-Za-z0-9_-]{43}\.ics$/);
    const primero = await campo.inputValue();
    expect(primero.startsWith(`${baseURL}/api/ics/horario/`)).toBe(true);
    await caja.screenshot({ path: '/tmp/mi-horario-enlace.png' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await caja.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(caja.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(primero);

    const calendario = await pedidos.newContext({ baseURL });
    try {
      const ics = await leerIcs(calendario, primero);
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(esperados.length);
      expect(ics).toContain(`RRULE:FREQ=WEEKLY;UNTIL=${cicloActual()}1216T025900Z`);

      const segundo = await regenerarEnlaceCalendario(
        page,
        caja,
        calendario,
        'Regenerar el enlace',
      );
      // Inventado: 404.
      expect((await calendario.get(`/api/ics/horario/${'A'.repeat(43)}.ics`)).status()).toBe(404);

      await quitarEnlaceCalendario(page, caja, calendario, segundo);
    } finally {
      await calendario.dispose();
    }
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });

  test('sin horas en el ciclo elegido: el aviso, sin grilla ni enlace', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente, '/mi-horario');
    await expect(grilla(page).getByTestId('clase').first()).toBeVisible();
    const anterior = cicloActual() - 1;
    await elegir(page, 'Ciclo lectivo', String(anterior));
    await expect(page.getByTestId('sin-horarios')).toHaveText(
      `No tiene horas asignadas en el ciclo ${anterior}.`,
    );
    await expect(page.getByTestId('grilla-horario')).toHaveCount(0);
    await expect(page.getByTestId('calendario-horario')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/mi-horario-vacio.png', fullPage: true });
  });

  test('otros roles no la abren', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/mi-horario');
    // El guardia de la página lo devuelve al inicio.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi horario' })).toHaveCount(0);
    await expect(page.getByTestId('modulo').filter({ hasText: 'Mi horario' })).toHaveCount(0);
  });
});

test.describe('/mi-horario en el teléfono', () => {
  test('un día a la vez, hoy primero, cada bloque con materia, curso y aula; nada se sale a 390 px @telefono', async ({
    page,
  }) => {
    await page.clock.install({ time: MIERCOLES });
    await ingresarComo(page, EMAIL_DEMO.docente, '/mi-horario');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi horario' })).toBeVisible();
    const esperados = await bloquesDelDocente(page);
    // Ninguna grilla semanal a la vista (mientras llega la página puede haber dos en el DOM).
    await expect(grilla(page)).toHaveCount(0);
    // La vista de un día visible (mientras llega la página puede haber otra, oculta, en el DOM).
    const dia = page.getByTestId('horario-un-dia').filter({ visible: true });
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Miércoles (hoy)');
    const items = dia.getByTestId('bloque-del-dia');
    await expect(items).toHaveCount(16);
    const delDia = (d: number) => esperados.filter((b) => b.dia === d);
    for (const b of delDia(3)) {
      await expect(items.nth(b.bloque - 1)).toContainText(b.materias[0]!);
      await expect(items.nth(b.bloque - 1)).toContainText(b.cursos[0]!);
    }
    await expect(dia.getByTestId('clase')).toHaveCount(delDia(3).length);
    await dia.getByText('Lun', { exact: true }).click();
    await expect(dia.getByTestId('dia-elegido')).toHaveText('Lunes');
    await expect(dia.getByTestId('clase')).toHaveCount(delDia(1).length);
    for (const b of delDia(1)) await expect(items.nth(b.bloque - 1)).toContainText(b.cursos[0]!);
    await dia.getByText('Mié', { exact: true }).click();

    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('calendario-horario')).toBeVisible();
    await page.screenshot({ path: '/tmp/mi-horario-telefono.png', fullPage: true });
    await page.clock.resume();
    expect(await violacionesGraves(page, 'main')).toEqual([]);
  });
});
