/**
 * Toda respuesta de /api es JSON, también la de un método que la ruta no atiende (issue 31
 * ítem 16): cada `route.ts` de src/app/api exporta todos los métodos, y los que no implementa
 * responden 405 con `{ error: true, message }` en castellano y la cabecera `Allow` con los que
 * sí. Sin esto, Next responde 405 con el cuerpo vacío. Se importan los módulos de las rutas
 * (los 405 no necesitan la petición de Next) y la tabla de abajo dice qué implementa cada una:
 * una ruta nueva sin fila hace fallar la prueba.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Rol } from '@/domain/roles';
import { MENSAJE_METODO_NO_PERMITIDO, METODOS_HTTP } from '@/server/api/metodos';
import { atenderPeticion } from '@/server/api/rest';
import { crearContexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { sesionDe } from '../fixtures/contexto';

const RAIZ_API = path.join(process.cwd(), 'src/app/api');

// next-auth es ESM y Jest no lo carga: los 405 no lo usan (las rutas que lo importan, sí sus
// métodos implementados, que aquí no se llaman).
jest.mock('@/server/auth', () => {
  const nada = () => new Response(null, { status: 204 });
  return {
    handlers: { GET: nada, POST: nada },
    signIn: nada,
    signOut: nada,
    unstable_update: nada,
    googleConfigurado: () => false,
  };
});

/** Los métodos que implementa cada manejador (el camino, relativo a src/app/api). */
const IMPLEMENTADOS: Record<string, readonly string[]> = {
  '[...ruta]/route.ts': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  'admin/bypass/route.ts': ['GET'],
  'alumnos/[id]/foto/route.ts': ['GET'],
  'alumnos/[id]/legajo-zip/route.ts': ['GET'],
  'auth/[...nextauth]/route.ts': ['GET', 'POST'],
  'authurl/route.ts': ['GET'],
  'avisos/baja/route.ts': ['GET', 'POST'],
  'comunicados/route.ts': ['POST'],
  'comunicados/[id]/adjunto/route.ts': ['GET'],
  'exportar-todo/route.ts': ['GET'],
  'exportar/[lista]/route.ts': ['GET'],
  'ics/[token]/route.ts': ['GET'],
  'ics/horario/[token]/route.ts': ['GET'],
  'inscripciones/[id]/comprobante/route.ts': ['GET'],
  'importar/route.ts': ['POST'],
  'importar/[id]/informe/route.ts': ['GET'],
  'importar/modelo/route.ts': ['GET'],
  'inscripciones/csv/route.ts': ['GET'],
  'jornada/imagen/[id]/route.ts': ['GET'],
  'login/change/[rol]/route.ts': ['GET'],
  'login_validate/route.ts': ['POST'],
  'logout/route.ts': ['GET'],
  'openapi.json/route.ts': ['GET'],
  'salud/route.ts': ['GET'],
  'trpc/[trpc]/route.ts': ['GET', 'POST'],
  'validate/bypass/route.ts': ['POST'],
};

function rutas(dir = RAIZ_API): string[] {
  return readdirSync(dir).flatMap((nombre) => {
    const p = path.join(dir, nombre);
    if (statSync(p).isDirectory()) return rutas(p);
    return /^route\.(ts|tsx|js)$/.test(nombre) ? [path.relative(RAIZ_API, p)] : [];
  });
}

test('la tabla tiene una fila por cada route.ts de src/app/api', () => {
  expect(rutas().sort()).toEqual(Object.keys(IMPLEMENTADOS).sort());
});

type Manejador = (req: Request, extra: unknown) => Response | Promise<Response>;

describe.each(Object.entries(IMPLEMENTADOS).filter(([r]) => r !== '[...ruta]/route.ts'))(
  '%s',
  (ruta, implementados) => {
    // HEAD lo deriva Next de GET; sin GET, la ruta también lo responde (405).
    const otros = METODOS_HTTP.filter(
      (m) => !implementados.includes(m) && !(m === 'HEAD' && implementados.includes('GET')),
    );
    test.each(otros)('%s: 405 en JSON con Allow', async (metodo) => {
      const modulo = (await import(path.join(RAIZ_API, ruta))) as Record<string, unknown>;
      for (const m of implementados) expect(typeof modulo[m]).toBe('function');
      const manejador = modulo[metodo] as Manejador | undefined;
      expect(typeof manejador).toBe('function');
      const r = await manejador!(new Request('http://portal.test/api/x', { method: metodo }), {
        params: Promise.resolve({}),
      });
      expect(r.status).toBe(405);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      const permitidos = r.headers.get('allow')!.split(', ').sort();
      expect(permitidos).toEqual(
        [...implementados, ...(implementados.includes('GET') ? ['HEAD'] : [])].sort(),
      );
      expect(await r.json()).toEqual({ error: true, message: MENSAJE_METODO_NO_PERMITIDO });
    });
  },
);

describe('/api/[...ruta] (el contrato REST)', () => {
  const { ciclo } = momentoEscolar();
  let c: Conexion;
  let db: Db;
  beforeAll(async () => {
    c = await crearEscuelaDePrueba(ciclo);
    db = c.db;
  });
  afterAll(() => c?.cerrar());

  const pedir = async (metodo: string, camino: string) =>
    atenderPeticion(new Request(`http://portal.test${camino}`, { method: metodo }), async () =>
      crearContexto({ db, sesion: await sesionDe(db, EMAIL_DEMO.alumno, Rol.Alumno), ciclo }),
    );

  test.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    '%s en una ruta que sólo tiene GET: 405 en JSON con Allow: GET, HEAD',
    async (metodo) => {
      const r = await pedir(metodo, '/api/reglamentos');
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, HEAD');
      expect(await r.json()).toEqual({ error: true, message: MENSAJE_METODO_NO_PERMITIDO });
    },
  );

  test('HEAD se atiende como GET; un camino que no existe, 404 en JSON', async () => {
    expect((await pedir('HEAD', '/api/reglamentos')).status).toBe(200);
    const r = await pedir('PATCH', '/api/no-existe');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: true, message: 'No existe esa ruta.' });
  });
});
