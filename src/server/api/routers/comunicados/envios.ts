/**
 * El registro de envíos (issue 35 §5) para /root/log: cada correo de `avisos_envios`, el más nuevo
 * primero, con su estado (pendiente, enviado, fallido con el motivo) y si la persona ya leyó en el
 * portal lo que llevaba; de a 50, filtrado por estado. Sólo Admin con el dispositivo de
 * administración, como el resto de /root/log.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '@/server/contexto';
import { filasDe } from '@/server/db/sql';
import type { Envios } from './schemas';

export const TAMANIO_PAGINA_ENVIOS = 50;

interface FilaEnvio {
  id: number;
  creado: Date;
  enviado: Date | null;
  email: string;
  destinatario: string | null;
  tipo: 'inmediato' | 'resumen' | 'comunicado';
  categoria: string | null;
  asunto: string;
  estado: 'pendiente' | 'enviado' | 'fallido';
  motivo: string | null;
  intentos: number;
  leido: boolean;
}

export async function envios(ctx: Ctx, { estado, posicion }: Envios) {
  const filas = filasDe<FilaEnvio>(
    await ctx.db.execute(sql`
      select e.id, e.creado, e.enviado, e.email,
        u.apellido || ', ' || u.nombre as destinatario,
        e.tipo, e.categoria, e.asunto, e.estado, e.motivo, e.intentos,
        exists (select 1 from avisos a where a.envio_id = e.id and a.leido is not null) as leido
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
    })),
    siguiente: hayMas ? posicion + TAMANIO_PAGINA_ENVIOS : null,
  };
}
