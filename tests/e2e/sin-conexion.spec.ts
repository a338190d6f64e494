/**
 * La planilla de asistencia por curso sin conexión (issue 36 §2 y §3), en el teléfono: la cola
 * del teléfono (IndexedDB), el aviso "Sin conexión: N cambios guardados en este teléfono", la
 * recarga y la pestaña nueva sin conexión, el envío al volver la conexión (una sola vez), el
 * conflicto con lo que guardó otra persona mientras tanto (las dos versiones y la elección) y
 * "Salir", que borra lo guardado: la persona que ingresa después no ve nada de la anterior.
 *
 * Como instalable.spec.ts: los service workers se permiten (playwright.config.ts los bloquea) y
 * "sin conexión" es `context.setOffline(true)`, que también corta los pedidos del worker.
 * Mide (sólo lo anota, no lo compara): cuánto tarda en salir la cola de un curso entero al volver
 * la conexión y cuánto ocupa lo guardado (navigator.storage.estimate()).
 */
import {
  expect,
  nuevoContexto,
  test,
  type BrowserContext,
  type Locator,
  type Page,
} from './prueba';
import {
  comoOtraCuenta,
  EMAIL_DEMO,
  ingresarComo,
  ingresarConSesionPropia,
  masDias,
} from './ayudas';
import { FECHA_ESCOLAR } from './fecha';

test.use({ serviceWorkers: 'allow' });

const hoy = FECHA_ESCOLAR;
const ddmm = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;
const visibles = (l: Locator) => l.filter({ visible: true });
const RUTA = '/asistencias-protected';

interface CursoPreceptor {
  orden: number;
  nombre: string;
}
interface EntradaApi {
  orden: number;
  tipo: string;
  justificada: boolean;
  justificacion: string | null;
}
interface PlanillaApi {
  alumnos: { orden: number; apellido: string; nombre: string; entradas: EntradaApi[] }[];
  tomada: { por: string; en: string } | null;
}

/** Espera el worker activo controlando la página y la copia del documento de la planilla. */
async function esperarCopiaDelDocumento(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!(await caches.has('paginas-sin-conexion'))) return [];
        const cache = await caches.open('paginas-sin-conexion');
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      }),
    )
    .toContain('/asistencias-protected');
}

/** Cuántos registros hay en un almacén de la base del teléfono (-1: la base no existe). */
function contarEnBase(page: Page, almacen: 'cola' | 'copias'): Promise<number> {
  return page.evaluate(async (almacen) => {
    const bases = await indexedDB.databases();
    if (!bases.some((b) => b.name === 'portal-sin-conexion')) return -1;
    return new Promise<number>((resolver, rechazar) => {
      const pedido = indexedDB.open('portal-sin-conexion');
      pedido.onerror = () => rechazar(pedido.error);
      pedido.onsuccess = () => {
        const db = pedido.result;
        if (!db.objectStoreNames.contains(almacen)) {
          db.close();
          resolver(0);
          return;
        }
        const cuenta = db.transaction(almacen).objectStore(almacen).count();
        cuenta.onsuccess = () => {
          db.close();
          resolver(cuenta.result);
        };
        cuenta.onerror = () => rechazar(cuenta.error);
      };
    });
  }, almacen);
}

async function cursosDelPreceptor(page: Page): Promise<CursoPreceptor[]> {
  const cursos = (await (
    await page.request.get('/api/cursos_preceptor')
  ).json()) as CursoPreceptor[];
  expect(cursos.length).toBeGreaterThan(0);
  return cursos;
}

/**
 * El curso de las otras pruebas de la tarde (Salir, la cola de otra persona): el segundo del
 * preceptor (2° 2°). No necesitan una planilla sin tomar.
 */
async function cursoDeLaTarde(page: Page): Promise<CursoPreceptor> {
  const cursos = await cursosDelPreceptor(page);
  expect(cursos.length).toBeGreaterThan(2);
  return cursos[1]!;
}

/**
 * Una planilla de hoy del preceptor que nadie tomó todavía, leída de la API al empezar: las tardes
 * de 2° 1° (avisos.spec) y las últimas sin tomar (asistencias.spec) las toman otras pruebas que
 * pueden correr antes en el mismo servidor. Primero las tardes, empezando por el segundo curso.
 */
