/**
 * La tabla del contrato REST sin base de datos: cada fila vive en la carpeta del módulo de su
 * procedimiento, apunta a un procedimiento que existe, no se repite, se alcanza sin depender del
 * orden de los archivos, y el documento OpenAPI declara la cookie de sesión y las respuestas.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compilarRutas,
  documentoOpenApi,
  encontrarRuta,
  RUTAS_POR_MODULO,
  RUTAS_PROPIAS,
  RUTAS_REST,
  type RutaRest,
} from '@/server/api/rest';
import { appRouter } from '@/server/api/root';

const RAIZ = path.resolve(__dirname, '../..');
const ROUTERS = path.join(RAIZ, 'src/server/api/routers');
const MODULOS_CON_REST = readdirSync(ROUTERS).filter((m) =>
  existsSync(path.join(ROUTERS, m, 'rest.ts')),
);
const procedimientos = appRouter._def.procedures as Record<string, unknown>;
/** Un camino concreto para la fila: cada parámetro vale 7 (ningún literal de la tabla es un número). */
const caminoDe = (ruta: string) => ruta.replace(/\{\w+\}/g, '7');

test('cada procedimiento de una fila REST existe en appRouter', () => {
  const faltan = RUTAS_REST.filter((r) => !procedimientos[r.procedimiento]).map(
    (r) => `${r.metodo} ${r.ruta} → ${r.procedimiento}`,
  );
  expect(faltan).toEqual([]);
});

test('no hay dos filas con el mismo método y ruta (aunque cambie el nombre de un parámetro)', () => {
  const claves = RUTAS_REST.map((r) => `${r.metodo} ${r.ruta.replace(/\{\w+\}/g, '{}')}`);
  const repetidas = claves.filter((c, i) => claves.indexOf(c) !== i);
  expect(repetidas).toEqual([]);
  const propias = [...RUTAS_REST, ...RUTAS_PROPIAS].map((r) => `${r.metodo} ${r.ruta}`);
  expect(propias.filter((c, i) => propias.indexOf(c) !== i)).toEqual([]);
});

test('las filas de cada carpeta llaman sólo a procedimientos de ese módulo y todas están unidas', async () => {
  expect(MODULOS_CON_REST.length).toBeGreaterThan(10);
  expect(Object.keys(RUTAS_POR_MODULO).sort()).toEqual([...MODULOS_CON_REST].sort());
  const deLosArchivos: RutaRest[] = [];
  for (const modulo of MODULOS_CON_REST) {
    const { rutas } = (await import(`@/server/api/routers/${modulo}/rest`)) as {
      rutas: readonly RutaRest[];
    };
    const ajenas = rutas.filter((r) => !r.procedimiento.startsWith(`${modulo}.`));
    expect({ modulo, ajenas: ajenas.map((r) => r.procedimiento) }).toEqual({ modulo, ajenas: [] });
    expect(modulo in appRouter._def.record).toBe(true);
    deLosArchivos.push(...rutas);
  }
  // La tabla es exactamente la unión de los archivos de los módulos: ni falta ni sobra una fila.
  expect(new Set(deLosArchivos)).toEqual(new Set(RUTAS_REST));
  expect(deLosArchivos).toHaveLength(RUTAS_REST.length);
});

test('el rest.ts de un módulo importa sólo lo suyo, los átomos compartidos y los tipos del núcleo', () => {
  const permitidos = ['@/server/api/rest-tipos', '@/server/api/schemas', './schemas'];
  for (const modulo of MODULOS_CON_REST) {
    const texto = readFileSync(path.join(ROUTERS, modulo, 'rest.ts'), 'utf8');
    const importados = [
      ...texto.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"]+)['"]/g),
    ].map((m) => m[1]);
    expect(importados.length).toBeGreaterThan(0);
    expect({ modulo, ajenos: importados.filter((i) => !permitidos.includes(i!)) }).toEqual({
      modulo,
      ajenos: [],
    });
  }
});

test('cada fila atiende su propio camino: ninguna queda tapada por otra', () => {
  for (const r of RUTAS_REST) {
    const { ruta, params } = encontrarRuta(r.metodo, caminoDe(r.ruta));
    expect(`${ruta?.metodo} ${ruta?.ruta}`).toBe(`${r.metodo} ${r.ruta}`);
    expect(Object.keys(params ?? {}).sort()).toEqual(Object.keys(r.parametros ?? {}).sort());
  }
});

test('los segmentos literales ganan a los parámetros, sin importar el orden de la tabla', () => {
  const casos: [string, string, string][] = [
    ['GET', '/api/alumnos/datosinscripcion/legajo', 'inscripcion.datos'],
    ['GET', '/api/alumnos/datosinscripcion/cursados', 'inscripcion.datos'],
    ['POST', '/api/alumnos/update/inscribir', 'perfil.actualizar'],
    ['POST', '/api/alumnos/update/editar', 'perfil.actualizar'],
    ['GET', '/api/alumnos/base', 'alumnos.base'],
    ['GET', '/api/alumnos/7/legajo', 'alumnos.legajo'],
  ];
  const alReves = compilarRutas([...RUTAS_REST].reverse());
  for (const [metodo, camino, procedimiento] of casos) {
    expect([camino, encontrarRuta(metodo, camino).ruta?.procedimiento]).toEqual([
      camino,
      procedimiento,
    ]);
    expect([camino, encontrarRuta(metodo, camino, alReves).ruta?.procedimiento]).toEqual([
      camino,
      procedimiento,
    ]);
  }
  for (const r of RUTAS_REST) {
    const camino = caminoDe(r.ruta);
    expect(encontrarRuta(r.metodo, camino, alReves).ruta?.ruta).toBe(r.ruta);
  }
});

