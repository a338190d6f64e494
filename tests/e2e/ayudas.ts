/** Ayudas compartidas por las pruebas de punta a punta. */
import { existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  nuevoContexto,
  request as pedidos,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from './prueba';
import { CUENTAS_DEMO, EMAIL_DEMO, type CuentaDemo } from '../../src/server/db/demo';
import { CICLO_ESCOLAR } from './fecha';
import { archivoDeSesion } from './sesiones';

export { EMAIL_DEMO };

export const CLAVE_BYPASS = 'clave-de-prueba';

export function cuenta(email: string): CuentaDemo {
  const c = CUENTAS_DEMO.find((x) => x.email === email);
  if (!c) throw new Error(`No hay cuenta de demostración ${email}`);
  return c;
}

export const nombreCompleto = (email: string) =>
  `${cuenta(email).nombre} ${cuenta(email).apellido}`;

type CookiesGuardadas = Parameters<BrowserContext['addCookies']>[0];

function cookiesGuardadas(email: string): CookiesGuardadas {
  const archivo = archivoDeSesion(email);
  if (!existsSync(archivo))
    throw new Error(
      `No hay sesión guardada para ${email} (${archivo}): ¿corrió el proyecto "sesiones"?`,
    );
  return (JSON.parse(readFileSync(archivo, 'utf8')) as { cookies: CookiesGuardadas }).cookies;
}

/**
 * Entra con la sesión guardada de la cuenta de demostración (el proyecto `sesiones`,
 * tests/e2e/sesiones.setup.ts, ingresó una vez por la API) y abre `ruta` (el inicio, si no
 * se indica otra). El contexto de la prueba recibe una copia de las cookies: cambiar de rol o
 * de ciclo no toca la sesión de las otras pruebas. Salir sí la cerraría para todas (salir
 * termina la sesión en el servidor): para cambiar de usuario, `cambiarDeCuenta`; para probar
 * "Salir", `ingresarConSesionPropia`.
 */
export async function ingresarComo(page: Page, email: string, ruta = '/'): Promise<void> {
  await page.context().addCookies(cookiesGuardadas(email));
  await page.goto(ruta);
  if (new URL(page.url()).pathname === '/login')
    throw new Error(`La sesión guardada de ${email} no sirvió: ${ruta} llevó al login.`);
}

/** La respuesta de la próxima llamada (POST) de tRPC a `procedimiento` ('usuarios.guardar'). */
export function respuestaDe(page: Page, procedimiento: string) {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/api/trpc/${procedimiento}`),
  );
}

/**
 * Retiene la próxima llamada de tRPC a `procedimiento` hasta `liberar()`: para probar qué hace la
 * pantalla si la persona sigue trabajando mientras un guardado está en viaje. `respuesta`, la de
 * esa llamada; `soltar`, quita la retención.
 */
export async function retenerLlamada(page: Page, procedimiento: string) {
  let liberar!: () => void;
  const retenida = new Promise<void>((r) => (liberar = r));
  const patron = `**/api/trpc/${procedimiento}**`;
  await page.route(patron, async (ruta) => {
    await retenida;
    await ruta.continue();
  });
  return {
    liberar,
    respuesta: respuestaDe(page, procedimiento),
    soltar: () => page.unroute(patron),
  };
}

/**
 * Otra persona toma el dispositivo: borra las cookies (sin "Salir", que cerraría la sesión
 * guardada para las demás pruebas) y entra con la sesión guardada de `email`.
 */
export async function cambiarDeCuenta(page: Page, email: string, ruta = '/'): Promise<void> {
  await page.context().clearCookies();
  await ingresarComo(page, email, ruta);
}

/**
 * Ingresa con una sesión nueva, sólo de esta prueba (por la API de next-auth, como el proyecto
 * `sesiones`): para las pruebas que salen con "Salir" o GET /api/logout.
 */
export async function ingresarConSesionPropia(
  page: Page,
  email: string,
  ruta = '/',
): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await page.request.post('/api/auth/callback/dev', {
    form: { csrfToken, email, callbackUrl: '/' },
    maxRedirects: 0,
  });
  expect(r.headers()['location'] ?? '', `ingreso de ${email}`).not.toContain('error');
  await page.goto(ruta);
  if (new URL(page.url()).pathname === '/login')
    throw new Error(`No se pudo ingresar como ${email}: ${ruta} llevó al login.`);
}

/**
 * Ingresa por la pantalla: el botón "Ingresar como" de /login (el botón lleva el email).
 * Para las pruebas sobre el ingreso mismo; las demás usan `ingresarComo`.
 */
export async function ingresarPorElLogin(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: email }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** En el teléfono, abre el menú lateral si está cerrado (en el escritorio no hay "Abrir el menú"). */
async function abrirMenuSiHaceFalta(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true')
    await burger.click();
}

/**
 * Cierra la sesión con "Salir" (desde la barra superior o, en el teléfono, desde el menú). La
 * cierra en el servidor: con una sesión guardada (`ingresarComo`) la cerraría para todas las
 * pruebas de esa cuenta, así que eso se rechaza.
 */
export async function salir(page: Page): Promise<void> {
  const actual = (await page.context().cookies()).filter((c) => c.name.includes('session-token'));
  for (const { email } of CUENTAS_DEMO) {
    if (!existsSync(archivoDeSesion(email))) continue;
    const guardadas = cookiesGuardadas(email);
    if (actual.some((c) => guardadas.some((g) => g.name === c.name && g.value === c.value)))
      throw new Error(
        `"Salir" cerraría la sesión guardada de ${email} para las demás pruebas: use ` +
          'ingresarConSesionPropia para probar la salida, o cambiarDeCuenta para cambiar de usuario.',
      );
  }
  await abrirMenuSiHaceFalta(page);
  await page.getByRole('button', { name: 'Salir' }).filter({ visible: true }).click();
  await page.waitForURL('**/login');
}

/** El nombre del usuario en la barra superior. */
export const nombreEnBarra = (page: Page): Locator =>
  page.getByTestId('usuario-nombre').filter({ visible: true });

/** Los nombres de los módulos de la grilla de inicio, en orden. */
export async function modulosDeLaGrilla(page: Page): Promise<string[]> {
  const tarjetas = page.getByTestId('modulo');
  await expect(tarjetas.first()).toBeVisible();
  return tarjetas.evaluateAll((cs) =>
    cs.map((c) => (c.querySelector('p')?.textContent ?? '').trim()),
  );
}

/** Un selector de la barra (un <select> nativo) por su etiqueta accesible. */
export const selector = (page: Page, nombre: string): Locator =>
  page.getByRole('combobox', { name: nombre, exact: true }).filter({ visible: true });

/** La opción elegida de un selector (para `expect(...).toHaveText(...)`). */
export const elegida = (page: Page, nombre: string): Locator =>
  selector(page, nombre).locator('option:checked');

/** Los textos de las opciones de un selector, en orden. */
export async function opcionesDe(page: Page, nombre: string): Promise<string[]> {
  await expect(selector(page, nombre)).toBeVisible();
  return (await selector(page, nombre).getByRole('option').allTextContents()).map((t) => t.trim());
}

/** Elige una opción de un selector por su texto. */
export async function elegir(page: Page, nombre: string, opcion: string): Promise<void> {
  await selector(page, nombre).selectOption({ label: opcion });
}

/** El ciclo lectivo en curso: el del día escolar fijo de las pruebas (tests/e2e/fecha.ts). */
export function cicloActual(): number {
  return CICLO_ESCOLAR;
}

/**
 * Fechas del calendario que una prueba agrega como Admin (por la API) y quita al terminar: las
 * pantallas que dependen de la fecha (una instancia de avances abierta, otra vencida) se prueban
 * en cualquier día. `agregar` las guarda; `quitar` (en el afterAll) las borra y cierra el pedido.
 */
export class FechasDePrueba {
  private agregadas: { fecha: string; tipo: string }[] = [];
  private constructor(
    private readonly admin: APIRequestContext,
    private readonly area: string,
  ) {}

  static async abrir(baseURL: string, area: string): Promise<FechasDePrueba> {
    const admin = await pedidos.newContext({
      baseURL,
      storageState: archivoDeSesion(EMAIL_DEMO.admin),
    });
    return new FechasDePrueba(admin, area);
  }

  async agregar(nuevas: { fecha: string; tipo: string }[]) {
    const r = await this.admin.post(`/api/calendario/save/${this.area}`, {
      data: { nuevas, borradas: [] },
    });
    expect(r.status(), await r.text()).toBe(200);
    this.agregadas.push(...nuevas);
  }

  async quitar() {
    if (this.agregadas.length) {
      const r = await this.admin.post(`/api/calendario/save/${this.area}`, {
        data: { nuevas: [], borradas: this.agregadas },
      });
      expect(r.status(), await r.text()).toBe(200);
      this.agregadas = [];
    }
    await this.admin.dispose();
  }
}

/** Una fecha marcada del calendario, como la devuelve GET /api/calendario/{año}. */
export interface MarcaCalendario {
  fecha: string;
  tipo: string | null;
  area: string;
}

/**
 * Deja las fechas del área 'nota' del año que cumplen `deEstas` (las de notas, o las de PIC)
 * exactamente como `queridas`, con la sesión de `page` (Alumnado) y el contrato REST del
 * calendario; agrega y borra sólo la diferencia, así que sirve también si una corrida anterior
 * quedó a medias (una prueba que venció su tiempo y no llegó a restaurar). Devuelve las que había.
 */
export async function ponerFechasDeNotas(
  page: Page,
  deEstas: (m: MarcaCalendario) => boolean,
  queridas: readonly MarcaCalendario[],
): Promise<MarcaCalendario[]> {
  const r = await page.request.get(`/api/calendario/${CICLO_ESCOLAR}`);
  expect(r.status()).toBe(200);
  const habia = ((await r.json()) as MarcaCalendario[]).filter(
    (m) => m.area === 'nota' && deEstas(m),
  );
  const clave = (m: MarcaCalendario) => `${m.fecha} ${m.tipo}`;
  const fuera = (de: readonly MarcaCalendario[], en: readonly MarcaCalendario[]) =>
    de
      .filter((m) => !en.some((x) => clave(x) === clave(m)))
      .map(({ fecha, tipo }) => ({ fecha, tipo }));
  const nuevas = fuera(queridas, habia);
  const borradas = fuera(habia, queridas);
  if (nuevas.length || borradas.length) {
    const s = await page.request.post('/api/calendario/save/nota', {
      data: { anio: CICLO_ESCOLAR, nuevas, borradas },
    });
    expect(s.status(), await s.text()).toBe(200);
  }
  return habia;
}

/** 'AAAA-MM-DD' más `n` días. */
export const masDias = (fecha: string, n: number) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Hace algo como otra cuenta (por ejemplo, Alumnado o Regente preparan datos por la API) en un
 * contexto de navegador aparte, sin tocar las cookies de la página de la prueba; lo cierra al
 * terminar, aunque `hacer` falle.
 */
export async function comoOtraCuenta<T>(
  browser: Browser,
  email: string,
  hacer: (page: Page) => Promise<T>,
): Promise<T> {
  const contexto = await nuevoContexto(browser);
  try {
    const page = await contexto.newPage();
    await ingresarComo(page, email);
    return await hacer(page);
  } finally {
    await contexto.close();
  }
}

/**
 * Las violaciones de accesibilidad (axe: WCAG 2.2 AA y buenas prácticas, de cualquier impacto)
 * de la página o, con `dentroDe`, sólo de esa parte ('main'): cada una con su regla, su impacto,
 * su ayuda y hasta cinco de los elementos que la violan.
 */
export async function violacionesDeAccesibilidad(page: Page, dentroDe?: string) {
  const axe = new AxeBuilder({ page });
  if (dentroDe) axe.include(dentroDe);
  const { violations } = await axe
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({
    regla: v.id,
    impacto: v.impact,
    ayuda: v.help,
    elementos: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** Sólo las graves (impacto "critical" o "serious"): `expect(await violacionesGraves(page)).toEqual([])`. */
export async function violacionesGraves(page: Page, dentroDe?: string) {
  return (await violacionesDeAccesibilidad(page, dentroDe)).filter(
    (v) => v.impacto === 'critical' || v.impacto === 'serious',
  );
}

/**
 * La caja del enlace a un calendario (.ics, `EnlaceCalendario`): lo regenera con su botón y la
 * confirmación; el anterior deja de leerse (404) y el nuevo se lee sin sesión. Devuelve el nuevo.
 */
export async function regenerarEnlaceCalendario(
  page: Page,
  caja: Locator,
  calendario: APIRequestContext,
  boton: string,
): Promise<string> {
  const campo = caja.getByRole('textbox', { name: 'Enlace privado del calendario' });
  const anterior = await campo.inputValue();
  await caja.getByRole('button', { name: boton }).click();
  const dialogo = page.getByRole('dialog', { name: `¿${boton}?` });
  await expect(dialogo).toContainText('El enlace actual deja de funcionar');
  await dialogo.getByRole('button', { name: boton, exact: true }).click();
  await expect(campo).not.toHaveValue(anterior);
  const nuevo = await campo.inputValue();
  expect((await calendario.get(anterior)).status()).toBe(404);
  expect((await calendario.get(nuevo)).status()).toBe(200);
  return nuevo;
}

/** Quita el enlace del calendario (con la confirmación): vuelve el botón de crearlo y `enlace` da 404. */
export async function quitarEnlaceCalendario(
  page: Page,
  caja: Locator,
  calendario: APIRequestContext,
  enlace: string,
): Promise<void> {
  await caja.getByRole('button', { name: 'Quitar el enlace' }).click();
  await page
    .getByRole('dialog', { name: '¿Quitar el enlace del calendario?' })
    .getByRole('button', { name: 'Quitar el enlace', exact: true })
    .click();
  await expect(caja.getByRole('button', { name: 'Crear mi enlace de calendario' })).toBeVisible();
  expect((await calendario.get(enlace)).status()).toBe(404);
}

/** Lee un .ics sin sesión (`calendario`, un contexto sin cookies): 200, text/calendar, un VCALENDAR. */
export async function leerIcs(calendario: APIRequestContext, enlace: string): Promise<string> {
  const r = await calendario.get(enlace);
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toContain('text/calendar');
  const ics = await r.text();
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  return ics;
}
