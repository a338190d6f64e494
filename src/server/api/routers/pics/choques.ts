/**
 * Las superposiciones de una PIC (issue 16, más allá de la spec): sus alumnos que a esa hora
 * rinden otra PIC o una mesa.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { chocaConExamen, turnoDeExamen } from '@/domain/mesas';
import { comienzoEnZona, type FechaHora, instanteDeComienzo, rindePorRegla } from '@/domain/pics';
import { fechaLegible } from '@/domain/texto';
import type { Ctx } from '@/server/contexto';
import { examenesDeAlumnos } from '@/server/consultas/examenes';
import { alumnosDePics } from '@/server/consultas/pics';
import { alumnos, pics } from '@/server/db/schema';
import type { ClavePic } from './schemas';
import { materiaDelRol, inscriptosDeLaMateria, valorNota } from './comun';

/**
 * GET /api/pics/{y}/{a}/{b}/choques?comienzo=: los alumnos de la PIC (por la regla y los ajustes
 * si ya existe; por la regla si es nueva) que a esa fecha y hora rinden otra PIC o una mesa. El
 * formulario los muestra antes de guardar; no bloquean. Una PIC dura 90 minutos y una mesa 120:
 * la regla es la de las mesas (`ventanaDeChoque`, domain/mesas) y los exámenes de los alumnos,
 * `consultas/examenes`. Un número fijo de consultas, cualquiera sea la cantidad de alumnos.
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
  const esta = turnoDeExamen('pic', inicio);
  const [examenes, nombres] = await Promise.all([
    examenesDeAlumnos(ctx.db, {
      alumnos: ids,
      cuando: { chocanCon: esta },
      salvoPic: existente?.id,
    }),
    ctx.db
      .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnos)
      .where(inArray(alumnos.id, ids)),
  ]);
  const nombre = new Map(nombres.map((a) => [a.id, `${a.apellido}, ${a.nombre}`]));
  // Un aviso por alumno, instancia y comienzo (no uno por cada materia de la mesa).
  const enMesas = [
    ...new Map(
      examenes.mesas.map((m) => [`${m.alumnoId}/${m.instancia}/${m.comienzo.getTime()}`, m]),
    ).values(),
  ];
  const cuando = (x: Date) => {
    const c = comienzoEnZona(x, ctx.zona);
    return `${fechaLegible(c.fecha)}, ${c.hora}`;
  };
  return {
    choques: [
      ...examenes.pics
        .filter((o) => chocaConExamen(esta, 'pic', o.comienzo))
        .map(
          (o) =>
            `${nombre.get(o.alumnoId)} rinde la PIC de ${o.materia} a esa hora (${cuando(o.comienzo)}).`,
        ),
      ...enMesas
        .filter((m) => chocaConExamen(esta, 'mesa', m.comienzo))
        .map(
          (m) =>
            `${nombre.get(m.alumnoId)} rinde una mesa a esa hora (${m.instancia}, ${cuando(m.comienzo)}).`,
        ),
    ],
  };
}
