/**
 * Los comunicados del lado de quien los recibe (issue 35 §4): el referente y el alumno ven sólo los
 * dirigidos a ellos (comunicado_destinatarios); abrirlo lo marca leído (y su aviso de la campana);
 * si lo pide, confirman la lectura. El adjunto: sólo sus destinatarios, su autor y quienes ven
 * todos los comunicados (Regente, Alumnado, Admin).
 */
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import {
  claveComunicado,
  COMUNICADO_INEXISTENTE,
  NO_REQUIERE_CONFIRMACION,
  SIN_ADJUNTO,
  VEN_TODOS_LOS_COMUNICADOS,
} from '@/domain/comunicados';
import { Rol } from '@/domain/roles';
import type { Ctx } from '@/server/contexto';
import { archivos, comunicadoDestinatarios, comunicados } from '@/server/db/schema';
import { filasDe } from '@/server/db/sql';
import type { DeComunicado } from './schemas';

const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

interface FilaMia {
  id: number;
  titulo: string;
  creado: Date;
  editado: Date | null;
  requiere_confirmacion: boolean;
  adjunto: boolean;
  alumnos: string[];
  leido: Date | null;
  confirmado: Date | null;
}

const seleccion = (usuario: number) => sql`
  select c.id, c.titulo, c.texto, c.creado, c.editado, c.requiere_confirmacion,
    c.adjunto_id is not null as adjunto,
    array_agg(distinct a.apellido || ', ' || a.nombre) as alumnos,
    l.leido, l.confirmado
  from comunicados c
  join comunicado_destinatarios d on d.comunicado_id = c.id and d.usuario_id = ${usuario}
  join alumnos a on a.id = d.alumno_id
  left join comunicado_lecturas l on l.comunicado_id = c.id and l.usuario_id = ${usuario}`;

const aSalida = (f: FilaMia) => ({
  id: Number(f.id),
  titulo: f.titulo,
  creado: new Date(f.creado),
  editado: f.editado ? new Date(f.editado) : null,
  requiereConfirmacion: f.requiere_confirmacion,
  adjunto: f.adjunto,
  alumnos: [...(f.alumnos ?? [])].sort(),
  leido: f.leido ? new Date(f.leido) : null,
  confirmado: f.confirmado ? new Date(f.confirmado) : null,
});

/** Los comunicados dirigidos a quien inició sesión, los más nuevos primero. */
export async function mios(ctx: Ctx) {
  const filas = filasDe<FilaMia>(
    await ctx.db.execute(sql`${seleccion(ctx.sesion.usuario.id)}
      group by c.id, l.leido, l.confirmado
      order by c.creado desc, c.id desc
      limit 200`),
  );
  return filas.map(aSalida);
}

/** Un comunicado dirigido a quien inició sesión (404 si no lo es). */
async function unoMio(ctx: Ctx, id: number) {
  const [f] = filasDe<FilaMia & { texto: string }>(
    await ctx.db.execute(sql`${seleccion(ctx.sesion.usuario.id)}
      where c.id = ${id}
      group by c.id, l.leido, l.confirmado`),
  );
  if (!f) throw falla('NOT_FOUND', COMUNICADO_INEXISTENTE);
  return { ...aSalida(f), texto: f.texto };
}

/**
 * Abre un comunicado: lo marca leído (la primera vez) y también su aviso de la campana; devuelve
 * el detalle.
 */
export async function abrir(ctx: Ctx, { id }: DeComunicado) {
  await unoMio(ctx, id);
  const usuario = ctx.sesion.usuario.id;
  await ctx.db.execute(sql`
    insert into comunicado_lecturas (comunicado_id, usuario_id, leido)
    values (${id}, ${usuario}, ${ctx.ahora.toISOString()}::timestamptz) on conflict do nothing`);
  await ctx.db.execute(sql`
    update avisos set leido = ${ctx.ahora.toISOString()}::timestamptz
    where usuario_id = ${usuario} and clave = ${claveComunicado(id)} and leido is null`);
  return unoMio(ctx, id);
}

/** "Confirmo la lectura": sólo si el comunicado lo pide; la primera confirmación queda. */
export async function confirmar(ctx: Ctx, { id }: DeComunicado) {
  const c = await unoMio(ctx, id);
  if (!c.requiereConfirmacion) throw falla('BAD_REQUEST', NO_REQUIERE_CONFIRMACION);
  await ctx.db.execute(sql`
    insert into comunicado_lecturas (comunicado_id, usuario_id, leido, confirmado)
    values (${id}, ${ctx.sesion.usuario.id}, ${ctx.ahora.toISOString()}::timestamptz, ${ctx.ahora.toISOString()}::timestamptz)
    on conflict (comunicado_id, usuario_id)
    do update set confirmado = coalesce(comunicado_lecturas.confirmado, excluded.confirmado)`);
  return unoMio(ctx, id);
}

/** GET /api/comunicados/{id}/adjunto: el archivo, para quien puede ver el comunicado. */
export async function adjunto(ctx: Ctx, { id }: DeComunicado) {
  const { rol, usuario } = ctx.sesion;
  const [c] = await ctx.db
    .select({ autorId: comunicados.autorId, adjuntoId: comunicados.adjuntoId })
    .from(comunicados)
    .where(eq(comunicados.id, id));
  let puede = false;
  if (c && (rol === Rol.Alumno || rol === Rol.ReferenteParental)) {
    const [d] = await ctx.db
      .select({ u: comunicadoDestinatarios.usuarioId })
      .from(comunicadoDestinatarios)
      .where(
        and(
          eq(comunicadoDestinatarios.comunicadoId, id),
          eq(comunicadoDestinatarios.usuarioId, usuario.id),
        ),
      )
      .limit(1);
    puede = !!d;
  } else if (c) puede = c.autorId === usuario.id || VEN_TODOS_LOS_COMUNICADOS.includes(rol);
  if (!puede) throw falla('NOT_FOUND', COMUNICADO_INEXISTENTE);
  if (!c!.adjuntoId) throw falla('NOT_FOUND', SIN_ADJUNTO);
  const [a] = await ctx.db
    .select({ nombre: archivos.nombre, tipo: archivos.tipo, datos: archivos.datos })
    .from(archivos)
    .where(eq(archivos.id, c!.adjuntoId));
  if (!a) throw falla('NOT_FOUND', SIN_ADJUNTO);
  return a;
}
