/**
 * CSP con nonce (issue 31 §15): el servidor HTTP de Node pone un nonce nuevo en la CSP del pedido
 * (Next lo escribe en sus scripts) y de la respuesta de cada documento; el resto lleva la de
 * next.config.mjs. Las pruebas de navegador (tests/e2e/confianza.spec.ts) miran la página real.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { esDocumento, politicaDeSeguridad } from '@/server/csp';
import { instalarDireccionDelSocket } from '@/server/direccion-del-socket';

describe('esDocumento', () => {
  test.each([
    ['GET', '/login', {}, true],
    ['HEAD', '/', {}, true],
    ['GET', '/alumnos?curso=3', {}, true],
    ['GET', '/planill%C3%B3n', {}, true],
    // Un formulario enviado sin JavaScript a una acción de servidor: vuelve una página.
    ['POST', '/login', {}, true],
    ['PUT', '/login', {}, false],
    ['POST', '/api/validate/bypass', {}, false],
    ['GET', '/api/salud', {}, false],
    ['GET', '/api', {}, false],
    ['GET', '/_next/static/chunks/a.js', {}, false],
    ['GET', '/iconos.svg', {}, false],
    ['GET', '/favicon.ico', {}, false],
    ['GET', '/alumnos', { rsc: '1' }, false],
    ['GET', '/alumnos', { 'next-router-prefetch': '1' }, false],
    ['POST', '/alumnos', { 'next-action': 'abc' }, false],
  ] as const)('%s %s %j → %p', (method, url, headers, esperado) => {
    expect(esDocumento({ method, url, headers })).toBe(esperado);
  });
});

test('la política: scripts por nonce, sin unsafe-inline; estilos en línea (Mantine)', () => {
  const p = politicaDeSeguridad('abc', false);
  expect(p).toContain("script-src 'self' 'nonce-abc';");
  expect(p).toContain("style-src 'self' 'unsafe-inline'");
  expect(politicaDeSeguridad(null, false)).toContain("script-src 'self';");
});

test('instalado en el servidor HTTP: nonce nuevo por documento, en el pedido y en la respuesta', async () => {
  const quitar = instalarDireccionDelSocket();
  const vistas: (string | undefined)[] = [];
  const servidor = http.createServer((req, res) => {
    vistas.push(req.headers['content-security-policy'] as string | undefined);
    res.end();
  });
  try {
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    const { port } = servidor.address() as AddressInfo;
    const pedir = (ruta: string, cabeceras: Record<string, string> = {}) =>
      new Promise<string | undefined>((r, f) =>
        http
          .get({ host: '127.0.0.1', port, path: ruta, headers: cabeceras }, (res) => {
            res.resume().on('end', () => r(res.headers['content-security-policy'] as string));
          })
          .on('error', f),
      );
    // /login sin sesión puede ir prerenderizado, con hashes (tests/unit/login-estatico.test.ts).
    const primera = await pedir('/alumnos');
    const segunda = await pedir('/alumnos');
    // La que mande el cliente no cuenta: ni en un documento ni fuera de él.
    const ajena = "script-src 'nonce-elegido'";
    const conAjena = await pedir('/alumnos', { 'content-security-policy': ajena });
    const api = await pedir('/api/salud', { 'content-security-policy': ajena });
    expect(primera).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(segunda).toMatch(/'nonce-/);
    expect(segunda).not.toBe(primera);
    expect(conAjena).not.toContain('elegido');
    expect(api).toBeUndefined();
    expect(vistas).toEqual([primera, segunda, conAjena, undefined]);
  } finally {
    quitar();
    await new Promise((r) => servidor.close(r));
  }
});
