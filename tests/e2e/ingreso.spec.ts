/** Ingreso y salida, guardias de página y de ruta, /api/login/status y /api/logout. */
import { expect, test, type Page } from './prueba';
import { CUENTAS_DEMO } from '../../src/server/db/demo';
import {
  EMAIL_DEMO,
  cuenta,
  ingresarPorElLogin,
  modulosDeLaGrilla,
  nombreCompleto,
  nombreEnBarra,
  salir,
} from './ayudas';

async function estadoDeSesion(page: Page) {
  const r = await page.request.get('/api/login/status');
  return { status: r.status(), json: await r.json() };
}

test.describe('Ingreso y salida', () => {
  test('sin sesión, el inicio lleva al login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Portal escolar', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar con Google' })).toBeEnabled();
  });

  test('el aviso de ?error= muestra sólo mensajes conocidos, nunca el texto de la URL', async ({
    page,
  }) => {
    const aviso = page.getByRole('alert').filter({ hasText: 'No se pudo ingresar' });
    // Un código de next-auth: su mensaje en castellano.
    await page.goto('/login?error=AccessDenied');
    await expect(aviso).toContainText('Acceso denegado.');
    // Un mensaje propio del portal (spec 02 §2: /login?error=Se requiere referente parental).
    await page.goto(`/login?error=${encodeURIComponent('Se requiere referente parental')}`);
    await expect(aviso).toContainText('Se requiere referente parental');
    // Cualquier otro texto: el aviso genérico, sin el texto de la URL.
    const falso = 'Su cuenta fue suspendida: llame al 0800-FALSO';
    await page.goto(`/login?error=${encodeURIComponent(falso)}`);
    await expect(aviso).toContainText(
      'No se pudo ingresar. Intente nuevamente o consulte en la escuela.',
    );
    await expect(page.getByText('0800-FALSO')).toHaveCount(0);
  });

  test('"Ingresar como" lista las cuentas de demostración', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('separator').filter({ hasText: 'Ingresar como' })).toBeVisible();
    for (const c of CUENTAS_DEMO) {
      const boton = page.getByRole('button', { name: `${c.etiqueta} ${c.email}`, exact: true });
      await expect(boton).toBeVisible();
      await expect(boton).toHaveAttribute('title', c.email);
    }
    await expect(page.getByRole('button', { name: /@/ })).toHaveCount(CUENTAS_DEMO.length);
  });

  test('Docente: inicio, módulos, guardias, estado de la sesión y salida', async ({ page }) => {
    const docente = cuenta(EMAIL_DEMO.docente);
    await ingresarPorElLogin(page, docente.email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hola, ${docente.nombre}`);
    await expect(page.getByText('Ingresó como Docente.')).toBeVisible();
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(docente.email));

    const modulos = await modulosDeLaGrilla(page);
    expect(modulos).toEqual(expect.arrayContaining(['Notas', 'Avances', 'Mesas de examen']));
    expect(modulos).not.toContain('Usuarios');
    // Todo lo de su rol está construido: ningún módulo dice "En preparación".
    for (const construido of [
      'Notas',
      'Avances',
      'Mesas de examen',
      'Jornada cultural y deportiva',
    ])
      await expect(page.getByTestId('modulo').filter({ hasText: construido })).not.toContainText(
        'En preparación',
      );
    await expect(page.getByTestId('modulo').filter({ hasText: 'En preparación' })).toHaveCount(0);

    const { status, json } = await estadoDeSesion(page);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      rls: docente.rls,
      rol: docente.rls,
      usuario: { nombre: docente.nombre, apellido: docente.apellido, email: docente.email },
    });

    // Un módulo de otro rol vuelve al inicio; una ruta desconocida también.
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${docente.nombre}` })).toBeVisible();
    await page.goto('/no-existe/para-nada');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${docente.nombre}` })).toBeVisible();

    await salir(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);

    const despues = await estadoDeSesion(page);
    expect(despues.status).toBe(401);
    expect(despues.json).toEqual({ error: true, message: expect.any(String) });
  });

  test('Administrador: ve y abre Usuarios; /api/logout cierra la sesión', async ({ page }) => {
    const admin = cuenta(EMAIL_DEMO.admin);
    await ingresarPorElLogin(page, admin.email);
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(admin.email));
    expect(await modulosDeLaGrilla(page)).toContain('Usuarios');

    await page.getByRole('link', { name: 'Usuarios' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByTestId('modulo-actual')).toHaveText('Usuarios');
    await expect(page.getByRole('button', { name: 'Módulos: Usuarios' })).toBeVisible();

    expect((await estadoDeSesion(page)).status).toBe(200);
    await page.goto('/api/logout');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
    const despues = await estadoDeSesion(page);
    expect(despues.status).toBe(401);
    expect(despues.json).toMatchObject({ error: true });
  });
});

test.describe('Alumnos', () => {
  test('con correo que no es de Google: sólo puede ir a /perfil/cambiaremail', async ({ page }) => {
    const alumno = cuenta(EMAIL_DEMO.alumnoInstitucional);
    await ingresarPorElLogin(page, alumno.email);
    await expect(page).toHaveURL(/\/perfil\/cambiaremail$/);
    await expect(page.getByRole('heading', { name: 'Su cuenta no es de Google' })).toBeVisible();
    await expect(
      page.getByText(
        `La cuenta con la que está registrado/a (${alumno.email}) no es una cuenta de Google.`,
      ),
    ).toBeVisible();
    await expect(
      page.getByText('Por la nueva política del instituto, sólo se aceptan cuentas de Google.'),
    ).toBeVisible();
    // Un enlace que empieza el ingreso con Google para cambiar la cuenta del propio usuario.
    await expect(page.getByRole('link', { name: 'Ingresar con Google' })).toHaveAttribute(
      'href',
      /^\/api\/authurl\?origin=cambiar&uid=\d+$/,
    );

    await page.goto('/');
    await expect(page).toHaveURL(/\/perfil\/cambiaremail$/);
    await page.goto('/jornada');
    await expect(page).toHaveURL(/\/perfil\/cambiaremail$/);
  });

  test('con correo de Google: entra al inicio y no ve /perfil/cambiaremail', async ({ page }) => {
    const alumno = cuenta(EMAIL_DEMO.alumno);
    await ingresarPorElLogin(page, alumno.email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hola, ${alumno.nombre}`);
    await expect(nombreEnBarra(page)).toHaveText(nombreCompleto(alumno.email));
    const modulos = await modulosDeLaGrilla(page);
    expect(modulos).toContain('Jornada cultural y deportiva');
    // Cursa 4°: la gimnasia electiva (sólo 5°) no está en su grilla ni en el menú.
    expect(modulos).not.toContain('Gimnasia electiva');
    await expect(page.locator('a[href="/gimnasia-electiva"]')).toHaveCount(0);

    await page.goto('/perfil/cambiaremail');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${alumno.nombre}` })).toBeVisible();
  });
});
