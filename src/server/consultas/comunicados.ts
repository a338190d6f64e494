/**
 * Los destinatarios de un comunicado (issue 35 §4), fijados al publicarlo: de cada alumno
 * habilitado de la audiencia (`alumnos`: una subconsulta de ids), sus referentes confirmados con
 * usuario y el usuario del propio alumno. La usan la publicación (routers/comunicados) y la
 * siembra de demostración. Devuelve cuántas filas agregó.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOTx } from '@/server/db';
import { filasDe } from '@/server/db/sql';

export async function fijarDestinatarios(
  db: DbOTx,
  comunicado: number,
  alumnos: SQL,
): Promise<number> {
  const [f] = filasDe<{ n: number }>(
    await db.execute(sql`
      with al as (${alumnos}),
      nuevos as (
        insert into comunicado_destinatarios (comunicado_id, usuario_id, alumno_id, tipo)
        select distinct ${comunicado}::int, r.usuario_id, a.id, 'referente'
        from al join alumnos a on a.id = al.id and a.habilitado
        join alumnos_referentes ar on ar.alumno_id = a.id and ar.confirmado
        join referentes r on r.id = ar.referente_id and r.usuario_id is not null
        union
        select distinct ${comunicado}::int, a.usuario_id, a.id, 'alumno'
        from al join alumnos a on a.id = al.id and a.habilitado and a.usuario_id is not null
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from nuevos`),
  );
  return Number(f?.n ?? 0);
}
