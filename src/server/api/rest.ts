/**
 * El contrato REST externo (DESIGN §5): cada ruta es una línea de esta tabla que
 * llama al mismo procedimiento tRPC que las pantallas. No hay una segunda
 * implementación: sólo se traduce la petición a la entrada del procedimiento y el
 * error a un estado HTTP con `{ error: true, message }`.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z, ZodError } from 'zod';
import { appRouter, createCaller } from './root';
import { MENSAJE_ERROR_INTERNO, type Contexto } from './trpc';
import { mensajeDeValidacion } from './schemas';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RutaRest {
  metodo: Metodo;
  /** Ruta con parámetros entre llaves: '/api/cursos_preceptor/{id}'. */
  ruta: string;
  procedimiento: string;
  resumen: string;
  /** Arma la entrada del procedimiento; por defecto: parámetros + query (GET) o cuerpo. */
  entrada?: (p: { params: Record<string, string>; query: Record<string, string>; cuerpo: unknown }) => unknown;
  parametros?: Record<string, string>;
}

const soloQuery = ({ query }: { query: Record<string, string> }) => (Object.keys(query).length ? query : undefined);
const nada = () => undefined;

export const RUTAS_REST: readonly RutaRest[] = [
  { metodo: 'GET', ruta: '/api/login/status', procedimiento: 'sesion.estado', resumen: 'Usuario de la sesión, roles (rls) y rol activo (rol).', entrada: nada },
  { metodo: 'GET', ruta: '/api/permissions', procedimiento: 'sesion.permisos', resumen: 'Módulos que puede abrir el rol activo.', entrada: nada },
  { metodo: 'GET', ruta: '/api/sysconfig', procedimiento: 'sesion.sysconfig', resumen: 'Catálogo de módulos del sistema.', entrada: nada },
  { metodo: 'GET', ruta: '/api/configuration', procedimiento: 'sesion.configuracion', resumen: 'Configuración de la escuela y ciclos lectivos.', entrada: nada },
  { metodo: 'GET', ruta: '/api/usuario', procedimiento: 'usuarios.yo', resumen: 'Datos del usuario de la sesión.', entrada: nada },
  { metodo: 'GET', ruta: '/api/usuarios', procedimiento: 'usuarios.listar', resumen: 'Usuarios (búsqueda q, paginado con cursor y limit ≤ 50).', entrada: soloQuery },
  { metodo: 'POST', ruta: '/api/save/usuario', procedimiento: 'usuarios.guardar', resumen: 'Crea (sin orden) o modifica un usuario.', entrada: ({ cuerpo }) => cuerpo },
  { metodo: 'GET', ruta: '/api/cursos', procedimiento: 'cursos.listar', resumen: 'Todos los cursos.', entrada: nada },
  { metodo: 'GET', ruta: '/api/departamentos', procedimiento: 'departamentos.listar', resumen: 'Departamentos.', entrada: nada },
  { metodo: 'GET', ruta: '/api/cursos_preceptor', procedimiento: 'cursos.delPreceptor', resumen: 'Cursos del preceptor de la sesión.', entrada: () => ({}) },
  {
    metodo: 'GET',
    ruta: '/api/cursos_preceptor/{id}',
    procedimiento: 'cursos.delPreceptor',
    resumen: 'Cursos de un preceptor (un preceptor sólo puede pedir los suyos).',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Orden (id) del usuario preceptor.' },
  },
  { metodo: 'GET', ruta: '/api/cursos_departamento', procedimiento: 'cursos.delDepartamento', resumen: 'Cursos con cursados del departamento del jefe, en el ciclo elegido.', entrada: nada },
  { metodo: 'GET', ruta: '/api/cursos_coordinador', procedimiento: 'cursos.delCoordinador', resumen: 'Cursos con cursados de las materias del coordinador, en el ciclo elegido.', entrada: nada },
];

function patron(ruta: string): RegExp {
  return new RegExp('^' + ruta.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)') + '$');
}
const compiladas = RUTAS_REST.map((r) => ({ ...r, re: patron(r.ruta) }));

