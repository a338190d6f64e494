import { ConfiguracionInvalida, leerConfig, secretoDeSesion } from '@/server/config';

describe('ingreso de demostración ("Ingresar como")', () => {
  test.each([
    [{ NODE_ENV: 'production', AUTH_SECRET: 's' }, false],
    [{ NODE_ENV: 'production', AUTH_SECRET: 's', AUTH_DEV_LOGIN: '' }, false],
    [{ NODE_ENV: 'production', AUTH_SECRET: 's', AUTH_DEV_LOGIN: 'false' }, false],
    [{ NODE_ENV: 'production', AUTH_SECRET: 's', AUTH_DEV_LOGIN: 'true' }, true],
    [{ NODE_ENV: 'development' }, true],
    [{}, true],
    [{ NODE_ENV: 'development', AUTH_DEV_LOGIN: 'false' }, false],
    [{ NODE_ENV: 'test' }, false],
  ])('%j → %s', (env, esperado) => {
    expect(leerConfig(env).ingresoDemo).toBe(esperado);
  });
});

test.each([
  [{}, false],
  [{ AUTH_GOOGLE_ID: 'x' }, false],
  [{ AUTH_GOOGLE_ID: 'x', AUTH_GOOGLE_SECRET: '' }, false],
  [{ AUTH_GOOGLE_ID: 'x', AUTH_GOOGLE_SECRET: 'y' }, true],
])('Google configurado con %j → %s', (env, esperado) => {
  expect(leerConfig(env).google != null).toBe(esperado);
});

test('zona horaria: por defecto Córdoba; vacía también', () => {
  expect(leerConfig({}).zonaHoraria).toBe('America/Argentina/Cordoba');
  expect(leerConfig({ SCHOOL_TZ: '' }).zonaHoraria).toBe('America/Argentina/Cordoba');
  expect(leerConfig({ SCHOOL_TZ: 'UTC' }).zonaHoraria).toBe('UTC');
});

describe('SCHOOL_FIXED_DATE (sólo pruebas): el día fijo de la escuela', () => {
  test.each([
    [{}, undefined],
    [{ SCHOOL_FIXED_DATE: '' }, undefined],
    [{ SCHOOL_FIXED_DATE: '2026-11-24' }, '2026-11-24'],
    [{ SCHOOL_FIXED_DATE: '2028-02-29' }, '2028-02-29'],
  ])('%j → %s', (env, esperado) => {
    expect(leerConfig(env).fechaFija).toBe(esperado);
  });

  test.each([
    // En producción, sólo junto al ingreso de demostración (el servidor de las pruebas e2e).
    [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' }, '2026-11-24'],
    [{ NODE_ENV: 'development' }, '2026-11-24'],
    [{ NODE_ENV: 'test' }, '2026-11-24'],
  ])('%j: se acepta', (env, esperado) => {
    expect(leerConfig({ ...env, SCHOOL_FIXED_DATE: '2026-11-24' }).fechaFija).toBe(esperado);
  });

  test.each([[{ NODE_ENV: 'production' }], [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'false' }]])(
    '%j: un servidor de verdad no puede tener el día fijo',
    (env) => {
      const leer = () => leerConfig({ ...env, SCHOOL_FIXED_DATE: '2026-11-24' });
      expect(leer).toThrow(ConfiguracionInvalida);
      expect(leer).toThrow('SCHOOL_FIXED_DATE: es sólo para pruebas');
      expect(leerConfig(env).fechaFija).toBeUndefined();
    },
  );
});

test('ALLOWED_ORIGINS se separa por comas', () => {
  expect(
    leerConfig({ ALLOWED_ORIGINS: ' https://a.edu.ar, ,https://b.edu.ar ' }).origenesExtra,
  ).toEqual(['https://a.edu.ar', 'https://b.edu.ar']);
  expect(leerConfig({}).origenesExtra).toEqual([]);
});

