/**
 * /alumnos y /alumnos-privileged (spec 01 §2 Student and guardian management, §4, §5, §8):
 * lista de alumnos, referentes del alumno elegido y formulario del alumno o del referente;
 * en la variante privilegiada, Habilitado optimista, el panel de cursos e inscripciones y la
 * promoción anual. Lo esperado sale del contrato REST con la misma sesión. Las pruebas con
 * varios guardados y recargas usan `test.slow()`.
 */
import { expect, test, type Locator, type Page } from './prueba';
import {
  cambiarDeCuenta,
  cicloActual,
  EMAIL_DEMO,
  elegir,
  ingresarComo,
  violacionesGraves,
  respuestaDe,
  retenerLlamada,
} from './ayudas';

interface AlumnoBase {
  id: number;
  apellido: string;
  nombre: string;
  dni: number;
}
interface ReferenteApi {
  orden: number;
  apellido: string;
  nombre: string;
  telefono: string | null;
  email: string | null;
}
interface CursadoApi {
  cursadoId: number;
  nombre: string;
  materiaId: number;
}
interface CursadosApi {
  curso: { orden: number; nombre: string } | null;
  inscripciones: CursadoApi[];
  disponibles: CursadoApi[];
}
interface CursoApi {
  orden: number;
  nombre: string;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const r = await page.request.get(url);
  expect(r.status(), url).toBe(200);
  return (await r.json()) as T;
}

const alumnosBase = (page: Page) => getJson<AlumnoBase[]>(page, '/api/alumnos/base');
const referentesDe = (page: Page, id: number) =>
  getJson<ReferenteApi[]>(page, `/api/referentes/alumno/${id}`);
const cursadosDe = (page: Page, id: number) =>
  getJson<CursadosApi>(page, `/api/alumnos/${id}/cursados`);

/** Un DNI que la semilla no usa (ella va de 45 millones en adelante), distinto en cada corrida. */
const dniNuevo = () => 20_000_000 + (Date.now() % 9_000_000) + Math.floor(Math.random() * 1000);

const listaAlumnos = (page: Page) => page.getByRole('listbox', { name: 'Alumnos', exact: true });

/** Busca al alumno por DNI en la lista y lo elige. */
async function elegirAlumno(page: Page, a: { apellido: string; nombre: string; dni: number }) {
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(String(a.dni));
  const opcion = listaAlumnos(page).getByRole('option', { name: `${a.apellido}, ${a.nombre}` });
  await expect(opcion).toHaveCount(1);
  await opcion.click();
  await expect(formularioAlumno(page).getByRole('heading', { level: 2 })).toHaveText(
    `${a.apellido}, ${a.nombre}`,
  );
}

const formularioAlumno = (page: Page) => page.getByRole('form', { name: 'Datos del alumno' });
const referentesDelAlumno = (page: Page) =>
  page.getByRole('listbox', { name: 'Referentes del alumno' });
const exito = (page: Page) =>
  page.getByText('Datos guardados correctamente', { exact: true }).last();

/** Espera la respuesta de la mutación (un aviso de éxito anterior puede seguir a la vista). */
/** Hace clic en Guardar, espera la respuesta de `procedimiento` y el aviso de éxito. */
async function guardar(page: Page, donde: Locator, procedimiento: string) {
  const respuesta = respuestaDe(page, procedimiento);
  await donde.getByRole('button', { name: 'Guardar', exact: true }).click();
  expect((await respuesta).ok()).toBe(true);
  await expect(exito(page)).toBeVisible();
}

