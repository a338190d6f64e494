/**
 * /planificacion (issue 13; spec 02 §2, §3 Cursado y Materia, §5, §8, §9): pestañas, materias
 * (búsqueda, "Cargar más", alta, edición, borrado con 409, código repetido, CSV), cursados
 * (alta, edición, borrado, horas semanales por curso) y "Replicar ciclo anterior".
 */
import { expect, test, type Locator, type Page } from './prueba';
import { EMAIL_DEMO, cicloActual, ingresarComo } from './ayudas';

const pestanas = (page: Page) =>
  page.getByRole('navigation', { name: 'Secciones de planificación' });
const materias = (page: Page) => page.getByRole('list', { name: 'Materias' });
const aviso = (page: Page, texto: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: texto });

/** Elige una opción de un SelectBuscable de varias opciones escribiendo para buscarla. */
async function elegirEnMultiple(page: Page, campo: string, buscar: string, opcion: string) {
  const entrada = page.getByRole('combobox', { name: campo, exact: true });
  await entrada.click();
  await entrada.fill(buscar);
  await page.getByRole('option', { name: opcion, exact: true }).click();
  await entrada.press('Escape');
}

async function buscarMateria(page: Page, texto: string) {
  await page.getByRole('textbox', { name: 'Buscar materias' }).fill(texto);
}

async function confirmarDialogo(page: Page, titulo: string, boton: string) {
  const dialogo = page.getByRole('dialog', { name: titulo });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: boton, exact: true }).click();
  await expect(dialogo).toBeHidden();
}

/** Ningún elemento se sale del ancho de la pantalla (sin desplazamiento horizontal). */
async function sinDesbordeHorizontal(page: Page) {
  const { ancho, contenido } = await page.evaluate(() => ({
    ancho: window.innerWidth,
    contenido: document.documentElement.scrollWidth,
  }));
  expect(contenido).toBeLessThanOrEqual(ancho);
}

async function dentroDeLaPantalla(page: Page, l: Locator) {
  const caja = await l.boundingBox();
  const ancho = page.viewportSize()!.width;
  expect(caja).not.toBeNull();
  expect(caja!.x).toBeGreaterThanOrEqual(0);
  expect(caja!.x + caja!.width).toBeLessThanOrEqual(ancho + 0.5);
}

