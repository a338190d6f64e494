/**
 * La planilla de asistencia sin conexión (issue 36), del lado del servidor: el envío idempotente
 * (`asistencias_envios`, un id por cambio elegido por el teléfono) y la verificación de lo que
 * mostraba la pantalla (`anterior`) antes de guardar. Las dos corren dentro de la transacción de
 * `guardarPlanilla` (service.ts): si algo falla, no queda ni el envío ni el cambio.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ENVIO_DE_OTRA_PERSONA,
  mensajeConflictoPlanilla,
  mismasEntradas,
  type ConflictoDeAlumno,
  type DetalleConflictoPlanilla,
} from '@/domain/asistencias-conflictos';
import type { Ctx } from '@/server/contexto';
import { enteros } from '@/server/db/sql';
import { alumnos, asistencias, asistenciasEnvios } from '@/server/db/schema';
import { errorConDetalle } from '@/server/errores';
import type { GuardarPlanilla } from './schemas';

/**
 * Registra el envío (issue 36) en la transacción del guardado: `true` si es nuevo; `false` si ese
 * id ya se aplicó (un reenvío de la cola: no se aplica nada otra vez). Con `on conflict do
 * nothing`, un reenvío simultáneo espera a que termine la transacción del primero: si el primero
 * se guardó, éste no inserta nada y lo encuentra; si se revirtió, éste es el nuevo. Nunca una
 * violación del índice único (un 500). El id de otro usuario: FORBIDDEN, sin decir nada más.
 */
export async function registrarEnvio(
  ctx: Ctx,
  envio: { id: string; autor: number },
  p: { curso: number; fecha: string; turno: string },
): Promise<boolean> {
  const usuarioId = ctx.sesion.usuario.id;
  const [nuevo] = await ctx.db
    .insert(asistenciasEnvios)
    .values({
      id: envio.id,
      usuarioId,
      cursoId: p.curso,
      fecha: p.fecha,
      turno: p.turno,
      creadoEn: ctx.ahora,
    })
    .onConflictDoNothing({ target: asistenciasEnvios.id })
    .returning({ id: asistenciasEnvios.id });
  if (nuevo) return true;
  const [previo] = await ctx.db
    .select()
    .from(asistenciasEnvios)
    .where(eq(asistenciasEnvios.id, envio.id));
  if (previo?.usuarioId !== usuarioId)
    throw new TRPCError({ code: 'FORBIDDEN', message: ENVIO_DE_OTRA_PERSONA });
  if (previo.cursoId !== p.curso || previo.fecha !== p.fecha || previo.turno !== p.turno)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Ese envío ya se usó para otra planilla: cada cambio lleva un id nuevo.',
    });
  return false;
}

/**
 * Los alumnos que mandan `anterior` (issue 36): si lo que mostraba la pantalla ya no es lo
 * guardado de ese día y turno (otra persona marcó, cambió o borró algo mientras tanto), CONFLICT
 * con los alumnos en el mensaje y, en el detalle del error, lo guardado ahora de cada uno: no se
 * guarda nada de ningún alumno. Las filas de esos alumnos se bloquean (`for no key update`, en
 * orden) hasta el final de la transacción: dos guardados con `anterior` del mismo alumno van de a
 * uno, y el segundo compara con lo que guardó el primero. No frena las claves foráneas.
 */
export async function verificarAnteriores(ctx: Ctx, datos: GuardarPlanilla) {
  const conAnterior = datos.alumnos.filter((a) => a.anterior !== undefined);
  if (!conAnterior.length) return;
  const ids = conAnterior.map((a) => a.alumno);
  const bloqueados = await ctx.db
    .select({ alumno: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(sql`${alumnos.id} = any(${enteros(ids)})`)
    .orderBy(asc(alumnos.id))
    .for('no key update');
  const guardadas = await ctx.db
    .select({
      alumno: asistencias.alumnoId,
      orden: asistencias.id,
      tipo: asistencias.tipo,
      circunstancia: asistencias.circunstancia,
      justificada: asistencias.justificada,
      justificacion: asistencias.justificacion,
    })
    .from(asistencias)
    .where(
      and(
        sql`${asistencias.alumnoId} = any(${enteros(ids)})`,
        eq(asistencias.fecha, datos.fecha),
        eq(asistencias.turno, datos.turno),
      ),
    )
    .orderBy(asc(asistencias.id));
  const actualesDe = (alumno: number) =>
    guardadas.filter((g) => g.alumno === alumno).map(({ alumno: _a, ...e }) => e);
  const persona = new Map(bloqueados.map((b) => [b.alumno, b]));
  const enConflicto: ConflictoDeAlumno[] = conAnterior
    .filter((a) => !mismasEntradas(a.anterior!, actualesDe(a.alumno)))
    .map((a) => ({ ...persona.get(a.alumno)!, actuales: actualesDe(a.alumno) }))
    .sort(
      (a, b) =>
        a.apellido.localeCompare(b.apellido, 'es') || a.nombre.localeCompare(b.nombre, 'es'),
    );
  if (!enConflicto.length) return;
  const detalle: DetalleConflictoPlanilla = {
    tipo: 'conflicto-asistencias',
    curso: datos.curso,
    fecha: datos.fecha,
    turno: datos.turno,
    alumnos: enConflicto,
  };
  throw errorConDetalle('CONFLICT', mensajeConflictoPlanilla(enConflicto), detalle);
}
