/**
 * La cuota de la cooperadora como configuración anual (issue 11 ítem 1, spec 02 §9): Admin la
 * abre desde /inscripciones, la edita para el ciclo siguiente (los enlaces se validan: https)
 * con la vista previa de lo que ven las familias, y queda guardada. Alumnado no la ve.
 */
import { expect, test } from './prueba';
import { cicloActual, EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';

test.describe('Cuota de la cooperadora', () => {
  test('Admin configura la cuota del ciclo siguiente y ve cómo la verán las familias', async ({
    page,
  }) => {
    const siguiente = cicloActual() + 1;
    await ingresarComo(page, EMAIL_DEMO.admin, '/inscripciones');
    await page.getByRole('link', { name: 'Cuota de la cooperadora' }).click();
    await expect(page).toHaveURL(/\/inscripciones\/cooperadora$/);
    await expect(
      page.getByRole('heading', { name: 'Cuota de la cooperadora', level: 1 }),
    ).toBeVisible();

    await page
      .getByRole('combobox', { name: 'Ciclo lectivo de la cuota' })
      .selectOption(String(siguiente));
    const form = page.getByRole('form', { name: `Cuota de la cooperadora ${siguiente}` });
    await expect(form.getByRole('textbox', { name: 'Monto anual ($)' })).toHaveValue('120.000');
    expect(await violacionesGraves(page)).toEqual([]);

    // Un monto con centavos escrito de una vez (como lo inserta el teclado de un teléfono) no se
    // lee como otro número: lo dice junto al campo. El punto separa los miles.
    const monto = form.getByRole('textbox', { name: 'Monto anual ($)' });
    await monto.fill('');
    await page.keyboard.insertText('1500,50');
    await expect(
      form.getByText('Escriba un número entero, sin decimales (el punto separa los miles: 1.500).'),
    ).toBeVisible();
    await monto.fill('135.000');
    await form
      .getByRole('textbox', { name: 'Enlace de WhatsApp' })
      .fill('http://wa.me/5493415550462');
    await form.getByRole('textbox', { name: 'CBU' }).fill('3300123800004620000179');
    await form.getByRole('button', { name: `Guardar la cuota ${siguiente}` }).click();
    await expect(
      form.getByText('WhatsApp: debe ser un enlace https://wa.me/… o de whatsapp.com.'),
    ).toBeVisible();
    await expect(form.getByText('CBU: 22 dígitos (revise que esté bien copiado).')).toBeVisible();

    await form
      .getByRole('textbox', { name: 'Enlace de WhatsApp' })
      .fill('https://wa.me/5493410001111');
    await form.getByRole('textbox', { name: 'CBU' }).fill('3300123800004620000178');
    // La vista previa: lo que verá la familia en la inscripción.
    const vista = page.getByRole('region', {
      name: `Cuota de la Asociación Cooperadora ${siguiente}`,
    });
    await expect(
      vista.getByRole('heading', { name: 'En 3 cuotas sin interés de $ 45.000' }),
    ).toBeVisible();
    await form.getByRole('button', { name: `Guardar la cuota ${siguiente}` }).click();
    await expect(page.getByText(`Cuota de la cooperadora ${siguiente} guardada.`)).toBeVisible();

    // Quedó guardada.
    await page.reload();
    await page
      .getByRole('combobox', { name: 'Ciclo lectivo de la cuota' })
      .selectOption(String(siguiente));
    await expect(
      page
        .getByRole('form', { name: `Cuota de la cooperadora ${siguiente}` })
        .getByRole('textbox', { name: 'Monto anual ($)' }),
    ).toHaveValue('135.000');
    await expect(
      page
        .getByRole('region', { name: `Cuota de la Asociación Cooperadora ${siguiente}` })
        .getByRole('link', {
          name: /^Escribir a la cooperadora/,
        }),
    ).toHaveAttribute('href', 'https://wa.me/5493410001111');
  });

  test('Alumnado no configura la cuota: sin enlace y /inscripciones/cooperadora vuelve al inicio', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/inscripciones');
    await expect(page.getByRole('heading', { name: /^Inscripciones/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cuota de la cooperadora' })).toHaveCount(0);
    await page.goto('/inscripciones/cooperadora');
    await expect(page).toHaveURL(/\/$/);
  });
});
