import { defineConfig, devices } from '@playwright/test';
import { CARPETA_SALIDA } from './tests/e2e/sesiones';
import { PUERTO_BASE, SERVIDORES } from './tests/e2e/servidores';

/**
 * Pruebas de punta a punta (tests/e2e): `npm run test:e2e`.
 *
 * tests/e2e/servidor.ts compila una vez (salvo E2E_SKIP_BUILD=1) y arranca un `next start` por
 * worker (tests/e2e/servidores.ts: E2E_WORKERS, dos por omisión con dos núcleos o más), cada uno
 * con su base recién sembrada (PGlite en .data/, o E2E_DATABASE_URL y sus copias "_n") en los
 * puertos 3200, 3201… Cada worker corre sus archivos, uno tras otro, contra el suyo (la fixture
 * `baseURL` de tests/e2e/prueba.ts). Google lo reemplaza un emisor OpenID Connect local
 * (tests/e2e/oidc.ts), también uno por servidor.
 *
 * Antes de todo, el proyecto `sesiones` (tests/e2e/sesiones.setup.ts) ingresa una vez con
 * cada cuenta de demostración en cada servidor por la API y guarda las cookies en
 * <salida>/.auth/<servidor>/; cada prueba carga las de su servidor en su propio contexto con
 * `ingresarComo` en lugar de pasar por /login.
 */
const CI = !!process.env.CI;
/*
 * Los servidores escuchan en 127.0.0.1, pero las pruebas los llaman "localhost" (urlDelServidor):
 * Next.js (NextURL) reescribe 127.0.0.1 como localhost en las peticiones que reciben los route
 * handlers, así que next-auth armaría allí otra redirect_uri que la que mandó a Google desde la
 * acción del servidor (invalid_grant) y redirigiría a otro origen sin las cookies.
 */

export default defineConfig({
  testDir: 'tests/e2e',
  // Los archivos se reparten entre los workers; las pruebas de un archivo, en orden, en uno solo.
  fullyParallel: false,
  workers: SERVIDORES,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  // Con `next dev` (E2E_DEV=1) cada pantalla se compila al pedirla: más margen.
  expect: { timeout: process.env.E2E_DEV === '1' ? 60_000 : 10_000 },
  // Con E2E_PORT, una carpeta propia: cada corrida vacía la suya y no la de otra.
  outputDir: CARPETA_SALIDA,
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Cordoba',
    // La traza graba la pantalla y el DOM de cada paso: cuesta más CPU que la prueba misma. En CI
    // se graba sólo al reintentar una prueba que falló (la primera falla deja su captura).
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Sin el service worker del portal (src/app/sw.ts): cada contexto lo instalaría y precargaría
    // la build entera, y las navegaciones pasarían por él (page.route no las vería). Las pruebas
    // del portal instalable y sin conexión lo permiten con `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    launchOptions: {
      // El "headless shell" de Chromium (paquete chromium-headless-shell de Debian: el mismo motor
      // Blink, sin la interfaz del navegador completo; el que Playwright usa por omisión sin
      // pantalla): medido, un tercio de la CPU por página que /usr/bin/chromium en modo headless,
      // y la mitad del tiempo. tests/e2e/ensure-chromium.mjs lo instala si falta.
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'sesiones', testMatch: /sesiones\.setup\.ts$/ },
    {
      name: 'escritorio',
      dependencies: ['sesiones'],
      grepInvert: /@telefono/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'telefono',
      dependencies: ['sesiones'],
      grep: /@telefono/,
      use: {
        browserName: 'chromium',
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/servidor.ts',
    env: { E2E_SERVIDORES: String(SERVIDORES) },
    // El primer servidor es el último en arrancar: cuando responde, responden todos.
    url: `http://127.0.0.1:${PUERTO_BASE}/login`,
    timeout: process.env.E2E_DEV === '1' ? 120_000 : 240_000,
    // Reusar servidores que ya escuchan es opcional (E2E_REUSE=1): por defecto cada corrida
    // arranca los suyos, así otra copia en los mismos puertos no responde con otro código.
    reuseExistingServer: !CI && process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
