/**
 * /preceptores (spec 02 §2, §8; issue 13): vincular y desvincular cursos de un preceptor, cada
 * cambio en el momento (un vínculo existente se ignora); "Sin cursos asignados" en rojo; los
 * errores del catálogo; y la pantalla en el teléfono.
 */
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, ingresarComo } from './ayudas';
import { crearUsuario, elegirDeLista, esperarRojo, sinDesbordeHorizontal } from './asignaciones';

const detalle = (page: Page) => page.getByTestId('detalle-preceptores');
const cursos = (page: Page) => page.getByTestId('curso-preceptor').locator('p').allTextContents();

async function vincular(page: Page, curso: string) {
  // En el teléfono la lista se abre con "Vincular curso"; en el escritorio ya está a la vista.
  // Se espera a que aparezca una de las dos (mirar `isVisible` antes de que cargue la lista
  // saltearía el botón).
  const boton = page.getByRole('button', { name: 'Vincular curso' });
  const buscar = page.getByRole('textbox', { name: 'Buscar cursos para vincular', exact: true });
  await expect(boton.or(buscar).first()).toBeVisible();
  if (!(await buscar.isVisible())) await boton.click();
  await elegirDeLista(page, 'Cursos para vincular', curso, curso);
}

test.describe('/preceptores', () => {
  test('Jefe de Preceptores vincula y desvincula un curso de la preceptora de demostración', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.jefePreceptores, '/preceptores');
    await expect(page.getByRole('heading', { name: 'Preceptores', level: 1 })).toBeVisible();
    await expect(detalle(page).getByText('Seleccione un preceptor')).toBeVisible();
    await elegirDeLista(page, 'Preceptores', 'rossi', 'Rossi, Silvina');
    await expect(page.getByRole('heading', { name: 'Cursos de Rossi, Silvina' })).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);

    await vincular(page, '1° 3°');
    await expect(page.getByText('1° 3° vinculado a Rossi, Silvina')).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['1° 3°', '2° 1°', '2° 2°', '4° Electrónica']);
    // Un vínculo que ya existe no se repite.
    await elegirDeLista(page, 'Cursos para vincular', '2° 1°', '2° 1°');
    await expect(page.getByText('2° 1° ya está vinculado a Rossi, Silvina.')).toBeVisible();
    await expect.poll(() => cursos(page)).toHaveLength(4);

    // Desvincular pregunta qué se desvincula; "Cancelar" no cambia nada.
    await page.getByRole('button', { name: 'Desvincular 1° 3°' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Desvincular 1° 3° de Rossi, Silvina?' });
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => cursos(page)).toHaveLength(4);
    await page.getByRole('button', { name: 'Desvincular 1° 3°' }).click();
    await dialogo.getByRole('button', { name: 'Desvincular' }).click();
    await expect(page.getByText('1° 3° desvinculado de Rossi, Silvina')).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);

    // Queda guardado.
    await page.reload();
    await elegirDeLista(page, 'Preceptores', 'rossi', 'Rossi, Silvina');
    await expect.poll(() => cursos(page)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);
  });

  test('un preceptor nuevo sin cursos; si deja de ser preceptor, los errores del catálogo', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin, '/preceptores');
    const datos = { apellido: 'Preceptorprueba', nombre: 'Luis', rol: 4 };
    const { orden, email } = await crearUsuario(page, datos);
    await elegirDeLista(page, 'Preceptores', 'preceptorprueba', 'Preceptorprueba, Luis');
    await esperarRojo(detalle(page).getByText('Sin cursos asignados', { exact: true }));
    await vincular(page, '1° 1°');
    await expect(page.getByText('1° 1° vinculado a Preceptorprueba, Luis')).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['1° 1°']);

    // Otro administrador le quita el rol Preceptor mientras la pantalla sigue abierta.
    const r = await page.request.post('/api/save/usuario', {
      data: { ...datos, rol: 1, orden, email, telefono: '', habilitado: true },
    });
    expect(r.status(), await r.text()).toBe(200);

    await vincular(page, '1° 2°');
    await expect(
      page.getByText(/^Hubo un error al vincular el curso al preceptor: /),
    ).toBeVisible();
    // Los avisos de arriba a la derecha quedan sobre el botón, y con el puntero encima no se
    // cierran (Mantine pausa su cierre): se aparta el puntero y se espera a que se cierren solos.
    await page.mouse.move(0, 0);
    await expect(page.getByText(/^Hubo un error al vincular el curso al preceptor: /)).toBeHidden();
    await expect(page.getByText('1° 1° vinculado a Preceptorprueba, Luis')).toBeHidden();
    await page.getByRole('button', { name: 'Desvincular 1° 1°' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Desvincular' }).click();
    await expect(
      page.getByText(/^Hubo un error al desvincular el curso del preceptor: /),
    ).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['1° 1°']);
  });

  test('en el teléfono: elegir, vincular y desvincular sin que nada se salga de la pantalla @telefono', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.regente, '/preceptores');
    await elegirDeLista(page, 'Preceptores', 'rossi', 'Rossi, Silvina');
    await expect(page.getByRole('heading', { name: 'Cursos de Rossi, Silvina' })).toBeInViewport();
    await vincular(page, '6° Construcciones');
    await expect(page.getByText('6° Construcciones vinculado a Rossi, Silvina')).toBeVisible();
    await sinDesbordeHorizontal(page);
    await page.screenshot({ path: '/tmp/asignaciones-preceptores-telefono.png', fullPage: true });
    await page.getByRole('button', { name: 'Desvincular 6° Construcciones' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desvincular' }).click();
    await expect(page.getByText('6° Construcciones desvinculado de Rossi, Silvina')).toBeVisible();
    await expect.poll(() => cursos(page)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);
    await sinDesbordeHorizontal(page);
  });
});
