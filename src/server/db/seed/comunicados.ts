/**
 * El comunicado de demostración (issue 35 §4): la Regencia escribe al curso del primer hijo de
 * referente.demo, pidiendo confirmación de lectura. Sus destinatarios (referentes confirmados con
 * usuario y alumnos con usuario) y el aviso de la campana de cada uno; una de cada tres familias
 * ya lo leyó y la mitad de ésas lo confirmó. referente.demo todavía no lo abrió. Determinística:
 * sale de los ids.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { claveComunicado, enlaceComunicado } from '@/domain/comunicados';
import { Rol } from '@/domain/roles';
import { fijarDestinatarios } from '@/server/consultas/comunicados';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';

export const TITULO_COMUNICADO_DEMO = 'Reunión de familias del curso';

export async function sembrarComunicados(
  tx: DbOTx,
  { ciclo, ahora }: { ciclo: number; ahora: Date },
): Promise<void> {
  const usuario = async (email: string) =>
    (await tx.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, email)))[0]
      ?.id;
  const regente = await usuario(EMAIL_DEMO.regente);
  const referente = await usuario(EMAIL_DEMO.referente);
  if (!regente || !referente) return;
  const [hijo] = await tx
    .select({ curso: s.alumnosCursos.cursoId })
    .from(s.referentes)
    .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
    .innerJoin(s.alumnosCursos, eq(s.alumnosCursos.alumnoId, s.alumnosReferentes.alumnoId))
    .where(
      sql`${s.referentes.usuarioId} = ${referente} and ${s.alumnosCursos.ciclolectivo} = ${ciclo}`,
    )
    .orderBy(asc(s.alumnosReferentes.alumnoId))
    .limit(1);
  if (!hijo) return;
  const creado = new Date(ahora.getTime() - 2 * 24 * 3600 * 1000);
  const [c] = await tx
    .insert(s.comunicados)
    .values({
      titulo: TITULO_COMUNICADO_DEMO,
      texto:
        'Las familias del curso están invitadas a la reunión del viernes a las 18 en el salón de actos.\nTemas: el cierre del año, las mesas de diciembre y el viaje de estudios.\nPor favor, confirmen que leyeron este comunicado.',
      autorId: regente,
      autorRol: Rol.Regente,
      ciclolectivo: ciclo,
      audiencia: 'curso',
      cursoId: hijo.curso,
      requiereConfirmacion: true,
      creado,
    })
    .returning({ id: s.comunicados.id });
  const id = c!.id;
  await fijarDestinatarios(
    tx,
    id,
    sql`select ac.alumno_id as id from alumnos_cursos ac
      where ac.ciclolectivo = ${ciclo} and ac.curso_id = ${hijo.curso}`,
  );
  // El aviso de la campana de cada destinatario (como lo compone el trabajador).
  await tx.execute(sql`
    insert into avisos (usuario_id, alumno_id, categoria, clave, titulo, texto, enlace, creado, actualizado)
    select distinct on (d.usuario_id) d.usuario_id, a.id, 'comunicado', ${claveComunicado(id)},
      ${`Comunicado: ${TITULO_COMUNICADO_DEMO}`},
      a.apellido || ', ' || a.nombre || ': la escuela publicó «' || ${TITULO_COMUNICADO_DEMO} || '». Pide confirmar la lectura.',
      ${enlaceComunicado(id)}, ${creado.toISOString()}::timestamptz, ${creado.toISOString()}::timestamptz
    from comunicado_destinatarios d join alumnos a on a.id = d.alumno_id
    where d.comunicado_id = ${id}
    order by d.usuario_id, a.id
    on conflict do nothing`);
  // Una de cada tres familias ya lo leyó; la mitad de ésas, confirmó (referente.demo, no).
  await tx.execute(sql`
    insert into comunicado_lecturas (comunicado_id, usuario_id, leido, confirmado)
    select ${id}::int, d.usuario_id, ${ahora.toISOString()}::timestamptz,
      case when d.usuario_id % 2 = 0 then ${ahora.toISOString()}::timestamptz end
    from (select distinct usuario_id from comunicado_destinatarios
      where comunicado_id = ${id} and tipo = 'referente' and usuario_id <> ${referente}) d
    where d.usuario_id % 3 = 0`);
}