test.describe('/alumnos (Preceptor)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/alumnos');
    await expect(page.getByTestId('modulo-actual')).toContainText('Alumnos');
  });

  test('estado vacío y lista con sólo los alumnos de sus cursos', async ({ page }) => {
    // El módulo está disponible en la grilla de inicio y abre la pantalla.
    await page.goto('/');
    await page
      .getByTestId('grilla-modulos')
      .getByRole('link', { name: 'Alumnos', exact: true })
      .click();
    await expect(page).toHaveURL(/\/alumnos$/);
    await expect(page.getByText('Elija un alumno de la lista o cree uno nuevo.')).toBeVisible();
    await expect(page.getByText('Seleccione un alumno', { exact: true })).toBeVisible();
    // Sin alumno elegido no hay promoción (sólo en /alumnos-privileged).
    await expect(
      page.getByRole('button', { name: 'Promover estudiantes de curso y autoinscribir' }),
    ).toHaveCount(0);

    const propios = await alumnosBase(page);
    expect(propios.length).toBeGreaterThan(50);
    const opciones = listaAlumnos(page).getByRole('option');
    await expect(opciones).toHaveCount(50);
    // Cada alumno de la lista es de uno de sus cursos (2° 1°, 2° 2°, 4° Electrónica), sin el DNI
    // (sólo la alta administración lo ve en las búsquedas).
    const detalles = await opciones.evaluateAll((os) => os.map((o) => o.textContent ?? ''));
    for (const d of detalles) expect(d).toMatch(/[^\d](2° 1°|2° 2°|4° Electrónica)$/);
    for (const d of detalles) expect(d).not.toContain('DNI');

    await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill('zzzz-nadie');
    await expect(listaAlumnos(page).getByText('Sin resultados')).toBeVisible();

    // Otro ciclo lectivo: se olvida el alumno elegido y la lista es la de los cursos del
    // preceptor en ese año (el contrato REST, con la misma cookie, ya responde por ese ciclo).
    await elegirAlumno(page, propios[0]!);
    await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill('');
    await elegir(page, 'Ciclo lectivo', String(cicloActual() - 1));
    await expect(page.getByText('Seleccione un alumno', { exact: true })).toBeVisible();
    await expect(formularioAlumno(page)).toHaveCount(0);
    const delAnterior = new Set((await alumnosBase(page)).map((x) => `${x.apellido}, ${x.nombre}`));
    if (delAnterior.size === 0) {
      await expect(listaAlumnos(page).getByText('Sin resultados')).toBeVisible();
    } else {
      await expect(opciones).toHaveCount(Math.min(50, delAnterior.size));
      // La lista se vuelve a pedir con el ciclo nuevo: se espera a que muestre la de ese año.
      await expect
        .poll(async () => {
          const nombres = await opciones.evaluateAll((os) =>
            os.map((o) => o.querySelector('span')?.textContent ?? ''),
          );
          return nombres.filter((d) => !delAnterior.has(d));
        })
        .toEqual([]);
    }
  });

  test('elige un alumno: referentes, legajo, DNI no editable; edita y guarda', async ({ page }) => {
    test.slow();
    const [a] = await alumnosBase(page);
    const refs = await referentesDe(page, a!.id);
    expect(refs.length).toBeGreaterThan(0);
    await elegirAlumno(page, a!);
    const form = formularioAlumno(page);

    // Referentes del alumno, con los datos del contrato REST.
    const lista = referentesDelAlumno(page);
    await expect(lista.getByRole('option')).toHaveCount(refs.length);
    for (const r of refs)
      await expect(lista.getByRole('option', { name: `${r.apellido}, ${r.nombre}` })).toBeVisible();

    // DNI numérico y deshabilitado; email de tipo email; géneros; enlace al legajo.
    const dni = form.getByRole('textbox', { name: 'DNI' });
    await expect(dni).toBeDisabled();
    await expect(dni).toHaveValue(String(a!.dni));
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(form.getByRole('combobox', { name: 'Género' }).getByRole('option')).toHaveText([
      'Sin decidir',
      'Otro',
      'Masculino',
      'Femenino',
    ]);
    await expect(form.getByRole('link', { name: 'Ver legajo' })).toHaveAttribute(
      'href',
      `/legajo/${a!.id}`,
    );

    // Un email inválido no se guarda.
    const email = form.getByRole('textbox', { name: 'Email' });
    const emailOriginal = await email.inputValue();
    await email.fill('no-es-un-email');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('El email no es válido.')).toBeVisible();
    await email.fill(emailOriginal);

    // Cambia el pronombre y el teléfono; se guarda y persiste al recargar.
    const pronombre = form.getByRole('textbox', { name: 'Pronombre' });
    const pronombreOriginal = await pronombre.inputValue();
    const area = form.getByRole('textbox', { name: 'Código de área' });
    const numero = form.getByRole('textbox', { name: 'Teléfono' });
    const telOriginal = [await area.inputValue(), await numero.inputValue()];
    await pronombre.fill('elle');
    await area.fill('341');
    await numero.fill('4561234');
    await guardar(page, form, 'alumnos.editar');

    await page.reload();
    await elegirAlumno(page, a!);
    await expect(form.getByRole('textbox', { name: 'Pronombre' })).toHaveValue('elle');
    await expect(form.getByRole('textbox', { name: 'Código de área' })).toHaveValue('341');
    await expect(form.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('4561234');

    // Deja los datos como estaban.
    await form.getByRole('textbox', { name: 'Pronombre' }).fill(pronombreOriginal);
    await form.getByRole('textbox', { name: 'Código de área' }).fill(telOriginal[0]!);
    await form.getByRole('textbox', { name: 'Teléfono' }).fill(telOriginal[1]!);
    await guardar(page, form, 'alumnos.editar');
  });

  test('crea un alumno en uno de sus cursos y le agrega, edita, vincula y desvincula referentes', async ({
    page,
  }) => {
    test.slow();
    const [vecino] = await alumnosBase(page);
    const [refVecino] = await referentesDe(page, vecino!.id);

    await page.getByRole('button', { name: 'Nuevo alumno' }).click();
    const nuevo = page.getByRole('form', { name: 'Nuevo alumno' });
    await expect(nuevo.getByRole('heading', { name: 'Nuevo alumno' })).toBeVisible();
    await expect(page.getByText('Guarde el alumno nuevo para agregarle referentes.')).toBeVisible();
    const dni = dniNuevo();
    await expect(nuevo.getByRole('textbox', { name: 'DNI' })).toBeEnabled();
    await nuevo.getByRole('textbox', { name: 'DNI' }).fill(String(dni));
    await nuevo.getByRole('textbox', { name: 'Apellido' }).fill('Zárate');
    await nuevo.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Tobías');
    await nuevo.getByRole('combobox', { name: 'Género' }).selectOption('Masculino');
    await nuevo.getByRole('textbox', { name: 'Email' }).fill('tobias.zarate@gmail.com');
    // Un preceptor debe elegir uno de sus cursos.
    await nuevo.getByRole('button', { name: 'Guardar' }).click();
    await expect(nuevo.getByText('Elija uno de sus cursos para el alumno.')).toBeVisible();
    const cursos = nuevo.getByRole('listbox', { name: 'Cursos' });
    await expect(cursos.getByRole('option')).toHaveText([/^2° 1°/, /^2° 2°/, /^4° Electrónica/]);
    await cursos.getByRole('option', { name: '2° 2°' }).click();
    await guardar(page, nuevo, 'alumnos.crear');

    const form = formularioAlumno(page);
    await expect(form.getByRole('heading', { level: 2 })).toHaveText('Zárate, Tobías');
    await expect(form.getByRole('textbox', { name: 'DNI' })).toBeDisabled();
    await expect(form.getByText('Curso ' + cicloActual() + ': 2° 2°')).toBeVisible();
    await expect(referentesDelAlumno(page).getByText('Sin referentes')).toBeVisible();
    const creado = (await alumnosBase(page)).find((x) => x.dni === dni);
    expect(creado).toMatchObject({ apellido: 'Zárate', nombre: 'Tobías' });

    // El mismo DNI otra vez se rechaza.
    await page.getByRole('button', { name: 'Nuevo alumno' }).click();
    const otro = page.getByRole('form', { name: 'Nuevo alumno' });
    await otro.getByRole('textbox', { name: 'DNI' }).fill(String(dni));
    await otro.getByRole('textbox', { name: 'Apellido' }).fill('Otro');
    await otro.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Alumno');
    await otro
      .getByRole('listbox', { name: 'Cursos' })
      .getByRole('option', { name: '2° 1°' })
      .click();
    await otro.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ya existe un alumno con ese DNI.')).toBeVisible();

    // Referente nuevo, vinculado al alumno.
    await elegirAlumno(page, creado!);
    await page.getByRole('button', { name: 'Nuevo referente' }).click();
    const ref = page.getByRole('form', { name: 'Nuevo referente' });
    await ref.getByRole('textbox', { name: 'Apellido' }).fill('Zárate');
    await ref.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Mirta');
    await expect(ref.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await ref.getByRole('textbox', { name: 'Email' }).fill('mirta.zarate@gmail.com');
    await ref.getByRole('textbox', { name: 'Código de área' }).fill('341');
    await ref.getByRole('textbox', { name: 'Teléfono' }).fill('12');
    await ref.getByRole('button', { name: 'Guardar' }).click();
    await expect(ref.getByText('Teléfono: entre 6 y 8 dígitos.')).toBeVisible();
    await ref.getByRole('textbox', { name: 'Teléfono' }).fill('5551234');
    await guardar(page, ref, 'referentes.crear');
    const editRef = page.getByRole('form', { name: 'Datos del referente' });
    await expect(editRef.getByRole('heading')).toHaveText('Referente Zárate, Mirta');
    await expect(
      referentesDelAlumno(page).getByRole('option', { name: 'Zárate, Mirta' }),
    ).toContainText('341 5551234');

    // Edita el referente y persiste al recargar.
    await editRef.getByRole('textbox', { name: 'Teléfono' }).fill('6667777');
    await editRef.getByRole('checkbox', { name: 'Exalumno/a del instituto' }).check();
    await guardar(page, editRef, 'referentes.guardar');
    await page.reload();
    await elegirAlumno(page, creado!);
    await referentesDelAlumno(page).getByRole('option', { name: 'Zárate, Mirta' }).click();
    await expect(editRef.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('6667777');
    await expect(editRef.getByRole('checkbox', { name: 'Exalumno/a del instituto' })).toBeChecked();
    const [guardado] = await referentesDe(page, creado!.id);
    expect(guardado).toMatchObject({
      apellido: 'Zárate',
      nombre: 'Mirta',
      telefono: '341 6667777',
    });

    // El diálogo: el foco entra, Escape y "Cerrar" lo cierran y el foco vuelve al botón que lo
    // abrió; se vuelve a abrir después de cada cierre (el estado de React quedó al día).
    const abrirVincular = page.getByRole('button', { name: 'Vincular referente' });
    const dialogo = page.getByRole('dialog', { name: 'Vincular referente existente' });
    for (const cierre of ['Escape', 'Escape', 'Cerrar'] as const) {
      await abrirVincular.click();
      await expect(dialogo).toBeVisible();
      await expect(dialogo.getByRole('button', { name: 'Cerrar' })).toBeFocused();
      if (cierre === 'Escape') await page.keyboard.press('Escape');
      else await dialogo.getByRole('button', { name: 'Cerrar' }).click();
      await expect(dialogo).toBeHidden();
      await expect(abrirVincular).toBeFocused();
    }
    await abrirVincular.click();
    await expect(dialogo.getByRole('textbox', { name: 'Buscar referentes' })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);

    // Vincula un referente existente (de otro alumno de sus cursos) y luego lo desvincula.
    await dialogo
      .getByRole('textbox', { name: 'Buscar referentes' })
      .fill(`${refVecino!.apellido} ${refVecino!.nombre}`);
    const vinculado = respuestaDe(page, 'referentes.vincular');
    await dialogo
      .getByRole('option', { name: `${refVecino!.apellido}, ${refVecino!.nombre}` })
      .first()
      .click();
    expect((await vinculado).ok()).toBe(true);
    await expect(exito(page)).toBeVisible();
    await expect(dialogo).toBeHidden();
    await expect(referentesDelAlumno(page).getByRole('option')).toHaveCount(2);
    expect((await referentesDe(page, creado!.id)).map((r) => r.orden)).toContain(refVecino!.orden);

    await page.getByRole('button', { name: 'Desvincular' }).click();
    const confirmacion = page.getByRole('dialog', {
      name: '¿Desvincular al referente del alumno?',
    });
    await confirmacion.getByRole('button', { name: 'Desvincular' }).click();
    await expect(referentesDelAlumno(page).getByRole('option')).toHaveCount(1);
    expect((await referentesDe(page, creado!.id)).map((r) => r.orden)).not.toContain(
      refVecino!.orden,
    );
    // El vecino sigue con su referente.
    expect((await referentesDe(page, vecino!.id)).map((r) => r.orden)).toContain(refVecino!.orden);
  });
});

