/**
 * El documento OpenAPI 3.1 del contrato REST (`/api/openapi.json`), armado desde la tabla
 * (`rutas-rest.ts`) y los esquemas zod de cada procedimiento (`z.toJSONSchema`).
 */
import { z } from 'zod';
import { appRouter } from './root';
import { soloQuery, type RutaPropia, type RutaRest } from './rest-tipos';
import { RUTAS_PROPIAS, RUTAS_REST } from './rutas-rest';

/**
 * La cookie de sesión de next-auth (Auth.js v5; `src/server/auth` no cambia sus nombres): lleva el
 * prefijo `__Secure-` cuando el portal se sirve por https.
 */
export const COOKIE_SESION = 'authjs.session-token';
export const COOKIE_SESION_HTTPS = `__Secure-${COOKIE_SESION}`;

/** Tipo de un parámetro de ruta por su nombre: los órdenes son enteros; fechas, turnos y meses, texto. */
const PARAMETROS_NUMERICOS: Record<
  string,
  { type: string; minimum?: number; maximum?: number; format?: string }
> = {
  id: { type: 'integer', minimum: 1 },
  alumno: { type: 'integer', minimum: 1 },
  curso: { type: 'integer', minimum: 1 },
  cursado: { type: 'integer', minimum: 1 },
  cursadoId: { type: 'integer', minimum: 1 },
  /** La fecha de una instancia de avances: nunca toma un literal ('abiertas', 'cerrar'). */
  isoDate: { type: 'string', format: 'date' },
  medida: { type: 'integer', minimum: 1 },
  materia: { type: 'integer', minimum: 1 },
  cuatrimestre: { type: 'integer', minimum: 1, maximum: 2 },
  orden: { type: 'integer', minimum: 1 },
  ciclo: { type: 'integer', minimum: 2021 },
  anio: { type: 'integer', minimum: 2021 },
  cantidad: { type: 'number', minimum: 1 },
  rol: { type: 'integer', minimum: 1 },
  lineas: { type: 'integer', minimum: 1, maximum: 1000 },
};
function esquemaParametro(nombre: string) {
  return PARAMETROS_NUMERICOS[nombre] ?? { type: 'string' };
}

const error = { $ref: '#/components/schemas/Error' };
const conError = (description: string) => ({
  description,
  content: { 'application/json': { schema: error } },
});

function parametrosDeCamino(parametros: Record<string, string> | undefined) {
  return Object.entries(parametros ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: esquemaParametro(name),
  }));
}

const idOperacion = (r: { metodo: string; ruta: string }) =>
  `${r.metodo.toLowerCase()}_${r.ruta.replace(/\W+/g, '_')}`;

/** Un esquema sin ninguna restricción (`{}`): acepta cualquier valor. */
const esVacio = (x: unknown) =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 0;

/**
 * Lo que zod no puede representar (`z.custom`, la entrada de un `z.preprocess`) sale como `{}`;
 * dentro de un `anyOf`/`oneOf` esa alternativa ya acepta todo, así que la composición entera
 * equivale a `{}`: se quita (es el mismo esquema, sin el `anyOf` vacío que marcan los linters).
 */
export function simplificarEsquema(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(simplificarEsquema);
  if (typeof x !== 'object' || x === null) return x;
  const salida: Record<string, unknown> = {};
  for (const [clave, valor] of Object.entries(x)) {
    if ((clave === 'anyOf' || clave === 'oneOf') && Array.isArray(valor) && valor.some(esVacio))
      continue;
    salida[clave] = simplificarEsquema(valor);
  }
  return salida;
}

/** El esquema JSON de la entrada del procedimiento, o undefined si no tiene o no se puede. */
function esquemaDeEntrada(procedimiento: string): unknown {
  const proc = (
    appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>
  )[procedimiento];
  const esquema = proc?._def.inputs[0] as z.ZodType | undefined;
  try {
    return esquema
      ? simplificarEsquema(z.toJSONSchema(esquema, { io: 'input', unrepresentable: 'any' }))
      : undefined;
  } catch {
    return undefined;
  }
}

/** Un esquema zod de salida (`salida`, src/server/api/schemas.ts) en JSON Schema. */
const conFechas = {
  // Una fecha sale en JSON como texto ISO 8601 (Response.json).
  override: ({
    zodSchema,
    jsonSchema,
  }: {
    zodSchema: unknown;
    jsonSchema: Record<string, unknown>;
  }) => {
    if ((zodSchema as z.ZodType)._zod.def.type === 'date') {
      jsonSchema.type = 'string';
      jsonSchema.format = 'date-time';
    }
  },
};

/**
 * El esquema JSON de la respuesta del procedimiento (su `.output(salida(…))`): las fechas, texto
 * ISO 8601. Undefined si no declara salida.
 */
export function esquemaDeSalida(procedimiento: string): unknown {
  const proc = (
    appRouter._def.procedures as unknown as Record<
      string,
      { _def: { output?: { esquema?: z.ZodType } } }
    >
  )[procedimiento];
  const esquema = proc?._def.output?.esquema;
  return esquema
    ? simplificarEsquema(
        z.toJSONSchema(esquema, { io: 'output', unrepresentable: 'any', ...conFechas }),
      )
    : undefined;
}

