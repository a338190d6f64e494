import { googleConfigurado, ingresoDemoActivo } from '@/server/auth/modo';

const env = (e: Record<string, string>) => e as unknown as NodeJS.ProcessEnv;

test.each([
  [{ NODE_ENV: 'production' }, false],
  [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: '' }, false],
  [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'false' }, false],
  [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'TRUE' }, false],
  [{ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' }, true],
  [{ NODE_ENV: 'development' }, true],
  [{ NODE_ENV: 'development', AUTH_DEV_LOGIN: 'false' }, false],
  [{ NODE_ENV: 'test' }, false],
])('ingresoDemoActivo(%j) = %s', (e, esperado) => {
  expect(ingresoDemoActivo(env(e))).toBe(esperado);
});

test.each([
  [{}, false],
  [{ AUTH_GOOGLE_ID: 'x' }, false],
  [{ AUTH_GOOGLE_ID: 'x', AUTH_GOOGLE_SECRET: 'y' }, true],
])('googleConfigurado(%j) = %s', (e, esperado) => {
  expect(googleConfigurado(env(e))).toBe(esperado);
});
