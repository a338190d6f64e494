/**
 * El registro de la aplicación (/root/log): los errores inesperados del servidor se escriben en la
 * base (tabla `registro`), así que cualquier instancia detrás del balanceador ve los de todas.
 * Nunca el cuerpo de la petición ni secretos: el nivel, el id de la petición, la ruta (la
 * plantilla o el procedimiento, sin los valores) y el mensaje del error, cortado.
 */
import { lt, sql } from 'drizzle-orm';
import type { Contexto } from '@/server/contexto';
import { registro } from '@/server/db/schema';

export const MAX_MENSAJE_REGISTRO = 2000;
/** Las líneas del registro se borran pasados estos días (al escribir una nueva): no crece sin fin. */
export const DIAS_CONSERVAR_REGISTRO = 90;

/** El id de la petición tal como se guarda: el de la cabecera sólo si es un id (no texto libre). */
export function idDePeticionSeguro(requestId: string | null | undefined): string | null {
  return requestId && /^[\w.:-]{1,100}$/.test(requestId) ? requestId : null;
}

/** El mensaje de un error para el registro: nombre y mensaje, con su causa, cortado. */
export function mensajeDeError(e: unknown): string {
  const partes: string[] = [];
  let x: unknown = e;
  for (let i = 0; i < 4 && x != null; i++) {
    if (x instanceof Error) partes.push(`${x.name}: ${x.message}`);
    else partes.push(String(x));
    x = x instanceof Error ? (x as { cause?: unknown }).cause : null;
  }
  const texto = partes.join(' ← ').replace(/\u0000/g, '');
  return texto.length > MAX_MENSAJE_REGISTRO
    ? `${texto.slice(0, MAX_MENSAJE_REGISTRO - 1)}…`
    : texto || 'Error sin mensaje';
}

/**
 * Escribe un error inesperado en el registro (y en la consola, como antes). Nunca falla: si la
 * base no responde (puede ser la causa del error), queda sólo la consola.
 */
export async function registrarError(
  ctx: Pick<Contexto, 'db' | 'requestId'>,
  { ruta, error }: { ruta: string | null; error: unknown },
): Promise<void> {
  console.error(`[${ctx.requestId}]`, error);
  try {
    await ctx.db.insert(registro).values({
      nivel: 'error',
      requestId: idDePeticionSeguro(ctx.requestId),
      ruta: ruta ? ruta.slice(0, 200) : null,
      mensaje: mensajeDeError(error),
    });
    await ctx.db
      .delete(registro)
      .where(
        lt(registro.cuando, sql`now() - ${sql.raw(`interval '${DIAS_CONSERVAR_REGISTRO} days'`)}`),
      );
  } catch (e) {
    console.error(`[${ctx.requestId}] no se pudo escribir el registro:`, e);
  }
}

/** Lo que Next cuenta de un error que no pudo atender (`onRequestError`, src/instrumentation.ts). */
export interface ErrorDeNext {
  /** 'render' (una página), 'action' (una acción de servidor), 'route' o 'proxy'. */
  tipo: string;
  /** La plantilla de la ruta (/legajo/[orden]), sin los valores. */
  ruta: string;
}

/**
 * Un error al mostrar una página o en una acción de servidor: Next lo atrapa (la persona ve
 * "Ocurrió un error inesperado… (código <digest>)") y avisa acá. Se escribe con ese código como id
 * de la petición, así quien mira /root/log encuentra el que le dictaron. Las rutas de la API no:
 * el REST y tRPC ya registran los suyos (con su id) y responden sin que Next vea el error.
 */
export async function registrarErrorDeNext(
  db: Contexto['db'],
  error: unknown,
  { tipo, ruta }: ErrorDeNext,
): Promise<void> {
  if (tipo !== 'render' && tipo !== 'action') return;
  const digest = (error as { digest?: unknown } | null)?.digest;
  await registrarError(
    { db, requestId: typeof digest === 'string' ? digest : '-' },
    { ruta: `${tipo === 'render' ? 'página' : 'acción'} ${ruta}`, error },
  );
}

/**
 * Anota en /root/log algo que quien administra debe saber al arrancar (nivel 'aviso'), como que
 * los avisos no salen por correo sin SMTP_URL.
 */
export async function registrarAviso(db: Contexto['db'], mensaje: string): Promise<void> {
  await db.insert(registro).values({
    nivel: 'aviso',
    requestId: null,
    ruta: null,
    mensaje: mensaje.slice(0, MAX_MENSAJE_REGISTRO),
  });
}
