/**
 * Las salidas declaradas (issue 33 §3): cada procedimiento que sirve el contrato REST declara con
 * `.output(salida(esquema))` lo que devuelve; /api/openapi.json documenta con ese esquema la
 * respuesta 200 de cada fila, y en las pruebas cada llamada se valida contra él
 * (tests/fixtures/validar-salidas.ts). En producción `salida` no valida ni copia la respuesta.
 */
import { z } from 'zod';
import { documentoOpenApi, RUTAS_REST } from '@/server/api/rest';
import { esquemaDeSalida } from '@/server/api/rest-openapi';
import { appRouter } from '@/server/api/root';
import { salida, validacionDeSalidas } from '@/server/api/schemas';

const procedimientos = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { output?: { esquema?: unknown } } }
>;
const servidos = [...new Set(RUTAS_REST.map((r) => r.procedimiento))].sort();

test.each(servidos)('%s (servido por REST) declara su salida con un esquema zod', (p) => {
  expect(procedimientos[p]?._def.output?.esquema).toBeInstanceOf(z.ZodType);
});

test('el documento OpenAPI describe la respuesta 200 de cada fila con el esquema de su salida', () => {
  const doc = documentoOpenApi();
  const sinEsquema = RUTAS_REST.filter((r) => {
    const op = (doc.paths[r.ruta] as Record<string, { responses: Record<number, unknown> }>)[
      r.metodo.toLowerCase()
    ];
    const ok = op?.responses[200] as { content?: { 'application/json'?: { schema?: unknown } } };
    return !ok?.content?.['application/json']?.schema;
  }).map((r) => `${r.metodo} ${r.ruta}`);
  expect(sinEsquema).toEqual([]);
  expect(
    (doc.paths['/api/cursos'] as { get: { responses: Record<number, unknown> } }).get
      .responses[200],
  ).toEqual({
    description: 'Respuesta en JSON.',
    content: { 'application/json': { schema: esquemaDeSalida('cursos.listar') } },
  });
});

test('una fecha de la salida se documenta como texto ISO 8601 (así sale en JSON)', () => {
  const conFecha = servidos.find((p) => JSON.stringify(esquemaDeSalida(p)).includes('date-time'));
  expect(conFecha).toBeDefined();
});

describe('salida(esquema)', () => {
  const declarada = salida(z.object({ id: z.number() }));
  const antes = validacionDeSalidas.activa;
  afterEach(() => {
    validacionDeSalidas.activa = antes;
  });

  test('las pruebas validan las salidas (setupFiles de Jest)', () => {
    expect(validacionDeSalidas.activa).toBe(true);
  });

  test('validando: lo que no cumple el esquema falla; lo que cumple vuelve tal cual', () => {
    validacionDeSalidas.activa = true;
    expect(() => declarada.parse({ id: 'uno' })).toThrow(/La salida no cumple su esquema:[^]*id/);
    const valor = { id: 1, otro: 'x' };
    expect(declarada.parse(valor)).toBe(valor);
  });

  test('sin validar (producción): devuelve el mismo valor, sin mirarlo ni quitarle campos', () => {
    validacionDeSalidas.activa = false;
    const valor = { id: 'uno' };
    expect(declarada.parse(valor)).toBe(valor);
  });
});
