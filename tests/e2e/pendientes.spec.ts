/**
 * /pendientes (issue 15 §5): el tablero lista una planilla de avances vencida con su docente, copia
 * los emails de los pendientes (con la confirmación de 1 segundo) y la planilla sale del tablero
 * cuando el docente la cierra. Para no depender de la fecha, la prueba agrega al calendario una
 * instancia de avances que cerró ayer (apertura hace 5 días, publicación en 5) y la quita al
 * terminar; el jefe de departamento ve sólo lo suyo y el docente no abre el tablero.
 */
import { expect, test, type APIRequestContext } from './prueba';
import {
  EMAIL_DEMO,
  FechasDePrueba,
  cambiarDeCuenta,
  ingresarComo,
  masDias,
  violacionesDeAccesibilidad,
} from './ayudas';

interface Item {
  cursadoId: number;
  cursado: string;
  fecha: string;
  responsables: { id: number; nombre: string; email: string | null }[];
}
interface Tablero {
  hoy: string;
  avances: { items: Item[] };
}

const ddmmaaaa = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;

async function json<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

let calendario: FechasDePrueba;
test.beforeAll(async ({ baseURL }) => {
  calendario = await FechasDePrueba.abrir(baseURL!, 'avance');
});
test.afterAll(() => calendario.quitar());

test('el tablero lista la planilla de avances vencida del docente, copia los emails y la saca al cerrarla', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await ingresarComo(page, EMAIL_DEMO.regente, '/pendientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Pendientes' })).toBeVisible();
  const { hoy } = await json<Tablero>(await page.request.get('/api/pendientes'));
  const cierre = masDias(hoy, -1);
  await calendario.agregar([
    { fecha: masDias(hoy, -5), tipo: 'apertura' },
    { fecha: cierre, tipo: 'cierre' },
    { fecha: masDias(hoy, 5), tipo: 'publicacion' },
  ]);

  const tablero = await json<Tablero>(await page.request.get('/api/pendientes'));
  const delDocente = tablero.avances.items.filter(
    (i) => i.fecha === cierre && i.responsables.some((x) => x.email === EMAIL_DEMO.docente),
  );
  expect(
    delDocente.length,
    'las planillas del docente de demostración están vencidas',
  ).toBeGreaterThan(0);
  await page.reload();
  const seccion = page.getByTestId('pendientes-avances').filter({ visible: true });
  await expect(seccion.getByTestId('cantidad')).toHaveText(String(tablero.avances.items.length));
  const grupo = seccion.getByTestId('responsable').filter({ hasText: EMAIL_DEMO.docente });
  await expect(grupo.getByTestId('pendiente')).toHaveCount(delDocente.length);
  await expect(grupo).toContainText(`${delDocente[0]!.cursado}`);
  await expect(grupo).toContainText(`instancia del ${ddmmaaaa(cierre)}`);
  await page.screenshot({ path: '/tmp/pendientes.png', fullPage: false });
  expect(await violacionesDeAccesibilidad(page, 'main')).toEqual([]);

  // Copiar emails: todos los docentes con pendientes, una vez cada uno, con la confirmación.
  await seccion.getByRole('button', { name: 'Copiar emails' }).click();
  await expect(seccion.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const copiado = await page.evaluate(() => navigator.clipboard.readText());
  const esperados = [
    ...new Set(
      tablero.avances.items.flatMap((i) => i.responsables.map((x) => x.email).filter(Boolean)),
    ),
  ];
  expect(new Set(copiado.split('\n'))).toEqual(new Set(esperados));
  await expect(seccion.getByRole('button', { name: 'Copiar emails' })).toBeVisible({
    timeout: 2500,
  });

  // El docente cierra una; el tablero ya no la lista.
  await cambiarDeCuenta(page, EMAIL_DEMO.docente, '/');
  const cerrar = await page.request.put(
    `/api/avances/planilla/cerrar/${cierre}/${delDocente[0]!.cursadoId}`,
    { headers: { origin: new URL(page.url()).origin } },
  );
  expect(cerrar.status(), await cerrar.text()).toBe(200);
  // El docente no abre el tablero: vuelve al inicio (se espera la redirección antes de seguir,
  // si no la navegación siguiente la interrumpe).
  await page.goto('/pendientes');
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hola, /);
  await expect(page.getByRole('heading', { level: 1, name: 'Pendientes' })).toHaveCount(0);

  // Al revelar los Suspense, React puede tener un momento una copia oculta de la sección: se lee
  // la visible.
  await cambiarDeCuenta(page, EMAIL_DEMO.regente, '/pendientes');
  await expect(
    page
      .getByTestId('pendientes-avances')
      .filter({ visible: true })
      .getByTestId('responsable')
      .filter({ hasText: EMAIL_DEMO.docente })
      .getByTestId('pendiente'),
  ).toHaveCount(delDocente.length - 1);

  // El jefe de departamento: sólo su departamento, sin la sección de asistencia pendiente.
  await cambiarDeCuenta(page, EMAIL_DEMO.jefeDepartamento, '/pendientes');
  const suyo = await json<Tablero>(await page.request.get('/api/pendientes'));
  expect(suyo.avances.items.length).toBeLessThan(tablero.avances.items.length);
  await expect(
    page.getByTestId('pendientes-avances').filter({ visible: true }).getByTestId('cantidad'),
  ).toHaveText(String(suyo.avances.items.length));
  await expect(page.getByTestId('pendientes-asistencias')).toHaveCount(0);
});
