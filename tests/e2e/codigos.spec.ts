/**
 * El código de vinculación del lado del personal (issue 31 §1): el preceptor abre un alumno de
 * su curso en /alumnos, ve su código (el de la demostración), lo regenera con confirmación (el
 * nuevo reemplaza al anterior) e imprime los papelitos del curso para recortar.
 */
import { formatearCodigo } from '../../src/domain/vinculos';
import { codigosDeDemostracion } from '../../src/server/db/seed/codigos';
import { claveCurso } from '../../src/server/db/seed/estructura';
import { generarEscuela } from '../../src/server/db/seed/personas';
import { expect, test } from './prueba';
import { cicloActual, EMAIL_DEMO, ingresarComo, violacionesGraves } from './ayudas';

test('el preceptor ve el código del alumno, lo regenera e imprime los papelitos del curso', async ({
  page,
}) => {
  // Un alumno de 2° 1° (curso del preceptor de demostración) que ninguna otra prueba usa.
  const sembrados = generarEscuela(cicloActual()).alumnos;
  const indice = sembrados.findIndex(
    (a) => a.cursoClave === claveCurso(2, 1) && a.apellido !== 'Domínguez' && !a.usuario,
  );
  const alumno = sembrados[indice]!;
  const demo = formatearCodigo(codigosDeDemostracion(sembrados.length)[indice]!);

  await ingresarComo(page, EMAIL_DEMO.preceptor, '/alumnos');
  await page.getByRole('textbox', { name: 'Buscar alumnos' }).fill(String(alumno.dni));
  await page
    .getByRole('listbox', { name: 'Alumnos', exact: true })
    .getByRole('option', { name: `${alumno.apellido}, ${alumno.nombre}` })
    .click();
  const panel = page.getByRole('region', { name: 'Código de vinculación' });
  await expect(panel.getByTestId('codigo-vinculacion')).toHaveText(demo);
  expect(await violacionesGraves(page)).toEqual([]);

  // Regenerar pide confirmación; cancelar no cambia nada.
  await panel.getByRole('button', { name: 'Regenerar código' }).click();
  const pregunta = page.getByRole('dialog', { name: '¿Regenerar el código de vinculación?' });
  await expect(pregunta).toContainText('deja de valer en el acto');
  await pregunta.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel.getByTestId('codigo-vinculacion')).toHaveText(demo);
  await panel.getByRole('button', { name: 'Regenerar código' }).click();
  await pregunta.getByRole('button', { name: 'Regenerar' }).click();
  await expect(page.getByText('Código regenerado.')).toBeVisible();
  await expect(panel.getByTestId('codigo-vinculacion')).not.toHaveText(demo);
  const nuevo = (await panel.getByTestId('codigo-vinculacion').textContent())!;
  expect(nuevo).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);

  // Los papelitos del curso: uno por alumno, con el código nuevo de este alumno.
  await panel.getByRole('link', { name: 'Imprimir los códigos del curso' }).click();
  await expect(
    page.getByRole('heading', { name: /^Códigos de vinculación — 2° 1°/ }),
  ).toBeVisible();
  const papelitos = page.getByTestId('papelito');
  const enElCurso = sembrados.filter((a) => a.cursoClave === claveCurso(2, 1)).length;
  await expect(papelitos).toHaveCount(enElCurso);
  const suyo = papelitos.filter({ hasText: `${alumno.apellido}, ${alumno.nombre}` });
  await expect(suyo).toContainText(nuevo);
  await expect(suyo).toContainText('Curso: 2° 1°');
  await expect(suyo).toContainText('Guarde este papel');
  expect(await violacionesGraves(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await page.screenshot({ path: 'test-results/papelitos-impresion.png', fullPage: true });
});
