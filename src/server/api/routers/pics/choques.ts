/**
 * Las superposiciones de una PIC (issue 16, más allá de la spec): sus alumnos que a esa hora
 * rinden otra PIC o una mesa.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MINUTOS_MESA, MINUTOS_PIC, seSuperponen } from '@/domain/mesas';
import { comienzoEnZona, type FechaHora, instanteDeComienzo, rindePorRegla } from '@/domain/pics';
import type { Ctx } from '@/server/contexto';
import { alumnosDePics, picsDeAlumnos } from '@/server/consultas/pics';
import { alumnos, mesas, mesasAlumnos, pics } from '@/server/db/schema';
import type { ClavePic } from './schemas';
import { materiaDelRol, inscriptosDeLaMateria, valorNota } from './comun';

/**
 * GET /api/pics/{y}/{a}/{b}/choques?comienzo=: los alumnos de la PIC (por la regla y los ajustes
 * si ya existe; por la regla si es nueva) que a esa fecha y hora rinden otra PIC o una mesa. El
 * formulario los muestra antes de guardar; no bloquean. Una PIC dura 90 minutos y una mesa 120
 * (`seSuperponen`, domain/mesas). Seis consultas, cualquiera sea la cantidad de alumnos.
 */
export async function choques(ctx: Ctx, d: ClavePic & { comienzo: FechaHora }) {
  await materiaDelRol(ctx, d.materia);
  const inicio = instanteDeComienzo(d.comienzo, ctx.zona);
  const [existente] = await ctx.db
    .select({
      id: pics.id,
      ciclolectivo: pics.ciclolectivo,
      materiaId: pics.materiaId,
      cuatrimestre: pics.cuatrimestre,
      cerrada: pics.cerrada,
    })
    .from(pics)
    .where(
      and(
        eq(pics.ciclolectivo, d.anio),
        eq(pics.materiaId, d.materia),
        eq(pics.cuatrimestre, d.cuatrimestre),
      ),
    );
  let ids: number[];
  if (existente) {
    ids = [...((await alumnosDePics(ctx.db, [existente])).alumnos.get(existente.id)?.keys() ?? [])];
  } else {
    const filas = await inscriptosDeLaMateria(ctx.db, {
      materiaId: d.materia,
      ciclolectivo: d.anio,
      cuatrimestre: d.cuatrimestre,
    });
    ids = [
      ...new Set(
        filas
          .filter((f) =>
            rindePorRegla(d.cuatrimestre, [{ modalidad: f.modalidad, valor: valorNota(f) }]),
          )
          .map((f) => f.alumnoId),
      ),
    ];
  }
  if (!ids.length) return { choques: [] as string[] };
  const corrido = (minutos: number) => new Date(inicio.getTime() + minutos * 60_000);
  const [otras, enMesas, nombres] = await Promise.all([
    picsDeAlumnos(ctx.db, {
      alumnos: ids,
      donde: and(
        sql`${pics.comienzo} > ${corrido(-MINUTOS_PIC).toISOString()}::timestamptz`,
        sql`${pics.comienzo} < ${corrido(MINUTOS_PIC).toISOString()}::timestamptz`,
        existente ? sql`${pics.id} <> ${existente.id}` : undefined,
      ),
    }),
    ctx.db
      .selectDistinct({
        alumno: mesasAlumnos.alumnoId,
        instancia: mesas.instancia,
        comienzo: mesas.comienzo,
      })
      .from(mesasAlumnos)
      .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
      .where(
        and(
          inArray(mesasAlumnos.alumnoId, ids),
          sql`${mesas.comienzo} > ${corrido(-MINUTOS_MESA).toISOString()}::timestamptz`,
          sql`${mesas.comienzo} < ${corrido(MINUTOS_PIC).toISOString()}::timestamptz`,
        ),
      ),
    ctx.db
      .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnos)
      .where(inArray(alumnos.id, ids)),
  ]);
  const nombre = new Map(nombres.map((a) => [a.id, `${a.apellido}, ${a.nombre}`]));
  const esta = { comienzo: inicio, minutos: MINUTOS_PIC };
  const cuando = (x: Date) => {
    const c = comienzoEnZona(x, ctx.zona);
    return `${c.fecha.split('-').reverse().join('/')}, ${c.hora}`;
  };
  return {
    choques: [
      ...otras
        .filter((o) => seSuperponen(esta, { comienzo: o.comienzo, minutos: MINUTOS_PIC }))
        .map(
          (o) =>
            `${nombre.get(o.alumnoId)} rinde la PIC de ${o.materia} a esa hora (${cuando(o.comienzo)}).`,
        ),
      ...enMesas
        .filter((m) => seSuperponen(esta, { comienzo: m.comienzo, minutos: MINUTOS_MESA }))
        .map(
          (m) =>
            `${nombre.get(m.alumno)} rinde una mesa a esa hora (${m.instancia}, ${cuando(m.comienzo)}).`,
        ),
    ],
  };
}
