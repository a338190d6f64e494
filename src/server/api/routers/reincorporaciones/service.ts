/**
 * Reincorporaciones (spec 02 §2 /reincorporaciones, §4, §5, §8): restituyen inasistencias a
 * un alumno; suben el límite de 'Condición libre' y 'Cerca de condición libre' (spec 01 §9).
 */
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { ERROR_REINCORPORAR, totalReincorporaciones } from '@/domain/asistencias';
import { PUBLICO } from '@/domain/roles';
import { alumnos, reincorporaciones } from '@/server/db/schema';
import { alumnoPropioOHijo, alumnoVisible, alumnosVisibles, dentroDe } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { cicloDe, legajo } from '@/server/consultas/asistencias';
import type { Reincorporar } from './schemas';

/** Sin alumno, el personal ve las últimas del año dentro de su alcance (a lo sumo tantas). */
export const MAXIMO_LISTA_ESCUELA = 200;

const columnas = {
  orden: reincorporaciones.id,
  fecha: reincorporaciones.fecha,
  cantidad: reincorporaciones.cantidad,
  alumno: { orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre },
};

/**
 * Las reincorporaciones de un año (por defecto el ciclo elegido), más nueva primero: las de un
 * alumno (el pedido si el personal lo ve; el propio o un hijo para Alumno y Referente) con su
 * total, o, para el personal sin alumno, las últimas de la escuela dentro de su alcance.
 */
export async function listar(ctx: Ctx, p: { alumno?: number; anio?: number }) {
  const { db, sesion } = ctx;
  const anio = p.anio ?? ctx.ciclo;
  const delAnio = and(
    gte(reincorporaciones.fecha, `${anio}-01-01`),
    lte(reincorporaciones.fecha, `${anio}-12-31`),
  );
  let alumnoId: number | undefined = p.alumno;
  if ((PUBLICO as readonly number[]).includes(sesion.rol))
    alumnoId = await alumnoPropioOHijo(ctx, p.alumno);
  else if (alumnoId !== undefined) await alumnoVisible(ctx, { alumno: alumnoId });

  const base = db
    .select(columnas)
    .from(reincorporaciones)
    .innerJoin(alumnos, eq(alumnos.id, reincorporaciones.alumnoId));
  if (alumnoId === undefined) {
    const items = await base
      .where(and(delAnio, dentroDe(reincorporaciones.alumnoId, alumnosVisibles(ctx))))
      .orderBy(desc(reincorporaciones.fecha), desc(reincorporaciones.id))
      .limit(MAXIMO_LISTA_ESCUELA);
    return { anio, alumno: null, items, total: null };
  }
  const items = await base
    .where(and(delAnio, eq(reincorporaciones.alumnoId, alumnoId)))
    .orderBy(desc(reincorporaciones.fecha), desc(reincorporaciones.id));
  const [alumno] = items.length
    ? [items[0]!.alumno]
    : await db.select(columnas.alumno).from(alumnos).where(eq(alumnos.id, alumnoId));
  if (!alumno) throw new TRPCError({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
  return { anio, alumno, items, total: totalReincorporaciones(items) };
}

/**
 * Reincorpora `cantidad` inasistencias al alumno con fecha de hoy, auditado. Devuelve la
 * reincorporación y el nuevo pie de asistencias del año (total, estado).
 */
export async function reincorporar(ctx: Ctx, datos: Reincorporar) {
  const { hoy, sesion } = ctx;
  const nueva = await transaccion(ctx, async (tx) => {
    await alumnoVisible(tx, {
      alumno: datos.alumno,
      mensajes: {
        inexistente: `${ERROR_REINCORPORAR}: el alumno no existe.`,
        ajeno: `${ERROR_REINCORPORAR}: el alumno no está entre los suyos.`,
      },
    });
    const [r] = await tx.db
      .insert(reincorporaciones)
      .values({
        alumnoId: datos.alumno,
        fecha: hoy,
        cantidad: datos.cantidad,
        creadoPor: sesion.usuario.id,
      })
      .returning({
        orden: reincorporaciones.id,
        alumno: reincorporaciones.alumnoId,
        fecha: reincorporaciones.fecha,
        cantidad: reincorporaciones.cantidad,
      });
    await auditar(tx, {
      accion: 'crear',
      entidad: 'reincorporaciones',
      entidadId: r!.orden,
      despues: r,
    });
    return r!;
  });
  // El pie de la pantalla del personal: con las entradas de hoy (CorteAsistencia 'hoy').
  const { resumenConHoy } = await legajo(ctx, { alumno: datos.alumno, anio: cicloDe(hoy) });
  return { reincorporacion: nueva, resumen: resumenConHoy };
}
