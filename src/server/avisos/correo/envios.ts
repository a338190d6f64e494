/**
 * Mandar los correos de avisos (issue 35 §2 y §5) y registrar cada uno en `avisos_envios`.
 *
 * Cada correo (el de una persona) en su propia transacción, corta (`enviarAUna`): bloquea los
 * avisos 'pendiente' de esa persona (`for update`), reclama el envío por su clave
 * ('inmediato:<usuario>:<categoría>:<día>', 'resumen:<usuario>:<día>'; un upsert que no toca uno
 * ya 'enviado'), lo deja anotado como 'enviado' con sus avisos, lo manda y hace commit. Otro
 * trabajador (o el resumen a la misma hora) espera el bloqueo y después ya no los ve 'pendiente'.
 * Si el SMTP falla, se deshace lo anotado (un savepoint), el envío queda 'fallido' con su motivo y
 * el error sigue hasta pg-boss, que reintenta (el mismo registro, un intento más).
 *
 * Lo que no se puede evitar con SMTP (no hay forma de preguntarle al servidor si ya recibió un
 * correo): si el proceso muere entre que el servidor acepta el correo y el commit, la transacción
 * se deshace y el reintento lo manda otra vez, con el mismo Message-ID (derivado de la clave), que
 * así se reconoce como repetido. Se prefiere eso a perderlo. Para achicar esa ventana, después de
 * que el SMTP acepta sólo queda el commit, y a lo sumo CONEXIONES_SMTP correos están en vuelo a la
 * vez: una caída repite a lo sumo ésos.
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
  type DatosCorreo,
  type Mensaje,
} from './componer';
import { remitenteDeRebote } from './rebotes';
import { CONEXIONES_SMTP } from './transporte';

/** Cuántas personas elige cada consulta del resumen (después, cada una en su transacción). */
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
 * Los avisos 'pendiente' de una persona (de una categoría, o todos), con el hijo y su curso del
 * ciclo (o el último), bloqueados hasta el fin de la transacción. Siempre en el mismo orden: dos
 * transacciones que bloquean avisos de la misma persona no se cruzan.
 */
