/**
 * Retirar los avisos de un hecho que se deshizo (issue 35): el alumno quitado de una mesa o de
 * una PIC, la mesa o la PIC borradas, la evaluación cancelada, el vínculo de un referente quitado
 * (o deshecho con la importación). Lo escribe el servicio del módulo en la MISMA transacción del
 * cambio (no por la cola): así ningún correo pendiente sale después del commit, por más que la
 * cola esté atrasada; el resumen y el correo en el momento bloquean los avisos 'pendiente' (`for
 * update`), de modo que o salieron antes del cambio o ya no los ven.
 *
 * La regla, aviso por aviso (todos los destinatarios de cada clave):
 * - sin leer y sin correo enviado: se borra (la campana deja de contarlo; nunca llegó a nadie);
 * - leído, o ya mandado por correo: queda, con el título «Ya no corresponde: …» y el motivo antes
 *   de lo que decía (como la inasistencia corregida después de avisada: quien ya lo supo se entera
 *   de que cambió). Si todavía esperaba el resumen, no sale (`correo` pasa a 'no'). No vuelve a
 *   'sin leer' ni manda otro correo: quien lo leyó lo ve corregido al volver a la lista, y uno
 *   enviado por correo y sin leer sigue en la campana, ya corregido.
 *
 * Si el hecho vuelve (el alumno anotado otra vez), su compositor escribe el aviso de nuevo con la
 * misma clave: el que quedó retirado recupera su texto, sin otro correo.
 */
import { sql } from 'drizzle-orm';
import type { DbOTx } from '@/server/db';
import { filasDe } from '@/server/db/sql';

/** El prefijo del título de un aviso retirado (la campana y /avisos lo muestran tal cual). */
export const YA_NO_CORRESPONDE = 'Ya no corresponde: ';

/** Los motivos que ve la familia (uno por causa). */
export const MOTIVO_RETIRO = {
  mesaQuitado: 'La escuela lo quitó de esa mesa de examen.',
  mesaBorrada: 'La mesa de examen se borró.',
  picQuitado: 'La escuela lo quitó de esa PIC.',
  picBorrada: 'La PIC se borró.',
  evaluacionCancelada: 'La evaluación se canceló.',
  vinculoQuitado: 'El vínculo de ese referente se quitó.',
} as const;

const textos = (xs: readonly string[]) => sql`${`{${xs.map((x) => `"${x}"`).join(',')}}`}::text[]`;

export interface Retiro {
  /** Los avisos borrados (sin leer, sin correo enviado). */
  borrados: number;
  /** Los que quedan con «Ya no corresponde» (leídos o ya enviados por correo). */
  corregidos: number;
}

/**
 * Retira los avisos de esas claves (de todos sus destinatarios) en la transacción `db` del cambio.
 * `ahora`: el instante del cambio (`ctx.ahora`).
 */
export async function retirarAvisos(
  db: DbOTx,
  claves: readonly string[],
  motivo: string,
  ahora: Date,
): Promise<Retiro> {
  if (!claves.length) return { borrados: 0, corregidos: 0 };
  const [r] = filasDe<{ borrados: number; corregidos: number }>(
    await db.execute(sql`
      with objetivo as (
        select id, (leido is null and correo <> 'enviado') as borrar from avisos
        where clave = any(${textos(claves)})
        order by id
        for update
      ), borrados as (
        delete from avisos a using objetivo o where a.id = o.id and o.borrar returning a.id
      ), corregidos as (
        update avisos a set
          titulo = case when a.titulo like ${`${YA_NO_CORRESPONDE}%`} then a.titulo
            else ${YA_NO_CORRESPONDE} || a.titulo end,
          texto = case when a.titulo like ${`${YA_NO_CORRESPONDE}%`} then a.texto
            else ${motivo} || ' Decía: ' || a.texto end,
          correo = case when a.correo = 'pendiente' then 'no' else a.correo end,
          actualizado = ${ahora.toISOString()}::timestamptz
        from objetivo o where a.id = o.id and not o.borrar
        returning a.id
      )
      select (select count(*)::int from borrados) as borrados,
        (select count(*)::int from corregidos) as corregidos`),
  );
  return { borrados: r?.borrados ?? 0, corregidos: r?.corregidos ?? 0 };
}

/** Las claves de los avisos de cada hecho (las mismas que usan sus compositores, ./eventos). */
export const claveAviso = {
  mesa: (alumno: number, mesa: number, materia: number) =>
    `mesa-inscripcion:${alumno}:${mesa}-${materia}`,
  pic: (alumno: number, pic: number) => `pic:${alumno}:${pic}`,
  evaluacion: (alumno: number, evaluacion: number) => `evaluacion:${alumno}:${evaluacion}`,
  vinculo: (alumno: number, referente: number) => `vinculo:${alumno}:${referente}`,
};