describe('un valor inválido se rechaza con un mensaje en castellano que nombra la variable', () => {
  test.each([
    [{ SCHOOL_TZ: 'Marte/Olympus' }, 'SCHOOL_TZ: no es una zona horaria IANA'],
    [{ AUTH_DEV_LOGIN: 'TRUE' }, 'AUTH_DEV_LOGIN: debe ser "true" o "false"'],
    [{ AUTH_DEV_LOGIN: 'si' }, 'AUTH_DEV_LOGIN'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: debe ser una URL postgres://'],
    [
      { REPORTES_DATABASE_URL: 'portal_reportes@db/portal' },
      'REPORTES_DATABASE_URL: debe ser una URL postgres://portal_reportes:clave@',
    ],
    [{ AUTH_URL: 'portal.edu.ar' }, 'AUTH_URL: debe ser una URL completa'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SCHOOL_FIXED_DATE: '24/11/2026' }, 'SCHOOL_FIXED_DATE: debe ser una fecha AAAA-MM-DD'],
    [{ SCHOOL_FIXED_DATE: '2026-11-24T10:00' }, 'SCHOOL_FIXED_DATE: debe ser una fecha AAAA-MM-DD'],
    [{ SCHOOL_FIXED_DATE: '2026-02-30' }, 'SCHOOL_FIXED_DATE: debe ser una fecha AAAA-MM-DD'],
    [{ SCHOOL_FIXED_DATE: 'hoy' }, 'SCHOOL_FIXED_DATE'],
  ])('%j', (env, mensaje) => {
    expect(() => leerConfig(env)).toThrow(ConfiguracionInvalida);
    expect(() => leerConfig(env)).toThrow(mensaje);
  });
});

describe('secreto de sesión', () => {
  test('AUTH_SECRET cuando está', () => {
    expect(secretoDeSesion(leerConfig({ NODE_ENV: 'production', AUTH_SECRET: 'abc' }))).toBe('abc');
  });
  test('fuera de producción hay uno fijo de desarrollo', () => {
    expect(secretoDeSesion(leerConfig({ NODE_ENV: 'development' }))).toMatch(/desarrollo/);
  });
  test('en producción sin AUTH_SECRET falla al usarlo (no al leer la configuración)', () => {
    const c = leerConfig({ NODE_ENV: 'production' });
    expect(() => secretoDeSesion(c)).toThrow('AUTH_SECRET: es obligatoria en producción');
  });
});

describe('rebotes (SMTP_REBOTES, REBOTES_PUERTO)', () => {
  test('sin ellas, sin VERP; con la dirección, VERP; con el puerto, también el receptor', () => {
    expect(leerConfig({}).rebotes).toBeNull();
    expect(leerConfig({ SMTP_REBOTES: 'Rebotes@Portal.Escuela.edu.ar' }).rebotes).toEqual({
      direccion: 'rebotes@portal.escuela.edu.ar',
      puerto: null,
    });
    expect(
      leerConfig({ SMTP_REBOTES: 'rebotes@portal.escuela.edu.ar', REBOTES_PUERTO: '2525' }).rebotes,
    ).toEqual({ direccion: 'rebotes@portal.escuela.edu.ar', puerto: 2525 });
  });

  test.each([
    [
      { SMTP_REBOTES: 'rebotes+x@portal.escuela.edu.ar' },
      'SMTP_REBOTES: debe ser una dirección sin "+"',
    ],
    [{ SMTP_REBOTES: 'rebotes' }, 'SMTP_REBOTES: debe ser una dirección'],
    [
      { SMTP_REBOTES: 'a@b.com', REBOTES_PUERTO: '70000' },
      'REBOTES_PUERTO: debe ser un número de puerto',
    ],
    [
      { SMTP_REBOTES: 'a@b.com', REBOTES_PUERTO: '0' },
      'REBOTES_PUERTO: debe ser un número de puerto',
    ],
    [
      { SMTP_REBOTES: 'a@b.com', REBOTES_PUERTO: 'smtp' },
      'REBOTES_PUERTO: debe ser un número de puerto',
    ],
    [{ REBOTES_PUERTO: '25' }, 'REBOTES_PUERTO: necesita SMTP_REBOTES'],
  ])('%j', (env, mensaje) => {
    expect(() => leerConfig(env)).toThrow(ConfiguracionInvalida);
    expect(() => leerConfig(env)).toThrow(mensaje);
  });
});