async function avisosPendientes(
  db: DbOTx,
  usuario: number,
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
      where a.usuario_id = ${usuario} and a.correo = 'pendiente'
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

const nombreDe = (d: Destinatario) => `${d.nombre} ${d.apellido}`.trim();

/** Manda un correo; el error (conexión, rechazo) vuelve como motivo. */
async function mandar(
  correo: Correo,
  to: string,
  m: Mensaje,
  messageId: string,
  remitenteSobre: string | undefined,
): Promise<{ ok: true; messageId: string } | { ok: false; motivo: string }> {
  try {
    const r = await correo.enviar({ to, ...m, messageId, remitenteSobre });
    if (r.rechazados.length)
      return { ok: false, motivo: `El servidor de correo rechazó ${r.rechazados.join(', ')}.` };
    return { ok: true, messageId: r.messageId || messageId };
  } catch (e) {
    const motivo = e instanceof Error ? e.message : String(e);
    return { ok: false, motivo: motivo || 'Error del servidor de correo.' };
  }
}

export class FallaDeCorreo extends Error {}

/** El correo de una persona: el de una categoría (en el momento) o el resumen del día. */
interface Pedido {
  usuario: number;
  clave: string;
  tipo: 'inmediato' | 'resumen';
  /** Los avisos 'pendiente' de esta categoría; null: todos (el resumen). */
  categoria: Categoria | null;
  dia: string;
  componer: (d: DatosCorreo) => Mensaje;
  /** El nombre de la escuela, si ya se leyó (el resumen lo lee una vez). */
  escuela?: string;
}

type Salida = { estado: 'enviado' } | { estado: 'fallido'; motivo: string };

/**
 * El correo de una persona en su propia transacción: bloquea sus avisos 'pendiente', reclama el
 * envío (lo crea o, si no fue 'enviado', el mismo registro con un intento más), lo anota como
 * 'enviado' con sus avisos, lo manda y hace commit: después de que el SMTP lo acepta sólo queda
 * el commit (la ventana en que una caída lo repite). Si el SMTP falla, vuelve al savepoint y deja
 * el envío 'fallido' con el motivo. null: nada que mandar (ya salió, sin correo, sin avisos).
 */
async function enviarAUna(ctx: CtxTrabajo, correo: Correo, p: Pedido): Promise<Salida | null> {
  // Un reintento de la transacción (un interbloqueo) no repite un correo: después de que el SMTP lo
  // acepta no hay más sentencias (salvo si el transporte cambió el Message-ID, que no pasa).
  return transaccion(ctx, async ({ db }) => {
    const [ya] = filasDe<{ estado: string }>(
      await db.execute(sql`select estado from avisos_envios where clave = ${p.clave}`),
    );
    // Uno que salió (y quizás rebotó después) no se manda otra vez.
    if (ya?.estado === 'enviado' || ya?.estado === 'rebotado') return null;
    const [dest] = filasDe<Destinatario>(
      await db.execute(sql`
        select id, email, nombre, apellido from usuarios
        where id = ${p.usuario} and habilitado and coalesce(email, '') <> ''`),
    );
    if (!dest) return null;
    const filas = await avisosPendientes(db, dest.id, p.categoria, anioDe(p.dia));
    if (!filas.length) return null;
    const mensaje = p.componer({
      escuela: p.escuela ?? (await nombreDeLaEscuela(db)),
      urlBase: ctx.urlBase,
      secreto: ctx.secreto,
      usuario: dest.id,
      destinatario: nombreDe(dest),
      dia: p.dia,
      avisos: filas.map(aAvisoDeCorreo),
    });
    const messageId = idDeMensaje(p.clave, ctx.urlBase);
    const ahora = ctx.ahora.toISOString();
    const reclamar = (estado: 'enviado' | 'fallido', motivo: string | null) =>
      db.execute(sql`
        insert into avisos_envios
          (usuario_id, email, clave, tipo, categoria, asunto, estado, motivo, intentos, message_id,
           creado, enviado)
        values (${dest.id}, ${dest.email}, ${p.clave}, ${p.tipo}, ${p.categoria},
          ${mensaje.subject}, ${estado}, ${motivo}, 1,
          ${estado === 'enviado' ? messageId : null}, ${ahora}::timestamptz,
          ${estado === 'enviado' ? ahora : null}::timestamptz)
        on conflict (clave) do update
          set intentos = avisos_envios.intentos + 1, estado = excluded.estado,
              motivo = excluded.motivo, email = excluded.email, asunto = excluded.asunto,
              message_id = coalesce(excluded.message_id, avisos_envios.message_id),
              enviado = excluded.enviado
          where avisos_envios.estado not in ('enviado', 'rebotado')
        returning id`);
    // Lo anotado hasta el SMTP: si falla, se deshace hasta acá (el envío y sus avisos).
    await db.execute(sql`savepoint antes_de_mandar`);
    const [envio] = filasDe<{ id: number }>(await reclamar('enviado', null));
    if (!envio) return null;
    await db.execute(sql`
      update avisos set correo = 'enviado', envio_id = ${envio.id}
      where id = any(${enteros(filas.map((f) => f.id))})`);
    const sobre = ctx.rebotes ? remitenteDeRebote(ctx.rebotes, ctx.secreto, envio.id) : undefined;
    const r = await mandar(correo, dest.email, mensaje, messageId, sobre);
    if (r.ok) {
      // El transporte devuelve el Message-ID que le dimos; si no, el suyo.
      if (r.messageId !== messageId)
        await db.execute(
          sql`update avisos_envios set message_id = ${r.messageId} where id = ${envio.id}`,
        );
      return { estado: 'enviado' };
    }
    await db.execute(sql`rollback to savepoint antes_de_mandar`);
    await reclamar('fallido', r.motivo.slice(0, 1000));
    return { estado: 'fallido', motivo: r.motivo };
  });
}

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
  const s = await enviarAUna(ctx, correo, {
    usuario: datos.usuario,
    clave,
    tipo: 'inmediato',
    categoria: datos.categoria,
    dia: datos.dia,
    componer: (d) => componerInmediato(d, datos.categoria),
  });
  // El 'fallido' ya quedó guardado: el error hace que pg-boss lo reintente.
  if (s?.estado === 'fallido')
    throw new FallaDeCorreo(`No se pudo mandar el correo ${clave}: ${s.motivo}`);
}

