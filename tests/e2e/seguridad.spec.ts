/** Cabeceras de seguridad, cookies, defensa CSRF, autorización del contrato REST y redirecciones. */
import { expect, test } from './prueba';
import { EMAIL_DEMO, ingresarComo } from './ayudas';

test.describe('Cabeceras y cookies', () => {
  test('las respuestas llevan las cabeceras de seguridad', async ({ request }) => {
    for (const ruta of ['/login', '/api/openapi.json']) {
      const r = await request.get(ruta);
      expect(r.status(), ruta).toBe(200);
      const h = r.headers();
      expect(h['content-security-policy'], ruta).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy'], ruta).toContain("default-src 'self'");
      expect(h['x-content-type-options'], ruta).toBe('nosniff');
      expect(h['x-frame-options'], ruta).toBe('DENY');
      expect(h['referrer-policy'], ruta).toBe('strict-origin-when-cross-origin');
      expect(h['strict-transport-security'], ruta).toBeUndefined();
      expect(h['x-powered-by'], ruta).toBeUndefined();
    }
  });

  test('HSTS sólo cuando la petición llegó por HTTPS (x-forwarded-proto)', async ({ request }) => {
    const https = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    const http = await request.get('/login', { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers()['strict-transport-security']).toBeUndefined();
  });

  test('la cookie de sesión es HttpOnly y SameSite=Lax', async ({ page }) => {
    await ingresarComo(page, EMAIL_DEMO.docente);
    const sesion = (await page.context().cookies()).find((c) =>
      /^(__Secure-)?authjs\.session-token$/.test(c.name),
    );
    expect(sesion).toBeDefined();
    expect(sesion!.httpOnly).toBe(true);
    expect(sesion!.sameSite).toBe('Lax');
    expect(sesion!.path).toBe('/');
  });
});

test.describe('Contrato REST', () => {
  test('una escritura con Origin ajeno se rechaza; sin Origin (cliente no navegador) funciona', async ({
    page,
  }) => {
    await ingresarComo(page, EMAIL_DEMO.admin);
    const email = `e2e.${Date.now()}@escuela.test`;
    const datos = {
      apellido: 'Prueba',
      nombre: 'Punta a Punta',
      email,
      telefono: '',
      rol: 1,
      habilitado: true,
    };
    const buscar = async () => {
      const r = await page.request.get(`/api/usuarios?q=${encodeURIComponent(email)}`);
      expect(r.status()).toBe(200);
      return (await r.json()) as { items: { id: number; etiqueta: string; detalle: string }[] };
    };

    const ajeno = await page.request.post('/api/save/usuario', {
      headers: { Origin: 'http://evil.example' },
      data: datos,
    });
    expect(ajeno.status()).toBe(403);
    expect(ajeno.headers()['content-type']).toContain('application/json');
    expect(await ajeno.json()).toEqual({ error: true, message: 'Origen no permitido.' });
    expect((await buscar()).items).toHaveLength(0);

    const propio = await page.request.post('/api/save/usuario', { data: datos });
    expect(propio.status()).toBe(200);
    const creado = await propio.json();
    expect(creado).toMatchObject({
      email,
      nombre: 'Punta a Punta',
      apellido: 'Prueba',
      rol: 1,
      habilitado: true,
    });
    expect(creado.orden).toEqual(expect.any(Number));

    const { items } = await buscar();
    expect(items).toEqual([
      {
        id: creado.orden,
        etiqueta: 'Prueba, Punta a Punta',
        detalle: email,
        apellido: 'Prueba',
        nombre: 'Punta a Punta',
        email,
        telefono: null,
        roles: [1],
        habilitado: true,
      },
    ]);
  });

  test('sin sesión: 401; con un rol sin permiso: 403 (JSON con error y mensaje)', async ({
    request,
    page,
  }) => {
    const anonimo = await request.get('/api/cursos');
    expect(anonimo.status()).toBe(401);
    expect(await anonimo.json()).toEqual({ error: true, message: expect.any(String) });

    await ingresarComo(page, EMAIL_DEMO.docente);
    const docente = await page.request.get('/api/usuarios');
    expect(docente.status()).toBe(403);
    expect(await docente.json()).toEqual({ error: true, message: expect.any(String) });
    // Lo que sí le corresponde al Docente responde.
    expect((await page.request.get('/api/cursos')).status()).toBe(200);
  });

  test('/api/openapi.json describe el contrato (OpenAPI 3.1)', async ({ request }) => {
    const r = await request.get('/api/openapi.json');
    expect(r.status()).toBe(200);
    const doc = await r.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/cursos_preceptor/{id}',
        '/api/login/status',
        '/api/save/usuario',
        '/api/logout',
      ]),
    );
    expect(doc.paths['/api/cursos_preceptor/{id}'].get.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
  });
});

