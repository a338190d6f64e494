/**
 * Mandar los correos de avisos (issue 35 §2 y §5) y registrar cada uno en `avisos_envios`.
 *
 * Una vez por clave: el envío ('inmediato:<usuario>:<categoría>:<día>', 'resumen:<usuario>:<día>')
 * se reclama con un upsert que no toca uno ya 'enviado', y los avisos que lleva se bloquean
 * (`for update`) en la misma transacción en que se manda y se marca: otro trabajador (o el resumen
 * a la misma hora) espera y después ya no los ve 'pendiente'. Si el proceso muere a mitad, la
 * transacción se deshace y el reintento manda el mismo correo con el mismo Message-ID (derivado de
 * la clave), que así se reconoce como repetido. Si el SMTP falla, el envío queda 'fallido' con su
 * motivo y el error sigue hasta pg-boss, que reintenta (el mismo registro, un intento más).
 */
import { sql } from 'drizzle-orm';
import { HORA_RESUMEN_POR_OMISION, type Categoria } from '@/domain/avisos';
import { anioDe, nombreCurso } from '@/domain/escuela';
import type { DbOTx } from '@/server/db';
import { enteros, filasDe } from '@/server/db/sql';
import { transaccion } from '@/server/errores';
import type { Correo, CtxTrabajo } from '../tipos';
import {
  componerInmediato,
  componerResumen,
  idDeMensaje,
  type AvisoDeCorreo,
  type Mensaje,
} from './componer';
import { CONEXIONES_SMTP } from './transporte';

/** Cuántas personas por lote del resumen: un puñado de consultas por lote, ninguna por persona. */
export const LOTE_RESUMEN = 50;

/** Sin nombre en la configuración ('escuela'): éste. */
export const ESCUELA_POR_OMISION = 'La escuela';

/** El nombre de la escuela: configuracion['escuela'].nombre (lo que muestra el portal). */
export async function nombreDeLaEscuela(db: DbOTx): Promise<string> {
  const [f] = filasDe<{ nombre: string | null }>(
    await db.execute(
      sql`select valor->>'nombre' as nombre from configuracion where clave = 'escuela'`,
    ),
  );
  return f?.nombre?.trim() || ESCUELA_POR_OMISION;
}

interface FilaAviso {
  id: number;
  usuario_id: number;
  alumno_id: number | null;
  categoria: Categoria;
  titulo: string;
  texto: string;
  enlace: string;
  apellido: string | null;
  nombre: string | null;
  anio: number | null;
  division: number | null;
  especialidad: string | null;
}

/**
 * Los avisos 'pendiente' de esas personas (de una categoría, o todos), con el hijo y su curso del
 * ciclo (o el último), bloqueados hasta el fin de la transacción. Siempre en el mismo orden: dos
 * transacciones que bloquean avisos de la misma persona no se cruzan.
 */
async function avisosPendientes(
  db: DbOTx,
  usuarios: readonly number[],
  categoria: Categoria | null,
  ciclo: number,
): Promise<FilaAviso[]> {
  return filasDe<FilaAviso>(
    await db.execute(sql`
      select a.id, a.usuario_id, a.alumno_id, a.categoria, a.titulo, a.texto, a.enlace,
        al.apellido, al.nombre, cu.anio, cu.division, cu.especialidad
      from avisos a
      left join alumnos al on al.id = a.alumno_id
      left join lateral (
        select c.anio, c.division, c.especialidad
        from alumnos_cursos ac join cursos c on c.id = ac.curso_id
        where ac.alumno_id = a.alumno_id and ac.ciclolectivo <= ${ciclo}
        order by ac.ciclolectivo desc limit 1
      ) cu on true
      where a.usuario_id = any(${enteros(usuarios)}) and a.correo = 'pendiente'
        ${categoria ? sql`and a.categoria = ${categoria}` : sql``}
      order by a.id
      for update of a`),
  );
}

