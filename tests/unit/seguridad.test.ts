import {
  COOKIE_ADMIN,
  cookieAdminValida,
  crearCookieAdmin,
  DURACION_ADMIN_SEGUNDOS,
  leerCookie,
} from '@/server/auth/admin';
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
  const ahora = Date.UTC(2026, 10, 21, 12);
  test('una cookie recién creada es válida hasta su vencimiento', () => {
    const c = crearCookieAdmin(ahora);
    expect(cookieAdminValida(c, ahora)).toBe(true);
    expect(cookieAdminValida(c, ahora + (DURACION_ADMIN_SEGUNDOS - 1) * 1000)).toBe(true);
    expect(cookieAdminValida(c, ahora + (DURACION_ADMIN_SEGUNDOS + 1) * 1000)).toBe(false);
  });
  test.each(['', 'x', '123', '123.', '.abc', 'abc.def'])('rechaza %j', (v) => {
    expect(cookieAdminValida(v, ahora)).toBe(false);
  });
  test('rechaza una firma alterada o un vencimiento cambiado', () => {
    const [vence, firma] = crearCookieAdmin(ahora).split('.');
    expect(cookieAdminValida(`${Number(vence) + 3600}.${firma}`, ahora)).toBe(false);
    expect(
      cookieAdminValida(
        `${vence}.${firma!.slice(0, -1)}${firma!.endsWith('A') ? 'B' : 'A'}`,
        ahora,
      ),
    ).toBe(false);
  });
  test('rechaza una cookie firmada con otro secreto', () => {
    const original = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = 'otro-secreto';
    releerConfig();
    const ajena = crearCookieAdmin(ahora);
    process.env.AUTH_SECRET = original;
    if (original === undefined) delete process.env.AUTH_SECRET;
    releerConfig();
    expect(cookieAdminValida(ajena, ahora)).toBe(false);
  });
  test('leerCookie', () => {
    expect(leerCookie(`a=1; ${COOKIE_ADMIN}=x.y%3D; b=2`, COOKIE_ADMIN)).toBe('x.y=');
    expect(leerCookie('a=1', COOKIE_ADMIN)).toBeUndefined();
    expect(leerCookie(null, COOKIE_ADMIN)).toBeUndefined();
  });
});
