/**
 * Las superposiciones de una mesa (issue 16, más allá de la spec): docentes de su tribunal en otra
 * mesa a la vez y alumnos anotados que rinden otra mesa o una PIC a esa hora.
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { nombreCompleto } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import { comienzoEnZona } from '@/domain/pics';
import { chocaConExamen, turnoDeExamen, ventanaDeChoque } from '@/domain/mesas';
import { fechaLegible } from '@/domain/texto';
import { examenesDeAlumnos } from '@/server/consultas/examenes';
import type { Ctx } from '@/server/contexto';
import { alumnos, mesas, mesasAlumnos, mesasTribunal, usuarios } from '@/server/db/schema';
import { exigir, mesaVisible, permisos } from './comun';

/**
 * Los avisos de superposición de la mesa a esa hora: docentes de su tribunal en otra mesa que
 * se superpone y alumnos anotados que rinden otra mesa o una PIC a la vez (la regla y los
 * exámenes de los alumnos, compartidos con las PIC: `ventanaDeChoque` y `examenesDeAlumnos`).
 */
export async function choquesDeMesa(
  ctx: Ctx,
  { id, comienzo }: { id: number | null; comienzo: Date },
) {
  const esta = turnoDeExamen('mesa', comienzo);
  const otraMesa = ventanaDeChoque(esta, 'mesa');
  const idMesa = id ?? 0;
  const anotados = await ctx.db
    .selectDistinct({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(mesasAlumnos)
    .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
    .where(eq(mesasAlumnos.mesaId, idMesa));
  const [tribunal, examenes] = await Promise.all([
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
          id == null ? undefined : ne(mesas.id, id),
          gt(mesas.comienzo, otraMesa.desde),
          lt(mesas.comienzo, otraMesa.hasta),
          sql`${mesasTribunal.docenteId} in (select docente_id from mesas_tribunal where mesa_id = ${idMesa})`,
        ),
      ),
    examenesDeAlumnos(ctx.db, {
      alumnos: anotados.map((a) => a.id),
      cuando: { chocanCon: esta },
      salvoMesa: id,
    }),
  ]);
  const nombreDe = new Map(anotados.map((a) => [a.id, nombreCompleto(a)]));
  // Un aviso por alumno y mesa (no uno por cada materia en que está anotado).
  const enMesas = [
    ...new Map(examenes.mesas.map((x) => [`${x.alumnoId}/${x.mesaId}`, x])).values(),
  ];
  const cuando = (d: Date) => {
    const f = comienzoEnZona(d, ctx.zona);
    return `${fechaLegible(f.fecha)}, ${f.hora}`;
  };
  return [
    ...tribunal
      .filter((t) => chocaConExamen(esta, 'mesa', t.comienzo))
      .map(
        (t) =>
          `${nombreCompleto(t)} está en el tribunal de otra mesa a esa hora (${t.instancia}, ${cuando(t.comienzo)}).`,
      ),
    ...enMesas
      .filter((a) => chocaConExamen(esta, 'mesa', a.comienzo))
      .map(
        (a) =>
          `${nombreDe.get(a.alumnoId)} rinde otra mesa a esa hora (${a.instancia}, ${cuando(a.comienzo)}).`,
      ),
    ...examenes.pics
      .filter((a) => chocaConExamen(esta, 'pic', a.comienzo))
      .map(
        (a) =>
          `${nombreDe.get(a.alumnoId)} rinde la PIC de ${a.materia} a esa hora (${cuando(a.comienzo)}).`,
      ),
  ];
}

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
