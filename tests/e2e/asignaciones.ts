/** Ayudas de las pruebas de /docentes, /coordinadores, /preceptores y /alumnos-cursados. */
import { expect, type Locator, type Page } from './prueba';

/** Busca en una lista buscable (su etiqueta: "Docentes") y elige la opción que empieza con `opcion`. */
export async function elegirDeLista(page: Page, lista: string, buscar: string, opcion: string) {
  await page
    .getByRole('textbox', { name: `Buscar ${lista.toLowerCase()}`, exact: true })
    .fill(buscar);
  const item = page
    .getByRole('listbox', { name: lista, exact: true })
    .getByRole('option', { name: new RegExp(`^${escapar(opcion)}`) });
  await expect(item).toHaveCount(1);
  await item.click();
}

export const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Las asignaciones visibles de la lista editable, con su estado ("Matemática 2° 1°:sinCambios"). */
export async function asignaciones(page: Page): Promise<string[]> {
  return page
    .getByTestId('asignacion')
    .evaluateAll((els) =>
      els.map(
        (e) => `${e.querySelector('p')?.textContent?.trim()}:${e.getAttribute('data-estado')}`,
      ),
    );
}

/** Un texto en rojo (los estados vacíos de spec 02 §8). */
export async function esperarRojo(l: Locator) {
  await expect(l).toBeVisible();
  const color = await l.evaluate((e) => getComputedStyle(e).color);
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  expect(r, `color ${color}`).toBeGreaterThan(150);
  expect(g, `color ${color}`).toBeLessThan(100);
  expect(b, `color ${color}`).toBeLessThan(100);
}

/** Crea un usuario con la API del contrato (POST /api/save/usuario) y devuelve su id. */
export async function crearUsuario(
  page: Page,
  datos: { apellido: string; nombre: string; rol: number },
): Promise<{ orden: number; email: string }> {
  const email = `e2e.${datos.apellido.toLowerCase()}.${Date.now()}@escuela.test`;
  const r = await page.request.post('/api/save/usuario', {
    data: { ...datos, email, telefono: '', habilitado: true },
  });
  expect(r.status(), await r.text()).toBe(200);
  const creado = (await r.json()) as { orden: number };
  return { orden: creado.orden, email };
}

/** Sin desplazamiento horizontal (nada se sale de la pantalla del teléfono). */
export async function sinDesbordeHorizontal(page: Page) {
  const { ancho, visible } = await page.evaluate(() => ({
    ancho: document.documentElement.scrollWidth,
    visible: document.documentElement.clientWidth,
  }));
  expect(ancho).toBeLessThanOrEqual(visible);
}
