/**
 * El vínculo que declara un referente espera a la escuela (issue 11 ítem 19): el referente se
 * declara de un alumno sin el código de vinculación y lo ve "Pendiente de confirmación por la escuela", sin datos;
 * el preceptor del curso lo confirma en /referentes-protected (con un diálogo que nombra al
 * referente y al alumno) y desde entonces el referente lo tiene entre sus hijos.
 */
import { expect, test } from './prueba';
import { claveCurso } from '../../src/server/db/seed/estructura';
import {
  cambiarDeCuenta,
  cicloActual,
  cuenta,
  EMAIL_DEMO,
  ingresarComo,
  violacionesGraves,
} from './ayudas';
import { alumnoSembrado } from './codigos';

const PENDIENTE = 'Pendiente de confirmación por la escuela';

test.describe('vínculos declarados por el referente', () => {
  test('el preceptor confirma en /referentes-protected el vínculo pendiente; entonces el referente ve al alumno', async ({
    page,
  }) => {
    const familia = cuenta(EMAIL_DEMO.referenteOtro);
    const referente = `${familia.apellido}, ${familia.nombre}`;
    const alumno = 'Domínguez, Valentina';

    // 1. El referente "otro" (familia Ramírez) se declara de Valentina (2° 1°) sin el código.
    await ingresarComo(page, familia.email, '/inscripcion/completar');
    await page.getByRole('searchbox', { name: 'Nombre o Apellido' }).fill('Valentina Domínguez');
    // La búsqueda lista sólo nombres (issue 31 §2): entre homónimos, en el orden de sus ids.
    const { posicion } = alumnoSembrado(cicloActual(), {
      apellido: 'Domínguez',
      nombre: 'Valentina',
      clave: claveCurso(2, 1),
    });
    await page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${alumno}$`) })
      .nth(posicion)
      .click();
    const dialogo = page.getByRole('dialog', { name: 'Vínculo de referente parental' });
    await dialogo.getByRole('button', { name: 'Continuar' }).click();
    await expect(
      page.getByText(`${alumno}: el vínculo quedó pendiente de confirmación por la escuela.`),
    ).toBeVisible();
    await expect(page.getByTestId('hijo-pendiente').filter({ hasText: alumno })).toContainText(
      PENDIENTE,
    );
    const datos = (await (await page.request.get('/api/mishijos/inscripcion')).json()) as {
      referente: { orden: number };
      pendientes: { orden: number }[];
    };
    const vinculo = { alumno: datos.pendientes[0]!.orden, referente: datos.referente.orden };
    // Pendiente: la ficha médica de Valentina sigue cerrada.
    expect(
      (await page.request.get(`/api/alumnos/datosinscripcion/${vinculo.alumno}`)).status(),
    ).toBe(403);

    try {
      // 2. El preceptor de 2° 1° lo ve pendiente y lo confirma.
      await cambiarDeCuenta(page, EMAIL_DEMO.preceptor, '/referentes-protected');
      await page
        .getByRole('listbox', { name: 'Cursos' })
        .getByRole('option')
        .filter({ has: page.getByText('2° 1°', { exact: true }) })
        .click();
      await expect(page.getByTestId('curso-elegido')).toHaveText('2° 1°');
      const boton = page
        .getByRole('button', {
          name: `Confirmar vínculo de ${referente} como referente de ${alumno}`,
        })
        .filter({ visible: true });
      const fila = page.getByRole('row').filter({ has: boton });
      await expect(fila).toContainText(PENDIENTE);
      await expect(fila).toContainText(referente);
      expect(await violacionesGraves(page)).toEqual([]);
      await boton.click();
      const confirmacion = page.getByRole('dialog', {
        name: `¿Confirmar a ${referente} como referente de ${alumno}?`,
      });
      await expect(confirmacion).toContainText('ficha médica, notas, asistencias y medidas');
      await confirmacion.getByRole('button', { name: 'Confirmar vínculo' }).click();
      await expect(
        page.getByText(`Vínculo confirmado: ${referente} como referente de ${alumno}.`),
      ).toBeVisible();
      await expect(boton).toHaveCount(0);
      await expect(
        page.getByRole('row').filter({ hasText: referente }).filter({ hasText: PENDIENTE }),
      ).toHaveCount(0);

      // 3. El referente ya tiene a Valentina entre sus hijos (con su formulario), sin pendientes.
      await cambiarDeCuenta(page, familia.email, '/inscripcion/completar');
      await expect(page.getByText(alumno, { exact: true })).toBeVisible();
      await expect(page.getByTestId('hijo-pendiente')).toHaveCount(0);
      expect(
        (await page.request.get(`/api/alumnos/datosinscripcion/${vinculo.alumno}`)).status(),
      ).toBe(200);
    } finally {
      // Deja la demo como estaba: la familia Ramírez con sus dos hijos.
      await cambiarDeCuenta(page, EMAIL_DEMO.alumnado);
      const r = await page.request.post('/api/alumnos/link/referentes', {
        data: { add: [], remove: [vinculo] },
      });
      expect(r.status()).toBe(200);
    }
  });
});
