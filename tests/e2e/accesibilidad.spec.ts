/** Sin violaciones graves de accesibilidad (axe: impacto "critical" o "serious"). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { EMAIL_DEMO, ingresarComo } from './ayudas';

async function violacionesGraves(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      regla: v.id,
      impacto: v.impact,
      ayuda: v.help,
      elementos: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

test.describe('Accesibilidad', () => {
  test('login (con y sin aviso de error)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar con Google' })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
    await page.goto(`/login?error=${encodeURIComponent('Algo salió mal')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Algo salió mal' })).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
  });

  for (const [quien, email] of [
    ['Administrador', EMAIL_DEMO.admin],
    ['Docente con varios roles', EMAIL_DEMO.multirol],
    ['Referente', EMAIL_DEMO.referente],
  ] as const) {
    test(`inicio con sesión: ${quien}`, async ({ page }) => {
      await ingresarComo(page, email);
      await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
      expect(await violacionesGraves(page)).toEqual([]);
    });
  }

  test('/bypass (formulario de la clave)', async ({ page }) => {
    await page.goto('/bypass');
    await expect(
      page.getByRole('heading', { name: 'Dispositivo de administración' }),
    ).toBeVisible();
    expect(await violacionesGraves(page)).toEqual([]);
  });
});
