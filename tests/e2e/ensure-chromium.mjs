/**
 * Se asegura de que haya un Chromium sin pantalla para Playwright (npm run test:e2e lo llama
 * antes). Por omisión, el "headless shell" de Chromium (ver playwright.config.ts).
 *
 * - Si existe CHROMIUM_PATH (o /usr/bin/chromium-headless-shell), no hace nada.
 * - Como root en Debian: apt-get update && apt-get install -y chromium-headless-shell.
 * - Si no: npx playwright install --only-shell chromium (el de Playwright; en ese caso
 *   exporte CHROMIUM_PATH con la ruta que indique Playwright).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ruta = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

function correr(comando, argumentos) {
  console.log(`> ${comando} ${argumentos.join(' ')}`);
  const r = spawnSync(comando, argumentos, { stdio: 'inherit' });
  if (r.error) console.error(r.error.message);
  return r.status === 0;
}

if (existsSync(ruta)) process.exit(0);

console.log(`No se encontró Chromium en ${ruta}: se instala.`);
const esRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (esRoot && existsSync('/etc/debian_version')) {
  if (
    !correr('apt-get', ['update']) ||
    !correr('apt-get', ['install', '-y', 'chromium-headless-shell'])
  ) {
    console.error('No se pudo instalar chromium-headless-shell con apt-get.');
    process.exit(1);
  }
} else {
  if (!correr('npx', ['playwright', 'install', '--only-shell', 'chromium'])) {
    console.error(
      'No se pudo instalar Chromium con "npx playwright install --only-shell chromium".',
    );
    process.exit(1);
  }
  if (!existsSync(ruta)) {
    console.error(
      `Playwright instaló su Chromium, pero la configuración usa ${ruta}. ` +
        'Indique la ruta del ejecutable en CHROMIUM_PATH (ver la salida de "npx playwright install --dry-run --only-shell chromium").',
    );
    process.exit(1);
  }
}

if (!existsSync(ruta)) {
  console.error(
    `Sigue sin haber Chromium en ${ruta}. Instálelo o indique su ruta en CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log(`Chromium listo en ${ruta}.`);
