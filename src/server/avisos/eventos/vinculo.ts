/**
 * Un referente nuevo vinculado a un hijo (issue 35 §3, seguridad): lo reciben los referentes que
 * YA tenían el vínculo confirmado con ese alumno antes que el nuevo (no el nuevo, ni los
 * confirmados en la misma operación o después, ni el alumno), con el nombre del nuevo: si no lo
 * reconocen, avisan a la escuela. Lee el estado actual: un vínculo quitado o todavía pendiente no
 * avisa. Una vez por alumno y referente nuevo: `vinculo:<alumno>:<referente>`.
 */
import { sql } from 'drizzle-orm';
import { nombreCompleto } from '@/domain/escuela';
import { enteros } from '@/server/db/sql';
import { claveAviso } from '../retirar';
import { destinatarios, nombreEnAviso } from '../destinatarios';
import type { AvisoNuevo, Compositor } from '../tipos';
import { filas } from './escolares';

export interface EventoVinculo {
  tipo: 'vinculo';
  /** Los vínculos confirmados en el cambio (uno, o los de una operación del personal). */
  vinculos: { alumno: number; referente: number }[];
}

interface FilaVinculo {
  alumno: number;
  referente: number;
  usuario: number;
  apellido: string;
  nombre: string;
}

export const componerVinculo: Compositor<EventoVinculo> = async (ctx, e) => {
  if (!e.vinculos.length) return { avisos: [] };
  // Cada vínculo nuevo (confirmado) con cada referente con usuario confirmado antes que él.
  const lista = await filas<FilaVinculo>(
    ctx.db,
    sql`select ar.alumno_id as alumno, ar.referente_id as referente, r2.usuario_id as usuario,
        nuevo.apellido, nuevo.nombre
      from alumnos_referentes ar
      join referentes nuevo on nuevo.id = ar.referente_id
      join alumnos_referentes ar2 on ar2.alumno_id = ar.alumno_id
        and ar2.referente_id <> ar.referente_id and ar2.confirmado
        and (ar2.confirmado_en is null or ar.confirmado_en is null
          or ar2.confirmado_en < ar.confirmado_en)
      join referentes r2 on r2.id = ar2.referente_id and r2.usuario_id is not null
        and r2.usuario_id is distinct from nuevo.usuario_id
      where ar.confirmado and (ar.alumno_id, ar.referente_id) in (
        select * from unnest(${enteros(e.vinculos.map((v) => v.alumno))},
          ${enteros(e.vinculos.map((v) => v.referente))}))
      order by ar.alumno_id, ar.referente_id, r2.usuario_id`,
  );
  if (!lista.length) return { avisos: [] };
  const alumnos = await destinatarios(
    ctx,
    lista.map((f) => f.alumno),
  );
  const avisos: AvisoNuevo[] = [];
  for (const f of lista) {
    const alumno = alumnos.get(f.alumno)?.alumno;
    if (!alumno) continue;
    avisos.push({
      usuario: f.usuario,
      alumno: f.alumno,
      categoria: 'vinculo',
      clave: claveAviso.vinculo(f.alumno, f.referente),
      titulo: 'Nuevo referente vinculado',
      texto:
        `${nombreCompleto(f)} quedó vinculado como referente de ${nombreEnAviso(alumno)}. ` +
        'Si no lo reconoce, comuníquese con la escuela.',
      enlace: '/inscripcion',
    });
  }
  return { avisos };
};
