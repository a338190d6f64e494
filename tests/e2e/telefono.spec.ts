/** En el teléfono (390×844, proyecto "telefono"): el menú lateral reemplaza a la barra superior. */
import { expect, test, type Page } from './prueba';
import {
  EMAIL_DEMO,
  cuenta,
  ingresarComo,
  ingresarConSesionPropia,
  nombreCompleto,
  nombreEnBarra,
  salir,
  selector,
} from './ayudas';

async function sinDesplazamientoHorizontal(page: Page) {
  const ancho = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('Teléfono @telefono', () => {
  test('referente: el menú lateral tiene el selector de alumno y "Salir"', async ({ page }) => {
    const referente = cuenta(EMAIL_DEMO.referente);
    // Una sesión propia: "Salir" la cierra en el servidor.
    await ingresarConSesionPropia(page, referente.email);
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(referente.email));
    await sinDesplazamientoHorizontal(page);

    const menu = page.getByRole('navigation', { name: 'Menú' });
    // Cerrado, el menú queda fuera de la pantalla y fuera del alcance del teclado y de los lectores.
    await expect(menu).not.toBeInViewport();
    await expect(menu).toHaveAttribute('inert', '');
    await expect(
      page.getByRole('button', { name: 'Salir' }).filter({ visible: true }),
    ).not.toBeInViewport();

    const burger = page.getByRole('button', { name: 'Abrir el menú' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeInViewport();
    await expect(menu).not.toHaveAttribute('inert');
    await expect(menu.getByRole('combobox', { name: 'Alumno' })).toBeVisible();
    await expect(
      menu.getByRole('combobox', { name: 'Alumno' }).locator('option:checked'),
    ).toHaveText(
      new RegExp(`^${cuenta(EMAIL_DEMO.alumno).apellido}, ${cuenta(EMAIL_DEMO.alumno).nombre} `),
    );
    await expect(menu.getByRole('button', { name: 'Salir' })).toBeInViewport();
    await expect(selector(page, 'Alumno')).toHaveCount(1);
    await sinDesplazamientoHorizontal(page);

    await salir(page);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('administrador: los módulos están en el menú lateral', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.admin);
    await sinDesplazamientoHorizontal(page);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(menu.getByRole('combobox', { name: 'Ciclo lectivo' })).toBeVisible();
    await expect(menu.getByRole('combobox', { name: 'Rol' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Alumnos', exact: true })).toBeVisible();

    const usuarios = menu.getByRole('link', { name: 'Usuarios' });
    await usuarios.scrollIntoViewIfNeeded();
    await usuarios.click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByTestId('modulo-actual')).toHaveText('Usuarios');
    // Al elegir un módulo, el menú se cierra.
    await expect(menu).not.toBeInViewport();
    await sinDesplazamientoHorizontal(page);
  });

  test('alumno: el enlace tocado muestra "Cargando" hasta que llega la página', async ({
    page,
  }) => {
    // Las páginas del teléfono no tienen loading.tsx: la actual queda hasta que llega la nueva.
    // Se retiene la respuesta de la navegación (el pedido RSC) para ver ese tramo.
    const retener = async (ruta: string) => {
      let soltar!: () => void;
      const retenida = new Promise<void>((r) => (soltar = r));
      await page.route(
        (u) => u.pathname === ruta && u.searchParams.has('_rsc'),
        async (route) => {
          await retenida;
          await route.continue();
        },
      );
      return soltar;
    };
    await ingresarComo(page, EMAIL_DEMO.alumno);
    const cargando = page.getByRole('status', { name: 'Cargando' });

    // Desde la grilla del inicio.
    const soltarMedidas = await retener('/medidas-externo');
    const tarjeta = page.getByTestId('modulo').filter({ hasText: 'Medidas disciplinarias' });
    await tarjeta.click();
    await expect(tarjeta.getByRole('status', { name: 'Cargando' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.screenshot({ path: 'test-results/telefono-enlace-cargando.png' });
    soltarMedidas();
    await expect(page.getByRole('heading', { name: 'Medidas disciplinarias' })).toBeVisible();
    await expect(cargando).toHaveCount(0);

    // Desde el menú: queda abierto, con la ruedita en el enlace, y se cierra al llegar.
    const soltarAvances = await retener('/avances-externo');
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    const avances = menu.getByRole('link', { name: 'Avances' });
    await avances.click();
    await expect(avances.getByRole('status', { name: 'Cargando' })).toBeVisible();
    await expect(menu).toBeInViewport();
    soltarAvances();
    await expect(page).toHaveURL(/\/avances-externo$/);
    await expect(page.getByRole('heading', { name: 'Avances', exact: true })).toBeVisible();
    await expect(menu).not.toBeInViewport();
    await expect(cargando).toHaveCount(0);

    // El enlace de la página actual no navega: cierra el menú.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(menu).toBeInViewport();
    await avances.click();
    await expect(menu).not.toBeInViewport();
  });

  test('el login entra en el ancho del teléfono', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar con Google' })).toBeInViewport();
    await sinDesplazamientoHorizontal(page);
  });
});
