/**
 * Issue 31: el arranque de producción inseguro (§3), cookies `Secure` por pedido (§8), GET de sesión que no obedecen a otro sitio (§10) y
 * la CSP con nonce (§15). Los pedidos de ingreso van con `fetch` de Node: cada prueba maneja sus
 * cookies a mano (una sesión propia, nunca las guardadas del proyecto `sesiones`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { expect, test, type Page } from './prueba';
import { EMAIL_DEMO, cuenta, ingresarComo, ingresarPorElLogin } from './ayudas';

/** Como detrás del balanceador (los servidores de prueba tienen TRUSTED_PROXIES=1). */
const POR_HTTPS = { 'x-forwarded-proto': 'https' };

const pares = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]!).join('; ');

/** Ingresa con "Ingresar como" por la API de next-auth; devuelve los Set-Cookie del ingreso. */
async function ingresarPorApi(
  base: string,
  email: string,
  cabeceras: Record<string, string> = {},
): Promise<string[]> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: cabeceras });
  expect(csrf.status).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await fetch(`${base}/api/auth/callback/dev`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...cabeceras,
      cookie: pares(csrf.headers.getSetCookie()),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: '/' }),
  });
  expect(r.status).toBe(302);
  return r.headers.getSetCookie();
}

const sesionDe = (setCookie: string[]) => {
  const c = setCookie.find((s) => /^(__Secure-)?authjs\.session-token=/.test(s));
  expect(c).toBeDefined();
  return c!;
};

async function estado(base: string, cookie: string, cabeceras: Record<string, string> = {}) {
  const r = await fetch(`${base}/api/login/status`, { headers: { ...cabeceras, cookie } });
  return { status: r.status, json: (await r.json()) as { rol?: number } };
}

