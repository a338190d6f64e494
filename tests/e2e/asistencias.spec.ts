/**
 * /asistencias ("Por Curso" y "Por Alumno", rango completo) y /asistencias-protected (Preceptor:
 * sólo por curso, 15 días atrás, borrar sólo entradas nuevas o de hoy en adelante) — spec 01 §2
 * Attendance, §4, §5, §9. Cada prueba escribe en un curso y turno propios (o en alumnos sin
 * entradas), así no dependen del orden ni de corridas anteriores.
 */
import { expect, test, type Locator, type Page } from './prueba';
import { sumarDias } from '../../src/domain/escuela';
import { numero } from '../../src/domain/texto';
import { EMAIL_DEMO, cuenta, ingresarComo, violacionesGraves } from './ayudas';
import { calendarioDe, ponerFecha, teclearFecha, textoFecha } from './campo-fecha';
import { FECHA_ESCOLAR, turnoEscolar } from './fecha';

const hoy = FECHA_ESCOLAR;
/** 'AAAA-MM-DD' → 'DD/MM/AAAA', como lo muestra la pantalla. */
const ddmm = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;

const visibles = (l: Locator) => l.filter({ visible: true });

async function elegirCurso(page: Page, nombre: string) {
  await page
    .getByRole('listbox', { name: 'Cursos' })
    .getByRole('option', { name: new RegExp(`^${nombre}`) })
    .click();
}

/** Un segmento de un SegmentedControl ('Tarde', 'Por Alumno') por su texto. */
async function elegirSegmento(page: Page, texto: string) {
  await visibles(page.locator('label').filter({ hasText: new RegExp(`^${texto}$`) })).click();
}

const filasAlumnos = (page: Page) => visibles(page.getByTestId('alumno-planilla'));
/** Filas de alumnos sin entradas en la planilla abierta. */
const sinEntradas = (page: Page) =>
  filasAlumnos(page).filter({ hasNot: page.getByTestId('entrada') });
const nombreDe = async (fila: Locator) =>
  (await fila.getByRole('region').getAttribute('aria-label'))!;
const barra = (page: Page) => visibles(page.getByTestId('barra-guardar'));
/** El total del año de una fila ('5,5 / 30 (+ 0)' → 5.5). */
async function totalDeFila(fila: Locator): Promise<number> {
  const total = visibles(fila.getByTestId('total-alumno'));
  await expect(total).toContainText(' / 30 (+ ');
  const [, n] = (await total.textContent())!.match(/^(\d+(?:,5)?) \/ 30/)!;
  return Number(n!.replace(',', '.'));
}

async function guardar(page: Page) {
  await barra(page).getByRole('button', { name: 'Guardar' }).click();
  // Un guardado es una llamada al servidor: con la máquina cargada puede tardar más que el resto.
  await expect(page.getByText('Asistencias guardadas').last()).toBeVisible({ timeout: 30_000 });
  await expect(barra(page)).toContainText('Sin cambios');
}

async function abrirPlanilla(page: Page, curso: string, turno: 'Mañana' | 'Tarde') {
  await elegirCurso(page, curso);
  await elegirSegmento(page, turno);
  await expect(
    page.getByRole('heading', { name: `${curso} · ${ddmm(hoy)} · ${turno}` }),
  ).toBeVisible();
  await expect(filasAlumnos(page).first()).toBeVisible();
}

