/**
 * Un arranque de producción inseguro se rechaza (issue 31 §3 y §8): `problemasDeArranque` es
 * puro; src/instrumentation.ts lo corre antes de atender (tests/integration/arranque.test.ts
 * arranca el servidor de verdad).
 */
import { problemasDeArranque } from '@/server/config';

const SECRETO = 'x'.repeat(32);
/** Una producción correcta: cada caso cambia una sola cosa. */
const BUENA = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRETO,
  AUTH_URL: 'https://portal.escuela.edu.ar',
  ADMIN_BYPASS_PASSWORD: 'una-clave-larga',
};

test('una producción correcta arranca sin errores ni avisos', () => {
  expect(problemasDeArranque(BUENA)).toEqual({ errores: [], avisos: [] });
});

describe('errores: cada uno nombra la variable', () => {
  test.each([
    // El ingreso de demostración, salvo un portal de demostración declarado.
    [{ AUTH_DEV_LOGIN: 'true' }, 'AUTH_DEV_LOGIN: el ingreso de demostración'],
    // AUTH_SECRET: obligatoria, no de ejemplo, al menos 32 caracteres.
    [{ AUTH_SECRET: undefined }, 'AUTH_SECRET: es obligatoria en producción'],
    [{ AUTH_SECRET: '' }, 'AUTH_SECRET: es obligatoria en producción'],
    [
      { AUTH_SECRET: 'cambie-este-secreto-de-desarrollo' },
      'AUTH_SECRET: tiene el valor de ejemplo',
    ],
    [
      { AUTH_SECRET: 'secreto-de-desarrollo-no-usar-en-produccion' },
      'AUTH_SECRET: tiene el valor de ejemplo',
    ],
    [{ AUTH_SECRET: 'x'.repeat(31) }, 'AUTH_SECRET: debe tener al menos 32 caracteres (tiene 31)'],
    // La clave de /bypass: no de ejemplo, al menos 12.
    [
      { ADMIN_BYPASS_PASSWORD: 'cambie-esta-clave' },
      'ADMIN_BYPASS_PASSWORD: tiene el valor de ejemplo',
    ],
    [{ ADMIN_BYPASS_PASSWORD: 'corta-11-ch' }, 'ADMIN_BYPASS_PASSWORD: debe tener al menos 12'],
    // AUTH_URL por http sólo a la propia máquina.
    [{ AUTH_URL: 'http://portal.escuela.edu.ar' }, 'AUTH_URL: debe empezar con https://'],
    [{ AUTH_URL: 'http://10.0.0.5:3000' }, 'AUTH_URL: debe empezar con https://'],
    [{ AUTH_URL: 'http://localhost.evil.com' }, 'AUTH_URL: debe empezar con https://'],
    // Un valor inválido también detiene el arranque (con el mensaje de leerConfig).
    [{ TRUSTED_PROXIES: 'muchos' }, 'TRUSTED_PROXIES: debe ser un número'],
  ])('%j', (cambio, mensaje) => {
    const { errores } = problemasDeArranque({ ...BUENA, ...cambio });
    expect(errores).toHaveLength(1);
    expect(errores[0]).toContain(mensaje);
  });

  test('todos juntos: un error por variable', () => {
    const { errores } = problemasDeArranque({
      NODE_ENV: 'production',
      AUTH_DEV_LOGIN: 'true',
      AUTH_SECRET: 'cambie-este-secreto-de-desarrollo',
      ADMIN_BYPASS_PASSWORD: 'cambie-esta-clave',
      AUTH_URL: 'http://portal.escuela.edu.ar',
    });
    expect(errores.map((e) => e.split(':')[0])).toEqual([
      'AUTH_DEV_LOGIN',
      'AUTH_SECRET',
      'ADMIN_BYPASS_PASSWORD',
      'AUTH_URL',
    ]);
  });
});

describe('lo que se acepta', () => {
  test.each([
    [{ AUTH_DEV_LOGIN: 'true', PORTAL_DEMO: 'true' }],
    [{ AUTH_DEV_LOGIN: 'false' }],
    [{ ADMIN_BYPASS_PASSWORD: undefined }],
    [{ ADMIN_BYPASS_PASSWORD: 'x'.repeat(12) }],
    [{ AUTH_URL: 'http://localhost:3000' }],
    [{ AUTH_URL: 'http://127.0.0.1:3000' }],
    [{ AUTH_URL: 'http://[::1]:3000' }],
  ])('%j', (cambio) => {
    expect(problemasDeArranque({ ...BUENA, ...cambio }).errores).toEqual([]);
  });

  test('PORTAL_DEMO no perdona secretos débiles', () => {
    const { errores } = problemasDeArranque({
      ...BUENA,
      AUTH_DEV_LOGIN: 'true',
      PORTAL_DEMO: 'true',
      AUTH_SECRET: 'corto',
    });
    expect(errores).toEqual([expect.stringContaining('AUTH_SECRET: debe tener al menos 32')]);
  });

  test.each([[{ NODE_ENV: 'development' }], [{ NODE_ENV: 'test' }], [{}]])(
    'fuera de producción no hay reglas: %j',
    (env) => {
      expect(problemasDeArranque({ ...env, AUTH_DEV_LOGIN: 'true', AUTH_SECRET: 'corto' })).toEqual(
        { errores: [], avisos: [] },
      );
    },
  );
});

test('producción sin AUTH_URL: arranca con un aviso', () => {
  const { errores, avisos } = problemasDeArranque({ ...BUENA, AUTH_URL: undefined });
  expect(errores).toEqual([]);
  expect(avisos).toEqual([expect.stringContaining('AUTH_URL: no está definida')]);
});
