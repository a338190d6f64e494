/**
 * La inscripción anual desde el teléfono (spec 02 §2, §5; issue 5): un referente nuevo se
 * registra con Google (emisor OpenID Connect local), completa sus datos, declara el vínculo con
 * dos hijos, los inscribe con la ficha médica y el comprobante, y declara el inglés técnico.
 * Corre a 390×844 (@telefono) y pasa axe sin violaciones graves.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cicloActual, cuenta, EMAIL_DEMO, ingresarComo } from './ayudas';
import { EMISOR, iniciarEmisor, type EmisorOidc } from './oidc';

let emisor: EmisorOidc;
test.beforeAll(async () => {
  emisor = await iniciarEmisor();
});
test.afterAll(async () => {
  await emisor?.detener();
});

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function registrarseConGoogle(page: Page, email: string): Promise<void> {
  await page.route('https://fonts.googleapis.com/**', (ruta) => ruta.abort());
  await page.goto('/login');
  await page.getByRole('link', { name: 'Registrarse para la inscripción' }).click();
  await expect(
    page.getByRole('heading', { name: `Inscripción del ciclo lectivo ${cicloActual()}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Registrarme con Google' }).click();
  await page.waitForURL(`${EMISOR}/**`);
  await page.getByRole('textbox', { name: 'Enter any login' }).fill(email);
  await page.getByPlaceholder('and password').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin !== EMISOR && !url.pathname.startsWith('/api/auth/'));
}

async function axeSinGraves(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  const graves = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    graves.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Completa el formulario de inscripción del panel de un hijo. */
async function completarHijo(
  page: Page,
  nombre: string,
  comprobante: { name: string; mimeType: string; buffer: Buffer },
) {
  const form = page.getByRole('form', { name: `Inscripción de ${nombre}` });
  await form
    .getByRole('textbox', { name: 'Email' })
    .fill(`${nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.hijo@gmail.com`);
  await form.getByRole('textbox', { name: 'Código de área' }).fill('341');
  await form.getByRole('textbox', { name: 'Teléfono', exact: true }).fill('4567890');
  await form.getByRole('textbox', { name: 'CUIL' }).fill('20-45123456-3');
  await form.getByRole('textbox', { name: 'Calle' }).fill('Córdoba');
  await form.getByRole('textbox', { name: 'Altura', exact: true }).fill('1450');
  await form.getByRole('radio', { name: 'A', exact: true }).check();
  await form.getByRole('radio', { name: 'Positivo (+)' }).check();
  await form.getByRole('textbox', { name: 'Peso (kg)' }).fill('52');
  await form.getByRole('textbox', { name: 'Altura (cm)' }).fill('160');
  await form.getByRole('checkbox', { name: 'Asma bronquial' }).check();
  await form.getByRole('textbox', { name: 'Alergias' }).fill('Ninguna conocida');
  await form.locator('input[type="file"]').setInputFiles(comprobante);
  await form.getByRole('button', { name: 'Terminar la inscripción' }).click();
  const dialogo = page.getByRole('dialog', { name: '¿Terminar la inscripción?' });
  await expect(dialogo).toContainText(
    'Al enviar estos datos, no pueden ser modificados. Recuerde que este documento es una declaración jurada.',
  );
  await dialogo.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(`La inscripción de ${nombre} quedó enviada.`)).toBeVisible();
}

