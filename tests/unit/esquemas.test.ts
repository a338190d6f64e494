/**
 * Los átomos de la entrada (`src/server/api/schemas.ts`, DESIGN §9) y una regla sobre todos los
 * esquemas de `appRouter`: todo texto tiene largo máximo y toda lista tamaño máximo, así un campo
 * nuevo sin límite hace fallar esta prueba.
 */
import { z } from 'zod';
import { appRouter } from '@/server/api/root';
import {
  anio,
  busqueda,
  cicloLectivo,
  email,
  entero,
  esTextoValido,
  id,
  mensajeDeValidacion,
  texto,
  textoRequerido,
} from '@/server/api/schemas';

const mensaje = (esquema: z.ZodType, valor: unknown) => {
  const r = esquema.safeParse(valor);
  return r.success ? { valor: r.data } : mensajeDeValidacion(r.error);
};

describe('texto: recortado, con largo máximo, sin NUL y Unicode bien formado', () => {
  const apellido = textoRequerido('Apellido');
  const titulo = (v: unknown) => {
    const t = JSON.stringify(v) ?? String(v);
    return t.length > 30 ? `${t.slice(0, 12)}…(${t.length})` : t;
  };
  test.each(
    [
      ['  Pérez ', { valor: 'Pérez' }],
      ['Ñandú 😀', { valor: 'Ñandú 😀' }],
      ['a\u0000b', 'Apellido: contiene caracteres no válidos.'],
      ['\u0000', 'Apellido: contiene caracteres no válidos.'],
      ['\ud800x', 'Apellido: contiene caracteres no válidos.'],
      ['x\udc00', 'Apellido: contiene caracteres no válidos.'],
      ['\udc00\ud800', 'Apellido: contiene caracteres no válidos.'],
      ['x'.repeat(101), 'Apellido: como máximo 100 caracteres.'],
      ['x'.repeat(100_000), 'Apellido: como máximo 100 caracteres.'],
      [`${'x'.repeat(100)}   `, { valor: 'x'.repeat(100) }],
      ['   ', 'Apellido: no puede estar vacío.'],
      [undefined, 'Apellido: no puede estar vacío.'],
      [12345, 'Apellido: debe ser un texto.'],
      [{}, 'Apellido: debe ser un texto.'],
    ].map(([valor, esperado]) => ({ caso: titulo(valor), valor, esperado })),
  )('$caso → $esperado', ({ valor, esperado }) => {
    expect(mensaje(apellido, valor)).toEqual(esperado);
  });

  test('esTextoValido: NUL y sustitutos sueltos no; pares de sustitutos sí', () => {
    expect(esTextoValido('árbol 😀')).toBe(true);
    expect(esTextoValido('a\u0000')).toBe(false);
    expect(esTextoValido('\ud83d')).toBe(false);
    expect(esTextoValido('\ude00')).toBe(false);
  });

  test('opcional y con mínimo', () => {
    expect(mensaje(texto({ campo: 'Nota', max: 5 }), '')).toEqual({ valor: '' });
    expect(mensaje(texto({ campo: 'Nota', max: 5, min: 3 }), 'ab')).toBe(
      'Nota: como mínimo 3 caracteres.',
    );
  });

  test('email: hasta 254 caracteres, en minúsculas, sin NUL', () => {
    expect(mensaje(email, ' Ana@Gmail.com ')).toEqual({ valor: 'ana@gmail.com' });
    expect(mensaje(email, `${'a'.repeat(250)}@b.com`)).toBe('Email: como máximo 254 caracteres.');
    expect(mensaje(email, `${'a'.repeat(100_000)}@b.com`)).toBe(
      'Email: como máximo 254 caracteres.',
    );
    expect(mensaje(email, 'a\u0000@b.com')).toBe('Email: contiene caracteres no válidos.');
  });
});

describe('números: sólo números o texto numérico, finitos, con mensajes en castellano', () => {
  test.each([
    [7, { valor: 7 }],
    [' 7 ', { valor: 7 }],
    ['Infinity', 'El identificador debe ser un número.'],
    ['1e400', 'El identificador debe ser un número.'],
    ['NaN', 'El identificador debe ser un número.'],
    ['0x10', 'El identificador debe ser un número.'],
    ['', 'El identificador debe ser un número.'],
    [true, 'El identificador debe ser un número.'],
    [[5], 'El identificador debe ser un número.'],
    [null, 'El identificador debe ser un número.'],
    [1.5, 'El identificador debe ser un número entero.'],
    [-3, 'El identificador debe ser positivo.'],
    [2 ** 31, 'El identificador es demasiado grande.'],
    [
      '99999999999999999999',
      'El identificador debe ser un número entero. El identificador es demasiado grande.',
    ],
  ])('id %j → %j', (valor, esperado) => {
    expect(mensaje(id, valor)).toEqual(esperado);
  });

  test('entero con rango', () => {
    const e = entero({ campo: 'Cantidad', min: 1, max: 10 });
    expect(mensaje(e, '3')).toEqual({ valor: 3 });
    expect(mensaje(e, '1e400')).toBe('Cantidad: debe ser un número.');
    expect(mensaje(e, 2.5)).toBe('Cantidad: debe ser un número entero.');
    expect(mensaje(e, 0)).toBe('Cantidad: como mínimo 1.');
    expect(mensaje(e, 11)).toBe('Cantidad: como máximo 10.');
  });

  test('año y ciclo lectivo: -1, 99999 y "Infinity" no son años', () => {
    for (const a of [-1, '-1', 99999, '99999', 2020])
      expect(mensaje(anio, a)).toMatch(/^El año debe estar entre 2021 y el año actual\.$/);
    expect(mensaje(anio, 'Infinity')).toBe('El año debe ser un número.');
    expect(mensaje(cicloLectivo, '1e400')).toBe('El ciclo lectivo debe ser un número.');
    expect(mensaje(cicloLectivo, 1999)).toBe('El ciclo lectivo no es válido.');
  });

  test('búsqueda: q sin NUL; posición y tamaño de página con mensajes propios', () => {
    expect(mensaje(busqueda, { q: '\u0000' })).toBe('Búsqueda: contiene caracteres no válidos.');
    expect(mensaje(busqueda, { cursor: 'Infinity', limit: '1e400' })).toBe(
      'La posición debe ser un número. El tamaño de página debe ser un número.',
    );
    expect(mensaje(busqueda, { limit: '99999999999999999999' })).toMatch(
      /^El tamaño de página debe ser un número entero\./,
    );
  });
});

