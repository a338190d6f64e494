/**
 * El documento OpenAPI (`/api/openapi.json`) pasa `npm run openapi:lint` (@redocly/cli, reglas
 * en src/server/api/redocly.yaml) sin errores. Estas pruebas fijan, sin la herramienta, lo que
 * esa revisión exige y lo que cuidaban las reglas que redocly.yaml apaga: servidores, esquemas
 * sin alternativas vacías, rutas que no se pisan, respuestas, seguridad e ids únicos.
 */
import { documentoOpenApi } from '@/server/api/rest';

type Parametro = { name: string; in: string; schema?: { type?: string } };
type Operacion = {
  operationId?: string;
  responses?: Record<string, unknown>;
  security?: Record<string, unknown>[];
  parameters?: Parametro[];
};

const doc = documentoOpenApi();
const operaciones = Object.entries(doc.paths).flatMap(([ruta, ops]) =>
  Object.entries(ops as Record<string, Operacion>).map(([metodo, op]) => ({ ruta, metodo, op })),
);
const nombre = (o: { ruta: string; metodo: string }) => `${o.metodo.toUpperCase()} ${o.ruta}`;
const esParametro = (s: string) => /^\{\w+\}$/.test(s);

test('declara el servidor (el mismo origen del portal)', () => {
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
});

test('ningún anyOf/oneOf trae una alternativa vacía ({} acepta cualquier cosa)', () => {
  const vacias: string[] = [];
  const recorrer = (x: unknown, donde: string) => {
    if (Array.isArray(x)) return x.forEach((y, i) => recorrer(y, `${donde}/${i}`));
    if (typeof x !== 'object' || x === null) return;
    for (const [k, v] of Object.entries(x)) {
      if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
        v.forEach((alt, i) => {
          if (alt && typeof alt === 'object' && Object.keys(alt).length === 0)
            vacias.push(`${donde}/${k}/${i}`);
        });
      }
      recorrer(v, `${donde}/${k}`);
    }
  };
  recorrer(doc.paths, '#/paths');
  expect(vacias).toEqual([]);
});

describe('rutas que podrían tomar el mismo camino', () => {
  const rutas = Object.keys(doc.paths);
  /** El tipo de un parámetro del camino, según la primera operación de la ruta que lo documenta. */
  const esquemaDe = (ruta: string, param: string) =>
    Object.values(doc.paths[ruta] as Record<string, Operacion>)
      .flatMap((op) => op.parameters ?? [])
      .find((p) => p.in === 'path' && p.name === param)?.schema;
  /** 'integer', o 'date' para una fecha AAAA-MM-DD: ninguno de los dos toma un literal. */
  const tipoDe = (ruta: string, param: string) => {
    const e = esquemaDe(ruta, param) as { type?: string; format?: string } | undefined;
    return e?.format === 'date' ? 'date' : e?.type;
  };
  const pares = rutas.flatMap((a, i) =>
    rutas.slice(i + 1).flatMap((b) => {
      const sa = a.split('/');
      const sb = b.split('/');
      if (sa.length !== sb.length) return [];
      const cruces = sa.map((x, k) => [x, sb[k]!] as const);
      if (cruces.some(([x, y]) => !esParametro(x) && !esParametro(y) && x !== y)) return [];
      return [{ a, b, cruces }];
    }),
  );

  test('no hay dos plantillas iguales salvo el nombre de sus parámetros', () => {
    const iguales = pares
      .filter(({ cruces }) => cruces.every(([x, y]) => esParametro(x) === esParametro(y)))
      .map(({ a, b }) => `${a} = ${b}`);
    expect(iguales).toEqual([]);
  });

  test('donde un literal enfrenta un parámetro, el parámetro es entero o fecha: ningún camino real toma las dos', () => {
    const ambiguos = pares.filter(({ cruces }) =>
      cruces.some(([x, y]) => esParametro(x) !== esParametro(y)),
    );
    // Los de la spec (02 §7), documentados en info.description.
    expect(ambiguos.length).toBeGreaterThan(0);
    expect(doc.info.description).toContain('el segmento literal gana al parámetro');
    for (const { a, b, cruces } of ambiguos) {
      for (const [x, y] of cruces) {
        if (esParametro(x) === esParametro(y)) continue;
        const [ruta, param, literal] = esParametro(x) ? [a, x, y] : [b, y, x];
        const tipo = tipoDe(ruta, param.slice(1, -1));
        expect([a, b, param, ['integer', 'date'].includes(tipo ?? '')]).toEqual([
          a,
          b,
          param,
          true,
        ]);
        expect(literal).not.toMatch(/^\d+$|^\d{4}-\d\d-\d\d$/);
      }
    }
  });
});

describe('cada operación', () => {
  test('tiene respuestas: un 2xx o un 3xx, y un 4xx salvo GET /api/logout (sólo redirige) y GET /api/salud (sin entrada: 200 o 503)', () => {
    const sinExito = operaciones.filter(
      ({ op }) => !Object.keys(op.responses ?? {}).some((e) => /^[23]\d\d$/.test(e)),
    );
    expect(sinExito.map(nombre)).toEqual([]);
    const sin4xx = operaciones.filter(
      ({ op }) => !Object.keys(op.responses ?? {}).some((e) => /^4\d\d$/.test(e)),
    );
    expect(sin4xx.map(nombre).sort()).toEqual(['GET /api/logout', 'GET /api/salud']);
  });

  test('hereda la seguridad global (la cookie de sesión) o la anula con security: []', () => {
    const esquemas = doc.components.securitySchemes as Record<string, unknown>;
    expect(doc.security.length).toBeGreaterThan(0);
    for (const alternativa of doc.security)
      for (const esquema of Object.keys(alternativa)) expect(esquemas[esquema]).toBeDefined();
    for (const o of operaciones) {
      if (o.op.security === undefined) continue;
      // Una operación que declara la suya: vacía (anónima) o con esquemas que existen.
      for (const alternativa of o.op.security)
        for (const esquema of Object.keys(alternativa))
          expect([nombre(o), esquemas[esquema]]).toEqual([nombre(o), expect.anything()]);
    }
  });

  test('tiene un operationId único', () => {
    const ids = operaciones.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

test('los errores de un guardado: 409 (con detalle), 412 y 413; una lectura no los declara', () => {
  const planilla = operaciones.find(
    (o) => o.metodo === 'post' && o.ruta === '/api/asistencias/planilla/{curso}/{fecha}/{turno}',
  );
  expect(Object.keys(planilla?.op.responses ?? {})).toEqual(
    expect.arrayContaining(['409', '412', '413']),
  );
  const lectura = operaciones.find(
    (o) => o.metodo === 'get' && o.ruta === '/api/asistencias/planilla/{curso}/{fecha}/{turno}',
  );
  expect(lectura).toBeDefined();
  expect(Object.keys(lectura?.op.responses ?? {})).not.toContain('409');
  const error = (doc.components.schemas as Record<string, { properties: object }>).Error;
  expect(Object.keys(error?.properties ?? {})).toEqual(['error', 'message', 'detalle']);
});