test('/alumnos: un guardado que termina después de pasar a "Nuevo alumno" no vuelve al alumno guardado', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/alumnos');
  const [a] = await alumnosBase(page);
  await elegirAlumno(page, a!);

  // El guardado queda retenido hasta que la persona ya empezó a escribir el alumno nuevo.
  const guardado = await retenerLlamada(page, 'alumnos.editar');
  await formularioAlumno(page).getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('button', { name: 'Nuevo alumno' }).click();
  const nuevo = page.getByRole('form', { name: 'Nuevo alumno' });
  await nuevo.getByRole('textbox', { name: 'Apellido' }).fill('Sosa');
  guardado.liberar();
  expect((await guardado.respuesta).ok()).toBe(true);
  await expect(exito(page)).toBeVisible();
  await expect(nuevo.getByRole('textbox', { name: 'Apellido' })).toHaveValue('Sosa');
  await expect(formularioAlumno(page)).toHaveCount(0);
  await guardado.soltar();
});

test.describe('/alumnos para el resto del personal', () => {
  test('Jefe de Preceptores ve toda la escuela; /alumnos-privileged no es para él ni para el preceptor', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/alumnos');
    const todos = await alumnosBase(page);
    const ajeno = todos.at(-1)!;
    await elegirAlumno(page, ajeno);
    await expect(page.getByRole('checkbox', { name: 'Habilitado' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Curso e inscripciones/ })).toHaveCount(0);
    await page.goto('/alumnos-privileged');
    await expect(page).toHaveURL(/\/$/);

    await cambiarDeCuenta(page, EMAIL_DEMO.preceptor, '/alumnos-privileged');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('/alumnos-privileged', () => {
  test('Alumnado: Habilitado cambia al instante y vuelve atrás si la llamada falla', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos-privileged');
    const [a] = await alumnosBase(page);
    await elegirAlumno(page, a!);
    const casilla = formularioAlumno(page).getByRole('checkbox', { name: 'Habilitado' });
    await expect(casilla).toBeChecked();

    // La llamada falla (sin red): la casilla cambia enseguida y vuelve al valor anterior.
    let liberar!: () => void;
    const retenida = new Promise<void>((r) => (liberar = r));
    await page.route('**/api/trpc/alumnos.habilitar**', async (route) => {
      await retenida;
      await route.abort('failed');
    });
    await casilla.click();
    await expect(casilla).not.toBeChecked();
    liberar();
    await expect(page.getByText('No se pudo cambiar Habilitado')).toBeVisible();
    await expect(casilla).toBeChecked();
    await page.unroute('**/api/trpc/alumnos.habilitar**');

    // Con la llamada bien, el cambio persiste; se vuelve a habilitar al final.
    let respuesta = respuestaDe(page, 'alumnos.habilitar');
    await casilla.click();
    await expect(casilla).not.toBeChecked();
    expect((await respuesta).ok()).toBe(true);
    await expect(casilla).toBeEnabled();
    await page.reload();
    await elegirAlumno(page, a!);
    await expect(casilla).not.toBeChecked();
    respuesta = respuestaDe(page, 'alumnos.habilitar');
    await casilla.click();
    await expect(casilla).toBeChecked();
    expect((await respuesta).ok()).toBe(true);
    await expect(casilla).toBeEnabled();
    await page.reload();
    await elegirAlumno(page, a!);
    await expect(casilla).toBeChecked();
  });

  test('Admin: quita, restaura y agrega inscripciones; Guardar persiste', async ({ page }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.admin, '/alumnos-privileged');
    const [a] = await alumnosBase(page);
    const antes = await cursadosDe(page, a!.id);
    expect(antes.curso).not.toBeNull();
    expect(antes.inscripciones.length).toBeGreaterThan(2);
    const [x, y] = antes.inscripciones;
    await elegirAlumno(page, a!);

    const panel = page.getByRole('region', { name: /Curso e inscripciones/ });
    await expect(panel.getByTestId('curso-del-alumno')).toHaveText(antes.curso!.nombre);
    const items = panel.getByTestId('inscripcion');
    await expect(items).toHaveCount(antes.inscripciones.length);
    await expect(panel.locator('[data-estado="sinCambios"]')).toHaveCount(
      antes.inscripciones.length,
    );
    const agregables = panel.getByTestId('cursado-agregable');
    await expect(agregables).toHaveCount(0);
    const guardarPanel = panel.getByRole('button', { name: 'Guardar' });
    await expect(guardarPanel).toBeDisabled();

    const item = (n: string) => items.filter({ hasText: n });
    // Quitar → quitado; restaurar → sin cambios.
    await panel.getByRole('button', { name: `Quitar ${x!.nombre}` }).click();
    await expect(item(x!.nombre)).toHaveAttribute('data-estado', 'quitado');
    await expect(item(x!.nombre)).toContainText('Quitado');
    await panel.getByRole('button', { name: `Restaurar ${x!.nombre}` }).click();
    await expect(item(x!.nombre)).toHaveAttribute('data-estado', 'sinCambios');
    await expect(guardarPanel).toBeDisabled();

    // Quita dos y guarda: pasan a la lista de cursados para agregar.
    await panel.getByRole('button', { name: `Quitar ${x!.nombre}` }).click();
    await panel.getByRole('button', { name: `Quitar ${y!.nombre}` }).click();
    await guardar(page, panel, 'cursados.inscripciones');
    await expect(items).toHaveCount(antes.inscripciones.length - 2);
    await expect(agregables).toHaveCount(2);
    await page.reload();
    await elegirAlumno(page, a!);
    await expect(items).toHaveCount(antes.inscripciones.length - 2);
    await expect(agregables.filter({ hasText: x!.nombre })).toHaveCount(1);
    const medio = await cursadosDe(page, a!.id);
    expect(medio.inscripciones.map((i) => i.cursadoId)).not.toContain(x!.cursadoId);
    expect(medio.inscripciones.map((i) => i.cursadoId)).not.toContain(y!.cursadoId);

    // Agregar → agregado; alternar un agregado lo saca de la lista (vuelve a los agregables).
    await panel.getByRole('button', { name: `Agregar ${x!.nombre}` }).click();
    await expect(item(x!.nombre)).toHaveAttribute('data-estado', 'agregado');
    await expect(item(x!.nombre)).toContainText('Agregado');
    await expect(agregables).toHaveCount(1);
    await panel.getByRole('button', { name: `Quitar ${x!.nombre}` }).click();
    await expect(item(x!.nombre)).toHaveCount(0);
    await expect(agregables).toHaveCount(2);

    // Agrega los dos y guarda: vuelven con la primera materia permitida.
    await panel.getByRole('button', { name: `Agregar ${x!.nombre}` }).click();
    await panel.getByRole('button', { name: `Agregar ${y!.nombre}` }).click();
    await guardar(page, panel, 'cursados.inscripciones');
    await page.reload();
    await elegirAlumno(page, a!);
    await expect(items).toHaveCount(antes.inscripciones.length);
    await expect(agregables).toHaveCount(0);
    const despues = await cursadosDe(page, a!.id);
    expect(despues.inscripciones.map((i) => i.cursadoId).sort()).toEqual(
      antes.inscripciones.map((i) => i.cursadoId).sort(),
    );
  });

  test('Alumnado: un alumno sin curso primero elige curso; luego se inscribe', async ({ page }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos-privileged');
    await page.getByRole('button', { name: 'Nuevo alumno' }).click();
    const nuevo = page.getByRole('form', { name: 'Nuevo alumno' });
    const dni = dniNuevo();
    await nuevo.getByRole('textbox', { name: 'DNI' }).fill(String(dni));
    await nuevo.getByRole('textbox', { name: 'Apellido' }).fill('Ibarra');
    await nuevo.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await guardar(page, nuevo, 'alumnos.crear');
    await expect(formularioAlumno(page).getByRole('heading', { level: 2 })).toHaveText(
      'Ibarra, Lucía',
    );

    const panel = page.getByRole('region', { name: /Curso e inscripciones/ });
    await expect(panel.getByTestId('curso-del-alumno')).toHaveText('Sin curso');
    await expect(panel.getByText('El alumno no está cursando este año')).toBeVisible();
    await expect(panel.getByText('Seleccione un curso')).toBeVisible();
    await expect(panel.getByTestId('cursado-agregable')).toHaveCount(0);

    const cursos = await getJson<CursoApi[]>(page, '/api/cursos');
    const curso = cursos.find((c) => c.nombre === '1° 1°')!;
    const ofertas = await getJson<{ cursados: CursadoApi[] }>(
      page,
      `/api/cursos/${curso.orden}/cursados/${cicloActual()}`,
    );
    expect(ofertas.cursados.length).toBeGreaterThan(1);
    await panel
      .getByRole('listbox', { name: 'Cursos' })
      .getByRole('option', { name: '1° 1°' })
      .click();
    await expect(panel.getByTestId('curso-del-alumno')).toHaveText('1° 1°');
    await expect(panel.getByTestId('cursado-agregable')).toHaveCount(ofertas.cursados.length);
    const [c1, c2] = ofertas.cursados;
    await panel.getByRole('button', { name: `Agregar ${c1!.nombre}` }).click();
    await panel.getByRole('button', { name: `Agregar ${c2!.nombre}` }).click();
    await guardar(page, panel, 'cursados.inscripciones');

    const creado = (await alumnosBase(page)).find((x) => x.dni === dni)!;
    const guardado = await cursadosDe(page, creado.id);
    expect(guardado.curso?.nombre).toBe('1° 1°');
    expect(guardado.inscripciones.map((i) => [i.cursadoId, i.materiaId]).sort()).toEqual(
      [c1!, c2!].map((c) => [c.cursadoId, c.materiaId]).sort(),
    );
    await page.reload();
    await elegirAlumno(page, creado);
    await expect(panel.getByTestId('curso-del-alumno')).toHaveText('1° 1°');
    await expect(panel.locator('[data-estado="sinCambios"]')).toHaveCount(2);
  });

  test('Admin: promoción — cancelar no cambia nada; confirmar muestra el resumen y no duplica', async ({
    page,
  }) => {
    test.slow();
    await ingresarComo(page, EMAIL_DEMO.admin, '/alumnos-privileged');
    const ciclo = cicloActual();
    await expect(page.getByText('Elija un alumno de la lista o cree uno nuevo.')).toBeVisible();
    const boton = page.getByRole('button', {
      name: 'Promover estudiantes de curso y autoinscribir',
    });
    await expect(boton).toBeVisible();

    const cursos = await getJson<CursoApi[]>(page, '/api/cursos');
    const id = (n: string) => cursos.find((c) => c.nombre === n)!.orden;
    type AlumnosCurso = { alumnos: { orden: number; habilitado?: boolean }[] };
    const siguientes = async () =>
      (
        await getJson<AlumnosCurso>(page, `/api/cursos/${id('3° 1°')}/referentes/${ciclo + 1}`)
      ).alumnos
        .map((a) => a.orden)
        .sort((a, b) => a - b);
    const de21 = (await getJson<AlumnosCurso>(page, `/api/cursos/alumnos/${id('2° 1°')}`)).alumnos
      .filter((a) => a.habilitado !== false)
      .map((a) => a.orden)
      .sort((a, b) => a - b);
    expect(de21.length).toBeGreaterThan(0);
    expect(await siguientes()).toEqual([]);

    // Cancelar: no se llama a cursos.promover y no cambia nada.
    const llamadas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('cursos.promover')) llamadas.push(r.url());
    });
    await boton.click();
    const dialogo = page.getByRole('dialog', {
      name: '¿Promover estudiantes de curso y autoinscribir?',
    });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByTestId('resumen-promocion')).toHaveCount(0);
    expect(llamadas).toEqual([]);
    expect(await siguientes()).toEqual([]);

    // Confirmar: los alumnos de 2° 1° pasan a 3° 1° del ciclo siguiente.
    await boton.click();
    await dialogo.getByRole('button', { name: 'Promover' }).click();
    const resumen = page.getByTestId('resumen-promocion');
    await expect(resumen).toBeVisible();
    await expect(resumen).toContainText(`Promoción ${ciclo} → ${ciclo + 1}`);
    const promovidos = Number(
      (await resumen.getByTestId('resumen-Promovidos').textContent())!.replace(/\D/g, ''),
    );
    expect(promovidos).toBeGreaterThanOrEqual(de21.length);
    expect(llamadas).toHaveLength(1);
    expect(await siguientes()).toEqual(de21);

    // Otra vez: nadie se promueve dos veces.
    await boton.click();
    await dialogo.getByRole('button', { name: 'Promover' }).click();
    await expect(resumen.getByTestId('resumen-Promovidos')).toHaveText('Promovidos: 0');
    await expect(resumen.getByTestId('resumen-Ya tenían curso')).toHaveText(
      `Ya tenían curso: ${promovidos}`,
    );
    expect(await siguientes()).toEqual(de21);
  });
});