test('método de otra ruta → 405; camino desconocido → 404', () => {
  expect(encontrarRuta('DELETE', '/api/cursos')).toEqual({
    ruta: undefined,
    metodoNoPermitido: true,
    // Los métodos del camino, para la cabecera Allow del 405.
    permitidos: RUTAS_REST.filter((r) => r.ruta === '/api/cursos').map((r) => r.metodo),
  });
  expect(encontrarRuta('GET', '/api/no-existe')).toEqual({
    ruta: undefined,
    metodoNoPermitido: false,
    permitidos: [],
  });
});

type Operacion = {
  responses?: Record<string, unknown>;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  'x-procedimiento'?: string;
};

describe('documento OpenAPI', () => {
  const doc = documentoOpenApi();
  const operaciones = Object.entries(doc.paths).flatMap(([ruta, ops]) =>
    Object.entries(ops as Record<string, Operacion>).map(([metodo, op]) => ({ ruta, metodo, op })),
  );

  test('declara la cookie de sesión de next-auth como esquema de seguridad global', () => {
    const esquemas = doc.components.securitySchemes as Record<
      string,
      { type: string; in: string; name: string }
    >;
    const cookies = Object.values(esquemas)
      .filter((e) => e.type === 'apiKey' && e.in === 'cookie')
      .map((e) => e.name)
      .sort();
    expect(cookies).toEqual(['__Secure-authjs.session-token', 'authjs.session-token']);
    expect(doc.security.length).toBeGreaterThan(0);
    for (const alternativa of doc.security)
      for (const nombre of Object.keys(alternativa)) expect(esquemas[nombre]).toBeDefined();
  });

  test('cada fila y cada ruta propia es una operación, y toda operación tiene respuestas', () => {
    for (const r of [...RUTAS_REST, ...RUTAS_PROPIAS])
      expect(doc.paths[r.ruta]?.[r.metodo.toLowerCase()]).toBeDefined();
    expect(operaciones).toHaveLength(RUTAS_REST.length + RUTAS_PROPIAS.length);
    const sinRespuestas = operaciones.filter(({ op }) => !Object.keys(op.responses ?? {}).length);
    expect(sinRespuestas.map((o) => `${o.metodo} ${o.ruta}`)).toEqual([]);
  });

  test('cada parámetro del camino está documentado', () => {
    for (const { ruta, metodo, op } of operaciones) {
      const delCamino = [...ruta.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const documentados = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect([metodo, ruta, documentados]).toEqual([metodo, ruta, delCamino]);
    }
  });

  test('sólo las rutas anónimas anulan la seguridad (security: []); las filas piden sesión', () => {
    const anonimas = operaciones
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map((o) => `${o.metodo.toUpperCase()} ${o.ruta}`)
      .sort();
    expect(anonimas).toEqual(
      RUTAS_PROPIAS.filter((r) => r.anonima)
        .map((r) => `${r.metodo} ${r.ruta}`)
        .sort(),
    );
    expect(anonimas).toContain('GET /api/logout');
    // Las filas llaman a `procedimiento`, que exige sesión: heredan la seguridad global y
    // documentan el 401 (la prueba de integración verifica el 401 de cada una).
    for (const r of RUTAS_REST) {
      const op = doc.paths[r.ruta]![r.metodo.toLowerCase()] as Operacion;
      expect(op.security).toBeUndefined();
      expect(op.responses?.['401']).toBeDefined();
      expect(op['x-procedimiento']).toBe(r.procedimiento);
    }
  });

  test('cada ruta propia la atiende un manejador que existe y exporta su método', () => {
    for (const r of RUTAS_PROPIAS) {
      const archivo = path.join(RAIZ, r.manejador);
      expect([r.manejador, existsSync(archivo)]).toEqual([r.manejador, true]);
      const texto = readFileSync(archivo, 'utf8');
      const exporta = new RegExp(
        `export (async )?function ${r.metodo}\\b|export const ${r.metodo} =|export \\{[^}]*\\bas ${r.metodo}\\b`,
      );
      expect([r.manejador, exporta.test(texto)]).toEqual([r.manejador, true]);
      // La carpeta del manejador es la ruta (los parámetros, entre corchetes).
      const carpeta = path.dirname(r.manejador).replace(/^src\/app/, '');
      expect(carpeta).toBe(r.ruta.replace(/\{(\w+)\}/g, '[$1]'));
      // Ninguna fila de la tabla pretende atender el mismo camino.
      expect(encontrarRuta(r.metodo, caminoDe(r.ruta)).ruta).toBeUndefined();
    }
  });
});

test('una ruta anónima del documento responde sin sesión (POST /api/login_validate)', async () => {
  const { POST } = await import('@/app/api/login_validate/route');
  const r = await POST(
    new Request('http://portal.test/api/login_validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alguien@gmail.com' }),
    }),
  );
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ google: true });
  expect(RUTAS_PROPIAS.find((p) => p.ruta === '/api/login_validate')?.anonima).toBe(true);
});

test('un parámetro con un "%" mal codificado no rompe la búsqueda de la ruta: 400', () => {
  expect(encontrarRuta('GET', '/api/alumnos/%E0%A4%A/legajo')).toEqual({
    ruta: undefined,
    metodoNoPermitido: false,
    malCodificado: true,
  });
  expect(encontrarRuta('GET', '/api/alumnos/%C3%B3/legajo').ruta?.ruta).toBe(
    '/api/alumnos/{alumno}/legajo',
  );
});
