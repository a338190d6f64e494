/**
 * Los códigos de vinculación de los alumnos (DESIGN §6 "Guardian links", issue 31 §1): uno por
 * alumno, al azar (`crypto.randomInt`, 50 bits), creado la primera vez que el personal lo
 * necesita (verlo o imprimirlo) o que una familia prueba un código para ese alumno. Los usan
 * alumnos (el personal lo ve, lo regenera, lo desbloquea, imprime los de un curso) y
 * `consultas/referentes` (el referente lo ingresa). El código nunca va a la auditoría.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, gt, gte, inArray, max, sql } from 'drizzle-orm';
import { generarCodigo } from '@/domain/vinculos';
import type { Contexto } from '@/server/contexto';
import { auditoria, codigosVinculacion, intentosVinculacion } from '@/server/db/schema';

/** Un código nuevo al azar (criptográfico). */
export const codigoAlAzar = () => generarCodigo(randomInt);

/**
 * Crea el código de los alumnos que todavía no tienen (`on conflict do nothing`: dos pedidos a
 * la vez dejan uno solo). Una choque de códigos (2⁻⁵⁰) se reintenta con otro.
 */
export async function asegurarCodigos(
  ctx: Pick<Contexto, 'db' | 'sesion'>,
  alumnoIds: readonly number[],
): Promise<number[]> {
  let faltan = [...new Set(alumnoIds)];
  const creados: number[] = [];
  for (let vuelta = 0; faltan.length && vuelta < 3; vuelta++) {
    const nuevos = await ctx.db
      .insert(codigosVinculacion)
      .values(
        faltan.map((alumnoId) => ({
          alumnoId,
          codigo: codigoAlAzar(),
          creadoPor: ctx.sesion?.usuario.id ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ alumno: codigosVinculacion.alumnoId });
    creados.push(...nuevos.map((n) => n.alumno));
    const ya = await ctx.db
      .select({ alumno: codigosVinculacion.alumnoId })
      .from(codigosVinculacion)
      .where(inArray(codigosVinculacion.alumnoId, faltan));
    const tienen = new Set(ya.map((y) => y.alumno));
    faltan = faltan.filter((a) => !tienen.has(a));
  }
  return creados;
}

/** El código de cada alumno pedido (los que lo tienen). */
export async function leerCodigos(ctx: Pick<Contexto, 'db'>, alumnoIds: readonly number[]) {
  if (!alumnoIds.length) return new Map<number, CodigoGuardado>();
  const filas = await ctx.db
    .select({
      alumno: codigosVinculacion.alumnoId,
      codigo: codigosVinculacion.codigo,
      creado: codigosVinculacion.creado,
      bloqueado: codigosVinculacion.bloqueado,
    })
    .from(codigosVinculacion)
    .where(inArray(codigosVinculacion.alumnoId, [...alumnoIds]));
  return new Map(filas.map((f) => [f.alumno, f]));
}
export interface CodigoGuardado {
  alumno: number;
  codigo: string;
  creado: Date;
  bloqueado: Date | null;
}

/**
 * Los códigos equivocados para el alumno que cuentan para su bloqueo: los de las últimas 24 h
 * contra el código vigente (después de creado) y después del último desbloqueo.
 */
export async function fallosDelAlumno(
  ctx: Pick<Contexto, 'db'>,
  alumno: number,
  creado: Date,
): Promise<number> {
  const [desbloqueo] = await ctx.db
    .select({ cuando: max(auditoria.cuando) })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.entidad, 'codigos_vinculacion'),
        eq(auditoria.entidadId, String(alumno)),
        eq(auditoria.accion, 'desbloquear'),
      ),
    );
  const [fila] = await ctx.db
    .select({ n: count() })
    .from(intentosVinculacion)
    .where(
      and(
        eq(intentosVinculacion.alumnoId, alumno),
        eq(intentosVinculacion.acierto, false),
        gt(intentosVinculacion.cuando, sql`now() - interval '1 day'`),
        gte(intentosVinculacion.cuando, creado),
        desbloqueo?.cuando ? gt(intentosVinculacion.cuando, desbloqueo.cuando) : undefined,
      ),
    );
  return fila?.n ?? 0;
}

/** Los códigos equivocados de la cuenta en las últimas 24 h (todos los alumnos). */
export async function fallosDeLaCuenta(ctx: Pick<Contexto, 'db'>, usuario: number) {
  const [fila] = await ctx.db
    .select({ n: count() })
    .from(intentosVinculacion)
    .where(
      and(
        eq(intentosVinculacion.usuarioId, usuario),
        eq(intentosVinculacion.acierto, false),
        gt(intentosVinculacion.cuando, sql`now() - interval '1 day'`),
      ),
    );
  return fila?.n ?? 0;
}