export interface ResultadoResumen {
  enviados: number;
  fallidos: number;
  /** Cuántas consultas de LOTE_RESUMEN personas. */
  lotes: number;
}

/**
 * El resumen diario de quienes lo eligieron a la hora `hora` (sin elección, a la de omisión) y
 * tienen avisos 'pendiente' (los de las categorías del resumen y los que quedaron del día): un
 * correo por persona, por hijo y por categoría. Elige las personas de a LOTE_RESUMEN (orden de id,
 * una consulta por lote, la siguiente cuando se acaba la anterior) y manda a CONEXIONES_SMTP a la
 * vez, cada una en su transacción (`enviarAUna`): una caída repite a lo sumo esas. Si a alguna le
 * falla el SMTP queda 'fallido' y sigue con las demás; al final, el error (pg-boss reintenta: los
 * ya enviados no se repiten). Otro error (la base) no empieza más, espera las que están en curso y
 * sigue hasta pg-boss.
 */
export async function procesarResumen(
  ctx: CtxTrabajo,
  datos: { hora: number },
): Promise<ResultadoResumen> {
  const total: ResultadoResumen = { enviados: 0, fallidos: 0, lotes: 0 };
  const correo = ctx.correo;
  if (!correo) return total;
  const escuela = await nombreDeLaEscuela(ctx.db);
  const motivos: string[] = [];
  // Las personas que faltan, de a un lote; las de antes (las en curso también) tienen id <= desde.
  let lote: number[] = [];
  let desde = 0;
  let agotado = false;
  let consulta: Promise<void> | null = null;
  const cargar = async () => {
    const personas = filasDe<{ id: number }>(
      await ctx.db.execute(sql`
        select u.id
        from usuarios u
        left join avisos_ajustes aj on aj.usuario_id = u.id
        where u.id > ${desde} and u.habilitado and coalesce(u.email, '') <> ''
          and coalesce(aj.hora_resumen, ${HORA_RESUMEN_POR_OMISION}) = ${datos.hora}
          and exists (select 1 from avisos a where a.usuario_id = u.id and a.correo = 'pendiente')
          and not exists (select 1 from avisos_envios e
            where e.clave = 'resumen:' || u.id || ':' || ${ctx.hoy}
              and e.estado in ('enviado', 'rebotado'))
        order by u.id
        limit ${LOTE_RESUMEN}`),
    );
    if (!personas.length) agotado = true;
    else {
      total.lotes++;
      lote = personas.map((p) => p.id);
      desde = lote[lote.length - 1]!;
    }
  };
  const siguiente = async (): Promise<number | undefined> => {
    while (!lote.length && !agotado) {
      consulta ??= cargar().finally(() => (consulta = null));
      await consulta;
    }
    return lote.shift();
  };
  const errores: unknown[] = [];
  await Promise.all(
    Array.from({ length: CONEXIONES_SMTP }, async () => {
      try {
        while (!errores.length) {
          const id = await siguiente();
          if (id == null || errores.length) return;
          const s = await enviarAUna(ctx, correo, {
            usuario: id,
            clave: `resumen:${id}:${ctx.hoy}`,
            tipo: 'resumen',
            categoria: null,
            dia: ctx.hoy,
            componer: componerResumen,
            escuela,
          });
          if (s?.estado === 'enviado') total.enviados++;
          else if (s) {
            total.fallidos++;
            if (motivos.length < 3) motivos.push(s.motivo);
          }
        }
      } catch (e) {
        errores.push(e);
      }
    }),
  );
  if (errores.length) throw errores[0];
  if (total.fallidos)
    throw new FallaDeCorreo(
      `El resumen de las ${datos.hora} h: ${total.fallidos} correos fallaron (${motivos.join('; ')}).`,
    );
  return total;
}
