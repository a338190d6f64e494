/** El estado compartido de la barra superior: rol activo, ciclo lectivo e hijo elegido. */
import { expect, test } from '@playwright/test';
import { EMAIL_DEMO, cicloActual, cuenta, elegir, ingresarComo, modulosDeLaGrilla, opcionesDe, selector } from './ayudas';

test.describe('Rol activo y ciclo lectivo', () => {
  test('con varios roles entra con el de bit más bajo y puede cambiarlo', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.multirol);
    await expect(page.getByText('Ingresó como Docente.')).toBeVisible();
    await expect(selector(page, 'Rol')).toHaveValue('Docente');
    const docente = await modulosDeLaGrilla(page);
    expect(docente).toEqual(expect.arrayContaining(['Avances', 'Nueva planificación', 'Notas']));

    expect(await opcionesDe(page, 'Rol')).toEqual(['Docente', 'Preceptor', 'Jefe de Departamento']);
    await page.keyboard.press('Escape');

    await elegir(page, 'Rol', 'Preceptor');
    await expect(page.getByText('Ingresó como Preceptor.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(selector(page, 'Rol')).toHaveValue('Preceptor');
    const preceptor = await modulosDeLaGrilla(page);
    expect(preceptor).toEqual(expect.arrayContaining(['Asistencias', 'Planillón', 'Libretas', 'Referentes']));
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

  test('el selector de ciclo lectivo va de 2021 al año en curso y recuerda la elección', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente);
    const actual = cicloActual();
    await expect(selector(page, 'Ciclo lectivo')).toHaveValue(String(actual));
    const esperados = Array.from({ length: actual - 2021 + 1 }, (_, i) => String(actual - i));
    expect(await opcionesDe(page, 'Ciclo lectivo')).toEqual(esperados);
    await page.keyboard.press('Escape');

    const otro = String(Math.max(2021, actual - 2));
    await elegir(page, 'Ciclo lectivo', otro);
    await expect(selector(page, 'Ciclo lectivo')).toHaveValue(otro);
    await page.reload();
    await expect(selector(page, 'Ciclo lectivo')).toHaveValue(otro);
    // El ciclo elegido es del dispositivo: vale en otras pantallas.
    await page.goto('/no-existe');
    await expect(selector(page, 'Ciclo lectivo')).toHaveValue(otro);
  });
});

test.describe('Referentes', () => {
  test('el selector de alumno muestra el primer hijo y lista sólo sus dos hijos', async ({ page }) => {
    const referente = cuenta(EMAIL_DEMO.referente);
    const alumno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, referente.email);
    await expect(page.getByText('Ingresó como Referente Parental.')).toBeVisible();
    // El personal elige ciclo y rol; un referente con un solo rol, sólo el alumno.
    await expect(selector(page, 'Ciclo lectivo')).toHaveCount(0);
    await expect(selector(page, 'Rol')).toHaveCount(0);

    const primero = `${alumno.apellido}, ${alumno.nombre}`;
    await expect(selector(page, 'Alumno')).toHaveValue(new RegExp(`^${primero} \\(4°`));
    const opciones = await opcionesDe(page, 'Alumno');
    expect(opciones).toHaveLength(2);
    expect(opciones[0]).toMatch(new RegExp(`^${primero} \\(4°`));
    expect(opciones[1]).toMatch(new RegExp(`^${alumno.apellido}, Valentina \\(2°`));
    await page.keyboard.press('Escape');

    await elegir(page, 'Alumno', opciones[1]!);
    await expect(selector(page, 'Alumno')).toHaveValue(opciones[1]!);
    await page.reload();
    await expect(selector(page, 'Alumno')).toHaveValue(opciones[1]!);
  });

  test('otro referente ve sólo a sus hijos', async ({ page }) => {
    const otro = cuenta(EMAIL_DEMO.referenteOtro);
    const hijoAjeno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, otro.email);
    const opciones = await opcionesDe(page, 'Alumno');
    expect(opciones).toHaveLength(2);
    for (const o of opciones) expect(o.startsWith(`${otro.apellido}, `)).toBe(true);
    expect(opciones.join(' ')).not.toContain(hijoAjeno.apellido);
    await expect(selector(page, 'Alumno')).toHaveValue(opciones[0]!);
  });
});
