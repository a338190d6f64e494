import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { cicloLectivoActual, hoyEscolar } from '@/domain/escuela';
import { mensajeDeValidacion } from './schemas';
import type { RolBit } from '@/domain/roles';
import type { Db } from '@/server/db';
import type { Sesion } from '@/server/auth/sesion';
import { AUTENTICADO, PROCEDIMIENTOS, puedeLlamar } from '@/server/permisos';

export interface Contexto {
  db: Db;
  sesion: Sesion | null;
  /** Ciclo lectivo elegido en el selector (estado compartido). */
  ciclo: number;
  /** Hijo elegido por el referente en el selector de alumno, si hay. */
  hijo: number | null;
  /** El día escolar de la petición ('AAAA-MM-DD', zona de la escuela); las pruebas lo fijan. */
  hoy: string;
  ip: string | null;
  requestId: string;
}

export function crearContexto(
  parcial: Partial<Contexto> & Pick<Contexto, 'db' | 'sesion'>,
): Contexto {
  return {
    ciclo: cicloLectivoActual(),
    hijo: null,
    hoy: hoyEscolar(),
    ip: null,
    requestId: crypto.randomUUID(),
    ...parcial,
  };
}

export const MENSAJE_ERROR_INTERNO = 'Ocurrió un error inesperado. Intente nuevamente.';

const t = initTRPC.context<Contexto>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    let message = shape.message;
    if (zod) message = mensajeDeValidacion(zod);
    else if (error.code === 'INTERNAL_SERVER_ERROR') {
      console.error(`[${ctx?.requestId ?? '-'}]`, error.cause ?? error);
      message = `${MENSAJE_ERROR_INTERNO} (código ${ctx?.requestId ?? '-'})`;
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined } };
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
  if (!puedeLlamar(path, ctx.sesion.rol))
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
  return next({ ctx: { ...ctx, sesion: ctx.sesion } });
});

export type ContextoConSesion = Contexto & { sesion: Sesion };

export function rolActivo(ctx: ContextoConSesion): RolBit {
  return ctx.sesion.rol;
}

export { AUTENTICADO, PROCEDIMIENTOS };