function aAvisoDeCorreo(f: FilaAviso): AvisoDeCorreo {
  return {
    categoria: f.categoria,
    titulo: f.titulo,
    texto: f.texto,
    enlace: f.enlace,
    alumno:
      f.alumno_id != null && f.apellido != null
        ? {
            id: f.alumno_id,
            apellido: f.apellido,
            nombre: f.nombre ?? '',
            curso: f.anio
              ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad })
              : null,
          }
        : null,
  };
}

interface Destinatario {
  id: number;
  email: string;
  nombre: string;
  apellido: string;
}

interface EnvioNuevo {
  usuario: number;
  email: string;
  clave: string;
  tipo: 'inmediato' | 'resumen';
  categoria: Categoria | null;
  asunto: string;
}

/**
 * Reclama los envíos: los crea ('pendiente', intento 1) o, si ya están y no fueron 'enviado', los
 * vuelve a 'pendiente' con un intento más (el mismo registro). Devuelve los reclamados (los ya
 * enviados no vuelven: no se mandan otra vez). Una sentencia para cuantos sean.
 */
async function reclamarEnvios(
  ctx: CtxTrabajo,
  envios: readonly EnvioNuevo[],
): Promise<Map<string, number>> {
  if (!envios.length) return new Map();
  const filas = filasDe<{ id: number; clave: string }>(
    await ctx.db.execute(sql`
      insert into avisos_envios (usuario_id, email, clave, tipo, categoria, asunto, estado, intentos, creado)
      select x.usuario, x.email, x.clave, x.tipo, x.categoria, x.asunto, 'pendiente', 1, ${ctx.ahora.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(envios)}::jsonb)
        as x(usuario int, email text, clave text, tipo text, categoria text, asunto text)
      on conflict (clave) do update
        set intentos = avisos_envios.intentos + 1, estado = 'pendiente', motivo = null,
            email = excluded.email, asunto = excluded.asunto
        where avisos_envios.estado <> 'enviado'
      returning id, clave`),
  );
  return new Map(filas.map((f) => [f.clave, f.id]));
}

interface Resultado {
  envio: number;
  avisos: number[];
  estado: 'enviado' | 'fallido';
  motivo: string | null;
  messageId: string | null;
}

/** Anota cómo terminó cada envío y marca sus avisos 'enviado': dos sentencias por lote. */
async function registrar(ctx: CtxTrabajo, resultados: readonly Resultado[]) {
  if (!resultados.length) return;
  const envios = resultados.map((r) => ({
    id: r.envio,
    estado: r.estado,
    motivo: r.motivo?.slice(0, 1000) ?? null,
    mid: r.messageId,
  }));
  await ctx.db.execute(sql`
    update avisos_envios e
    set estado = x.estado, motivo = x.motivo, message_id = coalesce(x.mid, e.message_id),
        enviado = case when x.estado = 'enviado' then ${ctx.ahora.toISOString()}::timestamptz end
    from jsonb_to_recordset(${JSON.stringify(envios)}::jsonb)
      as x(id int, estado text, motivo text, mid text)
    where e.id = x.id`);
  const marcados = resultados.filter((r) => r.estado === 'enviado');
  const ids = marcados.flatMap((r) => r.avisos);
  const envioDe = marcados.flatMap((r) => r.avisos.map(() => r.envio));
  if (ids.length)
    await ctx.db.execute(sql`
      update avisos a set correo = 'enviado', envio_id = x.envio
      from unnest(${enteros(ids)}, ${enteros(envioDe)}) as x(id, envio)
      where a.id = x.id`);
}

/** Manda un correo; el error (conexión, rechazo) vuelve como motivo. */
async function mandar(
  correo: Correo,
  to: string,
  m: Mensaje,
  messageId: string,
): Promise<{ ok: true; messageId: string } | { ok: false; motivo: string }> {
  try {
    const r = await correo.enviar({ to, ...m, messageId });
    if (r.rechazados.length)
      return { ok: false, motivo: `El servidor de correo rechazó ${r.rechazados.join(', ')}.` };
    return { ok: true, messageId: r.messageId || messageId };
  } catch (e) {
    const motivo = e instanceof Error ? e.message : String(e);
    return { ok: false, motivo: motivo || 'Error del servidor de correo.' };
  }
}

