/**
 * Cookies `Secure` por pedido (issue 31 §8): el protocolo del cliente sale del socket o, detrás
 * de proxies de confianza (TRUSTED_PROXIES), de su X-Forwarded-Proto; nunca de AUTH_URL ni de lo
 * que el cliente escriba cuando no hay proxy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { instalarDireccionDelSocket } from '@/server/direccion-del-socket';
import { pedidoPorHttps, protocoloDelCliente } from '@/server/ip';

describe('protocoloDelCliente', () => {
  test.each([
    // Sin proxies: el socket; la cabecera del cliente no cuenta.
    [undefined, 0, false, 'http'],
    ['https', 0, false, 'http'],
    [undefined, 0, true, 'https'],
    ['http', 0, true, 'https'],
    // Un proxy de confianza: lo que anotó.
    ['https', 1, false, 'https'],
    ['HTTPS', 1, false, 'https'],
    ['http', 1, false, 'http'],
    [undefined, 1, false, 'http'],
    ['', 1, false, 'http'],
    // Un proxy que agrega: la última entrada; lo de la izquierda lo escribió el cliente.
    ['https, http', 1, false, 'http'],
    ['http, https', 1, false, 'https'],
    // Dos proxies (CDN + balanceador): el que habló con el cliente, el más lejano de los dos.
    ['https, http', 2, false, 'https'],
    ['https', 2, false, 'https'],
    ['ftp', 1, false, 'http'],
  ] as const)(
    'X-Forwarded-Proto %p, %i proxies, socket cifrado %p → %s',
    (xfp, n, tls, esperado) => {
      expect(protocoloDelCliente(xfp, n, tls)).toBe(esperado);
    },
  );
});

test('pedidoPorHttps: lee la cabecera que dejó el servidor', () => {
  expect(pedidoPorHttps(new Headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
  expect(pedidoPorHttps(new Headers({ 'x-forwarded-proto': 'http' }))).toBe(false);
  expect(pedidoPorHttps(new Headers())).toBe(false);
});

test('instalado en el servidor HTTP de Node (TRUSTED_PROXIES=0): un cliente directo no se declara https', async () => {
  const quitar = instalarDireccionDelSocket();
  const vistas: (string | undefined)[] = [];
  const servidor = http.createServer((req, res) => {
    vistas.push(req.headers['x-forwarded-proto'] as string | undefined);
    res.end();
  });
  try {
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    const { port } = servidor.address() as AddressInfo;
    const pedir = (cabeceras: Record<string, string>) =>
      new Promise<void>((r, f) =>
        http
          .get({ host: '127.0.0.1', port, headers: cabeceras }, (res) => res.resume().on('end', r))
          .on('error', f),
      );
    await pedir({});
    await pedir({ 'X-Forwarded-Proto': 'https' });
  } finally {
    quitar();
    await new Promise((r) => servidor.close(r));
  }
  expect(vistas).toEqual(['http', 'http']);
});
