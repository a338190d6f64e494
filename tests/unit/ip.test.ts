/**
 * La IP del cliente sale del salto del último proxy de confianza (TRUSTED_PROXIES): lo que el
 * cliente escribió a la izquierda en X-Forwarded-For no cuenta. El servidor agrega al final la
 * dirección del socket (src/instrumentation.ts), así que con 0 proxies es la del socket.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { leerConfig, ConfiguracionInvalida } from '@/server/config';
import { instalarDireccionDelSocket } from '@/server/direccion-del-socket';
import { anotarDireccionDelSocket, ipDelCliente } from '@/server/ip';

describe('ipDelCliente: la entrada del salto de confianza', () => {
  test.each<[string, string | null | undefined, number, string | null]>([
    // Sin proxy: la última entrada es el socket (la agrega el servidor).
    ['0 proxies, sólo el socket', '203.0.113.7', 0, '203.0.113.7'],
    ['0 proxies, el cliente inventa entradas', '1.1.1.1, 2.2.2.2, 203.0.113.7', 0, '203.0.113.7'],
    // Un proxy: la entrada que escribió el proxy (penúltima); el socket es el proxy.
    ['1 proxy', '198.51.100.1, 10.0.0.2', 1, '198.51.100.1'],
    ['1 proxy, el cliente inventa una', '6.6.6.6, 198.51.100.1, 10.0.0.2', 1, '198.51.100.1'],
    [
      '1 proxy, el cliente inventa varias',
      '6.6.6.6, 7.7.7.7,8.8.8.8, 198.51.100.1, 10.0.0.2',
      1,
      '198.51.100.1',
    ],
    // Dos proxies: el primero anota al cliente, el segundo al primero.
    ['2 proxies', '198.51.100.1, 10.0.0.1, 10.0.0.2', 2, '198.51.100.1'],
    [
      '2 proxies, el cliente inventa una',
      '6.6.6.6, 198.51.100.1, 10.0.0.1, 10.0.0.2',
      2,
      '198.51.100.1',
    ],
    // Menos saltos que los configurados: la más lejana que hay.
    ['2 proxies y un solo salto', '198.51.100.1, 10.0.0.2', 2, '198.51.100.1'],
    ['sin cabecera', null, 0, null],
    ['sin cabecera (undefined)', undefined, 1, null],
    ['cabecera vacía', ' , ,', 0, null],
    ['entradas vacías en el medio', '198.51.100.1, , 10.0.0.2 ,', 1, '198.51.100.1'],
    ['IPv4 dentro de IPv6', '::ffff:127.0.0.1', 0, '127.0.0.1'],
    ['IPv6', '2001:db8::1, ::1', 1, '2001:db8::1'],
  ])('%s: %j con %i → %j', (_caso, xff, proxies, esperada) => {
    expect(ipDelCliente(xff, proxies)).toBe(esperada);
  });

  test('una entrada absurda se recorta (no llena la auditoría)', () => {
    expect(ipDelCliente(`${'x'.repeat(10_000)}, 10.0.0.2`, 1)?.length).toBeLessThanOrEqual(64);
  });
});

describe('anotarDireccionDelSocket: el servidor agrega el socket al final, como un proxy', () => {
  const peticion = (cabecera: string | undefined, remoto: string | undefined) =>
    ({
      headers: cabecera == null ? {} : { 'x-forwarded-for': cabecera },
      socket: { remoteAddress: remoto },
    }) as unknown as IncomingMessage;

  test('sin X-Forwarded-For: sólo el socket', () => {
    const r = peticion(undefined, '203.0.113.7');
    anotarDireccionDelSocket(r);
    expect(r.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(ipDelCliente(r.headers['x-forwarded-for'] as string, 0)).toBe('203.0.113.7');
  });

  test('con X-Forwarded-For del cliente: el socket va al final y es el que cuenta sin proxy', () => {
    const r = peticion('1.1.1.1', '203.0.113.7');
    anotarDireccionDelSocket(r);
    expect(r.headers['x-forwarded-for']).toBe('1.1.1.1, 203.0.113.7');
    expect(ipDelCliente(r.headers['x-forwarded-for'] as string, 0)).toBe('203.0.113.7');
  });

  test('sin dirección de socket no toca la cabecera', () => {
    const r = peticion('1.1.1.1', undefined);
    anotarDireccionDelSocket(r);
    expect(r.headers['x-forwarded-for']).toBe('1.1.1.1');
  });
});

test('instalado en el servidor HTTP de Node: la cabecera que ve la app termina en el socket', async () => {
  const quitar = instalarDireccionDelSocket();
  const vistas: (string | undefined)[] = [];
  const servidor = http.createServer((req, res) => {
    vistas.push(req.headers['x-forwarded-for'] as string | undefined);
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
    await pedir({ 'X-Forwarded-For': '6.6.6.6' });
  } finally {
    quitar();
    await new Promise((r) => servidor.close(r));
  }
  expect(vistas).toEqual(['127.0.0.1', '6.6.6.6, 127.0.0.1']);
  expect(vistas.map((v) => ipDelCliente(v, 0))).toEqual(['127.0.0.1', '127.0.0.1']);
  // Quitado, el servidor vuelve a ver la cabecera como llegó.
  expect(Object.prototype.hasOwnProperty.call(http.Server.prototype, 'emit')).toBe(false);
});

describe('TRUSTED_PROXIES', () => {
  test('por defecto 0; un entero de 0 a 10', () => {
    expect(leerConfig({}).proxiesConfiables).toBe(0);
    expect(leerConfig({ TRUSTED_PROXIES: '' }).proxiesConfiables).toBe(0);
    expect(leerConfig({ TRUSTED_PROXIES: '2' }).proxiesConfiables).toBe(2);
  });

  test.each(['-1', '1.5', 'uno', '11', 'true'])('%j se rechaza nombrando la variable', (v) => {
    expect(() => leerConfig({ TRUSTED_PROXIES: v })).toThrow(ConfiguracionInvalida);
    expect(() => leerConfig({ TRUSTED_PROXIES: v })).toThrow(/TRUSTED_PROXIES: /);
  });
});
