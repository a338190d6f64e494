/**
 * El perfil del alumno (spec 02 §2 "Profile widgets", /perfil/editar; issue 5): el recuadro de
 * inicio con el enlace de edición, la edición con foto (multipart) que vuelve a "/", la foto en
 * el inicio y las páginas imprimibles. En el teléfono (@telefono).
 */
import { expect, test } from './prueba';
import { EMAIL_DEMO, cicloActual, cuenta, ingresarComo, violacionesGraves } from './ayudas';

test.describe('Perfil del alumno @telefono', () => {
  test('edita su perfil con una foto y la ve en el inicio', async ({ page }) => {
    const alumno = cuenta(EMAIL_DEMO.alumno);
    await ingresarComo(page, alumno.email);
    const perfil = page.getByRole('region', { name: 'Mi perfil' });
    await expect(perfil).toContainText(`${alumno.nombre} ${alumno.apellido}`);
    await expect(perfil.locator('img')).toHaveCount(0);
    await perfil.getByRole('link', { name: 'Editar perfil' }).click();
    await expect(page).toHaveURL(/\/perfil\/editar$/);

    const form = page.getByRole('form', { name: 'Editar perfil' });
    await expect(form.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(
      alumno.nombre,
    );
    expect(await violacionesGraves(page)).toEqual([]);

    // Campos obligatorios: vacío no se envía.
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('No puede estar vacío')).toBeVisible();
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(alumno.nombre);

    // Una foto JPEG de verdad, dibujada por el navegador.
    const base64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = c.height = 32;
      const g = c.getContext('2d')!;
      g.fillStyle = '#3b5bdb';
      g.fillRect(0, 0, 32, 32);
      return c.toDataURL('image/jpeg').split(',')[1]!;
    });
    await form.getByRole('textbox', { name: 'Pronombre' }).fill('él');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'yo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(base64, 'base64'),
    });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/$/);
    const foto = page.getByRole('region', { name: 'Mi perfil' }).locator('img');
    await expect(foto).toHaveAttribute('src', /^\/api\/alumnos\/\d+\/foto$/);
    const respuesta = await page.request.get((await foto.getAttribute('src'))!);
    expect(respuesta.status()).toBe(200);
    expect(respuesta.headers()['content-type']).toContain('image/jpeg');
    // Un dato personal con el tipo detectado al subirla: sin caché y sin que se adivine otro tipo.
    expect(respuesta.headers()['cache-control']).toMatch(/\bno-store\b/);
    expect(respuesta.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('las páginas imprimibles: certificado y ficha médica', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumno, '/perfil/certificado');
    await expect(page.getByText('SECUNDARIO TÉCNICO PROFESIONAL', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Rosario, \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Imprimir/ })).toBeVisible();
    // Con inscripción (si otra prueba ya inscribió al alumno), la ficha; si no, el aviso.
    await page.goto('/perfil/ficha-medica');
    await expect(
      page
        .getByRole('heading', { level: 1, name: `Ficha médica ${cicloActual()}` })
        .or(page.getByText('Todavía no hay una inscripción con ficha médica.', { exact: false })),
    ).toBeVisible();
  });
});
