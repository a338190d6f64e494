import { expect, test } from './prueba';
import { EMAIL_DEMO, ingresarComo, respuestaDe, retenerLlamada } from './ayudas';

test.describe('/usuarios (Admin)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/usuarios');
    await expect(page.getByTestId('modulo-actual')).toContainText('Usuarios');
  });

  test('busca con demora, pagina al desplazarse y muestra "Sin resultados"', async ({ page }) => {
    const lista = page.getByRole('listbox', { name: 'Usuarios' });
    // Primera página: 50 usuarios; al llegar al final se pide la siguiente.
    await expect(lista.getByRole('option')).toHaveCount(50);
    await lista.getByRole('option').last().scrollIntoViewIfNeeded();
    await expect.poll(async () => lista.getByRole('option').count()).toBeGreaterThan(50);

    const buscar = page.getByRole('textbox', { name: 'Buscar usuarios' });
    await buscar.fill('zzzz-nadie');
    await expect(lista.getByText('Sin resultados')).toBeVisible();
    await buscar.fill('regente');
    await expect(lista.getByRole('option')).toHaveCount(1);
    await expect(lista.getByRole('option')).toContainText(EMAIL_DEMO.regente);
  });

  test('crea un usuario, lo edita y rechaza un email repetido', async ({ page }) => {
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Giménez');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Laura');
    await page.getByRole('textbox', { name: 'Email' }).fill('laura.gimenez@escuela.test');
    // Sin roles no se puede guardar.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByText('Los roles no son válidos: elija al menos uno de la lista.'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Docente', exact: true }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos guardados correctamente')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Usuario Giménez, Laura' })).toBeVisible();

    // Aparece en la lista (búsqueda sin acento) y se puede editar.
    await page.getByRole('textbox', { name: 'Buscar usuarios' }).fill('gimenez');
    await expect(page.getByRole('option', { name: /Giménez, Laura/ })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Preceptor', exact: true }).check();
    const edicion = respuestaDe(page, 'usuarios.guardar');
    await page.getByRole('button', { name: 'Guardar' }).click();
    expect((await edicion).ok()).toBe(true);
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();

    // Un segundo usuario con el mismo email (otras mayúsculas) se rechaza.
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Otra');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Persona');
    await page.getByRole('textbox', { name: 'Email' }).fill('Laura.Gimenez@escuela.test');
    await page.getByRole('checkbox', { name: 'Docente', exact: true }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ya existe un usuario con ese email.')).toBeVisible();
  });

  test('un guardado que termina después de pasar a "Nuevo usuario" no vuelve al usuario guardado', async ({
    page,
  }) => {
    await page.getByRole('textbox', { name: 'Buscar usuarios' }).fill('regente');
    await page.getByRole('listbox', { name: 'Usuarios' }).getByRole('option').first().click();
    await expect(page.getByRole('heading', { name: /^Usuario / })).toBeVisible();

    // El guardado queda retenido hasta que la persona ya empezó a escribir el usuario nuevo.
    const guardado = await retenerLlamada(page, 'usuarios.guardar');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Sosa');
    guardado.liberar();
    expect((await guardado.respuesta).ok()).toBe(true);
    await expect(page.getByText('Datos guardados correctamente')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuevo usuario' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Apellido' })).toHaveValue('Sosa');
    await guardado.soltar();
  });
});
