/**
 * El código de vinculación del lado del personal (issue 31 §1): el preceptor abre un alumno de
 * su curso en /alumnos, ve su código (el de la demostración), lo regenera con confirmación (el
 * nuevo reemplaza al anterior) e imprime los papelitos del curso para recortar; un código
 * bloqueado por intentos equivocados se ve en su lista y en la ficha, y lo desbloquea.
 */
import { formatearCodigo } from '../../src/domain/vinculos';
import { codigosDeDemostracion } from '../../src/server/db/seed/codigos';
import { claveCurso } from '../../src/server/db/seed/estructura';
import { generarEscuela } from '../../src/server/db/seed/personas';
import { expect, test } from './prueba';
import { CODIGO_BLOQUEADO, CODIGO_NO_COINCIDE } from '../../src/domain/vinculos';
import {
  cambiarDeCuenta,
  cicloActual,
  EMAIL_DEMO,
  ingresarComo,
  violacionesGraves,
} from './ayudas';

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
  await page.screenshot({
    path: test.info().outputPath('papelitos-impresion.png'),
    fullPage: true,
  });
});

test('un código bloqueado por intentos equivocados: el preceptor lo ve en su lista y lo desbloquea', async ({
  page,
}) => {
  // Otro alumno de 2° 1°, tampoco usado por otras pruebas.
  const sembrados = generarEscuela(cicloActual()).alumnos;
  const candidatos = sembrados.filter(
    (a) => a.cursoClave === claveCurso(2, 1) && a.apellido !== 'Domínguez' && !a.usuario,
  );
  const alumno = candidatos[candidatos.length - 1]!;
  const nombre = `${alumno.apellido}, ${alumno.nombre}`;

  // Su id, del contrato REST que usa el preceptor.
  await ingresarComo(page, EMAIL_DEMO.preceptor, '/alumnos');
  const id = (
    (await (await page.request.get('/api/alumnos/base')).json()) as { id: number; dni: number }[]
  ).find((a) => a.dni === alumno.dni)!.id;

  // Una familia ajena prueba códigos equivocados (por REST) hasta que el código se bloquea.
  await cambiarDeCuenta(page, EMAIL_DEMO.referenteOtro, '/inscripcion/completar');
  const { referente } = (await (await page.request.get('/api/mishijos/inscripcion')).json()) as {
    referente: { orden: number };
  };
  const mensajes: string[] = [];
  for (const codigo of [
    '22222-22222',
    '33333-33333',
    '44444-44444',
    '55555-55555',
    '66666-66666',
  ]) {
    const r = await page.request.post('/api/alumnos/link/referentes', {
      data: { add: [{ alumno: id, referente: referente.orden, codigo }], remove: [] },
    });
    mensajes.push(((await r.json()) as { message: string }).message);
  }
  expect(mensajes).toEqual([...Array(4).fill(CODIGO_NO_COINCIDE), CODIGO_BLOQUEADO]);

  // El preceptor lo ve arriba de su lista, lo abre y lo desbloquea.
  await cambiarDeCuenta(page, EMAIL_DEMO.preceptor, '/alumnos');
  const aviso = page.getByTestId('codigos-bloqueados');
  await expect(aviso).toContainText('Códigos de vinculación bloqueados');
  await aviso.getByRole('button', { name: new RegExp(nombre) }).click();
  const panel = page.getByRole('region', { name: 'Código de vinculación' });
  await expect(panel.getByText('Bloqueado', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Se probaron demasiados códigos equivocados');
  expect(await violacionesGraves(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Código desbloqueado.')).toBeVisible();
  await expect(panel.getByText('Bloqueado', { exact: true })).toHaveCount(0);
  await expect(aviso).toHaveCount(0);
});