export class FallaDeCorreo extends Error {}

const nombreDe = (d: Destinatario) => `${d.nombre} ${d.apellido}`.trim();

/**
 * El correo "en el momento" de una persona, una categoría y un día: los avisos 'pendiente' de esa
 * categoría (los de todos sus hijos, en un solo correo). Una vez por clave: si ya salió, los
 * avisos que llegaron después quedan para el resumen.
 */
export async function procesarCorreo(
  ctx: CtxTrabajo,
  datos: { usuario: number; categoria: Categoria; dia: string },
): Promise<void> {
  const correo = ctx.correo;
  if (!correo) return;
  const clave = `inmediato:${datos.usuario}:${datos.categoria}:${datos.dia}`;
  // Un reintento de la transacción (un interbloqueo) manda el mismo correo, con el mismo Message-ID.
  const falla = await transaccion(ctx, async (c) => {
    const { db } = c;
    const [ya] = filasDe<{ estado: string }>(
      await db.execute(sql`select estado from avisos_envios where clave = ${clave}`),
    );
    if (ya?.estado === 'enviado') return null;
    const [dest] = filasDe<Destinatario>(
      await db.execute(sql`
        select id, email, nombre, apellido from usuarios
        where id = ${datos.usuario} and habilitado and coalesce(email, '') <> ''`),
    );
    if (!dest) return null;
    const filas = await avisosPendientes(db, [dest.id], datos.categoria, anioDe(datos.dia));
    if (!filas.length) return null;
    const mensaje = componerInmediato(
      {
        escuela: await nombreDeLaEscuela(db),
        urlBase: ctx.urlBase,
        secreto: ctx.secreto,
        usuario: dest.id,
        destinatario: nombreDe(dest),
        dia: datos.dia,
        avisos: filas.map(aAvisoDeCorreo),
      },
      datos.categoria,
    );
    const reclamados = await reclamarEnvios(c, [
      {
        usuario: dest.id,
        email: dest.email,
        clave,
        tipo: 'inmediato',
        categoria: datos.categoria,
        asunto: mensaje.subject,
      },
    ]);
    const envio = reclamados.get(clave);
    if (envio == null) return null;
    const r = await mandar(correo, dest.email, mensaje, idDeMensaje(clave, ctx.urlBase));
    await registrar(c, [
      {
        envio,
        avisos: filas.map((f) => f.id),
        estado: r.ok ? 'enviado' : 'fallido',
        motivo: r.ok ? null : r.motivo,
        messageId: r.ok ? r.messageId : null,
      },
    ]);
    return r.ok ? null : r.motivo;
  });
  // El 'fallido' ya quedó guardado: el error hace que pg-boss lo reintente.
  if (falla) throw new FallaDeCorreo(`No se pudo mandar el correo ${clave}: ${falla}`);
}

/** Corre `f` sobre cada elemento con a lo sumo `n` a la vez. */
async function enParalelo<T, R>(xs: readonly T[], n: number, f: (x: T) => Promise<R>) {
  const salida: R[] = new Array(xs.length);
  let siguiente = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, xs.length) }, async () => {
      while (siguiente < xs.length) {
        const i = siguiente++;
        salida[i] = await f(xs[i]!);
      }
    }),
  );
  return salida;
}

export interface ResultadoResumen {
  enviados: number;
  fallidos: number;
  lotes: number;
}

/**
 * El resumen diario de quienes lo eligieron a la hora `hora` (sin elección, a la de omisión) y
 * tienen avisos 'pendiente' (los de las categorías del resumen y los que quedaron del día): un
 * correo por persona, por hijo y por categoría. Por lotes de personas (orden de id), cada lote en
 * una transacción con un número fijo de consultas. Si alguno falla, al final el error (pg-boss
 * reintenta: los ya enviados no se repiten).
 */
