/**
 * El arranque de verdad (issue 31 §3): un proceso aparte corre el `register()` de
 * src/instrumentation.ts como lo hace `next start` (NEXT_RUNTIME=nodejs) y, con una
 * configuración de producción insegura, termina con código 1 y el motivo en castellano, antes de
 * seguir (nunca imprime "ATIENDE"). Las reglas una por una: tests/unit/arranque.test.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const RAIZ = path.resolve(__dirname, '../..');
const TSX = path.join(RAIZ, 'node_modules/.bin/tsx');

const BUENA = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'un-secreto-de-prueba-de-mas-de-32-caracteres',
  AUTH_URL: 'https://portal.escuela.edu.ar',
  ADMIN_BYPASS_PASSWORD: 'una-clave-larga',
};

async function arrancar(
  env: Record<string, string>,
): Promise<{ codigo: number | null; salida: string; error: string }> {
  // Sólo lo necesario del entorno de la prueba: ni su NODE_ENV ni otras variables del portal.
  const entorno: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_RUNTIME: 'nodejs',
  };
  const hijo = spawn(
    TSX,
    [
      '-e',
      "import('./src/instrumentation.ts').then((m) => (m.register ?? m.default.register)()).then(() => { console.log('ATIENDE'); process.exit(0); })",
    ],
    {
      cwd: RAIZ,
      env: Object.assign(entorno, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let salida = '';
  let error = '';
  hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  hijo.stderr.on('data', (d: Buffer) => (error += d.toString()));
  const codigo = await new Promise<number | null>((ok) => hijo.on('close', ok));
  return { codigo, salida, error };
}

test('una producción correcta arranca', async () => {
  const r = await arrancar(BUENA);
  expect(r.error).toBe('');
  expect(r.salida).toContain('ATIENDE');
  expect(r.codigo).toBe(0);
});

test.each([
  [{ AUTH_DEV_LOGIN: 'true' }, 'AUTH_DEV_LOGIN: el ingreso de demostración'],
  [{ AUTH_SECRET: 'cambie-este-secreto-de-desarrollo' }, 'AUTH_SECRET: tiene el valor de ejemplo'],
  [{ AUTH_SECRET: 'corto' }, 'AUTH_SECRET: debe tener al menos 32 caracteres'],
  [
    { ADMIN_BYPASS_PASSWORD: 'cambie-esta-clave' },
    'ADMIN_BYPASS_PASSWORD: tiene el valor de ejemplo',
  ],
  [{ AUTH_URL: 'http://portal.escuela.edu.ar' }, 'AUTH_URL: debe empezar con https://'],
])('%j: no arranca, con código 1 y el motivo', async (cambio, mensaje) => {
  const r = await arrancar({ ...BUENA, ...cambio });
  expect(r.codigo).toBe(1);
  expect(r.error).toContain('El portal no arranca');
  expect(r.error).toContain(mensaje);
  expect(r.salida).not.toContain('ATIENDE');
});

test('sin AUTH_URL arranca con un aviso', async () => {
  const { AUTH_URL: _sin, ...sinUrl } = BUENA;
  const r = await arrancar(sinUrl);
  expect(r.codigo).toBe(0);
  expect(r.error).toContain('AUTH_URL: no está definida');
  expect(r.salida).toContain('ATIENDE');
});

test('un portal de demostración declarado arranca con "Ingresar como"', async () => {
  const r = await arrancar({ ...BUENA, AUTH_DEV_LOGIN: 'true', PORTAL_DEMO: 'true' });
  expect(r.codigo).toBe(0);
  expect(r.salida).toContain('ATIENDE');
});
