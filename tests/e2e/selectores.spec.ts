/** El estado compartido de la barra superior: rol activo, ciclo lectivo e hijo elegido. */
import { expect, test } from './prueba';
import {
  EMAIL_DEMO,
  cicloActual,
  cuenta,
  elegida,
  elegir,
  ingresarComo,
  ingresarPorElLogin,
  modulosDeLaGrilla,
  opcionesDe,
  selector,
} from './ayudas';

test.describe('Rol activo y ciclo lectivo', () => {
  test('con varios roles entra con el de bit más bajo y puede cambiarlo', async ({ page }) => {
    await ingresarPorElLogin(page, EMAIL_DEMO.multirol);
    await expect(page.getByText('Ingresó como Docente.')).toBeVisible();
    await expect(elegida(page, 'Rol')).toHaveText('Docente');
    const docente = await modulosDeLaGrilla(page);
    expect(docente).toEqual(expect.arrayContaining(['Avances', 'Nueva planificación', 'Notas']));

    expect(await opcionesDe(page, 'Rol')).toEqual(['Docente', 'Preceptor', 'Jefe de Departamento']);

    await elegir(page, 'Rol', 'Preceptor');
    await expect(page.getByText('Ingresó como Preceptor.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(elegida(page, 'Rol')).toHaveText('Preceptor');
    const preceptor = await modulosDeLaGrilla(page);
    expect(preceptor).toEqual(
      expect.arrayContaining(['Asistencias', 'Planillón', 'Libretas', 'Referentes']),
    );
    expect(preceptor).not.toContain('Avances');
    expect(preceptor).not.toContain('Nueva planificación');

    // El rol elegido vive en la sesión: sigue después de recargar y lo informa la API.
    await page.reload();
    await expect(page.getByText('Ingresó como Preceptor.')).toBeVisible();
    const estado = await (await page.request.get('/api/login/status')).json();
    expect(estado).toMatchObject({ rol: 4, rls: cuenta(EMAIL_DEMO.multirol).rls });

    await elegir(page, 'Rol', 'Jefe de Departamento');
    await expect(page.getByText('Ingresó como Jefe de Departamento.')).toBeVisible();
    expect(await modulosDeLaGrilla(page)).toContain('Planillón del departamento');
  });

  test('el selector de ciclo lectivo va de 2021 al año en curso y recuerda la elección', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.docente);
    const actual = cicloActual();
    await expect(elegida(page, 'Ciclo lectivo')).toHaveText(String(actual));
    const esperados = Array.from({ length: actual - 2021 + 1 }, (_, i) => String(actual - i));
    expect(await opcionesDe(page, 'Ciclo lectivo')).toEqual(esperados);

    const otro = String(Math.max(2021, actual - 2));
    await elegir(page, 'Ciclo lectivo', otro);
    await expect(elegida(page, 'Ciclo lectivo')).toHaveText(otro);
    // La elección se guarda en el servidor (cookie): sigue después de recargar y en otras pantallas.
    await expect(selector(page, 'Ciclo lectivo')).toBeEnabled();
    await page.reload();
    await expect(elegida(page, 'Ciclo lectivo')).toHaveText(otro);
    await page.goto('/no-existe');
    await expect(page).toHaveURL(/\/$/);
    await expect(elegida(page, 'Ciclo lectivo')).toHaveText(otro);
  });
});

test.describe('Referentes', () => {
  test('el selector de alumno muestra el primer hijo y lista sólo sus dos hijos', async ({
    page,
  }) => {
    const referente = cuenta(EMAIL_DEMO.referente);
    const alumno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, referente.email);
    await expect(page.getByText('Ingresó como Referente Parental.')).toBeVisible();
    // El personal elige ciclo y rol; un referente con un solo rol, sólo el alumno.
    await expect(selector(page, 'Ciclo lectivo')).toHaveCount(0);
    await expect(selector(page, 'Rol')).toHaveCount(0);

    const primero = new RegExp(`^${alumno.apellido}, ${alumno.nombre} \\(4°`);
    const segundo = new RegExp(`^${alumno.apellido}, Valentina \\(2°`);
    await expect(elegida(page, 'Alumno')).toHaveText(primero);
    const opciones = await opcionesDe(page, 'Alumno');
    expect(opciones).toHaveLength(2);
    expect(opciones[0]).toMatch(primero);
    expect(opciones[1]).toMatch(segundo);

    await elegir(page, 'Alumno', opciones[1]!);
    await expect(elegida(page, 'Alumno')).toHaveText(segundo);
    await expect(selector(page, 'Alumno')).toBeEnabled();
    await page.reload();
    await expect(elegida(page, 'Alumno')).toHaveText(segundo);
  });

  test('otro referente ve sólo a sus hijos', async ({ page }) => {
    const otro = cuenta(EMAIL_DEMO.referenteOtro);
    const hijoAjeno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, otro.email);
    const opciones = await opcionesDe(page, 'Alumno');
    expect(opciones).toHaveLength(2);
    for (const o of opciones) expect(o.startsWith(`${otro.apellido}, `)).toBe(true);
    expect(opciones.join(' ')).not.toContain(hijoAjeno.apellido);
    await expect(elegida(page, 'Alumno')).toHaveText(opciones[0]!);
  });
});
