/**
 * /coordinadores (spec 02 §2; issue 13): se elige un usuario con el rol Coordinador (512), se
 * agregan y quitan materias (sin cambios / agregado / quitado) y "Guardar" reemplaza la lista; un
 * coordinador sin materias muestra "Sin materias asignadas" en rojo.
 */
import { expect, test, type Page } from './prueba';
import { cambiarDeCuenta, EMAIL_DEMO, ingresarComo } from './ayudas';
import { asignaciones, crearUsuario, elegirDeLista, esperarRojo } from './asignaciones';

const detalle = (page: Page) => page.getByTestId('detalle-coordinadores');
const barra = (page: Page) => page.getByTestId('barra-guardar');
const guardar = async (page: Page) => {
  await barra(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
  await expect(barra(page)).toContainText('Sin cambios');
};

test.describe('/coordinadores', () => {
  test('Admin cambia las materias del coordinador de demostración y quedan guardadas', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/coordinadores');
    await expect(page.getByRole('heading', { name: 'Coordinadores', level: 1 })).toBeVisible();
    await expect(detalle(page).getByText('Seleccione un coordinador')).toBeVisible();
    // La lista trae sólo usuarios con el rol Coordinador.
    await page.getByRole('textbox', { name: 'Buscar coordinadores', exact: true }).fill('acosta');
    await expect(
      page.getByRole('listbox', { name: 'Coordinadores' }).getByText('Sin resultados'),
    ).toBeVisible();

    await elegirDeLista(page, 'Coordinadores', 'castro', 'Castro, Fernando');
    await expect(page.getByRole('heading', { name: 'Materias de Castro, Fernando' })).toBeVisible();
    await expect(page.getByTestId('asignacion')).toHaveCount(9);

    await page.getByRole('button', { name: 'Agregar materia' }).click();
    await elegirDeLista(page, 'Materias para agregar', 'MAT1', 'Matemática');
    await page.getByRole('button', { name: 'Quitar Taller (1° año · TAL1)' }).click();
    await expect.poll(() => asignaciones(page)).toContain('Matemática:agregado');
    await expect.poll(() => asignaciones(page)).toContain('Taller:quitado');
    await expect(barra(page)).toContainText('Dos cambios sin guardar');
    await page.screenshot({ path: '/tmp/asignaciones-coordinadores.png', fullPage: true });
    await guardar(page);

    // Guardado: al volver a entrar, Matemática está y Taller de 1° no.
    await page.reload();
    await elegirDeLista(page, 'Coordinadores', 'castro', 'Castro, Fernando');
    await expect(page.getByTestId('asignacion')).toHaveCount(9);
    await expect(
      page.getByRole('button', { name: 'Quitar Matemática (1° año · MAT1)' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quitar Taller (1° año · TAL1)' })).toHaveCount(
      0,
    );

    // Se deja como estaba (las materias del coordinador las usan otras pruebas).
    await page.getByRole('button', { name: 'Quitar Matemática (1° año · MAT1)' }).click();
    await page.getByRole('button', { name: 'Agregar materia' }).click();
    await elegirDeLista(page, 'Materias para agregar', 'TAL1', 'Taller');
    await guardar(page);
    await expect(page.getByTestId('asignacion')).toHaveCount(9);
    await expect(page.getByRole('button', { name: 'Quitar Taller (1° año · TAL1)' })).toBeVisible();
  });

  test('un coordinador nuevo: "Sin materias asignadas" en rojo hasta que se le asigna una', async ({
    page,
  }) => {
    // Admin crea el usuario (sólo Admin administra usuarios); Regente le asigna materias.
    await ingresarComo(page, EMAIL_DEMO.admin, '/');
    const { orden } = await crearUsuario(page, {
      apellido: 'Coordinadorprueba',
      nombre: 'Ana',
      rol: 512,
    });
    expect(orden).toBeGreaterThan(0);
    await cambiarDeCuenta(page, EMAIL_DEMO.regente, '/coordinadores');
    await elegirDeLista(page, 'Coordinadores', 'coordinadorprueba', 'Coordinadorprueba, Ana');
    await esperarRojo(detalle(page).getByText('Sin materias asignadas', { exact: true }));

    await page.getByRole('button', { name: 'Agregar materia' }).click();
    await elegirDeLista(page, 'Materias para agregar', 'QUI3', 'Química');
    await expect(detalle(page).getByText('Sin materias asignadas')).toHaveCount(0);
    await guardar(page);
    await expect.poll(() => asignaciones(page)).toEqual(['Química:sinCambios']);

    await page.getByRole('button', { name: /^Quitar Química/ }).click();
    await guardar(page);
    await esperarRojo(detalle(page).getByText('Sin materias asignadas', { exact: true }));
  });
});