test.describe('/asistencias (Jefe de Preceptores)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/asistencias');
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
  });

  test('Por Curso: toma asistencia de un curso y día, guarda y al recargar sigue ahí', async ({
    page,
  }) => {
    await expect(visibles(page.getByTestId('estado-vacio'))).toHaveText('Seleccione un curso');
    // Hoy y el turno de la hora por defecto (spec 01 §9: mañana hasta las 11:50).
    await expect(page.getByRole('textbox', { name: 'Fecha' })).toHaveValue(textoFecha(hoy));
    await expect(page.getByRole('radio', { name: turnoEscolar() })).toBeChecked();

    await abrirPlanilla(page, '3° 1°', 'Tarde');
    const [primera, segunda] = [sinEntradas(page).nth(0), sinEntradas(page).nth(1)];
    const nombre1 = await nombreDe(primera);
    const nombre2 = await nombreDe(segunda);
    const fila1 = page.getByRole('region', { name: nombre1 });
    const fila2 = page.getByRole('region', { name: nombre2 });

    // Una Falta (el tipo por defecto) al primero.
    await fila1.getByRole('button', { name: 'Agregar entrada' }).click();
    await expect(fila1.getByTestId('entrada')).toHaveAttribute('data-estado', 'nueva');
    await expect(fila1.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Falta');
    await expect(fila1.getByRole('combobox', { name: 'Circunstancia' })).toHaveValue('Normal');

    // Una Tardanza Ingreso justificada al segundo; desmarcar "Justificada" borra el motivo.
    await fila2.getByRole('button', { name: 'Agregar entrada' }).click();
    await fila2.getByRole('combobox', { name: 'Tipo' }).selectOption('Tardanza Ingreso');
    await fila2.getByRole('combobox', { name: 'Circunstancia' }).selectOption('Educación Física');
    const justificada = fila2.getByRole('checkbox', { name: 'Justificada' });
    await justificada.check();
    await fila2.getByRole('textbox', { name: 'Motivo' }).fill('Borrador');
    await justificada.uncheck();
    await expect(fila2.getByRole('textbox', { name: 'Motivo' })).toHaveCount(0);
    await justificada.check();
    await expect(fila2.getByRole('textbox', { name: 'Motivo' })).toHaveValue('');
    await fila2.getByRole('textbox', { name: 'Motivo' }).fill('Turno médico');
    await expect(barra(page)).toContainText('Dos cambios sin guardar');
    const antes = [await totalDeFila(fila1), await totalDeFila(fila2)];

    await guardar(page);
    await expect(fila1.getByTestId('entrada')).toHaveAttribute('data-estado', 'guardada');
    // El total del personal cuenta lo recién guardado (issue 11 §6), en es-AR (§9): la Falta
    // suma 1 y la Tardanza 0,5.
    await expect(visibles(fila1.getByTestId('total-alumno'))).toContainText(
      new RegExp(`^${numero(antes[0]! + 1)} / 30 \\(\\+ `),
    );
    await expect(visibles(fila2.getByTestId('total-alumno'))).toContainText(
      new RegExp(`^${numero(antes[1]! + 0.5)} / 30 \\(\\+ `),
    );

    await page.reload();
    await abrirPlanilla(page, '3° 1°', 'Tarde');
    await expect(fila1.getByTestId('entrada')).toHaveCount(1);
    await expect(fila1.getByTestId('entrada')).toHaveAttribute('data-estado', 'guardada');
    await expect(fila1.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Falta');
    await expect(fila1.getByRole('checkbox', { name: 'Justificada' })).not.toBeChecked();
    await expect(fila2.getByTestId('entrada')).toHaveCount(1);
    await expect(fila2.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Tardanza Ingreso');
    await expect(fila2.getByRole('combobox', { name: 'Circunstancia' })).toHaveValue(
      'Educación Física',
    );
    await expect(fila2.getByRole('checkbox', { name: 'Justificada' })).toBeChecked();
    await expect(fila2.getByRole('textbox', { name: 'Motivo' })).toHaveValue('Turno médico');
    // La planilla de la mañana del mismo día no tiene esas entradas.
    await elegirSegmento(page, 'Mañana');
    await expect(
      page.getByRole('heading', { name: `3° 1° · ${ddmm(hoy)} · Mañana` }),
    ).toBeVisible();
    await expect(fila1.getByTestId('entrada')).toHaveCount(0);
  });

  test('la fecha escrita con el teclado fuera de la ventana vuelve a la anterior al salir', async ({
    page,
  }) => {
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await teclearFecha(fecha, sumarDias(hoy, 1));
    await fecha.blur();
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await teclearFecha(fecha, sumarDias(hoy, -1));
    await fecha.blur();
    await expect(fecha).toHaveValue(textoFecha(sumarDias(hoy, -1)));
  });

  test('borrar: una entrada nueva se quita en el acto; una guardada queda marcada hasta guardar', async ({
    page,
  }) => {
    await abrirPlanilla(page, '3° 2°', 'Mañana');
    const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    const entradas = fila.getByTestId('entrada');

    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    await expect(entradas).toHaveCount(2);
    // El segundo toma el primer tipo libre y no puede repetir el del primero (índice único).
    await expect(entradas.nth(1).getByRole('combobox', { name: 'Tipo' })).toHaveValue(
      'Tardanza Ingreso',
    );
    await expect(
      entradas.nth(1).getByRole('option', { name: 'Falta', exact: true }),
    ).toBeDisabled();

    // Nueva: se quita en el acto, sin marca.
    await entradas.nth(1).getByRole('button', { name: 'Borrar entrada' }).click();
    await expect(entradas).toHaveCount(1);
    await expect(fila.getByText('Se borrará al guardar')).toHaveCount(0);
    await guardar(page);

    // Guardada: queda marcada hasta guardar; se puede deshacer.
    await expect(entradas).toHaveAttribute('data-estado', 'guardada');
    await entradas.getByRole('button', { name: 'Borrar entrada' }).click();
    await expect(entradas).toHaveCount(1);
    await expect(entradas).toHaveAttribute('data-estado', 'borrar');
    await expect(entradas.getByText('Se borrará al guardar')).toBeVisible();
    await expect(barra(page)).toContainText('Un cambio sin guardar');
    await entradas.getByRole('button', { name: 'Deshacer borrado' }).click();
    await expect(entradas).toHaveAttribute('data-estado', 'guardada');
    await expect(barra(page)).toContainText('Sin cambios');
    await entradas.getByRole('button', { name: 'Borrar entrada' }).click();
    await guardar(page);
    await expect(entradas).toHaveCount(0);

    await page.reload();
    await abrirPlanilla(page, '3° 2°', 'Mañana');
    await expect(entradas).toHaveCount(0);
  });

  test('Por Alumno: agrega, modifica y guarda entradas de un alumno en todo el rango', async ({
    page,
  }) => {
    const alumno = cuenta(EMAIL_DEMO.alumno);
    const nombre = `${alumno.apellido}, ${alumno.nombre}`;
    await elegirSegmento(page, 'Por Alumno');
    await expect(visibles(page.getByTestId('estado-vacio'))).toHaveText('Seleccione un alumno');
    await visibles(page.getByRole('textbox', { name: 'Buscar alumnos' })).fill(
      `${alumno.apellido} ${alumno.nombre}`,
    );
    await page
      .getByRole('listbox', { name: 'Alumnos' })
      .getByRole('option', { name: new RegExp(`^${nombre}`) })
      .filter({ hasText: '4° Electrónica' })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
    await expect(visibles(page.getByTestId('total-alumno'))).toContainText(/ \/ 30 \(\+ \d/);

    const lista = page.getByRole('list', { name: `Asistencias ${hoy.slice(0, 4)}` });
    const guardadas = lista.locator('[data-testid="entrada"][data-estado="guardada"]');
    await expect(guardadas.first()).toBeVisible();

    // Modifica la circunstancia de una entrada guardada de hace más de 15 días.
    const vieja = lista
      .getByTestId('entrada')
      .filter({ has: page.getByTestId('fecha-entrada') })
      .filter({ has: page.getByRole('combobox', { name: 'Circunstancia' }) })
      .last();
    const etiqueta = (await vieja.getAttribute('aria-label'))!;
    const antes = await vieja.getByRole('combobox', { name: 'Circunstancia' }).inputValue();
    const otra = antes === 'Normal' ? 'Educación Física' : 'Normal';
    const modificada = lista.getByRole('listitem', { name: etiqueta });
    await modificada.getByRole('combobox', { name: 'Circunstancia' }).selectOption(otra);
    await expect(modificada).toHaveAttribute('data-estado', 'modificada');
    await expect(modificada.getByText('Modificada')).toBeVisible();

    // Agrega una entrada de hace 40 días (fuera de la ventana del preceptor, dentro de la completa).
    const inicioAnio = `${hoy.slice(0, 4)}-01-01`;
    const fecha = sumarDias(hoy, -40) < inicioAnio ? inicioAnio : sumarDias(hoy, -40);
    await visibles(page.getByRole('button', { name: 'Agregar entrada' })).click();
    const nueva = lista.locator('[data-estado="nueva"]');
    await expect(nueva).toHaveCount(1);
    await ponerFecha(nueva.getByRole('textbox', { name: 'Fecha de la entrada' }), fecha);
    await expect(nueva.getByRole('textbox', { name: 'Fecha de la entrada' })).toHaveValue(
      textoFecha(fecha),
    );
    await nueva.getByRole('combobox', { name: 'Turno de la entrada' }).selectOption('Tarde');
    await nueva.getByRole('combobox', { name: 'Tipo' }).selectOption('Retiro con Permiso (Media)');
    await expect(barra(page)).toContainText('Dos cambios sin guardar');
    await guardar(page);

    const creada = lista.getByRole('listitem', {
      name: `Entrada Retiro con Permiso (Media) del ${ddmm(fecha)}, Tarde`,
    });
    await expect(creada).toHaveAttribute('data-estado', 'guardada');
    await page.reload();
    await elegirSegmento(page, 'Por Alumno');
    await visibles(page.getByRole('textbox', { name: 'Buscar alumnos' })).fill(
      `${alumno.apellido} ${alumno.nombre}`,
    );
    await page
      .getByRole('listbox', { name: 'Alumnos' })
      .getByRole('option', { name: new RegExp(`^${nombre}`) })
      .filter({ hasText: '4° Electrónica' })
      .first()
      .click();
    await expect(creada).toBeVisible();
    await expect(creada.getByTestId('fecha-entrada')).toHaveText(`${ddmm(fecha)} · Tarde`);
    await expect(modificada.getByRole('combobox', { name: 'Circunstancia' })).toHaveValue(otra);
  });
});

interface CursoPreceptor {
  orden: number;
  nombre: string;
}
interface Planilla {
  alumnos: { entradas: unknown[] }[];
  tomada: { por: string; en: string } | null;
}

/**
 * Una planilla de hoy de un curso del preceptor que nadie tomó todavía (la siembra deja sin
 * tomar la tarde de todos y la mañana de uno de cada tres cursos), sacada de la API: la última
 * que encuentre, así no pisa las que usan las otras pruebas (el primer curso).
 */
async function planillaSinTomarHoy(
  page: Page,
): Promise<{ curso: CursoPreceptor; turno: 'Mañana' | 'Tarde' }> {
  return planillaDeHoy(page, 'sin tomar');
}

/** Como `planillaSinTomarHoy`, la última planilla de hoy del preceptor tomada o sin tomar. */
async function planillaDeHoy(
  page: Page,
  estado: 'tomada' | 'sin tomar',
): Promise<{ curso: CursoPreceptor; turno: 'Mañana' | 'Tarde' }> {
  const cursos = (await (
    await page.request.get('/api/cursos_preceptor')
  ).json()) as CursoPreceptor[];
  const halladas: { curso: CursoPreceptor; turno: 'Mañana' | 'Tarde' }[] = [];
  for (const curso of cursos)
    for (const turno of ['Mañana', 'Tarde'] as const) {
      const r = await page.request.get(
        `/api/asistencias/planilla/${curso.orden}/${hoy}/${encodeURIComponent(turno)}`,
      );
      expect(r.status()).toBe(200);
      const tomada = ((await r.json()) as Planilla).tomada !== null;
      if (tomada === (estado === 'tomada')) halladas.push({ curso, turno });
    }
  expect(halladas.length, `la siembra deja planillas de hoy ${estado}`).toBeGreaterThan(0);
  return halladas[halladas.length - 1]!;
}

const estadoTomada = (page: Page) => visibles(page.getByTestId('estado-tomada'));
/** 'Asistencia sin tomar' o 'Asistencia tomada por … a las HH:MM'. */
const textoTomada = (page: Page) => estadoTomada(page).getByTestId('texto-tomada');
const SIN_FALTAS = 'Sin faltas: marcar asistencia tomada';

test.describe('/asistencias-protected (Preceptor)', () => {
  test.beforeEach(async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
  });

  test('sólo sus cursos, sólo por curso; /asistencias no es para el preceptor', async ({
    page,
  }) => {
    const r = await page.request.get('/api/cursos_preceptor');
    expect(r.status()).toBe(200);
    const propios = ((await r.json()) as CursoPreceptor[]).map((c) => c.nombre);
    expect(propios.length).toBeGreaterThan(0);

    // Desde la grilla de inicio el módulo ya se abre (no está "En preparación").
    await page.goto('/');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Asistencias' });
    await expect(tarjeta).not.toContainText('En preparación');
    await tarjeta.click();
    await expect(page).toHaveURL(/\/asistencias-protected$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
    await expect(page.getByText('Por Alumno')).toHaveCount(0);
    await expect(visibles(page.getByTestId('estado-vacio'))).toHaveText('Seleccione un curso');
    const opciones = page.getByRole('listbox', { name: 'Cursos' }).getByRole('option');
    await expect(opciones).toHaveCount(propios.length);
    for (const [i, nombre] of propios.entries())
      await expect(opciones.nth(i)).toContainText(nombre);

    await page.goto('/asistencias');
    await expect(page).toHaveURL(/\/$/);
  });

  test('la fecha no acepta días de hace más de 15 días ni futuros', async ({ page }) => {
    const [curso] = (await (
      await page.request.get('/api/cursos_preceptor')
    ).json()) as CursoPreceptor[];
    await page.goto('/asistencias-protected');
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await expect(
      page.getByText(`Entre el ${ddmm(sumarDias(hoy, -15))} y el ${ddmm(hoy)}`),
    ).toBeVisible();
    // El calendario del navegador no ofrece días fuera de la ventana.
    await expect(calendarioDe(fecha)).toHaveAttribute('min', sumarDias(hoy, -15));
    await expect(calendarioDe(fecha)).toHaveAttribute('max', hoy);
    await elegirCurso(page, curso!.nombre);

    await ponerFecha(fecha, sumarDias(hoy, -16));
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await ponerFecha(fecha, sumarDias(hoy, 1));
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await expect(
      page.getByRole('heading', { name: new RegExp(` · ${ddmm(hoy)} · `) }),
    ).toBeVisible();
    await ponerFecha(fecha, sumarDias(hoy, -15));
    await expect(fecha).toHaveValue(textoFecha(sumarDias(hoy, -15)));
    await expect(
      page.getByRole('heading', { name: new RegExp(` · ${ddmm(sumarDias(hoy, -15))} · `) }),
    ).toBeVisible();
  });

  test('la fecha se escribe con el teclado y se confirma con Enter o al salir del campo', async ({
    page,
  }) => {
    const [curso] = (await (
      await page.request.get('/api/cursos_preceptor')
    ).json()) as CursoPreceptor[];
    await page.goto('/asistencias-protected');
    const fecha = page.getByRole('textbox', { name: 'Fecha' });
    const titulo = (f: string) =>
      page.getByRole('heading', { name: new RegExp(` · ${ddmm(f)} · `) });
    await elegirCurso(page, curso!.nombre);
    await expect(titulo(hoy)).toBeVisible();
    const ayer = sumarDias(hoy, -1);
    const anteayer = sumarDias(hoy, -2);

    // Con un cambio pendiente, las fechas que completa cada tecla no cambian de planilla ni piden
    // descartar: recién Enter.
    const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    expect(await violacionesGraves(page)).toEqual([]);
    await teclearFecha(fecha, ayer);
    const dialogo = page.getByRole('dialog', { name: '¿Descartar los cambios sin guardar?' });
    await expect(dialogo).toHaveCount(0);
    await expect(titulo(hoy)).toBeVisible();
    await fecha.press('Enter');
    await expect(dialogo).toBeVisible();
    // Sin descartar, la fecha vuelve a la de la planilla abierta.
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(fecha).toHaveValue(textoFecha(hoy));
    await expect(titulo(hoy)).toBeVisible();
    await expect(barra(page)).toContainText('Un cambio sin guardar');

    await teclearFecha(fecha, ayer);
    await fecha.press('Enter');
    await dialogo.getByRole('button', { name: 'Descartar' }).click();
    await expect(titulo(ayer)).toBeVisible();
    await expect(fecha).toHaveValue(textoFecha(ayer));

    // Sin cambios pendientes, salir del campo confirma lo escrito.
    await teclearFecha(fecha, anteayer);
    await expect(titulo(ayer)).toBeVisible();
    await fecha.blur();
    await expect(titulo(anteayer)).toBeVisible();
  });

  test('sin faltas: marca la asistencia de hoy como tomada y al recargar sigue tomada', async ({
    page,
  }) => {
    const { curso, turno } = await planillaSinTomarHoy(page);
    const yo = cuenta(EMAIL_DEMO.preceptor);
    const tomadaPorMi = new RegExp(
      `^Asistencia tomada por ${yo.apellido}, ${yo.nombre} a las \\d{2}:\\d{2}$`,
    );
    await page.goto('/asistencias-protected');
    await abrirPlanilla(page, curso.nombre, turno);
    await expect(textoTomada(page)).toHaveText('Asistencia sin tomar');
    await expect(barra(page)).toContainText('Sin cambios');
    const boton = estadoTomada(page).getByRole('button', { name: SIN_FALTAS });

    // Con un cambio pendiente no se ofrece: se marca al guardar.
    const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    await expect(boton).toHaveCount(0);
    await fila.getByRole('button', { name: 'Borrar entrada' }).click();
    await expect(barra(page)).toContainText('Sin cambios');

    // Con el teclado.
    await boton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Asistencia tomada', { exact: true }).last()).toBeVisible({
      timeout: 30_000,
    });
    await expect(textoTomada(page)).toHaveText(tomadaPorMi);
    await expect(estadoTomada(page)).toHaveAttribute('data-tomada', 'si');
    await expect(boton).toHaveCount(0);
    await expect(filasAlumnos(page).getByTestId('entrada')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/asistencia-tomada.png', fullPage: false });

    await page.reload();
    await abrirPlanilla(page, curso.nombre, turno);
    await expect(textoTomada(page)).toHaveText(tomadaPorMi);
    await expect(boton).toHaveCount(0);
    const r = await page.request.get(
      `/api/asistencias/planilla/${curso.orden}/${hoy}/${encodeURIComponent(turno)}`,
    );
    expect(((await r.json()) as Planilla).tomada?.por).toBe(`${yo.apellido}, ${yo.nombre}`);
  });

  test('borrar sólo aparece en las entradas nuevas o de hoy', async ({ page }) => {
    const cursos = (await (
      await page.request.get('/api/cursos_preceptor')
    ).json()) as CursoPreceptor[];
    // Un día de los últimos 15 (sin hoy) con entradas guardadas en un curso del preceptor.
    let encontrado: { curso: CursoPreceptor; fecha: string; turno: 'Mañana' | 'Tarde' } | null =
      null;
    buscar: for (let d = 1; d <= 15; d++) {
      const fecha = sumarDias(hoy, -d);
      for (const curso of cursos)
        for (const turno of ['Mañana', 'Tarde'] as const) {
          const r = await page.request.get(
            `/api/asistencias/planilla/${curso.orden}/${fecha}/${encodeURIComponent(turno)}`,
          );
          expect(r.status()).toBe(200);
          const p = (await r.json()) as Planilla;
          if (p.alumnos.some((a) => a.entradas.length)) {
            encontrado = { curso, fecha, turno };
            break buscar;
          }
        }
    }
    expect(encontrado).not.toBeNull();
    const { curso, fecha, turno } = encontrado!;

    await page.goto('/asistencias-protected');
    await elegirCurso(page, curso.nombre);
    await ponerFecha(page.getByRole('textbox', { name: 'Fecha' }), fecha);
    await elegirSegmento(page, turno);
    await expect(
      page.getByRole('heading', { name: `${curso.nombre} · ${ddmm(fecha)} · ${turno}` }),
    ).toBeVisible();
    const guardadas = page.locator('[data-testid="entrada"][data-estado="guardada"]');
    await expect(guardadas.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Borrar entrada' })).toHaveCount(0);

    // Una entrada nueva sí se puede borrar (y se quita en el acto).
    const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    await expect(page.getByRole('button', { name: 'Borrar entrada' })).toHaveCount(1);
    await fila.getByRole('button', { name: 'Borrar entrada' }).click();
    await expect(fila.getByTestId('entrada')).toHaveCount(0);

    // Una entrada guardada hoy también se puede borrar.
    await ponerFecha(page.getByRole('textbox', { name: 'Fecha' }), hoy);
    await expect(
      page.getByRole('heading', { name: `${curso.nombre} · ${ddmm(hoy)} · ${turno}` }),
    ).toBeVisible();
    const deHoy = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    await deHoy.getByRole('button', { name: 'Agregar entrada' }).click();
    await guardar(page);
    await expect(deHoy.getByTestId('entrada')).toHaveAttribute('data-estado', 'guardada');
    await expect(deHoy.getByRole('button', { name: 'Borrar entrada' })).toBeVisible();
  });
});

test.describe('Asistencias en el teléfono @telefono', () => {
  test('preceptor: toma asistencia sin desplazamiento horizontal', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    const [curso] = (await (
      await page.request.get('/api/cursos_preceptor')
    ).json()) as CursoPreceptor[];
    await page.goto('/asistencias-protected');
    await elegirCurso(page, curso!.nombre);
    await elegirSegmento(page, 'Tarde');
    await expect(filasAlumnos(page).first()).toBeVisible();
    const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
    await fila.getByRole('button', { name: 'Agregar entrada' }).click();
    await fila.getByRole('checkbox', { name: 'Justificada' }).check();
    await fila.getByRole('textbox', { name: 'Motivo' }).fill('Certificado médico');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: '/tmp/h2-telefono.png', fullPage: false });
    await guardar(page);
    await expect(fila.getByTestId('entrada')).toHaveAttribute('data-estado', 'guardada');
  });

  test('preceptor: el aviso de guardado no tapa la fila editada y no se apilan (issue 32 §7)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    // Una planilla que la siembra ya dejó tomada: las sin tomar son pocas y las usan otras pruebas.
    const { curso, turno } = await planillaDeHoy(page, 'tomada');
    await page.goto('/asistencias-protected');
    await elegirCurso(page, curso.nombre);
    await elegirSegmento(page, turno);
    await expect(filasAlumnos(page).first()).toBeVisible();
    const aviso = visibles(page.locator('.mantine-Notification-root'));
    for (const vez of [1, 2]) {
      const fila = page.getByRole('region', { name: await nombreDe(sinEntradas(page).first()) });
      await fila.getByRole('button', { name: 'Agregar entrada' }).click();
      await fila.getByRole('checkbox', { name: 'Justificada' }).check();
      await fila.getByRole('textbox', { name: 'Motivo' }).fill(`Turno médico ${vez}`);
      // La fila editada, arriba, justo debajo de la barra superior (donde iban los avisos).
      await fila.evaluate((e) => {
        const barra = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        window.scrollBy(0, e.getBoundingClientRect().top - barra - 8);
      });
      await guardar(page);
      await expect(aviso).toHaveCount(1);
      await expect
        .poll(async () => {
          const a = (await aviso.boundingBox())!;
          const f = (await fila.boundingBox())!;
          return a.y >= f.y + f.height || a.y + a.height <= f.y;
        })
        .toBe(true);
      expect(
        (await aviso.boundingBox())!.y + (await aviso.boundingBox())!.height,
      ).toBeLessThanOrEqual(844);
      await page.screenshot({ path: test.info().outputPath(`aviso-telefono-${vez}.png`) });
    }
  });

  test('preceptor: "Sin faltas" en 360 px, sin desplazamiento horizontal', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await ingresarComo(page, EMAIL_DEMO.preceptor);
    const { curso, turno } = await planillaSinTomarHoy(page);
    await page.goto('/asistencias-protected');
    await abrirPlanilla(page, curso.nombre, turno);
    await expect(textoTomada(page)).toHaveText('Asistencia sin tomar');
    const boton = estadoTomada(page).getByRole('button', { name: SIN_FALTAS });
    await boton.scrollIntoViewIfNeeded();
    await expect(boton).toBeVisible();
    // El texto entero, sin cortarse (baja de renglón si no entra).
    expect(
      await boton.evaluate((b) => {
        const l = b.querySelector<HTMLElement>('.mantine-Button-label')!;
        return l.scrollWidth <= l.clientWidth;
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: '/tmp/asistencia-sin-tomar-telefono.png', fullPage: false });
    await boton.tap();
    await expect(textoTomada(page)).toHaveText(/^Asistencia tomada por /, { timeout: 30_000 });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: '/tmp/asistencia-tomada-telefono.png', fullPage: false });
  });
});
