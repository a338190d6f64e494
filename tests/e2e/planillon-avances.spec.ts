/**
 * El planillón en modo avances (issue 15 §4, §5): el preceptor elige en /planillon-protected su
 * curso, el modo avances y la instancia de mayo (la demostración llena las instancias pasadas:
 * 15/5 y 2/10); cada celda lleva un código por tipo ('E', 'T', 'P') con su color, '–' si quedó
 * 'Sin Observaciones' y nada si no hay nada guardado, y el total 'Materias con dificultades' va
 * en rojo desde 3. Lo esperado sale de `avances.reporte` (la misma sesión, por HTTP).
 */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';
import { CICLO_ESCOLAR } from './fecha';

/** La primera carga de datos puede tardar (compilación en `next dev`). */
const PRIMERA_CARGA = { timeout: 30_000 };

type Codigo = 'evaluaciones' | 'trabajos' | 'participacion';
interface Avance {
  tipos: Codigo[];
  nombres: string[];
  observaciones: string | null;
  cerrada: boolean;
}
interface ReporteAvances {
  curso: { orden: number; nombre: string };
  instancias: { fecha: string }[];
  instancia: { fecha: string } | null;
  cursados: { id: number; nombre: string; planilla: 'sinPlanilla' | 'abierta' | 'cerrada' }[];
  alumnos: { orden: number; avances: (Avance | null)[]; conDificultades: number }[];
}

/** El código y el color de cada tipo (escritos aquí, no importados del modo). */
const CODIGO: Record<Codigo, { letra: string; color: string }> = {
  evaluaciones: { letra: 'E', color: 'red' },
  trabajos: { letra: 'T', color: 'orange' },
  participacion: { letra: 'P', color: 'blue' },
};

const grilla = (page: Page) => page.getByTestId('grilla-planillon');
const titulo = (page: Page) => page.getByTestId('titulo-grilla');
const descripcion = (page: Page) => page.getByTestId('descripcion-planillon');

