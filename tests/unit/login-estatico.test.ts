/**
 * /login prerenderizado (issue 37 §2, src/server/login-estatico.ts): cuándo el servidor lo usa,
 * con qué CSP (los sha256 de sus scripts en línea, sin nonce) y cuándo vuelve al /login de cada
 * pedido. La página real, su CSP en el navegador y el ingreso: tests/e2e/login.spec.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { releerConfig } from '@/server/config';
import { instalarDireccionDelSocket } from '@/server/direccion-del-socket';
import {
  hashesDeScripts,
  olvidarLoginEstatico,
  prepararLoginEstatico,
  varianteDeIngreso,
} from '@/server/login-estatico';

const GOOGLE = { id: 'a', secret: 'b', issuer: undefined };

test.each([
  [{ ingresoDemo: true, google: null, portalDemo: true }, 'demo sin-google franja'],
  [{ ingresoDemo: false, google: GOOGLE, portalDemo: false }, 'sin-demo google sin-franja'],
  [{ ingresoDemo: false, google: null, portalDemo: false }, 'sin-demo sin-google sin-franja'],
])('varianteDeIngreso(%j) = %p', (c, esperada) => {
  expect(varianteDeIngreso(c)).toBe(esperada);
});

describe('hashesDeScripts', () => {
  test('el sha256 en base64 de cada script en línea (UTF-8), uno por contenido', () => {
    const html =
      '<html><head><script src="/_next/static/a.js" async=""></script></head><body>' +
      '<script>self.__next_f.push([1,"á"])</script>' +
      '<script id="x">self.__next_f.push([1,"á"])</script>' +
      '<SCRIPT type="text/javascript">\n1\n</SCRIPT><script></script></body></html>';
    expect(hashesDeScripts(html)).toEqual([
      'A+pIlidsh+LD+jnk3UBjy1I6G0+K+2UP8TOCnl/ivf0=',
      // "\n1\n" y el vacío
      'PBL+VNcqg2ezLpeQ7yj8J15XmnKAnnIb2qth9B/WTJ4=',
      '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
    ]);
  });

  test('sin scripts en línea, ninguno', () => {
    expect(hashesDeScripts('<script src="/a.js"></script><p>hola</p>')).toEqual([]);
  });
});

describe('prepararLoginEstatico', () => {
  const c = { ingresoDemo: true, google: null, portalDemo: true, desarrollo: false };
  const html = (variante: string) =>
    `<main data-ingreso="${variante}"></main><script>uno()</script><script>dos()</script>`;

  test('con la misma configuración: la CSP con los hashes, sin nonce ni unsafe-inline', () => {
    const r = prepararLoginEstatico(html('demo sin-google franja'), c);
    if (!('csp' in r)) throw new Error(`se esperaba la CSP: ${JSON.stringify(r)}`);
    const [uno, dos] = hashesDeScripts(html(''));
    expect(r.csp).toContain(`script-src 'self' 'sha256-${uno}' 'sha256-${dos}';`);
    const scripts = /script-src [^;]*/.exec(r.csp)![0];
    expect(scripts).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);
    expect(r.csp).toContain("frame-ancestors 'none'");
  });

  test.each([
    [
      html('sin-demo google sin-franja'),
      c,
      /otra configuración.*"sin-demo google sin-franja".*"demo sin-google franja"/,
    ],
    ['<main></main>', c, /otra configuración de ingreso \("\?"/],
    [null, c, /la build no tiene \/login\/estatico/],
    [html('demo sin-google franja'), { ...c, desarrollo: true }, /desarrollo/],
  ])('no se usa: %#', (h, conf, motivo) => {
    const r = prepararLoginEstatico(h, conf);
    expect('motivo' in r && r.motivo).toMatch(motivo);
  });
});

