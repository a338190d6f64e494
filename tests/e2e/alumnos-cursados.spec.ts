/**
 * /alumnos-cursados (spec 02 §2; spec 01 §4, §5; issue 13): se elige un cursado del ciclo y una
 * de sus materias permitidas y se marcan los alumnos de sus cursos (sin cambios / agregado /
 * quitado) hasta "Guardar"; un alumno inscripto por otra materia muestra "Inscripto por …" y
 * marcarlo lo pasa a esta; los cursados sin materias o sin cursos muestran su estado vacío en rojo.
 */
import { expect, test, type APIRequestContext, type Page } from './prueba';
import { cicloActual, EMAIL_DEMO, ingresarComo } from './ayudas';
import { elegirDeLista, esperarRojo } from './asignaciones';

const ciclo = cicloActual();
const detalle = (page: Page) => page.getByTestId('detalle-alumnos-cursados');
const barra = (page: Page) => page.getByTestId('barra-guardar');
const filas = (page: Page) => page.getByTestId('alumno-cursado');

async function guardar(page: Page) {
  await barra(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
  await expect(barra(page)).toContainText('Sin cambios');
}

async function idMateria(request: APIRequestContext, codigo: string): Promise<number> {
  const r = await request.get(`/api/materias?q=${codigo}`);
  expect(r.status()).toBe(200);
  const { items } = (await r.json()) as { items: { orden: number; materiaCode: string }[] };
  return items.find((m) => m.materiaCode === codigo)!.orden;
}

async function idCurso(request: APIRequestContext, nombre: string): Promise<number> {
  const r = await request.get('/api/cursos');
  expect(r.status()).toBe(200);
  return ((await r.json()) as { orden: number; nombre: string }[]).find((c) => c.nombre === nombre)!
    .orden;
}

async function crearCursado(
  request: APIRequestContext,
  nombre: string,
  materias: number[],
): Promise<number> {
  const r = await request.post('/api/cursados', {
    data: { nombre, modalidad: 0, horas: 2, ciclo, materias, cursos: [] },
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { cursadoId: number }).cursadoId;
}

test.describe('/alumnos-cursados', () => {
  test('Alumnado quita y vuelve a inscribir a un alumno en un cursado', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos-cursados');
    await expect(
      page.getByRole('heading', { name: 'Alumnos por cursado', level: 1 }),
    ).toBeVisible();
    await expect(detalle(page).getByText('Seleccione un cursado')).toBeVisible();

    await elegirDeLista(page, 'Cursados', 'historia 2° 1°', 'Historia 2° 1°');
    await expect(page.getByRole('heading', { name: 'Historia 2° 1°', level: 2 })).toBeVisible();
    await expect(detalle(page).getByText('Materia: Historia')).toBeVisible();
    await expect(page.getByTestId('cuenta-inscriptos')).toBeVisible();
    const total = await filas(page).count();
    expect(total).toBeGreaterThan(5);
    const cuenta = page.getByTestId('cuenta-inscriptos');
    await expect(cuenta).toHaveText(`Inscriptos por Historia: ${total} de ${total}`);

    const primera = filas(page).first();
    const nombre = (await primera.locator('p').first().textContent())!;
    const casilla = page.getByRole('checkbox', { name: nombre, exact: true });
    await expect(casilla).toBeChecked();

    // Desmarcar: quitado; otra vez: sin cambios (spec 01 §4).
    await casilla.uncheck();
    await expect(primera).toHaveAttribute('data-estado', 'quitado');
    await expect(primera.getByText('Quitado')).toBeVisible();
    await expect(barra(page)).toContainText('Un cambio sin guardar');
    await casilla.check();
    await expect(primera).toHaveAttribute('data-estado', 'sinCambios');
    await expect(barra(page)).toContainText('Sin cambios');

    await casilla.uncheck();
    await page.screenshot({ path: '/tmp/asignaciones-alumnos-cursados.png', fullPage: true });
    await guardar(page);
    await expect(cuenta).toHaveText(`Inscriptos por Historia: ${total - 1} de ${total}`);

    // Queda guardado; se vuelve a inscribir.
    await page.reload();
    await elegirDeLista(page, 'Cursados', 'historia 2° 1°', 'Historia 2° 1°');
    await expect(casilla).not.toBeChecked();
    await casilla.check();
    await expect(filas(page).first()).toHaveAttribute('data-estado', 'agregado');
    await guardar(page);
    await expect(cuenta).toHaveText(`Inscriptos por Historia: ${total} de ${total}`);
  });

  test('cursados sin materias o sin cursos; con dos materias, "Inscripto por …" y el cambio de materia', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/alumnos-cursados');
    const req = page.request;
    const sufijo = Date.now();
    const [his, geo] = [await idMateria(req, 'HIS2'), await idMateria(req, 'GEO2')];
    const curso = await idCurso(req, '2° 3°');
    const sinMaterias = await crearCursado(req, `Sin materias e2e ${sufijo}`, []);
    const doble = await crearCursado(req, `Doble e2e ${sufijo}`, [his, geo]);
    let alumno: number | null = null;
    try {
      await elegirDeLista(page, 'Cursados', `sin materias e2e ${sufijo}`, 'Sin materias e2e');
      await esperarRojo(detalle(page).getByText('Sin materias asignadas', { exact: true }));
      await elegirDeLista(page, 'Cursados', `doble e2e ${sufijo}`, 'Doble e2e');
      await esperarRojo(detalle(page).getByText('Sin cursos asignados', { exact: true }));

      const r = await req.put(`/api/cursados/${doble}/cursos`, { data: { cursos: [curso] } });
      expect(r.status(), await r.text()).toBe(200);
      await page.reload();
      await elegirDeLista(page, 'Cursados', `doble e2e ${sufijo}`, 'Doble e2e');
      const materia = page.getByRole('combobox', { name: 'Materia' });
      await expect(materia.locator('option:checked')).toHaveText('Historia');
      await expect(page.getByTestId('cuenta-inscriptos')).toBeVisible();
      const total = await filas(page).count();
      expect(total).toBeGreaterThan(5);
      await expect(page.getByTestId('cuenta-inscriptos')).toHaveText(
        `Inscriptos por Historia: 0 de ${total}`,
      );

      const nombre = (await filas(page).first().locator('p').first().textContent())!;
      const fila = filas(page).filter({ hasText: nombre });
      await page.getByRole('checkbox', { name: nombre, exact: true }).check();
      await expect(fila).toHaveAttribute('data-estado', 'agregado');
      await guardar(page);
      const ins = await req.get(`/api/cursados/${doble}/inscripciones`);
      const inscriptos = (await ins.json()) as { alumnoId: number; materiaId: number }[];
      expect(inscriptos).toHaveLength(1);
      expect(inscriptos[0]!.materiaId).toBe(his);
      alumno = inscriptos[0]!.alumnoId;

      // Por Geografía: figura inscripto por Historia; marcarlo lo pasa a Geografía.
      await materia.selectOption({ label: 'Geografía' });
      await expect(page.getByTestId('cuenta-inscriptos')).toHaveText(
        `Inscriptos por Geografía: 0 de ${total}`,
      );
      await expect(fila.getByText('Inscripto por Historia')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: nombre, exact: true })).not.toBeChecked();
      await page.getByRole('checkbox', { name: nombre, exact: true }).check();
      await guardar(page);
      await materia.selectOption({ label: 'Historia' });
      await expect(fila.getByText('Inscripto por Geografía')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: nombre, exact: true })).not.toBeChecked();
      await page.screenshot({
        path: '/tmp/asignaciones-alumnos-cursados-materias.png',
        fullPage: true,
      });
    } finally {
      if (alumno != null)
        await req.put('/api/cursados/inscripciones', {
          data: [{ action: 'unset', alumnoId: alumno, cursadoId: doble, materiaId: geo }],
        });
      await req.delete(`/api/cursados/${doble}`);
      await req.delete(`/api/cursados/${sinMaterias}`);
    }
  });
});