/** Un procedimiento de consulta por HTTP, con la sesión de la página. */
async function consulta<T>(page: Page, procedimiento: string, input: unknown): Promise<T> {
  const q = encodeURIComponent(JSON.stringify({ json: input }));
  const r = await page.request.get(`/api/trpc/${procedimiento}?input=${q}`);
  expect(r.status(), `${procedimiento} responde`).toBe(200);
  return ((await r.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function elegirCurso(page: Page, nombre: string) {
  const cambiar = page.getByRole('button', { name: 'Cambiar curso' });
  if (await cambiar.isVisible()) await cambiar.click();
  await page
    .getByRole('listbox', { name: 'Cursos' })
    .getByRole('option', { name: new RegExp(`^${nombre}`) })
    .click();
}

test.describe('Planillón en modo avances', () => {
  test('preceptor: su curso en la instancia de mayo, códigos y colores por tipo, la marca desde 3 materias', async ({
    page,
  }) => {
    test.slow();
    const anio = String(CICLO_ESCOLAR);
    const mayo = `${anio}-05-15`;
    const octubre = `${anio}-10-02`;
    await ingresarComo(page, EMAIL_DEMO.preceptor, '/planillon-protected');
    await expect(page.getByText('Seleccione un curso')).toBeVisible();
    await elegirCurso(page, '2° 1°');
    await page
      .getByRole('radiogroup', { name: 'Modo' })
      .getByText('Avances', { exact: true })
      .click();
    await expect(page).toHaveURL(/[?&]modo=avances/);
    // Sin mes: la instancia se elige en su propio selector (por defecto, la última pasada).
    await expect(page.getByLabel('Mes')).toHaveCount(0);
    await expect(titulo(page)).toHaveText(`Avances · 2° 1° · Cierre 02/10/${anio}`, PRIMERA_CARGA);
    const instancia = page.getByLabel('Instancia');
    await expect(instancia.locator('option')).toHaveText([
      `Cierre 15/05/${anio}`,
      `Cierre 02/10/${anio}`,
    ]);
    await expect(instancia).toHaveValue(octubre);

    await instancia.selectOption({ label: `Cierre 15/05/${anio}` });
    await expect(page).toHaveURL(new RegExp(`[?&]instancia=${mayo}`));
    await expect(titulo(page)).toHaveText(`Avances · 2° 1° · Cierre 15/05/${anio}`);
    await expect(page.getByLabel('Actualizando')).toHaveCount(0);

    const curso = Number(new URL(page.url()).searchParams.get('curso'));
    const r = await consulta<ReporteAvances>(page, 'avances.reporte', { curso, fecha: mayo });
    expect(r.instancia?.fecha).toBe(mayo);
    expect(r.cursados.length).toBeGreaterThan(5);

    // Una columna por materia (la planilla, en la descripción) y el total.
    const columnas = await grilla(page)
      .locator('thead th[data-columna]:not([data-columna^="total-"])')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')));
    expect(columnas).toEqual(
      r.cursados.map(
        (c) =>
          `${c.nombre} · ${{ sinPlanilla: 'sin planilla en la instancia', abierta: 'planilla abierta (sin cerrar)', cerrada: 'planilla cerrada' }[c.planilla]}`,
      ),
    );
    await expect(grilla(page).locator('thead th[data-columna="total-dificultades"]')).toHaveText(
      'Materias con dificultades',
    );

    // Cada celda: los códigos de sus tipos (cada uno con su color), '–' o nada.
    const vistas = await grilla(page)
      .locator('tbody tr')
      .evaluateAll(
        (trs, n) =>
          trs.map((tr) => {
            const td = [...tr.querySelectorAll('td')];
            const texto = (x: Element | undefined) => x?.firstChild?.textContent ?? '';
            const colores = (x: Element) =>
              [...x.querySelectorAll(':scope > span:first-child > span')]
                .filter((s) => s.textContent!.trim())
                .map((s) => getComputedStyle(s).color);
            return {
              orden: Number(tr.getAttribute('data-alumno')),
              celdas: td.slice(0, n).map((x) => ({
                texto: texto(x),
                color: x.getAttribute('data-color'),
                colores: colores(x),
              })),
              total: texto(td[n]),
              colorTotal: td[n]?.getAttribute('data-color') ?? null,
              fondoTotal: td[n] ? getComputedStyle(td[n]).backgroundColor : '',
              celdasEnFila: td.length,
            };
          }),
        r.cursados.length,
      );
    expect(vistas.map((v) => v.orden)).toEqual(r.alumnos.map((a) => a.orden));
    const colorDeLetra = new Map<string, Set<string>>();
    let conCodigos = 0;
    let marcados = 0;
    for (const [i, a] of r.alumnos.entries()) {
      const v = vistas[i]!;
      expect(v.celdasEnFila).toBe(r.cursados.length + 1);
      expect(v.celdas.map((c) => ({ texto: c.texto, color: c.color }))).toEqual(
        a.avances.map((x) =>
          x == null
            ? { texto: '', color: null }
            : x.tipos.length === 0
              ? { texto: '–', color: 'gray' }
              : {
                  texto: x.tipos.map((t) => CODIGO[t].letra).join(' '),
                  color: CODIGO[x.tipos[0]!].color,
                },
        ),
      );
      a.avances.forEach((x, k) => {
        if (!x?.tipos.length) return;
        conCodigos++;
        // Un color por código, el mismo para la misma letra en toda la grilla.
        expect(v.celdas[k]!.colores).toHaveLength(x.tipos.length);
        x.tipos.forEach((t, j) => {
          const letra = CODIGO[t].letra;
          if (!colorDeLetra.has(letra)) colorDeLetra.set(letra, new Set());
          colorDeLetra.get(letra)!.add(v.celdas[k]!.colores[j]!);
        });
      });
      expect(v.total).toBe(String(a.conDificultades));
      const marca = a.conDificultades >= 3;
      expect(v.colorTotal).toBe(marca ? 'red' : a.conDificultades > 0 ? null : 'gray');
      if (marca) {
        marcados++;
        expect(v.fondoTotal).not.toMatch(/^rgba?\(255, 255, 255/);
      }
    }
    expect(conCodigos).toBeGreaterThan(0);
    // En la demostración, 2° 1° tiene alumnos con dificultades en 3 o más materias en mayo.
    expect(marcados).toBeGreaterThan(0);
    // Tres tipos, tres colores distintos (y el texto dice lo mismo).
    for (const colores of colorDeLetra.values()) expect(colores.size).toBe(1);
    const distintos = new Set([...colorDeLetra.values()].map((c) => [...c][0]));
    expect(distintos.size).toBe(colorDeLetra.size);

    // Al pasar el cursor por una celda con códigos: la materia y los nombres de los tipos.
    const conTipos = grilla(page)
      .locator('tbody td[data-descripcion]:not([data-columna^="total-"])')
      .filter({ hasNotText: '–' })
      .first();
    await conTipos.hover();
    await expect(descripcion(page)).toBeVisible();
    await expect(descripcion(page)).toContainText(
      /Evaluaciones no Aprobadas|Adeuda Trabajos|Falta de Participación/,
    );
    // Y por un total marcado: cuántas materias y cuáles.
    await grilla(page)
      .locator('td[data-columna="total-dificultades"][data-color="red"]')
      .first()
      .hover();
    await expect(descripcion(page)).toContainText(/^\d+ materias con dificultades \(3 o más\)\n/);

    // La leyenda: los tres tipos con su código, 'Sin Observaciones' y la marca.
    const leyenda = page.getByRole('list', { name: 'Referencias' });
    for (const texto of [
      'Evaluaciones no Aprobadas',
      'Adeuda Trabajos',
      'Falta de Participación',
      'Sin Observaciones',
      '3 o más materias con dificultades',
    ])
      await expect(leyenda.getByText(texto, { exact: true })).toBeVisible();

    await page.getByRole('heading', { name: 'Planillón' }).hover();
    await page.screenshot({ path: '/tmp/planillon-avances.png', fullPage: true });

    expect(await violacionesGraves(page, 'main')).toEqual([]);

    // Curso, modo e instancia quedan en la URL.
    await page.reload();
    await expect(titulo(page)).toHaveText(`Avances · 2° 1° · Cierre 15/05/${anio}`, PRIMERA_CARGA);
    await expect(page.getByLabel('Instancia')).toHaveValue(mayo);

    // Una instancia que no existe (la URL a mano): el mensaje y el botón para volver.
    await page.goto(`/planillon-protected?curso=${curso}&modo=avances&instancia=${anio}-05-16`);
    const alerta = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el planillón' });
    await expect(alerta).toContainText(
      'No hay una instancia de avances en esa fecha.',
      PRIMERA_CARGA,
    );
    await alerta.getByRole('button', { name: 'Ver la instancia de la fecha' }).click();
    await expect(titulo(page)).toHaveText(`Avances · 2° 1° · Cierre 02/10/${anio}`);
    await expect(page).not.toHaveURL(/instancia=/);
  });
});
