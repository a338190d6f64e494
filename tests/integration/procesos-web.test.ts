/**
 * `npm start` con un proceso de Next por núcleo (issue 37 §1, src/server/arranque.mjs): cuántos
 * arranca según el entorno, y que un proceso que no llega a atender detiene a todos con su
 * código en vez de reintentar sin fin. Que los procesos compartan el puerto y atiendan lo mide
 * `npm run bench` (el piso con uno y con todos).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

const RAIZ = path.resolve(__dirname, '../..');
const ARRANQUE = path.join(RAIZ, 'src/server/arranque.mjs');

async function correr(
  env: Record<string, string>,
  args: string[],
): Promise<{ codigo: number | null; salida: string; error: string }> {
  // Sólo lo necesario del entorno de la prueba: ni su base ni otras variables del portal.
  const entorno: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    PATH: process.env.PATH,
    HOME: process.env.HOME,
  };
  const hijo = spawn(process.execPath, [ARRANQUE, ...args], {
    cwd: RAIZ,
    env: Object.assign(entorno, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  let error = '';
  hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  hijo.stderr.on('data', (d: Buffer) => (error += d.toString()));
  const codigo = await new Promise<number | null>((ok) => hijo.on('close', ok));
  return { codigo, salida, error };
}

const URL_BASE = 'postgres://postgres@127.0.0.1:5432/portal';

describe('cuántos procesos', () => {
  test.each([
    // PGlite: su carpeta de datos admite un solo proceso, pida lo que pida.
    [{}, '1'],
    [{ WEB_CONCURRENCY: '4' }, '1'],
    [{ DATABASE_URL: URL_BASE, WEB_CONCURRENCY: '3' }, '3'],
    [{ DATABASE_URL: URL_BASE, WEB_CONCURRENCY: ' 1 ' }, '1'],
    [{ DATABASE_URL: URL_BASE, WEB_CONCURRENCY: '64' }, '64'],
  ])('%j → %s', async (env, esperado) => {
    const r = await correr(env, ['--procesos']);
    expect(r.salida.trim()).toBe(esperado);
    expect(r.codigo).toBe(0);
  });

  test('con PostgreSQL y sin WEB_CONCURRENCY: uno por núcleo disponible', async () => {
    const { availableParallelism } = await import('node:os');
    const r = await correr({ DATABASE_URL: URL_BASE }, ['--procesos']);
    expect(r.salida.trim()).toBe(String(Math.min(availableParallelism(), 64)));
  });

  test.each(['0', '-1', '1.5', 'dos', '65'])(
    'WEB_CONCURRENCY=%s: error en castellano, no arranca',
    async (valor) => {
      const r = await correr({ DATABASE_URL: URL_BASE, WEB_CONCURRENCY: valor }, []);
      expect(r.codigo).toBe(1);
      expect(r.error).toContain(`WEB_CONCURRENCY debe ser un entero de 1 a 64 (vale "${valor}")`);
    },
  );
});

test('procesos que caen al arrancar detienen a todos y `npm start` sale con error', async () => {
  // Sin build en esa carpeta (dentro del proyecto, como exige Next), `next start` escucha y
  // enseguida termina, en cada proceso: reintentar no lo arregla.
  const vacia = mkdtempSync(path.join(RAIZ, '.next-sin-build-'));
  const r = await correr(
    {
      DATABASE_URL: URL_BASE,
      WEB_CONCURRENCY: '2',
      NEXT_DIST_DIR: path.relative(RAIZ, vacia),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    ['-p', '3999', '-H', '127.0.0.1'],
  );
  expect(r.salida).toContain('2 procesos de Next en el mismo puerto');
  rmSync(vacia, { recursive: true, force: true });
  expect(r.error).toMatch(/terminan apenas arrancan \(5 seguidos|terminó al arrancar/);
  expect(r.error).toContain('se detienen todos');
  expect(r.codigo).not.toBe(0);
}, 120_000);
