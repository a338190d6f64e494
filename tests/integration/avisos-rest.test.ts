/**
 * La campana por REST (issue 35 §2): GET /api/avisos (por páginas), GET /api/avisos/sin-leer,
 * POST /api/avisos/{id}/leido y POST /api/avisos/leidos, sobre los mismos procedimientos que la
 * campana. Cada persona (referente, alumno, personal), sólo lo suyo: el aviso de otra persona no
 * existe para quien pregunta (404, como `avisos.marcarLeido`). Entradas hostiles: 400 en
 * castellano (un cuerpo enorme, 413 sin leerlo: hostil.test.ts lo prueba en cada fila con cuerpo,
 * también éstas). El documento OpenAPI lista estas filas, la baja
 * del correo y los manejadores propios de los comunicados (multipart y el adjunto).
 */
import { sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { guardarAvisos } from '@/server/avisos/procesar';
import { documentoOpenApi } from '@/server/api/rest';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { idDeUsuario } from '../fixtures/contexto';
import { ctxTrabajo } from '../fixtures/avisos-eventos';
import { pedirRest } from '../fixtures/rest';

const CICLO = 2026;
const HOY = '2026-05-12';
let c: Conexion;
let db: Db;

const QUIENES = [
  { nombre: 'referente', email: EMAIL_DEMO.referente, rol: Rol.ReferenteParental },
  { nombre: 'alumno', email: EMAIL_DEMO.alumno, rol: Rol.Alumno },
  { nombre: 'preceptor', email: EMAIL_DEMO.preceptor, rol: Rol.Preceptor },
] as const;
type Quien = (typeof QUIENES)[number];

const pedir = <T = unknown>(metodo: string, camino: string, q: Quien | null, cuerpo?: unknown) =>
  pedirRest<T>(
    metodo,
    camino,
    { db, email: q?.email ?? null, rol: q?.rol, ciclo: CICLO, hoy: HOY },
    cuerpo,
  );

interface Lista {
  items: { id: number; titulo: string; leido: boolean }[];
  siguiente: number | null;
  noLeidos: number;
}
/** Cuándo se leyó un aviso (null: sin leer), de la base. */
async function leidoEn(id: number): Promise<string | null> {
  const r = (await db.execute(
    sql`select leido::text as l from avisos where id = ${id}`,
  )) as unknown as { l: string | null }[] | { rows: { l: string | null }[] };
  return (Array.isArray(r) ? r : r.rows)[0]!.l;
}

/** Los ids de los avisos de la prueba de cada persona (del más nuevo al más viejo). */
const suyos = new Map<string, number[]>();

beforeAll(async () => {
  c = await crearEscuelaDePrueba(CICLO, HOY);
  db = c.db;
  // Cada persona empieza sin avisos y recibe tres, de horas distintas (el orden de la lista).
  await db.execute(sql`delete from avisos`);
  const base = new Date('2026-05-12T12:00:00Z').getTime();
  for (const q of QUIENES) {
    const usuario = await idDeUsuario(db, q.email);
    for (let i = 0; i < 3; i++)
      await guardarAvisos({ ...ctxTrabajo(db, new Date(base + i * 60_000), HOY, 0) }, [
        {
          usuario,
          alumno: null,
          categoria: 'comunicado',
          clave: `prueba-rest:${q.nombre}:${i}`,
          titulo: `Aviso ${i} de ${q.nombre}`,
          texto: 'Texto de prueba.',
          enlace: '/comunicados',
        },
      ]);
    const filas = (await db.execute(
      sql`select id from avisos where usuario_id = ${usuario} order by creado desc, id desc`,
    )) as unknown as { id: number }[] | { rows: { id: number }[] };
    suyos.set(
      q.nombre,
      (Array.isArray(filas) ? filas : filas.rows).map((f) => f.id),
    );
  }
});
afterAll(() => c?.cerrar());

describe.each(QUIENES)('$nombre', (q) => {
  const otro = () => QUIENES.find((x) => x !== q)!;

  test('GET /api/avisos: los suyos, por páginas, del más nuevo al más viejo; sin-leer cuenta los suyos', async () => {
    const ids = suyos.get(q.nombre)!;
    const p1 = await pedir<Lista>('GET', '/api/avisos?limit=2', q);
    expect(p1.status).toBe(200);
    expect(p1.body.items.map((i) => i.id)).toEqual(ids.slice(0, 2));
    expect(p1.body.siguiente).toBe(2);
    expect(p1.body.noLeidos).toBe(3);
    const p2 = await pedir<Lista>('GET', `/api/avisos?limit=2&cursor=${p1.body.siguiente}`, q);
    expect(p2.body.items.map((i) => i.id)).toEqual(ids.slice(2));
    expect(p2.body.siguiente).toBeNull();
    const n = await pedir<number>('GET', '/api/avisos/sin-leer', q);
    expect(n).toEqual({ status: 200, body: 3 });
  });

  test('POST /api/avisos/{id}/leido: el suyo sí; el de otra persona, 404 (y queda sin leer)', async () => {
    const [primero] = suyos.get(q.nombre)!;
    const ajeno = suyos.get(otro().nombre)![0]!;
    const r = await pedir('POST', `/api/avisos/${primero}/leido`, q);
    expect(r).toEqual({ status: 200, body: { noLeidos: 2 } });
    // Otra vez: nada cambia.
    expect((await pedir('POST', `/api/avisos/${primero}/leido`, q)).body).toEqual({ noLeidos: 2 });
    const antesAjeno = await leidoEn(ajeno);
    const x = await pedir('POST', `/api/avisos/${ajeno}/leido`, q);
    expect(x).toEqual({ status: 404, body: { error: true, message: 'El aviso no existe.' } });
    // Un id que no existe: lo mismo (no se distingue del ajeno).
    expect((await pedir('POST', '/api/avisos/2147483000/leido', q)).status).toBe(404);
    // El ajeno sigue como estaba (las pruebas de su dueño pueden haberlo leído antes).
    expect(await leidoEn(ajeno)).toEqual(antesAjeno);
    const soloNoLeidos = await pedir<Lista>('GET', '/api/avisos?noLeidos=true', q);
    expect(soloNoLeidos.body.items.map((i) => i.id)).toEqual(suyos.get(q.nombre)!.slice(1));
  });

  test('POST /api/avisos/leidos: todos los suyos, ninguno ajeno', async () => {
    const antesOtro = (await pedir<number>('GET', '/api/avisos/sin-leer', otro())).body;
    const r = await pedir('POST', '/api/avisos/leidos', q);
    expect(r).toEqual({ status: 200, body: { marcados: 2, noLeidos: 0 } });
    expect((await pedir<number>('GET', '/api/avisos/sin-leer', q)).body).toBe(0);
    expect((await pedir<number>('GET', '/api/avisos/sin-leer', otro())).body).toBe(antesOtro);
  });
});

test('sin sesión: 401 en las cuatro', async () => {
  for (const [m, camino] of [
    ['GET', '/api/avisos'],
    ['GET', '/api/avisos/sin-leer'],
    ['POST', '/api/avisos/1/leido'],
    ['POST', '/api/avisos/leidos'],
  ] as const)
    expect((await pedir(m, camino, null)).status).toBe(401);
});

test('entradas hostiles: 400 en castellano, nunca 2xx ni 5xx; otro método, 405', async () => {
  const q = QUIENES[0];
  for (const camino of [
    '/api/avisos/abc/leido',
    '/api/avisos/-1/leido',
    '/api/avisos/1.5/leido',
    '/api/avisos/99999999999999999999/leido',
    '/api/avisos/0/leido',
  ]) {
    const r = await pedir<{ error: boolean; message: string }>('POST', camino, q);
    expect([camino, r.status, r.body.error]).toEqual([camino, 400, true]);
    expect(r.body.message).toMatch(/identificador/i);
  }
  for (const consulta of [
    'limit=51',
    'limit=0',
    'limit=x',
    'cursor=-1',
    'cursor=abc',
    'noLeidos=quizas',
  ]) {
    const r = await pedir<{ error: boolean; message: string }>('GET', `/api/avisos?${consulta}`, q);
    expect([consulta, r.status, r.body.error]).toEqual([consulta, 400, true]);
    expect(r.body.message).not.toMatch(/Invalid|expected|received/);
  }
  expect((await pedir('DELETE', '/api/avisos/1/leido', q)).status).toBe(405);
  expect((await pedir('PUT', '/api/avisos', q)).status).toBe(405);
});

describe('el documento OpenAPI', () => {
  const doc = documentoOpenApi();
  type Op = {
    'x-procedimiento'?: string;
    security?: unknown[];
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
    responses: Record<string, unknown>;
  };
  const op = (ruta: string, metodo: string) =>
    (doc.paths[ruta] as Record<string, Op> | undefined)?.[metodo];

  test('las filas de la campana, con su procedimiento y sus parámetros', () => {
    expect(op('/api/avisos', 'get')?.['x-procedimiento']).toBe('avisos.lista');
    expect(op('/api/avisos', 'get')?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'limit']),
    );
    expect(op('/api/avisos/sin-leer', 'get')?.['x-procedimiento']).toBe('avisos.noLeidos');
    expect(op('/api/avisos/{id}/leido', 'post')?.['x-procedimiento']).toBe('avisos.marcarLeido');
    expect(op('/api/avisos/{id}/leido', 'post')?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    expect(op('/api/avisos/leidos', 'post')?.['x-procedimiento']).toBe('avisos.marcarTodos');
  });

  test('los manejadores propios: publicar un comunicado (multipart con el adjunto), el adjunto y la baja', () => {
    const publicar = op('/api/comunicados', 'post')!;
    const esquema = publicar.requestBody!.content['multipart/form-data']!.schema as {
      required: string[];
      properties: Record<string, { format?: string }>;
    };
    expect(esquema.required).toEqual(['titulo', 'texto', 'audiencia']);
    expect(esquema.properties.adjunto).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(publicar.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413']),
    );
    const adjunto = op('/api/comunicados/{id}/adjunto', 'get')!;
    expect(adjunto.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(Object.keys(adjunto.responses)).toEqual(expect.arrayContaining(['200', '404']));
    for (const m of ['get', 'post']) {
      expect(op('/api/avisos/baja', m)?.security).toEqual([]);
      expect(op('/api/avisos/baja', m)?.parameters).toEqual([
        expect.objectContaining({ name: 't', in: 'query' }),
      ]);
    }
  });
});