test.describe('Inscripción anual @telefono', () => {
  test('un referente nuevo se registra, vincula e inscribe a dos hijos y declara el inglés', async ({
    page,
  }) => {
    await registrarseConGoogle(page, 'familia.nueva@gmail.com');
    await expect(page).toHaveURL(/\/inscripcion\/completar$/);
    await expect(
      page.getByText('Complete sus datos personales para continuar con la inscripción.'),
    ).toBeVisible();
    await axeSinGraves(page);

    // Datos del referente, con los mensajes de cada campo.
    const datos = page.getByRole('region', { name: 'Datos del referente parental' });
    await expect(datos.getByRole('textbox', { name: 'Email' })).toHaveValue(
      'familia.nueva@gmail.com',
    );
    await expect(datos.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await datos.getByRole('textbox', { name: 'Código de área' }).fill('3');
    await datos.getByRole('textbox', { name: 'Teléfono' }).fill('123');
    await datos.getByRole('button', { name: 'Guardar' }).click();
    await expect(datos.getByText('Entre 2 y 4 dígitos')).toBeVisible();
    await expect(datos.getByText('Entre 6 y 8 dígitos')).toBeVisible();
    await datos.getByRole('textbox', { name: 'Nombre' }).fill('Marta');
    await datos.getByRole('textbox', { name: 'Apellido' }).fill('Benítez');
    await datos.getByRole('textbox', { name: 'Código de área' }).fill('341');
    await datos.getByRole('textbox', { name: 'Teléfono' }).fill('5551234');
    await datos.getByRole('checkbox', { name: 'Soy graduado/a del instituto' }).check();
    await datos.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos guardados correctamente')).toBeVisible();

    // Buscar y declarar el vínculo con los dos hijos de la familia de demostración.
    const ciclo = cicloActual();
    await expect(
      page.getByRole('heading', { name: `Inscripción del ciclo lectivo ${ciclo}` }),
    ).toBeVisible();
    const apellido = cuenta(EMAIL_DEMO.alumno).apellido;
    // Con el curso: la escuela sembrada tiene otro alumno con el mismo nombre y apellido.
    const hijos = [
      { nombre: cuenta(EMAIL_DEMO.alumno).nombre, curso: '4° Electrónica' },
      { nombre: 'Valentina', curso: '2° 1°' },
    ];
    const nombres = hijos.map((h) => h.nombre);
    for (const { nombre, curso } of hijos) {
      await page
        .getByRole('searchbox', { name: 'Nombre o Apellido' })
        .fill(`${nombre} ${apellido}`);
      await page
        .getByRole('listitem')
        .filter({ hasText: `${apellido}, ${nombre}` })
        .filter({ hasText: curso })
        .click();
      const dialogo = page.getByRole('dialog', { name: 'Vínculo de referente parental' });
      await expect(dialogo).toContainText(
        `Declaro mi vínculo de referente parental de ${apellido}, ${nombre}`,
      );
      await dialogo.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText(`${apellido}, ${nombre} quedó vinculado/a.`)).toBeVisible();
    }
    await expect(
      page.getByText('Recuerde hacer la inscripción a inglés, si correspondiere, al terminar.'),
    ).toBeVisible();

    // Un comprobante que no es JPG ni PDF se rechaza antes de enviar.
    const primero = page.getByRole('form', { name: `Inscripción de ${nombres[0]}` });
    await primero.locator('input[type="file"]').setInputFiles({
      name: 'recibo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await primero.getByRole('button', { name: 'Terminar la inscripción' }).click();
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toBeVisible();
    await axeSinGraves(page);

    await completarHijo(page, nombres[0]!, {
      name: 'recibo.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await completarHijo(page, nombres[1]!, {
      name: 'recibo.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('Inscripción finalizada')).toHaveCount(2);

    // Inglés técnico: el hijo de 4° (3° el año anterior) declara. Cada hijo es un grupo con su
    // nombre (si los dos corresponden, los controles se distinguen por el grupo).
    const ingles = page.getByRole('region', {
      name: 'Inscripción a capacitación profesional en inglés técnico',
    });
    await expect(ingles).toBeVisible();
    const delHijo = ingles.getByRole('group', { name: `${apellido}, ${nombres[0]}` });
    await delHijo
      .getByRole('combobox', { name: `Nivel a cursar por ${nombres[0]}` })
      .selectOption({ label: 'CPIT Nivel 2' });
    await delHijo
      .getByRole('combobox', { name: 'Nivel del año anterior' })
      .selectOption({ label: 'CPIT Nivel 1' });
    await delHijo.getByRole('button', { name: 'He leído y acepto' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
    await expect(
      ingles.getByText(`Nivel de inglés para ${nombres[0]} ya declarado.`),
    ).toBeVisible();
    // Axe, con el diálogo ya cerrado (no a mitad de su animación de salida).
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await axeSinGraves(page);

    // Recargar: todo quedó guardado en el servidor.
    await page.reload();
    await expect(page.getByText('Inscripción finalizada')).toHaveCount(2);
    await expect(page.getByText(`Nivel de inglés para ${nombres[0]} ya declarado.`)).toBeVisible();
  });

  test('el diálogo de reglamentos en home: diapositiva por diapositiva, "Siguiente" y "Cerrar"', async ({
    page,
  }) => {
    await registrarseConGoogle(page, 'otra.familia@gmail.com');
    await page.goto('/');
    const dialogo = page.getByRole('dialog', { name: 'Acuerdo escolar de convivencia' });
    await expect(dialogo).toBeVisible();
    await expect(dialogo.getByText('1 de 3')).toBeVisible();
    await axeSinGraves(page);
    const siguiente = page.getByRole('button', { name: 'Siguiente' });
    await expect(siguiente).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('checkbox', { name: 'Leí y acepto el acuerdo' }).check();
    await siguiente.click();
    const celular = page.getByRole('dialog', { name: 'Uso de teléfonos celulares' });
    await expect(celular.getByText('2 de 3')).toBeVisible();
    await expect(siguiente).toBeDisabled();
    await celular.getByRole('radio', { name: 'Acepto', exact: true }).check();
    await siguiente.click();
    const contacto = page.getByRole('dialog', { name: 'Contacto alternativo' });
    const cerrar = contacto.getByRole('button', { name: 'Cerrar' });
    await expect(cerrar).toBeDisabled();
    await contacto.getByRole('textbox', { name: 'Su respuesta' }).fill('   ');
    await expect(cerrar).toBeDisabled();
    await contacto.getByRole('textbox', { name: 'Su respuesta' }).fill('Abuela: 341 4567890');
    await cerrar.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Hola/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('un usuario que no es referente no puede registrarse como tal', async ({ page }) => {
    await registrarseConGoogle(page, EMAIL_DEMO.preceptor);
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole('alert', { name: 'No se pudo ingresar' })).toContainText(
      'Se requiere referente parental',
    );
  });

  test('un referente de demostración ve a sus hijos ya inscriptos', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.referenteOtro);
    await page.goto('/inscripcion');
    await expect(page).toHaveURL(/\/inscripcion\/completar$/);
    await expect(page.getByText('Inscripción finalizada')).toHaveCount(2);
  });
});