export function encontrarRuta(metodo: string, camino: string) {
  const delCamino = compiladas.filter((r) => r.re.test(camino));
  const ruta = delCamino.find((r) => r.metodo === metodo);
  if (!ruta) return { ruta: undefined, metodoNoPermitido: delCamino.length > 0 };
  const params = Object.fromEntries(
    Object.entries(camino.match(ruta.re)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
  );
  return { ruta, params, metodoNoPermitido: false };
}

export function errorJson(status: number, message: string) {
  return Response.json({ error: true, message }, { status });
}

/** Llama al procedimiento por su ruta con el contexto de la petición. */
export async function llamar(ctx: Contexto, procedimiento: string, entrada: unknown): Promise<unknown> {
  let nodo: unknown = createCaller(ctx);
  for (const parte of procedimiento.split('.')) nodo = (nodo as Record<string, unknown>)[parte];
  return (nodo as (x: unknown) => Promise<unknown>)(entrada);
}

export function respuestaDeError(e: unknown, requestId: string): Response {
  if (e instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(e);
    if (e.cause instanceof ZodError) return errorJson(400, mensajeDeValidacion(e.cause));
    if (status >= 500) {
      console.error(`[${requestId}]`, e.cause ?? e);
      return errorJson(500, `${MENSAJE_ERROR_INTERNO} (código ${requestId})`);
    }
    return errorJson(status, e.message);
  }
  console.error(`[${requestId}]`, e);
  return errorJson(500, `${MENSAJE_ERROR_INTERNO} (código ${requestId})`);
}

/** El documento OpenAPI 3.1 del contrato, armado desde la tabla y los esquemas zod. */
export function documentoOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { $ref: '#/components/schemas/Error' };
  for (const r of RUTAS_REST) {
    const proc = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>)[r.procedimiento];
    const esquema = proc?._def.inputs[0] as z.ZodType | undefined;
    let jsonEsquema: unknown;
    try {
      jsonEsquema = esquema ? z.toJSONSchema(esquema, { io: 'input', unrepresentable: 'any' }) : undefined;
    } catch {
      jsonEsquema = undefined;
    }
    const parametros = Object.entries(r.parametros ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'integer' },
    }));
    const operacion: Record<string, unknown> = {
      summary: r.resumen,
      operationId: `${r.metodo.toLowerCase()}_${r.ruta.replace(/\W+/g, '_')}`,
      'x-procedimiento': r.procedimiento,
      parameters: parametros,
      responses: {
        200: { description: 'Respuesta en JSON.' },
        400: { description: 'Entrada inválida.', content: { 'application/json': { schema: error } } },
        401: { description: 'Sin sesión.', content: { 'application/json': { schema: error } } },
        403: { description: 'El rol activo no tiene permiso.', content: { 'application/json': { schema: error } } },
        404: { description: 'No encontrado.', content: { 'application/json': { schema: error } } },
      },
    };
    if (jsonEsquema && r.metodo !== 'GET') {
      operacion.requestBody = {
        required: true,
        content: {
          'application/json': { schema: jsonEsquema },
          'application/x-www-form-urlencoded': { schema: jsonEsquema },
        },
      };
    } else if (jsonEsquema && r.entrada === soloQuery) {
      operacion.parameters = [
        ...parametros,
        { name: 'q', in: 'query', schema: { type: 'string' }, description: 'Texto a buscar.' },
        { name: 'cursor', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'Posición de la página.' },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 }, description: 'Tamaño de página.' },
      ];
    }
    paths[r.ruta] = { ...(paths[r.ruta] ?? {}), [r.metodo.toLowerCase()]: operacion };
  }
  paths['/api/logout'] = {
    get: { summary: 'Cierra la sesión y redirige a /login.', responses: { 303: { description: 'Redirección a /login.' } } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Portal escolar — contrato REST', version: '1.0.0', description: 'Autenticación por la cookie de sesión de next-auth. Errores: { error: true, message }.' },
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'boolean', const: true }, message: { type: 'string' } },
        },
      },
    },
  };
}