/**
 * Una fila de la tabla. Todas llaman a `procedimiento` (trpc.ts), que exige sesión: heredan la
 * seguridad global del documento (sin sesión, 401).
 */
function operacionDeFila(r: RutaRest) {
  const jsonEsquema = esquemaDeEntrada(r.procedimiento);
  const respuesta = esquemaDeSalida(r.procedimiento);
  const parametros = parametrosDeCamino(r.parametros);
  const operacion: Record<string, unknown> = {
    summary: r.resumen,
    operationId: idOperacion(r),
    'x-procedimiento': r.procedimiento,
    parameters: parametros,
    responses: {
      200: {
        description: 'Respuesta en JSON.',
        ...(respuesta ? { content: { 'application/json': { schema: respuesta } } } : {}),
      },
      400: conError('Entrada inválida.'),
      401: conError('Sin sesión.'),
      403: conError('El rol activo no tiene permiso.'),
      404: conError('No encontrado.'),
      ...(r.metodo === 'GET'
        ? {}
        : {
            409: conError(
              'Conflicto: otra persona cambió o usa lo mismo (la planilla de asistencia y la de notas, que mandan `anterior`, no guardan nada; `detalle` trae lo guardado ahora cuando sirve para elegir).',
            ),
            412: conError('Fuera de plazo: período cerrado, fuera de fechas o ya publicado.'),
            413: conError('El cuerpo pasa el máximo de la ruta: se corta sin leerlo entero.'),
          }),
    },
  };
  if (jsonEsquema && r.metodo !== 'GET') {
    operacion.requestBody = {
      required: true,
      content: {
        'application/json': { schema: jsonEsquema },
        'application/x-www-form-urlencoded': { schema: jsonEsquema },
        'multipart/form-data': { schema: jsonEsquema },
      },
    };
  } else if (jsonEsquema && r.entrada === soloQuery) {
    operacion.parameters = [
      ...parametros,
      { name: 'q', in: 'query', schema: { type: 'string' }, description: 'Texto a buscar.' },
      {
        name: 'cursor',
        in: 'query',
        schema: { type: 'integer', minimum: 0 },
        description: 'Posición de la página.',
      },
      {
        name: 'limit',
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: 50 },
        description: 'Tamaño de página.',
      },
    ];
  }
  return operacion;
}

/** Una ruta con manejador propio: sus respuestas son las que declara; `anonima`, sin sesión. */
function operacionPropia(r: RutaPropia) {
  const responses = Object.fromEntries(
    Object.entries(r.respuestas).map(([estado, description]) => [
      estado,
      Number(estado) >= 400 ? conError(description) : { description },
    ]),
  );
  const consulta = Object.entries(r.consulta ?? {}).map(([name, description]) => ({
    name,
    in: 'query',
    required: true,
    schema: { type: 'string' },
    description,
  }));
  const campos = Object.entries(r.formulario ?? {});
  const formulario = campos.length
    ? {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: campos.filter(([, c]) => c.requerido).map(([n]) => n),
                properties: Object.fromEntries(
                  campos.map(([n, c]) => [
                    n,
                    {
                      type: 'string',
                      ...(c.archivo ? { format: 'binary' } : {}),
                      description: c.descripcion,
                    },
                  ]),
                ),
              },
            },
          },
        },
      }
    : {};
  return {
    summary: r.resumen,
    operationId: idOperacion(r),
    parameters: [...parametrosDeCamino(r.parametros), ...consulta],
    ...formulario,
    responses,
    ...(r.anonima ? { security: [] } : {}),
  };
}

/** El documento OpenAPI 3.1 del contrato, armado desde la tabla y los esquemas zod. */
export function documentoOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const agregar = (ruta: string, metodo: string, operacion: unknown) => {
    paths[ruta] = { ...(paths[ruta] ?? {}), [metodo.toLowerCase()]: operacion };
  };
  for (const r of RUTAS_REST) agregar(r.ruta, r.metodo, operacionDeFila(r));
  for (const r of RUTAS_PROPIAS) agregar(r.ruta, r.metodo, operacionPropia(r));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal escolar — contrato REST',
      version: '1.0.0',
      description:
        'Autenticación por la cookie de sesión de next-auth. Errores: { error: true, message }. ' +
        'Las rutas son las de la especificación; donde dos plantillas podrían tomar el mismo ' +
        'camino (/api/alumnos/datosinscripcion/{id} y /api/alumnos/{alumno}/editar), el ' +
        'segmento literal gana al parámetro, y un parámetro que es un orden sólo acepta enteros.',
    },
    // El mismo origen del portal: las rutas ya empiezan con /api.
    servers: [{ url: '/', description: 'El portal que sirve este documento.' }],
    security: [{ sesion: [] }, { sesionHttps: [] }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: {
            error: { type: 'boolean', const: true },
            message: { type: 'string', description: 'El motivo, en castellano.' },
            detalle: {
              description:
                'Sólo en algunos errores 4xx: los datos para resolverlos (p. ej. en un 409 de la planilla de asistencia, lo guardado ahora de cada alumno en conflicto).',
            },
          },
        },
      },
      securitySchemes: {
        sesion: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE_SESION,
          description: 'Cookie de sesión de next-auth (http, en desarrollo).',
        },
        sesionHttps: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE_SESION_HTTPS,
          description: 'Cookie de sesión de next-auth cuando el portal se sirve por https.',
        },
      },
    },
  };
}