test.describe('Redirecciones', () => {
  test('/planillón… (con acento) redirige a /planillon…', async ({ request, baseURL }) => {
    const r = await request.get('/planill%C3%B3n-protected', { maxRedirects: 0 });
    expect([301, 302, 307, 308]).toContain(r.status());
    expect(new URL(r.headers()['location']!, baseURL).pathname).toBe('/planillon-protected');
  });
});

/** Las cabeceras de seguridad de next.config.mjs (también en los errores). */
function conCabecerasDeSeguridad(h: Record<string, string>, camino: string) {
  expect(h['content-security-policy'], camino).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options'], camino).toBe('nosniff');
  expect(h['x-frame-options'], camino).toBe('DENY');
  expect(h['referrer-policy'], camino).toBe('strict-origin-when-cross-origin');
}

test.describe('Caminos con un "%" mal codificado', () => {
  // %E0%A4%A: una secuencia UTF-8 cortada; "%" suelto y "%zz": no son escapes.
  test('bajo /api (y /_next): 400 en JSON con mensaje en castellano y las cabeceras', async ({
    request,
  }) => {
    const pedidos: [string, string][] = [
      ['GET', '/api/alumnos/%E0%A4%A/legajo'],
      ['GET', '/api/%E0%A4%A'],
      ['GET', '/api/alumnos/%E0%A4%A/foto'],
      ['GET', '/api/inscripciones/%E0%A4%A/comprobante'],
      ['GET', '/api/login/change/%E0%A4%A'],
      ['GET', '/api/trpc/%E0%A4%A'],
      ['GET', '/api/auth/%E0%A4%A'],
      ['GET', '/api/cursos_preceptor/7%'],
      ['POST', '/api/alumnos/update/%zz'],
      ['PUT', '/api/cursados/cerrar/%C0%AF'],
      ['GET', '/_next/static/%E0%A4%A'],
    ];
    for (const [metodo, camino] of pedidos) {
      const r = await request.fetch(camino, { method: metodo, maxRedirects: 0, data: {} });
      expect([metodo, camino, r.status()]).toEqual([metodo, camino, 400]);
      expect(r.headers()['content-type'], camino).toContain('application/json');
      expect(await r.json(), camino).toEqual({
        error: true,
        message: 'La dirección pedida no es válida: tiene un "%" mal codificado.',
      });
      conCabecerasDeSeguridad(r.headers(), camino);
    }
  });

  test('fuera de /api: lo mismo que una ruta desconocida (vuelve al inicio), con las cabeceras', async ({
    request,
  }) => {
    const desconocida = await request.get('/no-existe-esta-ruta', { maxRedirects: 0 });
    expect(desconocida.status()).toBe(307);
    expect(new URL(desconocida.headers()['location']!, 'http://x').pathname).toBe('/');
    for (const camino of ['/%E0%A4%A', '/legajo/%E0%A4%A', '/planill%C3%B3n/%E0', '/login%']) {
      const r = await request.get(camino, { maxRedirects: 0 });
      expect([camino, r.status()]).toEqual([camino, 307]);
      expect(new URL(r.headers()['location']!, 'http://x').pathname, camino).toBe('/');
      conCabecerasDeSeguridad(r.headers(), camino);
    }
  });
});

test.describe('Datos personales: Cache-Control: no-store', () => {
  const sinCache = (h: Record<string, string>, que: string) =>
    expect(h['cache-control'] ?? '', que).toMatch(/\bno-store\b/);

  test('la API (REST, tRPC, errores) y las páginas con sesión no se guardan en caché', async ({
    request,
    page,
  }) => {
    // Sin sesión: también el error.
    for (const camino of ['/api/cursos', '/api/trpc/usuarios.yo']) {
      const r = await request.get(camino);
      expect([camino, r.status()]).toEqual([camino, 401]);
      sinCache(r.headers(), camino);
    }
    await ingresarComo(page, EMAIL_DEMO.docente);
    for (const camino of ['/api/cursos', '/api/trpc/usuarios.yo', '/api/login/status', '/']) {
      const r = await page.request.get(camino, { maxRedirects: 0 });
      expect([camino, r.status()]).toEqual([camino, 200]);
      sinCache(r.headers(), camino);
    }
  });
});

test('GET /api/salud: sin sesión, { ok: true, version } y sin caché (el balanceador la consulta)', async ({
  playwright,
  baseURL,
}) => {
  const anonimo = await playwright.request.newContext({ baseURL });
  try {
    const r = await anonimo.get('/api/salud');
    expect(r.status()).toBe(200);
    expect(r.headers()['cache-control']).toContain('no-store');
    expect(await r.json()).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(r.headers()['set-cookie']).toBeUndefined();
  } finally {
    await anonimo.dispose();
  }
});