test('/alumnos-privileged sin violaciones graves de accesibilidad', async ({ page }) => {
  test.slow();
  await ingresarComo(page, EMAIL_DEMO.alumnado, '/alumnos-privileged');
  await expect(listaAlumnos(page).getByRole('option').first()).toBeVisible();
  expect(await violacionesGraves(page)).toEqual([]);
  const [a] = await alumnosBase(page);
  await elegirAlumno(page, a!);
  const panel = page.getByRole('region', { name: /Curso e inscripciones/ });
  await expect(panel.getByTestId('inscripcion').first()).toBeVisible();
  await expect(referentesDelAlumno(page).getByRole('option').first()).toBeVisible();
  expect(await violacionesGraves(page)).toEqual([]);
  await referentesDelAlumno(page).getByRole('option').first().click();
  await expect(page.getByRole('form', { name: 'Datos del referente' })).toBeVisible();
  expect(await violacionesGraves(page)).toEqual([]);
});

test('@telefono /alumnos se usa en el teléfono: lista, referentes y formulario apilados', async ({
  page,
}) => {
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/alumnos');
  const [a] = await alumnosBase(page);
  await elegirAlumno(page, a!);
  // La columna de referentes queda a la vista después de elegir.
  await expect(referentesDelAlumno(page)).toBeInViewport();
  const form = formularioAlumno(page);
  await form.getByRole('textbox', { name: 'Apellido' }).scrollIntoViewIfNeeded();
  await expect(form.getByRole('textbox', { name: 'Apellido' })).toBeInViewport();
  await guardar(page, form, 'alumnos.editar');
  // Nada se sale de los 390 px de ancho.
  const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(390);

  // "Vincular referente": el diálogo ocupa casi todo el ancho y la página de atrás no se desplaza.
  const abrir = page.getByRole('button', { name: 'Vincular referente' });
  await abrir.scrollIntoViewIfNeeded();
  await abrir.click();
  const dialogo = page.getByRole('dialog', { name: 'Vincular referente existente' });
  await expect(dialogo.getByRole('textbox', { name: 'Buscar referentes' })).toBeVisible();
  const caja = (await dialogo.boundingBox())!;
  expect(caja.x).toBeGreaterThanOrEqual(0);
  expect(caja.width).toBeGreaterThanOrEqual(360);
  expect(caja.x + caja.width).toBeLessThanOrEqual(390);
  const desplazamiento = () => page.evaluate(() => window.scrollY);
  const antes = await desplazamiento();
  const rueda = antes > 0 ? -400 : 400;
  await page.mouse.move(195, 5);
  expect(await posicionTrasRueda(page, rueda)).toBe(antes);
  // Cerrado, la misma rueda medida igual sí desplaza la página (así la comprobación de arriba
  // puede fallar).
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeHidden();
  expect(await posicionTrasRueda(page, rueda)).not.toBe(antes);
});

/**
 * La posición vertical de la página después de una rueda, sin esperar un tiempo fijo: la señal es
 * la rueda misma (el evento llega a la página) y lo que sigue, el evento 'scroll' si la página se
 * desplaza o, si no, los diez cuadros que el navegador dibuja después (un desplazamiento ya habría
 * empezado: la comprobación con el diálogo cerrado usa la misma medida).
 */
async function posicionTrasRueda(page: Page, delta: number): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { trasLaRueda?: Promise<number> };
    w.trasLaRueda = new Promise((listo) =>
      window.addEventListener(
        'wheel',
        () => {
          window.addEventListener('scroll', () => listo(window.scrollY), { once: true });
          let cuadros = 0;
          const contar = () => {
            if (++cuadros === 10) listo(window.scrollY);
            else requestAnimationFrame(contar);
          };
          requestAnimationFrame(contar);
        },
        { once: true },
      ),
    );
  });
  await page.mouse.wheel(0, delta);
  return page.evaluate(() => (window as unknown as { trasLaRueda: Promise<number> }).trasLaRueda);
}
