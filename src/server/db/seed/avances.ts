/**
 * Avances de demostración (issue 15): en cada instancia del calendario cuyo cierre ya pasó, una
 * planilla por cursado del ciclo, casi todas cerradas (una de cada diez quedó abierta, para el
 * aviso "quedó abierta"), con dificultades en uno de cada cinco alumnos y alguna observación. En
 * una instancia en curso, las planillas todavía no existen: los docentes las completan. Todo en
 * SQL y determinístico (sale de los ids, no del azar): los mismos `{ ciclo, hoy }`, los mismos
 * avances.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { instanciasDeAvances } from '@/domain/avances';
import type { DbOTx } from '../index';
import * as s from '../schema';

const OBSERVACIONES = [
  'Debe el trabajo práctico de la unidad 2.',
  'Necesita reforzar los temas de la última evaluación.',
  'Participa poco en clase; se conversó con el alumno.',
  'Entregó tarde los trabajos; mejorar la organización.',
];

export async function sembrarAvances(tx: DbOTx, { ciclo, hoy }: { ciclo: number; hoy: string }) {
  const fechas = await tx
    .select({ fecha: s.calendario.fecha, tipo: s.calendario.tipo, area: s.calendario.area })
    .from(s.calendario)
    .where(
      and(
        eq(s.calendario.area, 'avance'),
        gte(s.calendario.fecha, `${ciclo}-01-01`),
        lte(s.calendario.fecha, `${ciclo}-12-31`),
      ),
    );
  const pasadas = instanciasDeAvances(fechas as Parameters<typeof instanciasDeAvances>[0]).filter(
    (i) => i.fecha < hoy,
  );
  for (const i of pasadas) {
    await tx.execute(sql`
      insert into avances_planillas (cursado_id, fecha, cerrada, cerrada_en)
      select c.id, ${i.fecha}::date, c.id % 10 <> 3,
             case when c.id % 10 <> 3 then (${i.fecha}::date + time '18:00') at time zone 'UTC' end
      from cursados c where c.ciclolectivo = ${ciclo}`);
    await tx.execute(sql`
      insert into avances (planilla_id, alumno_id, tipos, observaciones, actualizado)
      select p.id, i.alumno_id,
             case when (i.alumno_id * 31 + p.cursado_id * 17 + ${i.numero}) % 5 = 0
                  then 1 + (i.alumno_id + p.cursado_id) % 7 else 0 end,
             case when (i.alumno_id * 31 + p.cursado_id * 17 + ${i.numero}) % 5 = 0
                       and (i.alumno_id + p.cursado_id) % 2 = 0
                  then (${sql.raw(`array[${OBSERVACIONES.map((o) => `'${o.replace(/'/g, "''")}'`).join(', ')}]`)})[1 + (i.alumno_id + p.cursado_id) % ${OBSERVACIONES.length}]
             end,
             (${i.fecha}::date + time '17:00') at time zone 'UTC'
      from avances_planillas p
      join inscripciones i on i.cursado_id = p.cursado_id
      where p.fecha = ${i.fecha}::date`);
  }
}