async function planillaSinTomar(
  page: Page,
): Promise<{ curso: CursoPreceptor; turno: 'Mañana' | 'Tarde' }> {
  const cursos = await cursosDelPreceptor(page);
  const orden = [...cursos.slice(1), cursos[0]!];
  for (const turno of ['Tarde', 'Mañana'] as const)
    for (const curso of orden)
      if ((await leerPlanilla(page, curso.orden, turno)).tomada === null) return { curso, turno };
  throw new Error('Todas las planillas de hoy del preceptor ya están tomadas.');
}

async function leerPlanilla(
  page: Page,
  curso: number,
  turno: 'Mañana' | 'Tarde',
): Promise<PlanillaApi> {
  const r = await page.request.get(
    `/api/asistencias/planilla/${curso}/${hoy}/${encodeURIComponent(turno)}`,
  );
  expect(r.status()).toBe(200);
  return (await r.json()) as PlanillaApi;
}

/** Las entradas de un alumno en el servidor, por su nombre en la planilla ('Apellido, Nombre'). */
const entradasDe = (p: PlanillaApi, nombre: string) =>
  p.alumnos.find((a) => `${a.apellido}, ${a.nombre}` === nombre)?.entradas ?? null;

async function abrirPlanilla(page: Page, curso: string, turno: 'Mañana' | 'Tarde') {
  await page
    .getByRole('listbox', { name: 'Cursos' })
    .getByRole('option', { name: new RegExp(`^${curso}`) })
    .click();
  await visibles(page.locator('label').filter({ hasText: new RegExp(`^${turno}$`) })).click();
  await expect(tituloPlanilla(page, curso, turno)).toBeVisible();
  await expect(filas(page).first()).toBeVisible();
}

const tituloPlanilla = (page: Page, curso: string, turno: string) =>
  page.getByRole('heading', { name: `${curso} · ${ddmm(hoy)} · ${turno}` });
const filas = (page: Page) => visibles(page.getByTestId('alumno-planilla'));
const sinEntradas = (page: Page) => filas(page).filter({ hasNot: page.getByTestId('entrada') });
const nombreDe = async (fila: Locator) =>
  (await fila.getByRole('region').getAttribute('aria-label'))!;
const region = (page: Page, nombre: string) => page.getByRole('region', { name: nombre });
const botonGuardar = (page: Page) =>
  visibles(page.getByTestId('barra-guardar')).getByRole('button', { name: 'Guardar' });
const aviso = (page: Page) => page.getByTestId('aviso-sin-conexion');

/** Dos alumnos sin entradas de la planilla abierta, por nombre. */
async function dosSinEntradas(page: Page): Promise<[string, string]> {
  await expect(sinEntradas(page).nth(1)).toBeVisible();
  return [await nombreDe(sinEntradas(page).nth(0)), await nombreDe(sinEntradas(page).nth(1))];
}

async function agregar(page: Page, nombre: string, tipo = 'Falta') {
  const fila = region(page, nombre);
  await fila.getByRole('button', { name: 'Agregar entrada' }).click();
  await fila.getByRole('combobox', { name: 'Tipo' }).last().selectOption(tipo);
}

/**
 * El preceptor abre la tarde de 2° 2° (`cursoDeLaTarde`), corta la red y guarda una falta de un
 * alumno sin entradas: queda un cambio en la cola del teléfono.
 */
async function unaFaltaEnLaCola(page: Page, context: BrowserContext) {
  const curso = await cursoDeLaTarde(page);
  await abrirPlanilla(page, curso.nombre, 'Tarde');
  await esperarCopiaDelDocumento(page);
  await expect.poll(() => contarEnBase(page, 'copias')).toBeGreaterThan(0);
  const [alumno] = await dosSinEntradas(page);
  await context.setOffline(true);
  await agregar(page, alumno);
  await botonGuardar(page).click();
  await expect(aviso(page)).toContainText('Sin conexión: 1 cambio guardado en este teléfono');
  return { curso, alumno };
}

