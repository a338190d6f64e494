/**
 * Salir termina la sesión en el servidor (OWASP ASVS V7.4.1): el JWT lleva el id de una fila
 * de `sesiones` y cada petición la relee junto con el usuario, en la misma consulta. Cerrada
 * (salir), vencida o de un usuario deshabilitado, el mismo token ya no abre nada: ni REST ni
 * tRPC. Dos ingresos del mismo usuario son dos sesiones independientes.
 */
import { eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import {
  abrirSesion,
  cargarSesion,
  cerrarSesion,
  DIAS_CONSERVAR_SESIONES,
  type TokenDeSesion,
} from '@/server/auth/sesion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { sesiones, usuarios } from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { idDeUsuario } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(momentoEscolar().ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

/** Una petición con ese token, como la arma contextoHttp: la sesión se relee de la base. */
async function conToken(token: TokenDeSesion) {
  const sesion = await cargarSesion(db, token);
  return {
    sesion,
    rest: (camino: string) => pedirRest('GET', camino, { db, email: null, sesion }),
    trpc: createCaller(crearContexto({ db, sesion })),
  };
}

/** ¿El token abre la API? Estado REST y código de tRPC. */
async function abre(token: TokenDeSesion) {
  const p = await conToken(token);
  return {
    rest: (await p.rest('/api/login/status')).status,
    trpc: (await codigoDe(p.trpc.sesion.estado())) ?? 'ok',
  };
}

const ADENTRO = { rest: 200, trpc: 'ok' };
const AFUERA = { rest: 401, trpc: 'UNAUTHORIZED' };

async function ingreso(email: string, rol?: number): Promise<TokenDeSesion> {
  const usuarioId = await idDeUsuario(db, email);
  return { usuarioId, rol: rol ?? null, sid: await abrirSesion(db, usuarioId) };
}

test('el token sirve mientras la sesión está abierta y deja de servir al salir', async () => {
  const token = await ingreso(EMAIL_DEMO.preceptor);
  expect(await abre(token)).toEqual(ADENTRO);
  const antes = await conToken(token);
  expect((await antes.rest('/api/cursos')).status).toBe(200);

  await cerrarSesion(db, token.sid);

  expect(await cargarSesion(db, token)).toBeNull();
  expect(await abre(token)).toEqual(AFUERA);
  const despues = await conToken(token);
  const r = await despues.rest('/api/cursos');
  expect(r).toEqual({ status: 401, body: { error: true, message: expect.any(String) } });
  expect(await codigoDe(despues.trpc.buscar.alumnos())).toBe('UNAUTHORIZED');
  // Salir dos veces no cambia nada (ni reabre).
  await cerrarSesion(db, token.sid);
  expect(await abre(token)).toEqual(AFUERA);
});

test('dos ingresos del mismo usuario son independientes: salir de uno deja el otro', async () => {
  const uno = await ingreso(EMAIL_DEMO.docente);
  const otro = await ingreso(EMAIL_DEMO.docente);
  expect(uno.sid).not.toBe(otro.sid);
  await cerrarSesion(db, uno.sid);
  expect(await abre(uno)).toEqual(AFUERA);
  expect(await abre(otro)).toEqual(ADENTRO);
});

test('deshabilitar al usuario lo deja afuera de inmediato (y habilitarlo, no reabre lo cerrado)', async () => {
  const id = await idDeUsuario(db, EMAIL_DEMO.regente);
  const abierta = await ingreso(EMAIL_DEMO.regente);
  const cerrada = await ingreso(EMAIL_DEMO.regente);
  await cerrarSesion(db, cerrada.sid);
  await db.update(usuarios).set({ habilitado: false }).where(eq(usuarios.id, id));
  try {
    expect(await abre(abierta)).toEqual(AFUERA);
  } finally {
    await db.update(usuarios).set({ habilitado: true }).where(eq(usuarios.id, id));
  }
  expect(await abre(abierta)).toEqual(ADENTRO);
  expect(await abre(cerrada)).toEqual(AFUERA);
});

test('cambiar de rol conserva la misma sesión', async () => {
  const token = await ingreso(EMAIL_DEMO.multirol, Rol.Docente);
  expect((await cargarSesion(db, token))?.rol).toBe(Rol.Docente);
  const otroRol = { ...token, rol: Rol.Preceptor };
  expect((await cargarSesion(db, otroRol))?.rol).toBe(Rol.Preceptor);
  await cerrarSesion(db, token.sid);
  expect(await cargarSesion(db, otroRol)).toBeNull();
});

test('un token sin id de sesión (de antes), o con uno inventado o ajeno, no abre nada', async () => {
  const usuarioId = await idDeUsuario(db, EMAIL_DEMO.admin);
  const ajeno = await ingreso(EMAIL_DEMO.docente);
  for (const sid of [
    undefined,
    null,
    '',
    'abc',
    42,
    "00000000-0000-0000-0000-000000000000' or '1'='1",
    '00000000-0000-0000-0000-000000000000',
    crypto.randomUUID(),
    ajeno.sid,
  ]) {
    expect(await cargarSesion(db, { usuarioId, rol: Rol.Admin, sid })).toBeNull();
  }
  expect(await abre({ usuarioId, rol: Rol.Admin })).toEqual(AFUERA);
  // El id de la sesión ajena sigue siendo de su dueño.
  expect(await abre(ajeno)).toEqual(ADENTRO);
});

test('una sesión vencida no abre nada', async () => {
  const token = await ingreso(EMAIL_DEMO.alumnado);
  expect(await abre(token)).toEqual(ADENTRO);
  await db
    .update(sesiones)
    .set({ vence: sql`now() - interval '1 second'` })
    .where(eq(sesiones.id, String(token.sid)));
  expect(await abre(token)).toEqual(AFUERA);
});

test('la sesión vence a las 12 h del ingreso', async () => {
  const token = await ingreso(EMAIL_DEMO.coordinador);
  const [fila] = await db
    .select({
      horas: sql<number>`extract(epoch from ${sesiones.vence} - ${sesiones.creada}) / 3600`,
    })
    .from(sesiones)
    .where(eq(sesiones.id, String(token.sid)));
  expect(Number(fila?.horas)).toBe(12);
});

test('al ingresar se borran las sesiones vencidas hace más de los días de guarda', async () => {
  const usuarioId = await idDeUsuario(db, EMAIL_DEMO.jefePreceptores);
  const dias = (n: number) => sql`now() - ${sql.raw(`interval '${n} days'`)}`;
  const vieja = crypto.randomUUID();
  const reciente = crypto.randomUUID();
  await db.insert(sesiones).values([
    {
      id: vieja,
      usuarioId,
      creada: dias(DIAS_CONSERVAR_SESIONES + 2),
      vence: dias(DIAS_CONSERVAR_SESIONES + 1),
    },
    { id: reciente, usuarioId, creada: dias(2), vence: dias(1), cerrada: dias(2) },
  ]);
  await ingreso(EMAIL_DEMO.docente);
  const quedan = await db
    .select({ id: sesiones.id })
    .from(sesiones)
    .where(eq(sesiones.usuarioId, usuarioId));
  expect(quedan.map((f) => f.id)).toEqual([reciente]);
});