test('zod habla castellano aun donde un esquema no trae mensaje propio (z.config(z.locales.es()))', () => {
  expect(mensaje(z.object({ a: z.number() }), { a: 'x' })).toBe(
    'Entrada inválida: se esperaba número, recibido texto.',
  );
  expect(mensaje(z.object({}), [])).toBe('Entrada inválida: se esperaba objeto, recibido arreglo.');
});

type Json = Record<string, unknown>;

/**
 * Los caminos de los textos sin `maxLength` y las listas sin `maxItems` de un esquema JSON (los
 * textos de un `enum` o una constante ya están acotados).
 */
function sinLimites(esquema: unknown, camino = '$'): string[] {
  if (Array.isArray(esquema)) return esquema.flatMap((s, i) => sinLimites(s, `${camino}[${i}]`));
  if (typeof esquema !== 'object' || esquema === null) return [];
  const s = esquema as Json;
  const tipos = ([] as unknown[]).concat(s.type ?? []);
  const faltan: string[] = [];
  if (tipos.includes('string') && !('enum' in s) && !('const' in s) && s.maxLength === undefined)
    faltan.push(`${camino}: texto sin maxLength`);
  if (tipos.includes('array') && s.maxItems === undefined)
    faltan.push(`${camino}: lista sin maxItems`);
  for (const clave of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not'])
    if (clave in s) faltan.push(...sinLimites(s[clave], `${camino}.${clave}`));
  for (const clave of ['properties', '$defs', 'definitions', 'patternProperties'])
    for (const [k, v] of Object.entries((s[clave] as Json | undefined) ?? {}))
      faltan.push(...sinLimites(v, `${camino}.${k}`));
  if (typeof s.additionalProperties === 'object')
    faltan.push(...sinLimites(s.additionalProperties, `${camino}.*`));
  return faltan;
}

test('la regla encuentra textos y listas sin límite (a cualquier profundidad)', () => {
  const json = (e: z.ZodType) => z.toJSONSchema(e, { io: 'input', unrepresentable: 'any' });
  expect(
    sinLimites(
      json(
        z.object({
          a: z.string(),
          b: z.array(z.object({ c: z.string().max(3).nullable() })),
          d: z.preprocess((v) => v, z.string()),
          e: z.enum(['x', 'y']),
          f: z.array(z.string().max(1)).max(2),
        }),
      ),
    ),
  ).toEqual(['$.a: texto sin maxLength', '$.b: lista sin maxItems', '$.d: texto sin maxLength']);
});

test('cada entrada de appRouter: todo texto con largo máximo y toda lista con tamaño máximo', () => {
  const procedimientos = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { inputs: z.ZodType[] } }
  >;
  const faltan = Object.entries(procedimientos).flatMap(([ruta, p]) =>
    p._def.inputs.flatMap((e) =>
      sinLimites(z.toJSONSchema(e, { io: 'input', unrepresentable: 'any' }), ruta),
    ),
  );
  expect(faltan).toEqual([]);
});

test('los errores del transporte de tRPC (ruta, método, lote) también salen en castellano', async () => {
  const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
  const { crearContexto } = await import('@/server/api/trpc');
  const pedir = async (camino: string, init?: RequestInit) => {
    const r = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://portal.test/api/trpc/${camino}`, init),
      router: appRouter,
      createContext: () => crearContexto({ db: null as never, sesion: null }),
      allowMethodOverride: false,
    });
    const cuerpo = (await r.json()) as
      { error: { json: { message: string } } }[] | { error: { json: { message: string } } };
    return (Array.isArray(cuerpo) ? cuerpo[0]! : cuerpo).error.json.message;
  };
  const post = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
  expect(await pedir('noexiste.nada')).toBe('No existe ese procedimiento.');
  expect(await pedir('alumnos.crear')).toBe('Método no permitido para este procedimiento.');
  expect(await pedir('alumnos.listar', post)).toBe('Método no permitido para este procedimiento.');
  expect(await pedir('alumnos.crear,alumnos.listar?batch=1', post)).toBe(
    'El lote de llamadas no es válido.',
  );
  // Los de los procedimientos no cambian.
  expect(await pedir('alumnos.listar')).toBe('Debe iniciar sesión.');
});
