/**
 * /bypass: el límite de intentos fallidos por IP se mira y se anota de una vez (un cerrojo por
 * IP dentro de una transacción), así que 10 intentos a la vez con una clave equivocada evalúan
 * exactamente 5 y los demás se rechazan sin mirar la clave.
 */
import { and, eq } from 'drizzle-orm';
import { releerConfig } from '@/server/config';
import {
  MAX_INTENTOS_BYPASS,
  registrarDispositivoAdmin,
  type ResultadoClaveBypass,
} from '@/server/auth/admin';
import type { Conexion, Db } from '@/server/db';
import { auditoria } from '@/server/db/schema';
import { crearBaseDePrueba } from '../fixtures/base';

const CLAVE = 'clave-de-la-prueba-de-bypass';
const DEMASIADOS = 'Demasiados intentos fallidos. Espere 15 minutos.';

let c: Conexion;
let db: Db;
const claveAntes = process.env.ADMIN_BYPASS_PASSWORD;
beforeAll(async () => {
  process.env.ADMIN_BYPASS_PASSWORD = CLAVE;
  releerConfig();
  c = await crearBaseDePrueba();
  db = c.db;
});
afterAll(async () => {
  if (claveAntes == null) delete process.env.ADMIN_BYPASS_PASSWORD;
  else process.env.ADMIN_BYPASS_PASSWORD = claveAntes;
  releerConfig();
  await c?.cerrar();
});

const intento = (ip: string, clave: string) => registrarDispositivoAdmin({ db, ip }, { clave });

async function accionesDe(ip: string): Promise<string[]> {
  const filas = await db
    .select({ accion: auditoria.accion })
    .from(auditoria)
    .where(and(eq(auditoria.ip, ip), eq(auditoria.entidad, 'dispositivo')))
    .orderBy(auditoria.id);
  return filas.map((f) => f.accion);
}

const mensajes = (rs: ResultadoClaveBypass[]) =>
  rs.map((r) => (r.ok ? 'ok' : r.error)).sort((a, b) => a.localeCompare(b));

test('10 intentos equivocados a la vez: se evalúan exactamente 5', async () => {
  const ip = '198.51.100.10';
  const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => intento(ip, `mala-${i}`)));
  expect(mensajes(rs)).toEqual([
    ...Array(5).fill('Clave incorrecta.'),
    ...Array(5).fill(DEMASIADOS),
  ]);
  expect(await accionesDe(ip)).toEqual(Array(MAX_INTENTOS_BYPASS).fill('bypass.clave_incorrecta'));
  // Bloqueada, ni la clave correcta entra.
  expect(await intento(ip, CLAVE)).toEqual({ ok: false, error: DEMASIADOS });
});

test('la clave correcta entre 9 equivocadas a la vez: no más de 5 fallidas evaluadas', async () => {
  const ip = '198.51.100.11';
  const claves = Array.from({ length: 10 }, (_, i) => (i === 3 ? CLAVE : `mala-${i}`));
  const rs = await Promise.all(claves.map((k) => intento(ip, k)));
  const fallidas = rs.filter((r) => !r.ok && r.error === 'Clave incorrecta.').length;
  expect(fallidas).toBe(MAX_INTENTOS_BYPASS);
  expect((await accionesDe(ip)).filter((a) => a === 'bypass.clave_incorrecta')).toHaveLength(
    MAX_INTENTOS_BYPASS,
  );
});

test('los intentos de una IP no bloquean a otra; la clave correcta registra el dispositivo', async () => {
  const ip = '198.51.100.12';
  await Promise.all(Array.from({ length: 6 }, (_, i) => intento(ip, `mala-${i}`)));
  const otra = '198.51.100.13';
  expect(await intento(otra, 'mala')).toEqual({ ok: false, error: 'Clave incorrecta.' });
  expect(await intento(otra, CLAVE)).toEqual({ ok: true, dispositivoId: expect.any(String) });
  expect(await accionesDe(otra)).toEqual([
    'bypass.clave_incorrecta',
    'bypass.dispositivo_registrado',
  ]);
});

test('una clave vacía cuenta como fallida', async () => {
  const ip = '198.51.100.14';
  expect(await intento(ip, '')).toEqual({ ok: false, error: 'Clave incorrecta.' });
  expect(await accionesDe(ip)).toEqual(['bypass.clave_incorrecta']);
});

test('sin IP conocida, los intentos comparten el mismo límite', async () => {
  const rs = await Promise.all(
    Array.from({ length: 7 }, (_, i) =>
      registrarDispositivoAdmin({ db, ip: null }, { clave: `m${i}` }),
    ),
  );
  expect(rs.filter((r) => !r.ok && r.error === DEMASIADOS)).toHaveLength(2);
});
