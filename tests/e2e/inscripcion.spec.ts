/**
 * La inscripción anual desde el teléfono (spec 02 §2, §5; issue 5): un referente nuevo se
 * registra con Google (emisor OpenID Connect local), completa sus datos, declara el vínculo con
 * dos hijos, los inscribe con la ficha médica y el comprobante, y declara el inglés técnico.
 * Corre a 390×844 (@telefono) y pasa axe sin violaciones graves.
 */
import { expect, test, type Page } from './prueba';
import { CUOTA_COOPERADORA, claveCurso } from '../../src/server/db/seed/estructura';
import { CODIGO_NO_COINCIDE } from '../../src/domain/vinculos';
import { alumnoSembrado } from './codigos';
import { cicloActual, cuenta, EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';
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

type Archivo = { name: string; mimeType: string; buffer: Buffer };

/** Completa y envía el formulario de inscripción del panel de un hijo. */
async function completarHijo(page: Page, nombre: string, comprobante: Archivo) {
  await llenarHijo(page, nombre, comprobante);
  await page
    .getByRole('form', { name: `Inscripción de ${nombre}` })
    .getByRole('button', { name: 'Terminar la inscripción' })
    .click();
  await confirmarYEnviar(page, nombre);
}

/** Llena el formulario de inscripción del panel de un hijo (sin enviarlo). */
async function llenarHijo(page: Page, nombre: string, comprobante: Archivo) {
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
}

/** El diálogo de la declaración jurada: se confirma y la inscripción queda enviada. */
async function confirmarYEnviar(page: Page, nombre: string) {
  // La confirmación nombra al hijo y el ciclo (issue 11 §8).
  const dialogo = page.getByRole('dialog', {
    name: new RegExp(`^¿Terminar la inscripción de .+, ${nombre} al ciclo lectivo \\d{4}\\?$`),
  });
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
    test.slow();
    await registrarseConGoogle(page, 'familia.nueva@gmail.com');
    await expect(page).toHaveURL(/\/inscripcion\/completar$/);
    await expect(
      page.getByText('Complete sus datos personales para continuar con la inscripción.'),
    ).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);

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
    // La escuela sembrada tiene otro alumno con el mismo nombre y apellido (en otro curso).
    const hijos = [
      {
        nombre: cuenta(EMAIL_DEMO.alumno).nombre,
        clave: claveCurso(4, 1),
      },
      { nombre: 'Valentina', clave: claveCurso(2, 1) },
    ];
    const nombres = hijos.map((h) => h.nombre);
    for (const [i, { nombre, clave }] of hijos.entries()) {
      // La búsqueda lista sólo nombres (issue 31 §2): entre homónimos, en el orden de sus ids.
      const { posicion, codigo } = alumnoSembrado(ciclo, { apellido, nombre, clave });
      await page
        .getByRole('searchbox', { name: 'Nombre o Apellido' })
        .fill(`${nombre} ${apellido}`);
      const resultados = page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${apellido}, ${nombre}$`) });
      await expect(resultados.nth(posicion)).toBeVisible();
      await resultados.nth(posicion).click();
      const dialogo = page.getByRole('dialog', { name: 'Vínculo de referente parental' });
      await expect(dialogo).toContainText(
        `Declaro mi vínculo de referente parental de ${apellido}, ${nombre}`,
      );
      if (i === 0) {
        // Con el código de vinculación que entregó la escuela (en minúsculas, como lo escribe
        // alguien desde el teléfono): confirmado en el momento.
        await dialogo
          .getByRole('textbox', { name: 'Código de vinculación (opcional)' })
          .fill(codigo.toLowerCase());
        await page.screenshot({ path: test.info().outputPath('codigo-telefono.png') });
        await dialogo.getByRole('button', { name: 'Continuar' }).click();
        await expect(page.getByText(`${apellido}, ${nombre} quedó vinculado/a.`)).toBeVisible();
        continue;
      }
      // Sin el código: pendiente de la escuela, sin datos ni formulario; con el código, se confirma.
      await dialogo.getByRole('button', { name: 'Continuar' }).click();
      await expect(
        page.getByText(
          `${apellido}, ${nombre}: el vínculo quedó pendiente de confirmación por la escuela.`,
        ),
      ).toBeVisible();
      const pendiente = page.getByTestId('hijo-pendiente').filter({ hasText: nombre });
      await expect(pendiente).toContainText('Pendiente de confirmación por la escuela');
      await expect(page.getByRole('form', { name: `Inscripción de ${nombre}` })).toHaveCount(0);
      expect(await violacionesGraves(page)).toEqual([]);
      const campo = pendiente.getByRole('textbox', { name: `Código de vinculación de ${nombre}` });
      // Un código que no es el del alumno: se explica junto al campo.
      await campo.fill(codigo === 'ABCDE-FGHJK' ? 'ABCDE-FGHJM' : 'ABCDE-FGHJK');
      await pendiente.getByRole('button', { name: 'Confirmar con el código' }).click();
      await expect(pendiente.getByText(CODIGO_NO_COINCIDE)).toBeVisible();
      await campo.fill(codigo);
      await pendiente.getByRole('button', { name: 'Confirmar con el código' }).click();
      await expect(page.getByText(`${apellido}, ${nombre} quedó vinculado/a.`)).toBeVisible();
      await expect(page.getByTestId('hijo-pendiente')).toHaveCount(0);
    }
    await expect(
      page.getByText('Recuerde hacer la inscripción a inglés, si correspondiere, al terminar.'),
    ).toBeVisible();

    // Un solo formulario abierto por vez (issue 11 ítem 5): el del primer hijo sin inscribir; el
    // otro hijo, cerrado, con su línea de resumen.
    const formularios = page.getByRole('form', { name: /^Inscripción de / });
    await expect(formularios).toHaveCount(1);
    const encabezado = (nombre: string) =>
      page.getByRole('button', { name: new RegExp(`${apellido}, ${nombre}`) });
    await expect(encabezado(nombres[0]!)).toHaveAttribute('aria-expanded', 'true');
    await expect(encabezado(nombres[1]!)).toHaveAttribute('aria-expanded', 'false');
    await expect(encabezado(nombres[1]!)).toContainText('Falta completar la inscripción');
    await expect(
      page.getByRole('heading', { level: 3, name: new RegExp(`${apellido}, ${nombres[1]}`) }),
    ).toBeVisible();

    // La cuota de la cooperadora (issue 11 ítem 1, spec 02 §9): cómo pagarla, con los datos de
    // la configuración del ciclo.
    const primero = page.getByRole('form', { name: `Inscripción de ${nombres[0]}` });
    const cuota = primero.getByRole('region', {
      name: `Cuota de la Asociación Cooperadora ${ciclo}`,
    });
    const { transferencia, suscripcion, whatsapp, redes } = CUOTA_COOPERADORA;
    await expect(cuota).toContainText(`La cuota anual ${ciclo} es de $ 120.000. Puede pagarla:`);
    await expect(
      cuota.getByRole('heading', { name: 'En un pago de $ 120.000 por transferencia bancaria' }),
    ).toBeVisible();
    for (const dato of [
      transferencia.titular,
      transferencia.banco,
      transferencia.cbu,
      transferencia.alias,
      transferencia.cuit,
    ])
      await expect(cuota.getByText(dato, { exact: true })).toBeVisible();
    await expect(
      cuota.getByRole('heading', { name: 'En 3 cuotas sin interés de $ 40.000' }),
    ).toBeVisible();
    const suscribirse = cuota.getByRole('link', { name: /^Suscribirse en Mercado Pago/ });
    await expect(suscribirse).toHaveAttribute('href', suscripcion!.url);
    await expect(suscribirse).toHaveAttribute('target', '_blank');
    await expect(suscribirse).toHaveAttribute('rel', /noopener/);
    await expect(
      cuota.getByRole('heading', { name: 'En la oficina de la cooperadora (primer piso)' }),
    ).toBeVisible();
    const wa = cuota.getByRole('link', { name: /^Escribir a la cooperadora/ });
    await expect(wa).toHaveAttribute('href', whatsapp);
    await expect(wa).toHaveAttribute('target', '_blank');
    await expect(wa).toHaveAttribute('rel', /noopener/);
    for (const r of redes)
      await expect(cuota.getByRole('link', { name: new RegExp(`^${r.nombre}`) })).toHaveAttribute(
        'href',
        r.url,
      );
    // Copiar el CBU y el alias al portapapeles.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await cuota.getByRole('button', { name: 'Copiar CBU' }).click();
    await expect(cuota.getByRole('button', { name: 'CBU copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transferencia.cbu);
    await cuota.getByRole('button', { name: 'Copiar Alias' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transferencia.alias);

    // Un comprobante que no es JPG ni PDF se rechaza antes de enviar.
    await primero.locator('input[type="file"]').setInputFiles({
      name: 'recibo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await primero.getByRole('button', { name: 'Terminar la inscripción' }).click();
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);

    // Un texto que sólo se llama .pdf (issue 11 ítem 3): se reconoce por el contenido, con la
    // misma regla que el servidor, y se rechaza ANTES de la declaración jurada.
    await primero.locator('input[type="file"]').setInputFiles({
      name: 'recibo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Esto no es un PDF, es un texto con otro nombre.'),
    });
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toBeVisible();
    await llenarHijo(page, nombres[0]!, {
      name: 'recibo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Esto no es un PDF, es un texto con otro nombre.'),
    });
    await primero.getByRole('button', { name: 'Terminar la inscripción' }).click();
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toBeVisible();
    await expect(primero.getByRole('button', { name: /Comprobante de pago/ })).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toBeVisible();

    // Peso con dos separadores, insertado de una vez como en el teclado de un teléfono: se dice
    // junto al campo, no se descarta un punto en silencio; "52,5" y "52.5" son lo mismo (issue
    // 32 §1).
    const peso = primero.getByRole('textbox', { name: 'Peso (kg)' });
    await peso.fill('');
    await peso.focus();
    await page.keyboard.insertText('52..5');
    await primero.getByRole('button', { name: 'Terminar la inscripción' }).click();
    await expect(
      primero.getByText('Escriba un solo separador decimal (1,5 o 1.5), sin separador de miles.'),
    ).toBeVisible();
    await expect(peso).toHaveValue('52..5');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await peso.fill('');
    await peso.focus();
    await page.keyboard.insertText('52.5');
    await peso.blur();
    await expect(peso).toHaveValue('52,5');

    await primero.locator('input[type="file"]').setInputFiles({
      name: 'recibo.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await expect(primero.getByText('Solo se aceptan formatos JPG, JPEG o PDF')).toHaveCount(0);
    await primero.getByRole('button', { name: 'Terminar la inscripción' }).click();
    await confirmarYEnviar(page, nombres[0]!);

    // Enviado el primero: se cierra con su resumen, se abre el del siguiente y el foco pasa a su
    // encabezado (issue 11 ítem 5).
    await expect(encabezado(nombres[1]!)).toBeFocused();
    await expect(encabezado(nombres[1]!)).toHaveAttribute('aria-expanded', 'true');
    await expect(encabezado(nombres[0]!)).toHaveAttribute('aria-expanded', 'false');
    await expect(encabezado(nombres[0]!)).toContainText('Inscripción enviada el');
    await expect(formularios).toHaveCount(1);
    await expect(page.getByRole('form', { name: `Inscripción de ${nombres[1]}` })).toBeVisible();

    await completarHijo(page, nombres[1]!, {
      name: 'recibo.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('Inscripción finalizada')).toHaveCount(2);
    await expect(formularios).toHaveCount(0);
    // Con todos inscriptos, el foco pasa a la sección que sigue: el inglés técnico.
    await expect(
      page.getByRole('heading', {
        name: 'Inscripción a capacitación profesional en inglés técnico',
      }),
    ).toBeFocused();

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
    expect(await violacionesGraves(page)).toEqual([]);

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
    expect(await violacionesGraves(page)).toEqual([]);
    const siguiente = page.getByRole('button', { name: 'Siguiente' });
    await expect(siguiente).toBeDisabled();
    // El foco está adentro y no se cierra con Escape, ni con dos seguidos (el navegador no deja
    // cancelar el segundo cierre de un <dialog>: lo impide el diálogo) ni con un clic en el fondo.
    await expect(dialogo.getByRole('checkbox', { name: 'Leí y acepto el acuerdo' })).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialogo).toBeVisible();
    // En el teléfono ocupa casi todo el ancho (390 px).
    const caja = (await dialogo.boundingBox())!;
    expect(caja.width).toBeGreaterThanOrEqual(360);
    expect(caja.x + caja.width).toBeLessThanOrEqual(390);
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
    await ingresarComo(page, EMAIL_DEMO.referenteOtro, '/inscripcion');
    await expect(page).toHaveURL(/\/inscripcion\/completar$/);
    await expect(page.getByText('Inscripción finalizada')).toHaveCount(2);
  });
});