test.describe('Cookies Secure según el pedido (no según AUTH_URL)', () => {
  test('por http: la cookie de sesión sin Secure ni prefijo, y la sesión anda', async ({
    baseURL,
  }) => {
    const cookie = sesionDe(await ingresarPorApi(baseURL!, EMAIL_DEMO.docente));
    expect(cookie).toMatch(/^authjs\.session-token=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect((await estado(baseURL!, cookie.split(';')[0]!)).status).toBe(200);
  });

  test('por https detrás del proxy: __Secure-authjs.session-token con Secure, y la sesión anda', async ({
    baseURL,
  }) => {
    const cookie = sesionDe(await ingresarPorApi(baseURL!, EMAIL_DEMO.docente, POR_HTTPS));
    expect(cookie).toMatch(/^__Secure-authjs\.session-token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect((await estado(baseURL!, cookie.split(';')[0]!, POR_HTTPS)).status).toBe(200);
  });

  test('la cookie del dispositivo de administración: Secure sólo por https', async ({
    baseURL,
  }) => {
    const registrar = (cabeceras: Record<string, string>) =>
      fetch(`${baseURL}/api/validate/bypass`, {
        method: 'POST',
        headers: {
          ...cabeceras,
          'content-type': 'application/json',
          // Una IP propia: el límite de intentos de /bypass es por IP.
          'x-forwarded-for': '203.0.113.31',
        },
        body: JSON.stringify({ clave: 'clave-de-prueba' }),
      });
    const https = await registrar(POR_HTTPS);
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const http = await registrar({});
    expect(http.status).toBe(200);
    expect(http.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });
});

test.describe('GET /api/logout y /api/login/change/{rol} desde otro sitio no hacen nada', () => {
  const DE_OTRO_SITIO = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };

  test('un enlace de otro sitio no cierra la sesión ni cambia el rol; uno propio sí', async ({
    baseURL,
  }) => {
    const multirol = cuenta(EMAIL_DEMO.multirol);
    const cookie = sesionDe(await ingresarPorApi(baseURL!, multirol.email)).split(';')[0]!;
    const antes = await estado(baseURL!, cookie);
    expect(antes.status).toBe(200);
    const otroRol = [1, 2, 4, 8, 16, 32, 64, 128].find(
      (r) => r !== antes.json.rol && (multirol.rls & r) !== 0,
    )!;

    const cambio = await fetch(`${baseURL}/api/login/change/${otroRol}`, {
      redirect: 'manual',
      headers: { ...DE_OTRO_SITIO, cookie },
    });
    expect(cambio.status).toBe(303);
    expect(cambio.headers.get('location')).toBe('/');
    expect(cambio.headers.getSetCookie()).toEqual([]);
    expect(await estado(baseURL!, cookie)).toEqual(antes);

    const salida = await fetch(`${baseURL}/api/logout`, {
      redirect: 'manual',
      headers: { ...DE_OTRO_SITIO, cookie },
    });
    expect(salida.status).toBe(303);
    expect(salida.headers.get('location')).toBe('/');
    expect(salida.headers.getSetCookie()).toEqual([]);
    expect(await estado(baseURL!, cookie)).toEqual(antes);

    // Desde el propio sitio (o sin Sec-Fetch-Site: un cliente de la API), sí.
    const propio = await fetch(`${baseURL}/api/login/change/${otroRol}`, {
      headers: { 'sec-fetch-site': 'same-origin', cookie },
    });
    expect(propio.status).toBe(200);
    expect(await propio.json()).toEqual({ rol: otroRol });
    const fuera = await fetch(`${baseURL}/api/logout`, {
      redirect: 'manual',
      headers: { 'sec-fetch-site': 'same-origin', cookie },
    });
    expect(fuera.headers.get('location')).toBe('/login');
    expect((await estado(baseURL!, cookie)).status).toBe(401);
  });
});

test.describe('CSP: scripts sólo con el nonce del pedido', () => {
  /** Las violaciones de CSP que vea la página (el evento del navegador, antes de cualquier script). */
  async function vigilarCsp(page: Page): Promise<string[]> {
    const violaciones: string[] = [];
    await page.exposeFunction('__violacionCsp', (v: string) => violaciones.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __violacionCsp: (v: string) => void }).__violacionCsp(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
        violaciones.push(m.text());
    });
    return violaciones;
  }

  /** Los sha256 de los scripts en línea de un HTML, como van en script-src. */
  const hashesDeSusScripts = (html: string) => {
    const enLinea = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\bsrc=/.test(m[1]!),
    );
    expect(enLinea.length).toBeGreaterThan(0);
    return new Set(
      enLinea.map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`),
    );
  };

  const scriptSrc = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'))!;

  test('/login con ?error (renderizado por pedido): la cabecera trae un nonce nuevo, sin unsafe-inline en script-src, y cada script lo lleva', async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const r = await request.get('/login?error=CredentialsSignin');
      const csp = r.headers()['content-security-policy']!;
      const scripts = scriptSrc(csp);
      expect(scripts).not.toContain('unsafe-inline');
      expect(scripts).not.toContain('sha256');
      const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      const html = await r.text();
      expect(html).toContain('No se pudo ingresar');
      const etiquetas = html.match(/<script\b[^>]*>/g) ?? [];
      expect(etiquetas.length).toBeGreaterThan(0);
      for (const etiqueta of etiquetas) expect(etiqueta).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  test('/login sin sesión (prerenderizado, issue 37 §2): sin nonce; script-src autoriza cada script en línea por su sha256 y nada más', async ({
    request,
  }) => {
    const respuestas: { csp: string; html: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await request.get('/login');
      expect(r.status()).toBe(200);
      // Ni un proxy la guarda (Next pondría s-maxage de un año) ni se sirve sin revalidar.
      expect(r.headers()['cache-control']).toBe('private, no-cache');
      respuestas.push({ csp: r.headers()['content-security-policy']!, html: await r.text() });
    }
    // El mismo documento y la misma política para todos: se generó al compilar.
    expect(respuestas[1]).toEqual(respuestas[0]);
    const { csp, html } = respuestas[0]!;
    const scripts = scriptSrc(csp);
    expect(scripts).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);
    expect(html).not.toContain('nonce=');
    expect(html).toContain('Ingresar con Google');
    expect(html).not.toContain('No se pudo ingresar');
    // Exactamente los de sus scripts: 'self' y un hash por cada contenido distinto.
    expect(scripts.split(' ').slice(1).sort()).toEqual(
      ["'self'", ...hashesDeSusScripts(html)].sort(),
    );
  });

  test('cambiar el ciclo lectivo (una acción del marco) no regenera /login: sigue coincidiendo con su CSP', async ({
    page,
    request,
  }) => {
    // Antes, las acciones del marco llamaban a revalidatePath('/', 'layout'): Next volvía a generar
    // /login con otro payload y los sha256 calculados al arrancar dejaban de coincidir (no hidrataba).
    await ingresarComo(page, EMAIL_DEMO.admin);
    const ciclo = page.getByRole('combobox', { name: 'Ciclo lectivo' }).first();
    const actual = await ciclo.inputValue();
    const otro = String(Number(actual) - 1);
    await ciclo.selectOption(otro);
    await expect(ciclo).toHaveValue(otro);
    await expect(ciclo).toBeEnabled();
    await ciclo.selectOption(actual);
    await expect(ciclo).toHaveValue(actual);
    await expect(ciclo).toBeEnabled();
    for (let i = 0; i < 2; i++) {
      const r = await request.get('/login');
      const scripts = scriptSrc(r.headers()['content-security-policy']!);
      expect(scripts).not.toContain('nonce');
      expect(scripts.split(' ').slice(1).sort()).toEqual(
        ["'self'", ...hashesDeSusScripts(await r.text())].sort(),
      );
    }
  });

  test('/login con una cookie de sesión que no vale: renderizado por pedido (con nonce), no lleva al inicio', async ({
    request,
  }) => {
    const r = await request.get('/login', {
      headers: { cookie: 'authjs.session-token=no-es-un-token' },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(200);
    expect(scriptSrc(r.headers()['content-security-policy']!)).toMatch(/'nonce-/);
    expect(await r.text()).toContain('Ingresar con Google');
  });

  test('/login/estatico no se sirve por su dirección: es /login', async ({ request }) => {
    const r = await request.get('/login/estatico?error=CredentialsSignin');
    expect(r.status()).toBe(200);
    expect(scriptSrc(r.headers()['content-security-policy']!)).toMatch(/'nonce-/);
    expect(await r.text()).toContain('No se pudo ingresar');
  });

  test('la API y los archivos: sin scripts en línea ni nonce', async ({ request }) => {
    for (const ruta of ['/api/openapi.json', '/api/salud']) {
      const csp = (await request.get(ruta)).headers()['content-security-policy']!;
      expect(scriptSrc(csp), ruta).toBe("script-src 'self'");
    }
  });

  test('la app anda con la CSP: ingreso, una pantalla con componentes de cliente, sin violaciones', async ({
    page,
  }) => {
    const violaciones = await vigilarCsp(page);
    const admin = cuenta(EMAIL_DEMO.admin);
    await ingresarPorElLogin(page, admin.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hola, ${admin.nombre}`);
    // /usuarios: búsqueda y tabla de cliente (tRPC); escribir filtra, o sea, hidrató.
    await page.goto('/usuarios');
    const buscar = page.getByRole('textbox', { name: /buscar/i }).first();
    await expect(buscar).toBeVisible();
    await buscar.fill('Romero');
    await expect(page.getByText('multirol@escuela.test').first()).toBeVisible();
    expect(violaciones).toEqual([]);
  });

  test('/login prerenderizado hidrata con su CSP: la dirección sigue siendo /login y su enlace navega sin recargar', async ({
    page,
  }) => {
    const violaciones = await vigilarCsp(page);
    const documentos: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documentos.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Portal escolar' })).toBeVisible();
    // Hidrató: Next marca el documento al montar el router.
    await page.waitForFunction(() => 'next' in window && document.readyState === 'complete');
    await page.getByRole('link', { name: 'Registrarse para la inscripción' }).click();
    await expect(page).toHaveURL(/\/inscripcion$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Una navegación del cliente (RSC), no otro documento.
    expect(documentos).toEqual(['/login']);
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Ingresar con Google' })).toBeVisible();
    expect(violaciones).toEqual([]);
  });
});

