/**
 * Componer un hecho (issue 35 §1–§3): el compositor del tipo lee el estado actual y arma los
 * avisos; acá se guardan (uno por persona y clave: un reintento o dos trabajadores no duplican
 * nada, y un hecho que cambió —una justificación— actualiza el texto sin mandar otro correo) y se
 * decide el correo de cada aviso nuevo según las preferencias de la persona. Todo en una
 * transacción: si algo falla, el trabajo se reintenta desde cero.
 */
import { sql } from 'drizzle-orm';
import { modoDe, type Categoria, type Modo } from '@/domain/avisos';
import { Rol, tieneRol } from '@/domain/roles';
import { transaccion } from '@/server/errores';
import { encolar, encolarCorreo } from './cola';
import { COMPOSITORES, type Evento } from './eventos';
import type { AvisoNuevo, Compositor, CtxTrabajo } from './tipos';

/**
 * Cuánto espera el correo "en el momento" para juntar los avisos de hermanos (los de un mismo
 * guardado llegan juntos; los de cursos distintos, si se guardaron casi a la vez). Corto: el aviso
 * de una inasistencia debe llegar en menos de un minuto pasada la espera de la planilla.
 */
export const ESPERA_PARA_JUNTAR = 20;

export interface ResultadoEvento {
  /** Si el hecho todavía no se compone (la espera de la planilla): dentro de cuántos segundos. */
  reintentarEn?: number;
  nuevos: number;
  actualizados: number;
  correos: number;
}

export async function procesarEvento(ctx: CtxTrabajo, evento: Evento): Promise<ResultadoEvento> {
  const compositor = (COMPOSITORES as Record<string, Compositor<Evento> | undefined>)[
    (evento as { tipo: string }).tipo
  ];
  if (!compositor) throw new Error(`Hecho desconocido: ${JSON.stringify(evento)}`);
  return transaccion(ctx, async (c) => {
    const r = await compositor(c, evento);
    if ('reintentarEn' in r) {
      await encolar(c.db, evento, { despuesDe: Math.max(1, Math.ceil(r.reintentarEn)) });
      return { reintentarEn: r.reintentarEn, nuevos: 0, actualizados: 0, correos: 0 };
    }
    return guardarAvisos(c, r.avisos);
  });
}

interface Guardado {
  id: number;
  usuario_id: number;
  categoria: Categoria;
  nuevo: boolean;
  email: string;
  rls: number;
  habilitado: boolean;
  modos: Partial<Record<Categoria, Modo>> | null;
}

/**
 * Inserta o actualiza los avisos en una sentencia (cuantos sean) y, para los nuevos de quien recibe
 * correos (un referente habilitado), los marca 'pendiente' o 'no' según su preferencia y encola el
 * correo "en el momento" de cada persona y categoría (uno por día: la clave del envío).
 */
export async function guardarAvisos(ctx: CtxTrabajo, avisos: AvisoNuevo[]) {
  const resultado = { nuevos: 0, actualizados: 0, correos: 0 };
  if (!avisos.length) return resultado;
  const filas = avisos.map((a) => ({
    usuario_id: a.usuario,
    alumno_id: a.alumno,
    categoria: a.categoria,
    clave: a.clave,
    titulo: a.titulo,
    texto: a.texto,
    enlace: a.enlace,
  }));
  const guardados = (await ctx.db.execute(sql`
    with entrada as (
      select * from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) as x(
        usuario_id int, alumno_id int, categoria text, clave text, titulo text, texto text, enlace text)
    ), escritos as (
      insert into avisos (usuario_id, alumno_id, categoria, clave, titulo, texto, enlace, creado, actualizado)
      select usuario_id, alumno_id, categoria, clave, titulo, texto, enlace,
        ${ctx.ahora.toISOString()}::timestamptz, ${ctx.ahora.toISOString()}::timestamptz
      from entrada
      on conflict (usuario_id, clave) do update
        set titulo = excluded.titulo, texto = excluded.texto, enlace = excluded.enlace,
            actualizado = excluded.actualizado
        where (avisos.titulo, avisos.texto, avisos.enlace)
          is distinct from (excluded.titulo, excluded.texto, excluded.enlace)
      returning id, usuario_id, categoria, (xmax = 0) as nuevo
    )
    select e.id, e.usuario_id, e.categoria, e.nuevo, u.email, u.rls, u.habilitado,
      (select jsonb_object_agg(p.categoria, p.modo) from avisos_preferencias p
        where p.usuario_id = e.usuario_id) as modos
    from escritos e join usuarios u on u.id = e.usuario_id
  `)) as unknown as Guardado[] | { rows: Guardado[] };
  const lista = Array.isArray(guardados) ? guardados : guardados.rows;
  const pendientes: number[] = [];
  const correos = new Map<string, { usuario: number; categoria: Categoria }>();
  for (const g of lista) {
    if (!g.nuevo) {
      resultado.actualizados++;
      continue;
    }
    resultado.nuevos++;
    const recibe = g.habilitado && !!g.email && tieneRol(g.rls, Rol.ReferenteParental);
    const modo = recibe ? modoDe(g.modos ?? {}, g.categoria) : 'no';
    if (modo === 'no') continue;
    pendientes.push(g.id);
    if (modo === 'inmediato')
      correos.set(`${g.usuario_id}:${g.categoria}`, {
        usuario: g.usuario_id,
        categoria: g.categoria,
      });
  }
  if (pendientes.length)
    await ctx.db.execute(
      sql`update avisos set correo = 'pendiente' where id = any(${`{${pendientes.join(',')}}`}::int[])`,
    );
  for (const c of correos.values())
    await encolarCorreo(ctx.db, { ...c, dia: ctx.hoy }, ESPERA_PARA_JUNTAR);
  resultado.correos = correos.size;
  return resultado;
}
