/**
 * El registro de envíos (issue 35 §5) para /root/log: cada correo de `avisos_envios`, el más nuevo
 * primero, con su estado (pendiente, enviado, fallido o rebotado con el motivo) y si la persona ya
 * leyó en el portal lo que llevaba; de a 50, filtrado por estado. Cada fila dice cuántas veces
 * rebotó esa dirección en los últimos REBOTES_DIAS días: desde REBOTES_AVISO, el personal la ve
 * marcada (conviene pedirle a la familia otra dirección). Sólo Admin con el dispositivo de
 * administración, como el resto de /root/log.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '@/server/contexto';
import { filasDe } from '@/server/db/sql';
import type { Envios } from './schemas';

export const TAMANIO_PAGINA_ENVIOS = 50;
/** Una dirección que rebotó tantas veces en tantos días se marca en el registro. */
export const REBOTES_AVISO = 3;
export const REBOTES_DIAS = 30;

interface FilaEnvio {
  id: number;
  creado: Date;
  enviado: Date | null;
  email: string;
  destinatario: string | null;
  tipo: 'inmediato' | 'resumen' | 'comunicado';
  categoria: string | null;
  asunto: string;
  estado: 'pendiente' | 'enviado' | 'fallido' | 'rebotado';
  motivo: string | null;
  intentos: number;
  leido: boolean;
  rebotes: number;
}

export async function envios(ctx: Ctx, { estado, posicion }: Envios) {
  const desde = new Date(ctx.ahora.getTime() - REBOTES_DIAS * 86_400_000).toISOString();
  const filas = filasDe<FilaEnvio>(
    await ctx.db.execute(sql`
      select e.id, e.creado, e.enviado, e.email,
        u.apellido || ', ' || u.nombre as destinatario,
        e.tipo, e.categoria, e.asunto, e.estado, e.motivo, e.intentos,
        exists (select 1 from avisos a where a.envio_id = e.id and a.leido is not null) as leido,
        (select count(*) from avisos_envios r
          where r.estado = 'rebotado' and r.email = e.email
            and r.rebotado > ${desde}::timestamptz)::int as rebotes
      from avisos_envios e left join usuarios u on u.id = e.usuario_id
      where ${estado} = 'todos' or e.estado = ${estado}
      order by e.creado desc, e.id desc
      limit ${TAMANIO_PAGINA_ENVIOS + 1} offset ${posicion}`),
  );
  const hayMas = filas.length > TAMANIO_PAGINA_ENVIOS;
  return {
    items: filas.slice(0, TAMANIO_PAGINA_ENVIOS).map((f) => ({
      id: Number(f.id),
      creado: new Date(f.creado),
      enviado: f.enviado ? new Date(f.enviado) : null,
      email: f.email,
      destinatario: f.destinatario,
      tipo: f.tipo,
      categoria: f.categoria,
      asunto: f.asunto,
      estado: f.estado,
      motivo: f.motivo,
      intentos: Number(f.intentos),
      leido: !!f.leido,
      /** Los rebotes de esta dirección en los últimos REBOTES_DIAS días. */
      rebotes: Number(f.rebotes),
      muchosRebotes: Number(f.rebotes) >= REBOTES_AVISO,
    })),
    siguiente: hayMas ? posicion + TAMANIO_PAGINA_ENVIOS : null,
  };
}
