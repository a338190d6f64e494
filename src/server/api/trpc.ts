import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { mensajeDeValidacion } from './schemas';
import type { Contexto } from '@/server/contexto';
import { AUTENTICADO, PROCEDIMIENTOS, PUBLICO, puedeLlamar } from '@/server/permisos';
import { detalleDe } from '@/server/errores';
import { registrarError } from '@/server/registro';

export const MENSAJE_ERROR_INTERNO = 'Ocurrió un error inesperado. Intente nuevamente.';

/**
 * Los errores del transporte de tRPC (no de un procedimiento: ruta inexistente, método o lote
 * inválido, JSON ilegible) traen mensajes en inglés; el cliente los ve en castellano. Los de los
 * procedimientos ya están en castellano y no se tocan.
 */
const MENSAJES_TRANSPORTE: readonly [RegExp, string][] = [
  [/^No procedure found on path/, 'No existe ese procedimiento.'],
  [/^Unsupported \w+-request to/, 'Método no permitido para este procedimiento.'],
  [/^Method override is not supported/, 'Método no permitido para este procedimiento.'],
  [/^Only POST requests are supported/, 'Método no permitido para este tipo de contenido.'],
  [/^Not JSON-parsable query params/, 'La entrada no es JSON válido.'],
  // Un cuerpo vacío o mal formado (también el de un lote con un procedimiento sin permiso, que
  // llega sin cuerpo: src/server/api/trpc-http.ts); "Invalid input" si la causa no es un Error.
  [
    /^(Unexpected (end of JSON input|token)|Invalid input$)|is not valid JSON/,
    'La entrada no es JSON válido.',
  ],
  [
    /^(Cannot mix procedure types|Batch call exceeds|Batching is not enabled|Streaming requests must be batched|Cannot batch)/,
    'El lote de llamadas no es válido.',
  ],
  [/^Invalid URL/, 'La dirección no es válida.'],
];
const POR_CODIGO: Partial<Record<string, string>> = {
  PARSE_ERROR: 'La entrada no es JSON válido.',
  METHOD_NOT_SUPPORTED: 'Método no permitido para este procedimiento.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido.',
};
/** El mensaje en castellano de un error del transporte de tRPC, o null si no es uno de ellos. */
export function mensajeDeTransporte(code: string, message: string): string | null {
  return MENSAJES_TRANSPORTE.find(([re]) => re.test(message))?.[1] ?? POR_CODIGO[code] ?? null;
}

const t = initTRPC.context<Contexto>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx, path }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const transporte = zod ? null : mensajeDeTransporte(error.code, error.message);
    let message = shape.message;
    if (zod) message = mensajeDeValidacion(zod);
    else if (transporte) message = transporte;
    else if (error.code === 'INTERNAL_SERVER_ERROR') {
      // En la consola y en el registro de /root/log (si hay contexto: la base de la petición).
      if (ctx)
        void registrarError(ctx, {
          ruta: path ? `trpc ${path}` : 'trpc',
          error: error.cause ?? error,
        });
      else console.error('[-]', error.cause ?? error);
      message = `${MENSAJE_ERROR_INTERNO} (código ${ctx?.requestId ?? '-'})`;
    }
    // Los datos para el cliente de un error 4xx (`errorConDetalle`, p. ej. un conflicto).
    const detalle = error.code === 'INTERNAL_SERVER_ERROR' ? undefined : detalleDe(error);
    return {
      ...shape,
      message,
      data: { ...shape.data, stack: undefined, ...(detalle === undefined ? {} : { detalle }) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const NO_AUTENTICADO = 'Debe iniciar sesión.';
export const NO_AUTORIZADO = 'No tiene permiso para esta acción.';

/**
 * El único constructor de procedimientos: exige sesión y consulta la tabla de acceso
 * (`permisos.ts`) por la ruta del procedimiento. Un procedimiento que no está en la
 * tabla queda prohibido para todos.
 */
export const procedimiento = t.procedure.use(({ ctx, path, next }) => {
  if (!ctx.sesion) throw new TRPCError({ code: 'UNAUTHORIZED', message: NO_AUTENTICADO });
  if (!puedeLlamar(path, ctx.sesion.rol, ctx.dispositivoAdmin))
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
  return next({ ctx: { ...ctx, sesion: ctx.sesion } });
});

/**
 * Sin sesión, sólo para lo que la tabla marca PUBLICO (el .ics del calendario personal, que trae
 * su secreto en la entrada). Cualquier otra ruta construida con él queda prohibida.
 */
export const procedimientoPublico = t.procedure.use(({ path, next }) => {
  if (PROCEDIMIENTOS[path] !== PUBLICO)
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
  return next();
});

export { AUTENTICADO, PROCEDIMIENTOS, PUBLICO };
export { crearContexto, type Contexto, type Ctx } from '@/server/contexto';