export async function procesarResumen(
  ctx: CtxTrabajo,
  datos: { hora: number },
): Promise<ResultadoResumen> {
  const total: ResultadoResumen = { enviados: 0, fallidos: 0, lotes: 0 };
  const correo = ctx.correo;
  if (!correo) return total;
  const escuela = await nombreDeLaEscuela(ctx.db);
  const ciclo = anioDe(ctx.hoy);
  const motivos: string[] = [];
  for (let desde = 0; ;) {
    const lote = await transaccion(ctx, async (c) => {
      const { db } = c;
      const personas = filasDe<Destinatario>(
        await db.execute(sql`
          select u.id, u.email, u.nombre, u.apellido
          from usuarios u
          left join avisos_ajustes aj on aj.usuario_id = u.id
          where u.id > ${desde} and u.habilitado and coalesce(u.email, '') <> ''
            and coalesce(aj.hora_resumen, ${HORA_RESUMEN_POR_OMISION}) = ${datos.hora}
            and exists (select 1 from avisos a where a.usuario_id = u.id and a.correo = 'pendiente')
            and not exists (select 1 from avisos_envios e
              where e.clave = 'resumen:' || u.id || ':' || ${ctx.hoy} and e.estado = 'enviado')
          order by u.id
          limit ${LOTE_RESUMEN}`),
      );
      if (!personas.length) return null;
      const filas = await avisosPendientes(
        db,
        personas.map((p) => p.id),
        null,
        ciclo,
      );
      const porPersona = new Map<number, FilaAviso[]>();
      for (const f of filas) {
        const l = porPersona.get(f.usuario_id);
        if (l) l.push(f);
        else porPersona.set(f.usuario_id, [f]);
      }
      const correos = personas.flatMap((p) => {
        const suyos = porPersona.get(p.id);
        if (!suyos?.length) return [];
        const clave = `resumen:${p.id}:${ctx.hoy}`;
        const mensaje = componerResumen({
          escuela,
          urlBase: ctx.urlBase,
          secreto: ctx.secreto,
          usuario: p.id,
          destinatario: nombreDe(p),
          dia: ctx.hoy,
          avisos: suyos.map(aAvisoDeCorreo),
        });
        return [{ p, clave, mensaje, avisos: suyos.map((f) => f.id) }];
      });
      const reclamados = await reclamarEnvios(
        c,
        correos.map((x) => ({
          usuario: x.p.id,
          email: x.p.email,
          clave: x.clave,
          tipo: 'resumen' as const,
          categoria: null,
          asunto: x.mensaje.subject,
        })),
      );
      const aMandar = correos.filter((x) => reclamados.has(x.clave));
      const resultados = await enParalelo(aMandar, CONEXIONES_SMTP, async (x) => {
        const r = await mandar(correo, x.p.email, x.mensaje, idDeMensaje(x.clave, ctx.urlBase));
        return {
          envio: reclamados.get(x.clave)!,
          avisos: x.avisos,
          estado: r.ok ? ('enviado' as const) : ('fallido' as const),
          motivo: r.ok ? null : r.motivo,
          messageId: r.ok ? r.messageId : null,
        };
      });
      await registrar(c, resultados);
      return { ultimo: personas[personas.length - 1]!.id, resultados };
    });
    if (!lote) break;
    total.lotes++;
    for (const r of lote.resultados)
      if (r.estado === 'enviado') total.enviados++;
      else {
        total.fallidos++;
        if (motivos.length < 3) motivos.push(r.motivo ?? '');
      }
    desde = lote.ultimo;
  }
  if (total.fallidos)
    throw new FallaDeCorreo(
      `El resumen de las ${datos.hora} h: ${total.fallidos} correos fallaron (${motivos.join('; ')}).`,
    );
  return total;
}
