/**
 * Las superposiciones de una mesa (issue 16, más allá de la spec): docentes de su tribunal en otra
 * mesa a la vez y alumnos anotados que rinden otra mesa o una PIC a esa hora.
 */
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { nombreCompleto } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import { comienzoEnZona } from '@/domain/pics';
import { MINUTOS_MESA, MINUTOS_PIC, seSuperponen } from '@/domain/mesas';
import { fechaLegible } from '@/domain/texto';
import { picsDeAlumnos } from '@/server/consultas/pics';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { alumnos, mesas, mesasAlumnos, mesasTribunal, pics, usuarios } from '@/server/db/schema';
import { entre, exigir, mesaVisible, permisos, ventana } from './comun';

/**
 * Los avisos de superposición de la mesa a esa hora: docentes de su tribunal en otra mesa que
 * se superpone y alumnos anotados que rinden otra mesa o una PIC a la vez. Tres consultas.
 */
export async function choquesDeMesa(
  ctx: Ctx,
  { id, comienzo }: { id: number | null; comienzo: Date },
) {
  const otraMesa = id == null ? sql`true` : ne(mesas.id, id);
  const [desde, hasta] = ventana(comienzo, MINUTOS_MESA, MINUTOS_MESA);
  const [desdePic, hastaPic] = ventana(comienzo, MINUTOS_PIC, MINUTOS_MESA);
  const idMesa = id ?? 0;
  const anotados = await ctx.db
    .selectDistinct({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(mesasAlumnos)
    .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
    .where(eq(mesasAlumnos.mesaId, idMesa));
  const ids = anotados.map((a) => a.id);
  const [tribunal, alumnosEnMesas, enPics] = await Promise.all([
    ctx.db
      .select({
        apellido: usuarios.apellido,
        nombre: usuarios.nombre,
        comienzo: mesas.comienzo,
        instancia: mesas.instancia,
      })
      .from(mesasTribunal)
      .innerJoin(mesas, eq(mesas.id, mesasTribunal.mesaId))
      .innerJoin(usuarios, eq(usuarios.id, mesasTribunal.docenteId))
      .where(
        and(
          otraMesa,
          entre(desde, hasta),
          sql`${mesasTribunal.docenteId} in (select docente_id from mesas_tribunal where mesa_id = ${idMesa})`,
        ),
      ),
    ctx.db
      .selectDistinct({
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        comienzo: mesas.comienzo,
        instancia: mesas.instancia,
      })
      .from(mesasAlumnos)
      .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
      .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
      .where(
        and(
          otraMesa,
          entre(desde, hasta),
          ids.length ? inArray(mesasAlumnos.alumnoId, ids) : sql`false`,
        ),
      ),
    picsEntre(ctx.db, ids, desdePic, hastaPic),
  ]);
  const nombreDe = new Map(anotados.map((a) => [a.id, nombreCompleto(a)]));
  // La ventana de SQL ya filtra; `seSuperponen` es la regla (un turno empieza antes de que
  // termine el otro), la misma que prueban las tablas de domain/mesas.
  const esta = { comienzo, minutos: MINUTOS_MESA };
  const chocaMesa = (x: { comienzo: Date }) =>
    seSuperponen(esta, { comienzo: x.comienzo, minutos: MINUTOS_MESA });
  const chocaPic = (x: { comienzo: Date }) =>
    seSuperponen(esta, { comienzo: x.comienzo, minutos: MINUTOS_PIC });
  const cuando = (d: Date) => {
    const f = comienzoEnZona(d, ctx.zona);
    return `${fechaLegible(f.fecha)}, ${f.hora}`;
  };
  return [
    ...tribunal
      .filter(chocaMesa)
      .map(
        (t) =>
          `${nombreCompleto(t)} está en el tribunal de otra mesa a esa hora (${t.instancia}, ${cuando(t.comienzo)}).`,
      ),
    ...alumnosEnMesas
      .filter(chocaMesa)
      .map(
        (a) =>
          `${nombreCompleto(a)} rinde otra mesa a esa hora (${a.instancia}, ${cuando(a.comienzo)}).`,
      ),
    ...enPics
      .filter(chocaPic)
      .map(
        (a) =>
          `${nombreDe.get(a.alumnoId)} rinde la PIC de ${a.materia} a esa hora (${cuando(a.comienzo)}).`,
      ),
  ];
}

/** Las PIC que empiezan en [desde, hasta) de esos alumnos (la regla, en consultas/pics). */
export const picsEntre = (db: DbOTx, ids: readonly number[], desde: Date, hasta: Date) =>
  picsDeAlumnos(db, {
    alumnos: ids,
    donde: and(gte(pics.comienzo, desde), lt(pics.comienzo, hasta)),
  });

/**
 * GET /api/mesas/choques: los avisos de superposición si la mesa fuera a esa fecha y hora (el
 * formulario los muestra antes de guardar). Sin id (mesa nueva), no hay tribunal ni alumnos.
 */
export async function choques(ctx: Ctx, d: { id?: number; fecha: string; hora: string }) {
  const p = permisos(ctx);
  exigir(p.formulario != null);
  if (d.id != null) await mesaVisible(ctx, d.id);
  return {
    choques: await choquesDeMesa(ctx, {
      id: d.id ?? null,
      comienzo: instanteEnZona(d.fecha, d.hora, ctx.zona),
    }),
  };
}