test.describe('/planificacion (Alumnado)', () => {
  test('redirige a Materias; las pestañas son enlaces y un id inexistente vuelve a la lista', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion');
    await expect(page).toHaveURL(/\/planificacion\/materias$/);
    await expect(page.getByTestId('modulo-actual')).toContainText('Planificación');
    const tabMaterias = pestanas(page).getByRole('link', { name: 'Materias' });
    const tabCursados = pestanas(page).getByRole('link', { name: 'Cursados' });
    await expect(tabMaterias).toHaveAttribute('aria-current', 'page');
    await expect(tabCursados).not.toHaveAttribute('aria-current', 'page');

    // Con el teclado: la pestaña recibe el foco y Enter la abre.
    await tabMaterias.focus();
    await page.keyboard.press('Tab');
    await expect(tabCursados).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/planificacion\/cursados/);
    await expect(tabCursados).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('combobox', { name: 'Ciclo a planificar' })).toHaveValue(
      String(cicloActual()),
    );
    await expect(
      page.getByRole('combobox', { name: 'Ciclo a planificar' }).locator('option'),
    ).toContainText([`${cicloActual() + 1} (próximo)`, String(cicloActual())]);

    await page.goto('/planificacion/materias/editar/99999999');
    await expect(page).toHaveURL(/\/planificacion\/materias\?error=materia-inexistente$/);
    await expect(aviso(page, 'La materia no existe o ya fue borrada.')).toBeVisible();
    await page.goto('/planificacion/cursados/editar/abc');
    await expect(page).toHaveURL(/\/planificacion\/cursados\?error=cursado-inexistente$/);
    await expect(aviso(page, 'El cursado no existe o ya fue borrado.')).toBeVisible();
  });

  test('materias: busca, "Cargar más" trae 30 más y sin coincidencias dice "Sin resultados"', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/materias');
    await expect(materias(page).getByRole('listitem')).toHaveCount(30);
    await expect(page.getByTestId('cuenta-materias')).toHaveText('30 materias mostradas');
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect(materias(page).getByRole('listitem')).toHaveCount(60);
    await page.screenshot({ path: '/tmp/planificacion-materias.png', fullPage: false });

    await buscarMateria(page, 'MAT1');
    await expect(materias(page).getByRole('listitem')).toHaveCount(1);
    const mat1 = materias(page).getByRole('listitem', { name: 'Matemática (MAT1)' });
    await expect(mat1).toContainText('1° año · Plan 2018 ETP · Ciencias Exactas');
    await expect(mat1.getByTestId('cursados-de-materia')).toHaveText(/^[1-9]\d* cursados$/);
    await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);

    await buscarMateria(page, 'zzzz-ninguna');
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await expect(materias(page)).toHaveCount(0);
  });

  test('materias: crea, edita, rechaza un código repetido, no borra una con cursados y borra una nueva', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/materias');
    await page.getByRole('link', { name: 'Nueva materia' }).click();
    await expect(page).toHaveURL(/\/planificacion\/materias\/nueva$/);
    await expect(pestanas(page).getByRole('link', { name: 'Materias' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // El plan único queda elegido: "{año} · {nombre} ({código})".
    await expect(page.getByRole('combobox', { name: 'Plan' }).locator('option:checked')).toHaveText(
      '2018 · Técnico (Ley 26.058) (ETP)',
    );

    // Las reglas del dominio, antes de llamar al servidor.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Código: no puede estar vacío.')).toBeVisible();
    await expect(page.getByText('Nombre: no puede estar vacío.')).toBeVisible();
    await expect(page.getByText('Año: elija el año de cursado.')).toBeVisible();
    await expect(page.getByText('Departamento: elija un departamento.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Código' }).fill('ROBOTICA5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Código: entre 1 y 8 caracteres.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Código' }).fill('ROB5');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Robótica');
    await page.getByRole('combobox', { name: 'Año' }).selectOption({ label: '5°' });
    await page
      .getByRole('combobox', { name: 'Departamento' })
      .selectOption({ label: 'Electrónica' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/planificacion\/materias$/);
    await expect(page.getByText('Materia Robótica (ROB5) guardada.')).toBeVisible();

    await buscarMateria(page, 'ROB5');
    const nueva = materias(page).getByRole('listitem', { name: 'Robótica (ROB5)' });
    await expect(nueva).toContainText('5° año · Plan 2018 ETP · Electrónica · 0 cursados');

    // Editar: el formulario trae los datos guardados.
    await nueva.getByRole('link', { name: 'Editar Robótica (ROB5)' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Robótica (ROB5)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Código' })).toHaveValue('ROB5');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Robótica Educativa');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/planificacion\/materias$/);
    await buscarMateria(page, 'ROB5');
    await expect(
      materias(page).getByRole('listitem', { name: 'Robótica Educativa (ROB5)' }),
    ).toBeVisible();

    // Un código que ya tiene el plan: el mensaje del servidor.
    await page.getByRole('link', { name: 'Nueva materia' }).click();
    await page.getByRole('textbox', { name: 'Código' }).fill('MAT1');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Matemática bis');
    await page.getByRole('combobox', { name: 'Año' }).selectOption({ label: '1°' });
    await page
      .getByRole('combobox', { name: 'Departamento' })
      .selectOption({ label: 'Ciencias Exactas' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    const error = aviso(page, 'Error al guardar la materia');
    await expect(error).toContainText('ya hay una materia con ese código en el plan.');
    await expect(page).toHaveURL(/\/planificacion\/materias\/nueva$/);

    // Borrar una materia que usan cursados: 409 con lo que depende de ella, y no cambia nada.
    await page.goto('/planificacion/materias');
    await buscarMateria(page, 'MAT1');
    const mat1 = materias(page).getByRole('listitem', { name: 'Matemática (MAT1)' });
    await mat1.getByRole('button', { name: 'Borrar Matemática (MAT1)' }).click();
    await confirmarDialogo(page, '¿Borrar la materia Matemática (MAT1)?', 'Borrar');
    await expect(
      aviso(page, /No se puede borrar Matemática \(MAT1\): \d+ cursados la permiten/),
    ).toBeVisible();
    await expect(mat1).toBeVisible();

    // Cancelar no borra; confirmar borra la nueva.
    await buscarMateria(page, 'ROB5');
    const robotica = materias(page).getByRole('listitem', { name: 'Robótica Educativa (ROB5)' });
    await robotica.getByRole('button', { name: 'Borrar Robótica Educativa (ROB5)' }).click();
    await confirmarDialogo(page, '¿Borrar la materia Robótica Educativa (ROB5)?', 'Cancelar');
    await expect(robotica).toBeVisible();
    await robotica.getByRole('button', { name: 'Borrar Robótica Educativa (ROB5)' }).click();
    await confirmarDialogo(page, '¿Borrar la materia Robótica Educativa (ROB5)?', 'Borrar');
    await expect(page.getByText('Materia Robótica Educativa (ROB5) borrada.')).toBeVisible();
    await expect(page.getByText('Sin resultados')).toBeVisible();
  });

  test('materias: exporta el CSV e importa con vista previa (una fila con errores bloquea)', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/materias');
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await descarga).suggestedFilename()).toBe('materias.csv');

    const encabezado = 'Plan (año);Plan (código);Código;Nombre;Año;Departamento';
    const conError = [
      encabezado,
      '2018;ETP;ROB6;Robótica Avanzada;6;Electrónica',
      '2018;ETP;MAT1;Matemática;1;Ciencias Exactas',
      '2018;ETP;CODIGO-LARGO;Sin código;7;Astrología',
    ].join('\r\n');
    const elegirArchivo = async (contenido: string) => {
      const selector = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Importar CSV' }).click();
      await (
        await selector
      ).setFiles({ name: 'materias.csv', mimeType: 'text/csv', buffer: Buffer.from(contenido) });
    };

    await elegirArchivo(conError);
    const dialogo = page.getByRole('dialog', { name: 'Importar materias: materias.csv' });
    await expect(dialogo.getByTestId('cuentas-importacion')).toHaveText(
      /1 nueva\s*1 ya existe\s*1 con errores/,
    );
    const tabla = dialogo.getByRole('table', { name: 'Vista previa de la importación' });
    await expect(tabla.locator('tr[data-estado="nueva"]')).toContainText('ROB6');
    await expect(tabla.locator('tr[data-estado="existe"]')).toContainText('Ya existe');
    const filaError = tabla.locator('tr[data-estado="error"]');
    await expect(filaError).toContainText('Código: entre 1 y 8 caracteres.');
    await expect(filaError).toContainText('Año: debe ser un número de 1 a 6.');
    await expect(filaError).toContainText('Departamento: no existe "Astrología".');
    await expect(dialogo.getByRole('button', { name: 'Importar 1 materia' })).toBeDisabled();
    await page.screenshot({ path: '/tmp/planificacion-importar.png' });
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();

    // Sin la fila con errores se importa la nueva; la que ya existe no se toca.
    await elegirArchivo(conError.split('\r\n').slice(0, 3).join('\r\n'));
    await expect(dialogo.getByTestId('cuentas-importacion')).toHaveText(
      /1 nueva\s*1 ya existe\s*0 con errores/,
    );
    await dialogo.getByRole('button', { name: 'Importar 1 materia' }).click();
    await expect(page.getByText('Se importó 1 materia (1 ya existía).')).toBeVisible();
    await expect(dialogo).toBeHidden();
    await buscarMateria(page, 'ROB6');
    await expect(
      materias(page).getByRole('listitem', { name: 'Robótica Avanzada (ROB6)' }),
    ).toContainText('6° año · Plan 2018 ETP · Electrónica · 0 cursados');
  });

  test('cursados: busca y "Cargar más" trae 20 más', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/cursados');
    const lista = page.getByRole('list', { name: `Cursados ${cicloActual()}` });
    await expect(lista.getByRole('listitem')).toHaveCount(20);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect(lista.getByRole('listitem')).toHaveCount(40);
    await page.getByRole('textbox', { name: 'Buscar cursados' }).fill('Matemática 1°');
    // Cada resultado coincide con la búsqueda (nombre, materia o docente).
    await expect(lista.getByRole('listitem')).not.toHaveCount(40);
    for (const t of await lista.getByRole('listitem').allTextContents())
      expect(t).toContain('Matemática');
    const mat = lista.getByRole('listitem', { name: 'Matemática 1° 1°', exact: true });
    await expect(mat).toContainText('Materias: Matemática (MAT1)');
    await expect(mat).toContainText('Cursos: 1° 1°');
    await expect(mat).toContainText(/[1-9]\d* inscriptos/);
    await page.getByRole('textbox', { name: 'Buscar cursados' }).fill('zzzz-ninguno');
    await expect(page.getByText('Sin resultados')).toBeVisible();
  });

  test('cursados: crea con materias y cursos, avisa las horas excedidas, edita, borra y no borra uno con inscriptos', async ({
    page,
  }) => {
    const ciclo = cicloActual();
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/cursados');
    await page.getByRole('link', { name: 'Nuevo cursado' }).click();
    await expect(page).toHaveURL(new RegExp(`/planificacion/cursados/nuevo\\?ciclo=${ciclo}$`));
    await expect(page.getByRole('heading', { name: `Nuevo cursado ${ciclo}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Horas' })).toHaveValue('2');

    // Sin nombre ni horas no se guarda; menos de 1 hora tampoco.
    const horas = page.getByRole('textbox', { name: 'Horas' });
    await horas.fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Nombre: no puede estar vacío.')).toBeVisible();
    await expect(page.getByText('Horas: debe ser un número.')).toBeVisible();
    await horas.fill('0');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Horas: como mínimo 1.')).toBeVisible();
    // "1.5" insertado de una vez (el teclado de un teléfono) no son 15 horas: lo dice.
    await horas.fill('');
    await page.keyboard.insertText('1.5');
    await expect(horas).toHaveValue('1.5');
    await expect(page.getByText('Escriba un número entero, sin coma ni punto.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Taller de Robótica 1° 1°');
    await page
      .getByRole('combobox', { name: 'Modalidad' })
      .selectOption({ label: '1° Cuatrimestre' });
    await page.getByRole('textbox', { name: 'Horas' }).fill('96');
    await elegirEnMultiple(page, 'Materias permitidas', 'MAT1', 'Matemática (MAT1) · 1° año');
    // Un curso de otro año que la materia: el servidor lo rechaza ("Error al guardar: …").
    await elegirEnMultiple(page, 'Cursos permitidos', '2° 1°', '2° 1°');
    // Cada elegida es una píldora que se puede quitar.
    await expect(
      page.getByRole('button', { name: 'Quitar Matemática (MAT1) · 1° año' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quitar 2° 1°' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(aviso(page, 'Error al guardar')).toContainText(
      'el curso 2° 1° es de otro año que las materias del cursado.',
    );
    await expect(page).toHaveURL(/\/cursados\/nuevo/);
    // Backspace en el campo vacío quita la última píldora (2° 1°).
    const cursosPermitidos = page.getByRole('combobox', { name: 'Cursos permitidos', exact: true });
    await cursosPermitidos.click();
    await cursosPermitidos.press('Backspace');
    await cursosPermitidos.press('Escape');
    await expect(page.getByRole('button', { name: 'Quitar 2° 1°' })).toHaveCount(0);
    // Con el teclado: lo escrito deja activa la primera y Enter la elige; las elegidas no se
    // ofrecen otra vez.
    await cursosPermitidos.fill('1° 1°');
    const opcionesCursos = page
      .getByRole('listbox', { name: 'Cursos permitidos' })
      .getByRole('option');
    await expect(opcionesCursos.first()).toHaveText('1° 1°');
    await cursosPermitidos.press('Enter');
    await expect(page.getByRole('button', { name: 'Quitar 1° 1°' })).toBeVisible();
    await expect(cursosPermitidos).toHaveValue('');
    await cursosPermitidos.fill('1° 1°');
    await expect(opcionesCursos.filter({ hasText: /^1° 1°$/ })).toHaveCount(0);
    await cursosPermitidos.press('Escape');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(new RegExp(`/planificacion/cursados\\?ciclo=${ciclo}$`));
    await expect(page.getByText('Cursado Taller de Robótica 1° 1° guardado.')).toBeVisible();

    const lista = page.getByRole('list', { name: `Cursados ${ciclo}` });
    await page.getByRole('textbox', { name: 'Buscar cursados' }).fill('Taller de Robótica');
    const nuevo = lista.getByRole('listitem', { name: 'Taller de Robótica 1° 1°' });
    await expect(nuevo).toContainText('1° Cuatrimestre · 96 horas semanales · 0 inscriptos');
    await expect(nuevo).toContainText('Materias: Matemática (MAT1)');
    await expect(nuevo).toContainText('Cursos: 1° 1°');
    await expect(nuevo).toContainText('Sin docentes asignados');
    // 96 horas más las de sus otros cursados: 1° 1° se pasa de los 96 bloques, en rojo.
    await expect(page.getByTestId('avisos-horas')).toContainText(
      /1° 1°: \d+ horas semanales, más que los 96 bloques de la semana\./,
    );
    await expect(
      page.getByRole('list', { name: 'Cursos' }).locator('li[data-excedido]'),
    ).toHaveCount(1);
    await page.screenshot({ path: '/tmp/planificacion-cursados.png' });

    // Editar: nombre, horas y un curso más del mismo año.
    await nuevo.getByRole('link', { name: 'Editar Taller de Robótica 1° 1°' }).click();
    await expect(
      page.getByRole('heading', { name: 'Editar Taller de Robótica 1° 1°' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Horas' })).toHaveValue('96');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Taller de Robótica I');
    await page.getByRole('textbox', { name: 'Horas' }).fill('3');
    await elegirEnMultiple(page, 'Cursos permitidos', '1° 2°', '1° 2°');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(new RegExp(`/planificacion/cursados\\?ciclo=${ciclo}$`));
    await page.getByRole('textbox', { name: 'Buscar cursados' }).fill('Taller de Robótica');
    const editado = lista.getByRole('listitem', { name: 'Taller de Robótica I' });
    await expect(editado).toContainText('1° Cuatrimestre · 3 horas semanales');
    await expect(editado).toContainText('Cursos: 1° 1°, 1° 2°');
    await expect(page.getByTestId('avisos-horas')).toHaveCount(0);

    // Borrar: la confirmación nombra el cursado.
    await editado.getByRole('button', { name: 'Borrar Taller de Robótica I' }).click();
    await confirmarDialogo(page, '¿Borrar el cursado Taller de Robótica I?', 'Borrar');
    await expect(page.getByText('Cursado Taller de Robótica I borrado.')).toBeVisible();
    await expect(page.getByText('Sin resultados')).toBeVisible();

    // Uno con alumnos inscriptos: 409 con el motivo, y sigue en la lista.
    await page.getByRole('textbox', { name: 'Buscar cursados' }).fill('Matemática 1°');
    const conAlumnos = lista.getByRole('listitem', { name: 'Matemática 1° 1°', exact: true });
    await conAlumnos.getByRole('button', { name: 'Borrar Matemática 1° 1°', exact: true }).click();
    await confirmarDialogo(page, '¿Borrar el cursado Matemática 1° 1°?', 'Borrar');
    await expect(
      aviso(page, /No se puede borrar Matemática 1° 1°: tiene \d+ alumnos inscriptos/),
    ).toBeVisible();
    await expect(conAlumnos).toBeVisible();
  });

  test('replicar el ciclo anterior al próximo: vista previa, aplicar y de nuevo todo existe', async ({
    page,
  }) => {
    const actual = cicloActual();
    const proximo = actual + 1;
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/cursados');

    // Replicar al ciclo actual: todo lo del anterior ya existe.
    await page.getByRole('button', { name: 'Replicar ciclo anterior' }).click();
    let dialogo = page.getByRole('dialog', { name: `Replicar ${actual - 1} → ${actual}` });
    await expect(dialogo.getByTestId('cuentas-replicacion')).toContainText('Se crearán: 0');
    await expect(dialogo.getByRole('button', { name: 'Replicar 0 cursados' })).toBeDisabled();
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();

    await page
      .getByRole('combobox', { name: 'Ciclo a planificar' })
      .selectOption({ label: `${proximo} (próximo)` });
    await expect(page).toHaveURL(new RegExp(`\\?ciclo=${proximo}$`));
    // La lista y el panel de horas, vacíos.
    await expect(page.getByText('Sin resultados').filter({ visible: true })).toHaveCount(2);
    await expect(
      page
        .getByText(`No hay cursados en ${proximo}. Puede crearlos o replicar los de ${actual}.`)
        .filter({ visible: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Replicar ciclo anterior' }).click();
    dialogo = page.getByRole('dialog', { name: `Replicar ${actual} → ${proximo}` });
    await expect(dialogo.getByTestId('cuentas-replicacion')).toContainText('Ya existen: 0');
    const aplicar = dialogo.getByRole('button', { name: /^Replicar \d+ cursados$/ });
    await expect(aplicar).toBeEnabled();
    const n = Number((await aplicar.textContent())!.match(/\d+/)![0]);
    expect(n).toBeGreaterThan(100);
    await expect(dialogo.getByTestId('cuentas-replicacion')).toContainText(`Se crearán: ${n}`);
    await expect(dialogo.getByTestId('replicar-crear')).toContainText('Matemática 1° 1°');
    await page.screenshot({ path: '/tmp/planificacion-replicar.png' });
    await aplicar.click();
    await expect(aviso(page, `Replicar ${actual} → ${proximo}`)).toContainText(
      `Se crearon ${n} cursados en ${proximo}`,
    );
    await expect(dialogo).toBeHidden();
    await expect(
      page.getByRole('list', { name: `Cursados ${proximo}` }).getByRole('listitem'),
    ).toHaveCount(20);

    // La misma vista previa: ahora todo existe y no hay nada que crear.
    await page.getByRole('button', { name: 'Replicar ciclo anterior' }).click();
    await expect(dialogo.getByTestId('cuentas-replicacion')).toContainText('Se crearán: 0');
    await expect(dialogo.getByTestId('cuentas-replicacion')).toContainText(`Ya existen: ${n}`);
    await expect(dialogo.getByRole('button', { name: 'Replicar 0 cursados' })).toBeDisabled();
    // Los preceptores no se copiaron sin pedirlo: la casilla los copia (cada año se asigna aparte).
    const etiqueta = dialogo.getByText(/^Copiar también los cursos de cada preceptor/);
    const k = Number((await etiqueta.textContent())!.match(/\((\d+) asignaci/)![1]);
    expect(k).toBeGreaterThan(0);
    await dialogo.getByRole('checkbox', { name: /^Copiar también los cursos/ }).check();
    await dialogo.getByRole('button', { name: 'Copiar los preceptores' }).click();
    await expect(aviso(page, 'asignaciones de preceptores copiadas')).toContainText(
      `Se crearon 0 cursados en ${proximo}; ${k} asignaciones de preceptores copiadas.`,
    );
    await expect(dialogo).toBeHidden();

    // La autoinscripción dice cuántas inscripciones creó.
    await page.getByRole('button', { name: 'Autoinscribir alumnos' }).click();
    await confirmarDialogo(page, `¿Autoinscribir alumnos en ${proximo}?`, 'Autoinscribir');
    await expect(aviso(page, `Autoinscripción ${proximo}`)).toContainText(
      /Se crea(ron \d+ inscripciones|ó 1 inscripción) \(\d+ alumnos? con curso en/,
    );
  });

  test('en el teléfono las pestañas, las listas y los botones entran en la pantalla @telefono', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/planificacion/materias');
    await expect(materias(page).getByRole('listitem')).toHaveCount(30);
    await sinDesbordeHorizontal(page);
    await dentroDeLaPantalla(page, page.getByRole('link', { name: 'Nueva materia' }));
    await dentroDeLaPantalla(page, page.getByRole('button', { name: 'Borrar Matemática (MAT1)' }));
    await page.screenshot({ path: '/tmp/planificacion-telefono-materias.png' });

    await pestanas(page).getByRole('link', { name: 'Cursados' }).click();
    const lista = page.getByRole('list', { name: `Cursados ${cicloActual()}` });
    await expect(lista.getByRole('listitem')).toHaveCount(20);
    await expect(page.getByRole('heading', { name: 'Horas semanales por curso' })).toBeVisible();
    await sinDesbordeHorizontal(page);
    await dentroDeLaPantalla(page, page.getByRole('button', { name: 'Replicar ciclo anterior' }));
    await dentroDeLaPantalla(page, lista.getByRole('link').first());
    await page.screenshot({ path: '/tmp/planificacion-telefono-cursados.png' });

    await lista.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Editar / })).toBeVisible();
    await sinDesbordeHorizontal(page);
    await dentroDeLaPantalla(page, page.getByRole('button', { name: 'Guardar' }));
    await page.screenshot({ path: '/tmp/planificacion-telefono-cursado.png', fullPage: true });
  });
});