/** "Salir" del menú lateral del teléfono (lo abre si está cerrado). */
async function tocarSalir(page: Page) {
  const menu = page.getByRole('button', { name: 'Abrir el menú' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
    await menu.click();
  await visibles(page.getByRole('button', { name: 'Salir' })).click();
}

test.describe('Planilla sin conexión en el teléfono @telefono', () => {
  test('sin conexión guarda en el teléfono, sigue ahí al recargar y en otra pestaña, y al volver la conexión llega una sola vez', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const { curso, turno } = await planillaSinTomar(page);
    await abrirPlanilla(page, curso.nombre, turno);
    await esperarCopiaDelDocumento(page);
    await expect.poll(() => contarEnBase(page, 'copias')).toBeGreaterThan(0);
    const [a, b] = await dosSinEntradas(page);

    await context.setOffline(true);
    await agregar(page, a);
    await agregar(page, b);
    const filaB = region(page, b);
    await filaB.getByRole('checkbox', { name: 'Justificada' }).check();
    await filaB.getByRole('textbox', { name: 'Motivo' }).fill('Turno médico');
    await botonGuardar(page).click();
    await expect(aviso(page)).toContainText('Sin conexión: 2 cambios guardados en este teléfono');
    await expect(aviso(page)).toHaveAttribute('role', 'status');
    // La planilla sigue mostrando lo guardado, ya sin cambios pendientes en la pantalla.
    await expect(region(page, a).getByTestId('entrada')).toHaveCount(1);
    await expect(visibles(page.getByTestId('barra-guardar'))).toContainText('Sin cambios');
    expect(await contarEnBase(page, 'cola')).toBe(1);
    await expect(visibles(page.getByTestId('texto-tomada'))).toHaveText(
      'Asistencia tomada en este teléfono, todavía sin enviar',
    );
    await page.screenshot({ path: test.info().outputPath('sin-conexion-cola.png') });

    // Recarga sin conexión: el documento del worker, la copia del teléfono y la cola.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Asistencias' })).toBeVisible();
    await expect(tituloPlanilla(page, curso.nombre, turno)).toBeVisible();
    await expect(page.getByTestId('copia-del-telefono')).toContainText(
      /Sin conexión: se muestra la copia guardada en este teléfono a las \d\d:\d\d/,
    );
    await expect(page.getByTestId('cursos-sin-conexion')).toContainText(curso.nombre);
    await expect(aviso(page)).toContainText('Sin conexión: 2 cambios guardados en este teléfono');
    await expect(region(page, a).getByRole('combobox', { name: 'Tipo' })).toHaveValue('Falta');
    await expect(region(page, b).getByRole('checkbox', { name: 'Justificada' })).toBeChecked();
    await expect(region(page, b).getByRole('textbox', { name: 'Motivo' })).toHaveValue(
      'Turno médico',
    );
    await page.screenshot({ path: test.info().outputPath('sin-conexion-recarga.png') });

    // Se cierra la pestaña y se abre otra (el mismo teléfono): la cola sigue ahí.
    await page.close();
    const otra = await context.newPage();
    await otra.goto(RUTA);
    await expect(aviso(otra)).toContainText('Sin conexión: 2 cambios guardados en este teléfono');

    await context.setOffline(false);
    await expect(otra.getByTestId('aviso-enviado')).toHaveText('Enviado');
    await expect(aviso(otra)).toHaveCount(0);
    expect(await contarEnBase(otra, 'cola')).toBe(0);
    // En el servidor, una sola vez cada una.
    const p = await leerPlanilla(otra, curso.orden, turno);
    expect(entradasDe(p, a)!.map((e) => [e.tipo, e.justificada])).toEqual([['Falta', false]]);
    expect(entradasDe(p, b)!.map((e) => [e.tipo, e.justificada, e.justificacion])).toEqual([
      ['Falta', true, 'Turno médico'],
    ]);
    expect(p.tomada).not.toBeNull();
    // "Enviado" se va solo.
    await expect(otra.getByTestId('aviso-enviado')).toHaveCount(0, { timeout: 15_000 });
  });

  test('si otra persona guardó los mismos alumnos mientras tanto, se ven las dos versiones y se elige', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const [curso] = await cursosDelPreceptor(page);
    await abrirPlanilla(page, curso!.nombre, 'Mañana');
    await esperarCopiaDelDocumento(page);
    const [a, b] = await dosSinEntradas(page);

    await context.setOffline(true);
    await agregar(page, a);
    await agregar(page, b);
    await botonGuardar(page).click();
    await expect(aviso(page)).toContainText('Sin conexión: 2 cambios guardados en este teléfono');

    // Mientras tanto, la Jefa de Preceptores (otro teléfono, con conexión) guarda esos alumnos.
    let otroContexto: BrowserContext | null = null;
    try {
      otroContexto = await nuevoContexto(browser, { viewport: { width: 1280, height: 800 } });
      const jefe = await otroContexto.newPage();
      await ingresarComo(jefe, EMAIL_DEMO.jefePreceptores, '/asistencias');
      await abrirPlanilla(jefe, curso!.nombre, 'Mañana');
      await agregar(jefe, a, 'Tardanza Ingreso');
      await agregar(jefe, b, 'Tardanza Recreo');
      await botonGuardar(jefe).click();
      await expect(jefe.getByText('Asistencias guardadas').last()).toBeVisible({
        timeout: 30_000,
      });
    } finally {
      await otroContexto?.close();
    }

    await context.setOffline(false);
    const conflicto = page.getByTestId('conflicto-planilla');
    await expect(conflicto).toBeVisible();
    await expect(conflicto).toContainText(`Otra persona cambió ${curso!.nombre}`);
    const deA = conflicto.getByTestId('conflicto-alumno').filter({ hasText: a });
    const deB = conflicto.getByTestId('conflicto-alumno').filter({ hasText: b });
    await expect(deA).toContainText('Lo que guardó la otra persona');
    await expect(deA).toContainText('Tardanza Ingreso');
    await expect(deA).toContainText('Lo suyo (en este teléfono)');
    await expect(deA).toContainText('Falta');
    await expect(deB).toContainText('Tardanza Recreo');
    // Nada se envió todavía: el servidor tiene lo de la otra persona.
    const antes = await leerPlanilla(page, curso!.orden, 'Mañana');
    expect(entradasDe(antes, a)!.map((e) => e.tipo)).toEqual(['Tardanza Ingreso']);
    await page.screenshot({ path: test.info().outputPath('sin-conexion-conflicto.png') });

    const aplicar = conflicto.getByRole('button', { name: 'Aplicar y enviar' });
    await expect(aplicar).toBeDisabled();
    await deA.getByRole('radio', { name: 'Quedarme con lo mío' }).check();
    await deB.getByRole('radio', { name: 'Dejar lo de la otra persona' }).check();
    await aplicar.click();
    await expect(page.getByTestId('aviso-enviado')).toHaveText('Enviado');
    await expect(conflicto).toHaveCount(0);

    const despues = await leerPlanilla(page, curso!.orden, 'Mañana');
    expect(entradasDe(despues, a)!.map((e) => e.tipo)).toEqual(['Falta']);
    expect(entradasDe(despues, b)!.map((e) => e.tipo)).toEqual(['Tardanza Recreo']);
    expect(await contarEnBase(page, 'cola')).toBe(0);
  });

  test('si otra persona ya cargó al mismo alumno y se deja lo suyo, la asistencia queda tomada igual', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    // Cualquier planilla de hoy sirve (otras pruebas pueden haberlas tomado ya todas): lo que se
    // prueba es que el cambio sale y la marca de nuevo, con la hora del envío.
    const curso = await cursoDeLaTarde(page);
    const turno = 'Tarde';
    await abrirPlanilla(page, curso.nombre, turno);
    await esperarCopiaDelDocumento(page);
    const [a] = await dosSinEntradas(page);
    const alumno = (await leerPlanilla(page, curso.orden, turno)).alumnos.find(
      (x) => `${x.apellido}, ${x.nombre}` === a,
    )!;

    await context.setOffline(true);
    await agregar(page, a);
    await botonGuardar(page).click();
    await expect(aviso(page)).toContainText('Sin conexión: 1 cambio guardado en este teléfono');

    // Mientras tanto, la Jefa de Preceptores carga a ese alumno desde su legajo ("Por Alumno"):
    // eso no toma la asistencia del curso.
    await comoOtraCuenta(browser, EMAIL_DEMO.jefePreceptores, async (jefe) => {
      const r = await jefe.request.post(`/api/asistencias/alumno/${alumno.orden}`, {
        data: {
          crear: [
            {
              tipo: 'Tardanza Ingreso',
              circunstancia: 'Normal',
              justificada: false,
              justificacion: null,
              fecha: hoy,
              turno,
            },
          ],
          actualizar: [],
          borrar: [],
        },
      });
      expect(r.status(), await r.text()).toBe(200);
    });
    const tomadaAntes = (await leerPlanilla(page, curso.orden, turno)).tomada;

    await context.setOffline(false);
    const conflicto = page.getByTestId('conflicto-planilla');
    await expect(conflicto.getByTestId('conflicto-alumno')).toHaveCount(1);
    await conflicto.getByRole('radio', { name: 'Dejar lo de la otra persona' }).check();
    await conflicto.getByRole('button', { name: 'Aplicar y enviar' }).click();
    await expect(page.getByTestId('aviso-enviado')).toHaveText('Enviado');
    await expect(conflicto).toHaveCount(0);
    expect(await contarEnBase(page, 'cola')).toBe(0);

    // Queda lo de la otra persona, y la planilla, tomada otra vez por este envío.
    const p = await leerPlanilla(page, curso.orden, turno);
    expect(entradasDe(p, a)!.map((e) => e.tipo)).toEqual(['Tardanza Ingreso']);
    expect(p.tomada).not.toBeNull();
    expect(p.tomada!.en).not.toBe(tomadaAntes?.en);
  });

  test('un cambio que el servidor rechaza queda en el teléfono con el motivo, sin reenviarse, hasta descartarlo', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const { curso } = await unaFaltaEnLaCola(page, context);
    // El teléfono estuvo sin señal un mes: su cambio es de una fecha que ya salió de la ventana
    // de carga del preceptor (se reescribe la fecha del cambio guardado en IndexedDB).
    const vieja = masDias(hoy, -30);
    await page.evaluate(async (fecha) => {
      await new Promise<void>((ok, mal) => {
        const pedido = indexedDB.open('portal-sin-conexion');
        pedido.onerror = () => mal(pedido.error);
        pedido.onsuccess = () => {
          const db = pedido.result;
          const tx = db.transaction('cola', 'readwrite');
          const cursor = tx.objectStore('cola').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return;
            c.update({ ...c.value, fecha });
            c.continue();
          };
          tx.oncomplete = () => {
            db.close();
            ok();
          };
          tx.onerror = () => mal(tx.error);
        };
      });
    }, vieja);

    await context.setOffline(false);
    await page.reload();
    const rechazado = page.getByTestId('cambio-rechazado');
    await expect(rechazado).toContainText(
      `El servidor no aceptó los cambios de ${curso.nombre}, ${ddmm(vieja)}, turno Tarde`,
    );
    await expect(rechazado).toContainText(
      `La fecha debe estar entre el ${ddmm(masDias(hoy, -15))} y hoy (${ddmm(hoy)}).`,
    );
    await expect(rechazado).toHaveAttribute('role', 'alert');
    await expect(aviso(page)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('sin-conexion-rechazado.png') });
    // No se reenvía solo: al recargar sigue ahí, y en el servidor no hay nada de ese día.
    await page.reload();
    await expect(rechazado).toBeVisible();
    expect(await contarEnBase(page, 'cola')).toBe(1);

    // Descartar pregunta qué se pierde; cancelar no borra nada.
    await rechazado.getByRole('button', { name: 'Descartar' }).click();
    const dialogo = page.getByRole('dialog', {
      name: '¿Descartar los cambios guardados en este teléfono?',
    });
    await expect(dialogo).toContainText(
      `El cambio de ${curso.nombre}, ${ddmm(vieja)}, turno Tarde que el servidor no aceptó se borrará de este teléfono y no se enviará.`,
    );
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    expect(await contarEnBase(page, 'cola')).toBe(1);
    await rechazado.getByRole('button', { name: 'Descartar' }).click();
    await dialogo.getByRole('button', { name: 'Descartar' }).click();
    await expect(rechazado).toHaveCount(0);
    expect(await contarEnBase(page, 'cola')).toBe(0);
  });

  test('con red pero sin respuesta del portal, la recarga vuelve a abrir la copia del teléfono', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const curso = await cursoDeLaTarde(page);
    await abrirPlanilla(page, curso.nombre, 'Tarde');
    await esperarCopiaDelDocumento(page);
    await expect.poll(() => contarEnBase(page, 'copias')).toBeGreaterThan(0);

    // Un Wi-Fi sin salida: el teléfono está "en línea" pero los pedidos al portal no llegan.
    await context.route('**/api/trpc/**', (r) => r.abort('connectionrefused'));
    try {
      await page.reload();
      await expect(tituloPlanilla(page, curso.nombre, 'Tarde')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('copia-del-telefono')).toBeVisible();
      await expect(page.getByTestId('servidor-sin-respuesta')).toContainText(
        'El teléfono tiene red, pero el portal no responde',
      );
      await expect(filas(page).first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('sin-conexion-sin-servidor.png') });
    } finally {
      await context.unroute('**/api/trpc/**');
    }

    // Vuelve el portal: "Reintentar" trae la lista de cursos y la planilla del servidor.
    await page
      .getByTestId('servidor-sin-respuesta')
      .getByRole('button', { name: 'Reintentar' })
      .click();
    await expect(page.getByRole('listbox', { name: 'Cursos' })).toBeVisible();
    await expect(page.getByTestId('copia-del-telefono')).toHaveCount(0);
    await expect(tituloPlanilla(page, curso.nombre, 'Tarde')).toBeVisible();
    await expect(filas(page).first()).toBeVisible();
  });

  test('Salir borra lo guardado en el teléfono: quien ingresa después no ve nada de la anterior', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await ingresarConSesionPropia(page, EMAIL_DEMO.preceptor, RUTA);
    // Un cambio guardado sin conexión que todavía no salió: la planilla (que lo envía) no está
    // abierta al volver la conexión, queda en la cola.
    const { curso } = await unaFaltaEnLaCola(page, context);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await context.setOffline(false);
    await page.goto('/');
    expect(await contarEnBase(page, 'cola')).toBe(1);

    // "Salir" pregunta antes de perderlo; cancelar no sale.
    const dialogos: string[] = [];
    page.once('dialog', (d) => {
      dialogos.push(d.message());
      void d.dismiss();
    });
    await tocarSalir(page);
    await expect.poll(() => dialogos.length).toBe(1);
    expect(dialogos[0]).toContain(
      'Hay 1 cambio de asistencia sin enviar en este teléfono. Si sale, se perderán.',
    );
    await expect(page).not.toHaveURL(/\/login/);
    expect(await contarEnBase(page, 'cola')).toBe(1);

    page.once('dialog', (d) => void d.accept());
    await tocarSalir(page);
    await page.waitForURL('**/login');
    expect(await contarEnBase(page, 'cola')).toBe(-1);
    expect(
      await page.evaluate(async () => {
        const urls: string[] = [];
        for (const nombre of await caches.keys())
          for (const r of await (await caches.open(nombre)).keys())
            urls.push(new URL(r.url).pathname);
        return urls.filter((u) => !u.startsWith('/_next/static/'));
      }),
    ).not.toContain(RUTA);

    // Otra persona ingresa en el mismo teléfono: sin conexión, la planilla no está guardada.
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/');
    await context.setOffline(true);
    await page.goto(RUTA);
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await expect(page.getByText(curso.nombre)).toHaveCount(0);
    expect(await contarEnBase(page, 'copias')).toBeLessThanOrEqual(0);
    await context.setOffline(false);
  });

  test('el cambio de una persona espera a que ella ingrese: nunca sale con la sesión de otra', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const { curso, alumno: a } = await unaFaltaEnLaCola(page, context);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await context.setOffline(false);

    // Otra persona ingresa en el mismo teléfono sin que la primera haya salido (p. ej. su sesión
    // venció): ve que hay cambios esperando, sin sus datos, y no los envía.
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/asistencias');
    await expect(page.getByTestId('aviso-ajenos')).toHaveText(
      'Hay cambios de otra persona esperando que ingrese',
    );
    await expect(aviso(page)).toHaveCount(0);
    expect(await contarEnBase(page, 'cola')).toBe(1);
    // Las copias de la planilla de la otra persona se borraron al ingresar.
    expect(await contarEnBase(page, 'copias')).toBe(0);
    expect(entradasDe(await leerPlanilla(page, curso.orden, 'Tarde'), a)).toEqual([]);

    // Vuelve la persona que hizo el cambio: sale al cargar la página.
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    await expect(page.getByTestId('aviso-enviado')).toHaveText('Enviado');
    expect(await contarEnBase(page, 'cola')).toBe(0);
    const p = await leerPlanilla(page, curso.orden, 'Tarde');
    expect(entradasDe(p, a)!.map((e) => e.tipo)).toEqual(['Falta']);
  });

  test('medición: la cola de un curso sale al volver la conexión', async ({ page, context }) => {
    // Cada alumno marcado en el teléfono vuelve a dibujar la planilla: en CI, 8 alumnos (la prueba
    // de que la cola sale entera); para medir un curso entero, MEDIR_ALUMNOS=30 (sólo se anota).
    const cuantos = Number(process.env.MEDIR_ALUMNOS) || 8;
    test.setTimeout(60_000 + cuantos * 10_000);
    await ingresarComo(page, EMAIL_DEMO.preceptor, RUTA);
    const cursos = await cursosDelPreceptor(page);
    const curso = cursos[cursos.length - 1]!;
    await abrirPlanilla(page, curso.nombre, 'Tarde');
    await esperarCopiaDelDocumento(page);

    await context.setOffline(true);
    // `all()` no espera: primero, que la planilla pase a la copia del teléfono (al cortarse la
    // conexión se vuelve a dibujar) y muestre sus alumnos.
    await expect(page.getByTestId('copia-del-telefono')).toBeVisible();
    await expect(sinEntradas(page).nth(Math.min(cuantos, 8) - 1)).toBeVisible();
    const nombres: string[] = [];
    for (const fila of await sinEntradas(page).all()) nombres.push(await nombreDe(fila));
    const marcados = nombres.slice(0, cuantos);
    expect(marcados.length).toBeGreaterThanOrEqual(Math.min(cuantos, 8));
    for (const n of marcados) await agregar(page, n);
    await botonGuardar(page).click();
    await expect(aviso(page)).toContainText(
      `Sin conexión: ${marcados.length} ${marcados.length === 1 ? 'cambio guardado' : 'cambios guardados'}`,
    );
    const espacio = (await page.evaluate(() => navigator.storage.estimate())) as StorageEstimate & {
      usageDetails?: { indexedDB?: number; caches?: number; serviceWorkerRegistrations?: number };
    };
    const kib = (n?: number) => Math.round((n ?? 0) / 1024);

    const inicio = Date.now();
    await context.setOffline(false);
    await expect(page.getByTestId('aviso-enviado')).toHaveText('Enviado', { timeout: 60_000 });
    const demora = Date.now() - inicio;
    const p = await leerPlanilla(page, curso.orden, 'Tarde');
    for (const n of marcados) expect(entradasDe(p, n)!.map((e) => e.tipo)).toEqual(['Falta']);
    console.log(
      `[medición sin conexión] ${marcados.length} alumnos × 1 curso: de la reconexión a todo guardado ${demora} ms; ` +
        `almacenamiento del origen ${kib(espacio.usage)} KiB (IndexedDB ${kib(espacio.usageDetails?.indexedDB)} KiB, ` +
        `cachés ${kib(espacio.usageDetails?.caches)} KiB, worker ${kib(espacio.usageDetails?.serviceWorkerRegistrations)} KiB)`,
    );
  });
});
