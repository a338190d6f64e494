import { COOKIE_ADMIN, crearCookieAdmin, idDeCookieAdmin, leerCookie } from '@/server/auth/admin';
import { releerConfig } from '@/server/config';
import { origenPermitido } from '@/server/seguridad';

const pedido = (h: Record<string, string>) =>
  new Request('http://portal.test/api/save/usuario', { method: 'POST', headers: h });

test.each([
  [{ host: 'portal.test' }, true],
  [{ host: 'portal.test', origin: 'http://portal.test' }, true],
  [{ host: 'portal.test', origin: 'https://evil.example' }, false],
  [{ host: 'portal.test', origin: 'null' }, false],
  [{ host: 'portal.test', origin: 'http://portal.test.evil.example' }, false],
  [
    { host: 'interno:3000', 'x-forwarded-host': 'portal.test', origin: 'https://portal.test' },
    true,
  ],
  [{ host: 'portal.test', 'sec-fetch-site': 'cross-site' }, false],
  [{ host: 'portal.test', 'sec-fetch-site': 'same-origin' }, true],
])('origenPermitido(%j) = %s', (h, esperado) => {
  expect(origenPermitido(pedido(h))).toBe(esperado);
});

test('ALLOWED_ORIGINS suma orígenes', () => {
  process.env.ALLOWED_ORIGINS = 'https://otro.edu.ar, https://tercero.edu.ar';
  releerConfig();
  try {
    expect(origenPermitido(pedido({ host: 'portal.test', origin: 'https://otro.edu.ar' }))).toBe(
      true,
    );
    expect(origenPermitido(pedido({ host: 'portal.test', origin: 'https://cuarto.edu.ar' }))).toBe(
      false,
    );
  } finally {
    delete process.env.ALLOWED_ORIGINS;
    releerConfig();
  }
});

describe('cookie del dispositivo de administración', () => {
  const id = '0b7f6f4e-3c1a-4d2b-9e8f-1a2b3c4d5e6f';
  test('lleva el id del dispositivo, firmado', () => {
    const c = crearCookieAdmin(id);
    expect(c.startsWith(`${id}.`)).toBe(true);
    expect(idDeCookieAdmin(c)).toBe(id);
  });
  test.each(['', 'x', id, `${id}.`, '.abc', 'abc.def', `${id}.abc.def`])('rechaza %j', (v) => {
    expect(idDeCookieAdmin(v)).toBeNull();
  });
  test('rechaza una firma alterada o el id de otro dispositivo con la firma de este', () => {
    const [, firma] = crearCookieAdmin(id).split('.');
    const otro = '1b7f6f4e-3c1a-4d2b-9e8f-1a2b3c4d5e6f';
    expect(idDeCookieAdmin(`${otro}.${firma}`)).toBeNull();
    expect(
      idDeCookieAdmin(`${id}.${firma!.slice(0, -1)}${firma!.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
  });
  test('rechaza una cookie firmada con otro secreto', () => {
    const original = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = 'otro-secreto';
    releerConfig();
    const ajena = crearCookieAdmin(id);
    process.env.AUTH_SECRET = original;
    if (original === undefined) delete process.env.AUTH_SECRET;
    releerConfig();
    expect(idDeCookieAdmin(ajena)).toBeNull();
  });
  test('leerCookie', () => {
    expect(leerCookie(`a=1; ${COOKIE_ADMIN}=x.y%3D; b=2`, COOKIE_ADMIN)).toBe('x.y=');
    expect(leerCookie('a=1', COOKIE_ADMIN)).toBeUndefined();
    expect(leerCookie(null, COOKIE_ADMIN)).toBeUndefined();
  });
});
