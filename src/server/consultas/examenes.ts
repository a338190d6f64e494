/**
 * Los exámenes de estos alumnos (issue 16): las mesas en que están anotados (`mesas_alumnos`) y
 * sus PIC (por la regla o a mano, `consultas/pics`). Lo leen las superposiciones de mesas y de
 * PIC (los que chocan con un turno, la regla de `domain/mesas`) y las evaluaciones (las próximas
 * de un alumno y el calendario personal: un rango de fechas). Cuatro consultas, cualquiera sea
 * la cantidad de alumnos.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ventanaDeChoque, type TipoExamen, type Turno } from '@/domain/mesas';
import type { DbOTx } from '@/server/db';
import { materias, mesas, mesasAlumnos, pics } from '@/server/db/schema';
import { picsDeAlumnos, type PicDeAlumno } from './pics';

/** Una mesa de un alumno: una fila por materia en que está anotado. */
export interface MesaDeAlumno {
  mesaId: number;
  alumnoId: number;
  materiaId: number;
  materia: string;
  instancia: string;
  comienzo: Date;
  aula: string | null;
  /** Cuándo cambió su fila del acta (el DTSTAMP del .ics). */
  marca: Date;
}

/**
 * Qué exámenes: los que empiezan en [desde, hasta] (sin `hasta`, desde en adelante), o los que
 * chocan con un turno (`ventanaDeChoque`: la mesa o la PIC que se está programando).
 */
export type CuandoExamen = { desde: Date; hasta?: Date } | { chocanCon: Turno };

function condicion(comienzo: AnyPgColumn, cuando: CuandoExamen, tipo: TipoExamen): SQL {
  if ('chocanCon' in cuando) {
    const v = ventanaDeChoque(cuando.chocanCon, tipo);
    return and(gt(comienzo, v.desde), lt(comienzo, v.hasta))!;
  }
  return and(gte(comienzo, cuando.desde), cuando.hasta ? lte(comienzo, cuando.hasta) : undefined)!;
}

/**
 * Las mesas y las PIC de estos alumnos en ese momento, sin la mesa `salvoMesa` ni la PIC
 * `salvoPic` (la que se está programando). Las mesas, por comienzo; las PIC, como las da
 * `picsDeAlumnos`.
 */
export async function examenesDeAlumnos(
  db: DbOTx,
  p: {
    alumnos: readonly number[];
    cuando: CuandoExamen;
    salvoMesa?: number | null;
    salvoPic?: number | null;
  },
): Promise<{ mesas: MesaDeAlumno[]; pics: PicDeAlumno[] }> {
  if (!p.alumnos.length) return { mesas: [], pics: [] };
  const [deMesas, dePics] = await Promise.all([
    db
      .select({
        mesaId: mesas.id,
        alumnoId: mesasAlumnos.alumnoId,
        materiaId: mesasAlumnos.materiaId,
        materia: materias.nombre,
        instancia: mesas.instancia,
        comienzo: mesas.comienzo,
        aula: mesas.aula,
        marca: mesasAlumnos.modificado,
      })
      .from(mesasAlumnos)
      .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
      .innerJoin(materias, eq(materias.id, mesasAlumnos.materiaId))
      .where(
        and(
          inArray(mesasAlumnos.alumnoId, [...p.alumnos]),
          condicion(mesas.comienzo, p.cuando, 'mesa'),
          p.salvoMesa != null ? ne(mesas.id, p.salvoMesa) : undefined,
        ),
      )
      .orderBy(asc(mesas.comienzo), asc(mesas.id), asc(mesasAlumnos.alumnoId)),
    picsDeAlumnos(db, {
      alumnos: p.alumnos,
      donde: and(
        condicion(pics.comienzo, p.cuando, 'pic'),
        p.salvoPic != null ? ne(pics.id, p.salvoPic) : undefined,
      ),
    }),
  ]);
  return { mesas: deMesas, pics: dePics };
}