describe('en el servidor HTTP', () => {
  const entorno = { ...process.env };
  let carpeta: string;
  let quitar: () => void;
  let servidor: http.Server;
  let puerto: number;
  const vistos: { url: string; csp: string | undefined }[] = [];
  const HTML =
    '<!DOCTYPE html><main data-ingreso="sin-demo sin-google sin-franja"></main>' +
    '<script>self.__next_f.push([1,"á"])</script>';

  beforeAll(async () => {
    carpeta = mkdtempSync(path.join(os.tmpdir(), 'login-estatico-'));
    mkdirSync(path.join(carpeta, 'server/app/login'), { recursive: true });
    quitar = instalarDireccionDelSocket();
    servidor = http.createServer((req, res) => {
      vistos.push({ url: req.url!, csp: req.headers['content-security-policy'] as string });
      res.end();
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    puerto = (servidor.address() as AddressInfo).port;
  });

  afterAll(async () => {
    quitar();
    await new Promise((r) => servidor.close(r));
    rmSync(carpeta, { recursive: true, force: true });
    process.env = entorno;
    releerConfig();
    olvidarLoginEstatico();
  });

  /** Arranca "otra vez" con esta build: la configuración y la página se vuelven a leer. */
  function arrancar(html: string | null) {
    rmSync(path.join(carpeta, 'server/app/login/estatico.html'), { force: true });
    if (html !== null) writeFileSync(path.join(carpeta, 'server/app/login/estatico.html'), html);
    process.env = { ...entorno, NODE_ENV: 'production', NEXT_DIST_DIR: carpeta };
    delete process.env.AUTH_DEV_LOGIN;
    delete process.env.PORTAL_DEMO;
    delete process.env.AUTH_GOOGLE_ID;
    delete process.env.AUTH_GOOGLE_SECRET;
    releerConfig();
    olvidarLoginEstatico();
  }

  function pedir(metodo: string, ruta: string, cabeceras: Record<string, string> = {}) {
    vistos.length = 0;
    return new Promise<{
      url: string;
      csp: string | undefined;
      respuesta: string | undefined;
      cache: string | undefined;
    }>((ok, mal) =>
      http
        .request(
          { host: '127.0.0.1', port: puerto, path: ruta, method: metodo, headers: cabeceras },
          (res) => {
            res.resume().on('end', () =>
              ok({
                ...vistos[0]!,
                respuesta: res.headers['content-security-policy'] as string,
                cache: res.headers['cache-control'],
              }),
            );
          },
        )
        .on('error', mal)
        .end(),
    );
  }

  const hash = `'sha256-A+pIlidsh+LD+jnk3UBjy1I6G0+K+2UP8TOCnl/ivf0='`;

  test('GET y HEAD de /login sin sesión: la página prerenderizada, con la CSP de sus hashes', async () => {
    arrancar(HTML);
    for (const metodo of ['GET', 'HEAD']) {
      const r = await pedir(metodo, '/login', {
        cookie: 'otra=1; authjs.csrf-token=abc; xauthjs.session-token=1',
        'content-security-policy': "script-src 'nonce-elegido'",
      });
      expect(r.url).toBe('/login/estatico');
      expect(r.csp).toContain(`script-src 'self' ${hash};`);
      expect(r.respuesta).toBe(r.csp);
      // Nunca en la caché de un proxy.
      expect(r.cache).toBe('private, no-cache');
    }
  });

  test.each([
    ['GET', '/login?error=CredentialsSignin', {}, '/login?error=CredentialsSignin'],
    ['GET', '/login?', {}, '/login?'],
    ['GET', '/login', { cookie: 'authjs.session-token=x' }, '/login'],
    ['GET', '/login', { cookie: 'a=1; __Secure-authjs.session-token.0=x' }, '/login'],
    ['POST', '/login', {}, '/login'],
    // Un pedido directo a la prerenderizada: al /login de siempre.
    ['GET', '/login/estatico', {}, '/login'],
    ['GET', '/login/estatico?error=x', {}, '/login?error=x'],
    ['GET', '/login/estatico/otra', {}, '/login'],
  ])('%s %s %j: el /login de cada pedido, con nonce', async (metodo, ruta, cabeceras, url) => {
    arrancar(HTML);
    const r = await pedir(metodo, ruta, cabeceras);
    expect(r.url).toBe(url);
    expect(r.csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(r.csp).not.toContain('sha256');
    expect(r.cache).toBeUndefined();
  });

  test('un pedido RSC de /login no es un documento: sin CSP de pedido ni cambio', async () => {
    arrancar(HTML);
    const r = await pedir('GET', '/login', { rsc: '1' });
    expect(r).toEqual({ url: '/login', csp: undefined, respuesta: undefined, cache: undefined });
  });

  test('/login/estaticos no es la prerenderizada: sigue de largo', async () => {
    arrancar(HTML);
    expect((await pedir('GET', '/login/estaticos')).url).toBe('/login/estaticos');
  });

  test.each([
    ['sin la página en la build', null, /la build no tiene/],
    ['compilada con otra configuración', HTML.replace('sin-demo', 'demo'), /otra configuración/],
  ])('%s: /login con nonce y un aviso, una sola vez', async (_, html, aviso) => {
    arrancar(html);
    const avisar = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 2; i++) {
        const r = await pedir('GET', '/login');
        expect(r.url).toBe('/login');
        expect(r.csp).toMatch(/'nonce-/);
      }
      expect(avisar).toHaveBeenCalledTimes(1);
      expect(String(avisar.mock.calls[0]![0])).toMatch(aviso);
    } finally {
      avisar.mockRestore();
    }
  });
});