test('`next start` de producción con la configuración de ejemplo no arranca: código 1 y el motivo', async () => {
  // La misma compilación de las pruebas, en otro puerto, con los valores del viejo .env.example.
  const puerto = 3290 + Math.floor(Math.random() * 9);
  const hijo = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(puerto)],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
        NEXT_TELEMETRY_DISABLED: '1',
        AUTH_SECRET: 'cambie-este-secreto-de-desarrollo',
        AUTH_DEV_LOGIN: 'true',
        ADMIN_BYPASS_PASSWORD: 'cambie-esta-clave',
        PGLITE_DIR: '.data/e2e-arranque-no-se-usa',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let error = '';
  hijo.stderr.on('data', (d: Buffer) => (error += d.toString()));
  const codigo = await new Promise<number | null>((ok) => hijo.on('close', ok));
  expect(codigo).toBe(1);
  expect(error).toContain('El portal no arranca');
  expect(error).toContain('AUTH_DEV_LOGIN: el ingreso de demostración');
  expect(error).toContain('AUTH_SECRET: tiene el valor de ejemplo');
  expect(error).toContain('ADMIN_BYPASS_PASSWORD: tiene el valor de ejemplo');
});

test('PORTAL_DEMO=true: la franja "Portal de demostración" en cada página, chica y abajo @telefono', async ({
  page,
}) => {
  const franja = page.getByRole('note').filter({ hasText: 'Portal de demostración' });
  await page.goto('/login');
  await expect(franja).toBeVisible();
  await ingresarComo(page, EMAIL_DEMO.referente);
  await expect(franja).toBeVisible();
  const caja = (await franja.boundingBox())!;
  const alto = page.viewportSize()!.height;
  expect(caja.height).toBeLessThanOrEqual(24);
  expect(Math.round(caja.y + caja.height)).toBe(alto);
  // No agrega desplazamiento horizontal en el teléfono.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});
