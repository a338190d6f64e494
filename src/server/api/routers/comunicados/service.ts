/**
 * Los comunicados de la escuela (issue 35 §4), del lado de quien los escribe: Regente, Alumnado y
 * Admin a toda la escuela, un año o un curso; Jefe de Preceptores y Preceptor a un curso suyo
 * (alcance.ts); Docente a un cursado suyo. Los destinatarios (los referentes confirmados de cada
 * alumno y el usuario del alumno) se fijan al publicar, en la misma transacción que encola el
 * hecho 'comunicado' (el aviso de cada persona lo compone el trabajador). Un comunicado se
 * corrige (las familias ven "editado") pero no se borra: no hay procedimiento para borrarlo.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ADJUNTO_DEMASIADO_GRANDE,
  ADJUNTO_INVALIDO,
  AUDIENCIA_NO_PERMITIDA,
  audienciasDe,
  COMUNICADO_INEXISTENTE,
  CURSADO_AJENO,
  CURSO_AJENO,
  SIN_DESTINATARIOS,
  SOLO_EL_AUTOR,
  TAMANIO_MAXIMO_ADJUNTO,
  tipoDeAdjunto,
  VEN_TODOS_LOS_COMUNICADOS,
} from '@/domain/comunicados';
import { nombreCurso } from '@/domain/escuela';
import { cursadosVisibles, cursosVisibles } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { fijarDestinatarios } from '@/server/consultas/comunicados';
import type { Ctx } from '@/server/contexto';
import { archivos, comunicados, cursados, cursos } from '@/server/db/schema';
import { filasDe } from '@/server/db/sql';
import { transaccion } from '@/server/errores';
import type { DeComunicado, Editar, Publicar } from './schemas';

const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

/** El adjunto reconocido por su contenido: primero el tamaño (413), después el tipo (400). */
function leerAdjunto(a: Publicar['adjunto']) {
  if (!a || a.datos.length === 0) return null;
  if (a.datos.length > TAMANIO_MAXIMO_ADJUNTO)
    throw falla('PAYLOAD_TOO_LARGE', ADJUNTO_DEMASIADO_GRANDE);
  const tipo = tipoDeAdjunto(a.datos);
  if (!tipo) throw falla('BAD_REQUEST', ADJUNTO_INVALIDO);
  const extension = tipo === 'application/pdf' ? 'pdf' : 'jpg';
  const base = a.nombre.replace(/\.[^.]*$/, '').trim() || 'adjunto';
  return { tipo, bytes: Buffer.from(a.datos), nombre: `${base}.${extension}` };
}

/** Las audiencias que puede elegir quien escribe, con sus años, cursos y cursados del ciclo. */
export async function opciones(ctx: Ctx) {
  const tipos = audienciasDe(ctx.sesion.rol);
  const visiblesCursos = cursosVisibles(ctx);
  const listaCursos = tipos.includes('curso')
    ? await ctx.db
        .select({
          id: cursos.id,
          anio: cursos.anio,
          division: cursos.division,
          especialidad: cursos.especialidad,
        })
        .from(cursos)
        .where(visiblesCursos ? inArray(cursos.id, visiblesCursos) : undefined)
        .orderBy(cursos.anio, cursos.division)
    : [];
  const visiblesCursados = cursadosVisibles(ctx);
  const listaCursados = tipos.includes('cursado')
    ? await ctx.db
        .select({ id: cursados.id, nombre: cursados.nombre })
        .from(cursados)
        .where(
          and(
            eq(cursados.ciclolectivo, ctx.ciclo),
            visiblesCursados ? inArray(cursados.id, visiblesCursados) : undefined,
          ),
        )
        .orderBy(cursados.nombre, cursados.id)
    : [];
  return {
    audiencias: [...tipos],
    anios: tipos.includes('anio') ? [1, 2, 3, 4, 5, 6] : [],
    cursos: listaCursos.map((c) => ({ id: c.id, nombre: nombreCurso(c) })),
    cursados: listaCursados,
  };
}

/** Verifica la audiencia pedida contra el rol y su alcance; devuelve las columnas a guardar. */
async function audienciaPermitida(ctx: Ctx, d: Publicar) {
  if (!audienciasDe(ctx.sesion.rol).includes(d.audiencia))
    throw falla('FORBIDDEN', AUDIENCIA_NO_PERMITIDA);
  switch (d.audiencia) {
    case 'escuela':
      return { anio: null, cursoId: null, cursadoId: null };
    case 'anio':
      if (d.anio == null) throw falla('BAD_REQUEST', 'Elija el año.');
      return { anio: d.anio, cursoId: null, cursadoId: null };
    case 'curso': {
      if (d.curso == null) throw falla('BAD_REQUEST', 'Elija el curso.');
      const visibles = cursosVisibles(ctx);
      const [c] = await ctx.db
        .select({ id: cursos.id })
        .from(cursos)
        .where(and(eq(cursos.id, d.curso), visibles ? inArray(cursos.id, visibles) : undefined));
      if (!c) throw falla('FORBIDDEN', CURSO_AJENO);
      return { anio: null, cursoId: c.id, cursadoId: null };
    }
    case 'cursado': {
      if (d.cursado == null) throw falla('BAD_REQUEST', 'Elija el cursado.');
      const visibles = cursadosVisibles(ctx);
      const [c] = await ctx.db
        .select({ id: cursados.id })
        .from(cursados)
        .where(
          and(
            eq(cursados.id, d.cursado),
            eq(cursados.ciclolectivo, ctx.ciclo),
            visibles ? inArray(cursados.id, visibles) : undefined,
          ),
        );
      if (!c) throw falla('FORBIDDEN', CURSADO_AJENO);
      return { anio: null, cursoId: null, cursadoId: c.id };
    }
  }
}

/** Los alumnos habilitados de la audiencia (del ciclo del comunicado), como subconsulta SQL. */
function alumnosDeAudiencia(c: {
  ciclolectivo: number;
  anio: number | null;
  cursoId: number | null;
  cursadoId: number | null;
}) {
  if (c.cursadoId != null)
    return sql`select i.alumno_id as id from inscripciones i where i.cursado_id = ${c.cursadoId}`;
  return sql`select ac.alumno_id as id from alumnos_cursos ac join cursos cu on cu.id = ac.curso_id
    where ac.ciclolectivo = ${c.ciclolectivo}
      and (${c.cursoId}::int is null or ac.curso_id = ${c.cursoId}::int)
      and (${c.anio}::int is null or cu.anio = ${c.anio}::int)`;
}

/**
 * POST /api/comunicados (multipart): publica. En una transacción: el adjunto, el comunicado, sus
 * destinatarios (sin ninguno: 400 y nada queda), la auditoría y el hecho en la cola.
 */
export async function publicar(ctx: Ctx, d: Publicar) {
  const adjunto = leerAdjunto(d.adjunto);
  const destino = await audienciaPermitida(ctx, d);
  return transaccion(ctx, async (tx) => {
    let adjuntoId: number | null = null;
    if (adjunto) {
      const [a] = await tx.db
        .insert(archivos)
        .values({
          nombre: adjunto.nombre,
          tipo: adjunto.tipo,
          tamanio: adjunto.bytes.length,
          sha256: createHash('sha256').update(adjunto.bytes).digest('hex'),
          datos: adjunto.bytes,
          subidoPor: ctx.sesion.usuario.id,
        })
        .returning({ id: archivos.id });
      adjuntoId = a!.id;
    }
    const valores = {
      titulo: d.titulo,
      texto: d.texto,
      autorId: ctx.sesion.usuario.id,
      autorRol: ctx.sesion.rol,
      ciclolectivo: ctx.ciclo,
      audiencia: d.audiencia,
      ...destino,
      adjuntoId,
      requiereConfirmacion: d.requiereConfirmacion,
      creado: ctx.ahora,
    };
    const [c] = await tx.db.insert(comunicados).values(valores).returning({ id: comunicados.id });
    const id = c!.id;
    const insertados = await fijarDestinatarios(
      tx.db,
      id,
      alumnosDeAudiencia({ ciclolectivo: ctx.ciclo, ...destino }),
    );
    if (!insertados) throw falla('BAD_REQUEST', SIN_DESTINATARIOS);
    await auditar(tx, {
      accion: 'publicar_comunicado',
      entidad: 'comunicados',
      entidadId: id,
      despues: { ...valores, destinatarios: insertados },
    });
    await encolar(tx.db, { tipo: 'comunicado', comunicado: id });
    return { id, destinatarios: insertados };
  });
}

/** El comunicado si quien pregunta lo ve como autor (el suyo, o todos: Regente, Alumnado, Admin). */
async function delAutor(ctx: Ctx, id: number) {
  const [c] = await ctx.db.select().from(comunicados).where(eq(comunicados.id, id));
  const ve =
    c &&
    (c.autorId === ctx.sesion.usuario.id || VEN_TODOS_LOS_COMUNICADOS.includes(ctx.sesion.rol));
  if (!ve) throw falla('NOT_FOUND', COMUNICADO_INEXISTENTE);
  return c;
}

/**
 * Corrige el título y el texto (sólo quien lo escribió). Queda la marca "editado" y el hecho se
 * vuelve a encolar: los avisos cambian su texto, sin otro correo.
 */
export async function editar(ctx: Ctx, d: Editar) {
  const c = await delAutor(ctx, d.id);
  if (c.autorId !== ctx.sesion.usuario.id) throw falla('FORBIDDEN', SOLO_EL_AUTOR);
  return transaccion(ctx, async (tx) => {
    await tx.db
      .update(comunicados)
      .set({ titulo: d.titulo, texto: d.texto, editado: ctx.ahora })
      .where(eq(comunicados.id, d.id));
    await auditar(tx, {
      accion: 'editar_comunicado',
      entidad: 'comunicados',
      entidadId: d.id,
      antes: { titulo: c.titulo, texto: c.texto },
      despues: { titulo: d.titulo, texto: d.texto },
    });
    await encolar(tx.db, { tipo: 'comunicado', comunicado: d.id });
    return { id: d.id, editado: ctx.ahora };
  });
}

/** A quién va: 'Toda la escuela', '3° año', '3° 1°', 'Matemática (3° 1°)'. */
const audienciaSql = sql<string>`case c.audiencia
    when 'escuela' then 'Toda la escuela'
    when 'anio' then c.anio || '° año'
    when 'curso' then (select cu.anio || '° ' || case when cu.anio <= 3 then cu.division || '°'
      else coalesce(cu.especialidad, cu.division || '°') end from cursos cu where cu.id = c.curso_id)
    else (select cd.nombre from cursados cd where cd.id = c.cursado_id) end`;

interface FilaLista {
  id: number;
  titulo: string;
  creado: Date;
  editado: Date | null;
  requiere_confirmacion: boolean;
  adjunto: boolean;
  audiencia: string;
  autor: string;
  familias: number;
  leidos: number;
  confirmados: number;
}

/** Los comunicados de quien escribe (Regente, Alumnado, Admin: todos), con sus cuentas de lectura. */
export async function listar(ctx: Ctx) {
  const todos = VEN_TODOS_LOS_COMUNICADOS.includes(ctx.sesion.rol);
  const filas = filasDe<FilaLista>(
    await ctx.db.execute(sql`
      select c.id, c.titulo, c.creado, c.editado, c.requiere_confirmacion,
        c.adjunto_id is not null as adjunto, ${audienciaSql} as audiencia,
        u.apellido || ', ' || u.nombre as autor,
        (select count(distinct d.usuario_id)::int from comunicado_destinatarios d
          where d.comunicado_id = c.id and d.tipo = 'referente') as familias,
        (select count(distinct l.usuario_id)::int from comunicado_lecturas l
          join comunicado_destinatarios d on d.comunicado_id = l.comunicado_id
            and d.usuario_id = l.usuario_id and d.tipo = 'referente'
          where l.comunicado_id = c.id) as leidos,
        (select count(distinct l.usuario_id)::int from comunicado_lecturas l
          join comunicado_destinatarios d on d.comunicado_id = l.comunicado_id
            and d.usuario_id = l.usuario_id and d.tipo = 'referente'
          where l.comunicado_id = c.id and l.confirmado is not null) as confirmados
      from comunicados c join usuarios u on u.id = c.autor_id
      where ${todos} or c.autor_id = ${ctx.sesion.usuario.id}
      order by c.creado desc, c.id desc
      limit 200`),
  );
  return filas.map((f) => ({
    id: Number(f.id),
    titulo: f.titulo,
    creado: new Date(f.creado),
    editado: f.editado ? new Date(f.editado) : null,
    requiereConfirmacion: f.requiere_confirmacion,
    adjunto: f.adjunto,
    audiencia: f.audiencia ?? '',
    autor: f.autor,
    familias: Number(f.familias),
    leidos: Number(f.leidos),
    confirmados: Number(f.confirmados),
  }));
}

interface FilaFamilia {
  usuario: number;
  apellido: string;
  nombre: string;
  email: string;
  alumnos: string[];
  leido: Date | null;
  confirmado: Date | null;
  correo: 'no' | 'pendiente' | 'enviado' | null;
  estado_envio: 'pendiente' | 'enviado' | 'fallido' | 'rebotado' | null;
  motivo: string | null;
  enviado: Date | null;
}

/** El estado del correo de una familia, como lo muestra la pantalla del autor. */
export type EstadoCorreo =
  'en cola' | 'no va por correo' | 'pendiente' | 'enviado' | 'fallido' | 'rebotado';

function estadoCorreo(f: FilaFamilia): EstadoCorreo {
  if (f.estado_envio) return f.estado_envio;
  if (f.correo == null) return 'en cola';
  if (f.correo === 'no') return 'no va por correo';
  return f.correo === 'enviado' ? 'enviado' : 'pendiente';
}

/**
 * La vista del autor (o de Regente, Alumnado, Admin): el comunicado y, por familia (referente), si
 * lo leyó, si confirmó la lectura y cómo va su correo (avisos → avisos_envios: pendiente, enviado,
 * fallido o rebotado con el motivo); de los alumnos, cuántos lo leyeron.
 */
export async function seguimiento(ctx: Ctx, { id }: DeComunicado) {
  const c = await delAutor(ctx, id);
  const clave = `comunicado:${id}`;
  const [familias, alumnos, cabecera] = await Promise.all([
    ctx.db.execute(sql`
      select u.id as usuario, u.apellido, u.nombre, u.email,
        array_agg(distinct a.apellido || ', ' || a.nombre || coalesce(' (' || (
          select cu.anio || '° ' || case when cu.anio <= 3 then cu.division || '°'
            else coalesce(cu.especialidad, cu.division || '°') end
          from alumnos_cursos ac join cursos cu on cu.id = ac.curso_id
          where ac.alumno_id = a.id and ac.ciclolectivo = ${c.ciclolectivo} limit 1) || ')', ''))
          as alumnos,
        l.leido, l.confirmado, av.correo, e.estado as estado_envio, e.motivo, e.enviado
      from comunicado_destinatarios d
      join usuarios u on u.id = d.usuario_id
      join alumnos a on a.id = d.alumno_id
      left join comunicado_lecturas l on l.comunicado_id = d.comunicado_id and l.usuario_id = u.id
      left join avisos av on av.usuario_id = u.id and av.clave = ${clave}
      left join avisos_envios e on e.id = av.envio_id
      where d.comunicado_id = ${id} and d.tipo = 'referente'
      group by u.id, l.leido, l.confirmado, av.correo, e.estado, e.motivo, e.enviado
      order by u.apellido, u.nombre, u.id`),
    ctx.db.execute(sql`
      select count(distinct d.usuario_id)::int as total,
        count(distinct l.usuario_id)::int as leidos
      from comunicado_destinatarios d
      left join comunicado_lecturas l on l.comunicado_id = d.comunicado_id and l.usuario_id = d.usuario_id
      where d.comunicado_id = ${id} and d.tipo = 'alumno'`),
    ctx.db.execute(sql`
      select ${audienciaSql} as audiencia, u.apellido || ', ' || u.nombre as autor,
        ar.nombre as adjunto
      from comunicados c join usuarios u on u.id = c.autor_id
      left join archivos ar on ar.id = c.adjunto_id
      where c.id = ${id}`),
  ]);
  const cab = filasDe<{ audiencia: string; autor: string; adjunto: string | null }>(cabecera)[0]!;
  const al = filasDe<{ total: number; leidos: number }>(alumnos)[0];
  return {
    id: c.id,
    titulo: c.titulo,
    texto: c.texto,
    creado: c.creado,
    editado: c.editado,
    requiereConfirmacion: c.requiereConfirmacion,
    audiencia: cab.audiencia ?? '',
    autor: cab.autor,
    adjunto: cab.adjunto,
    esAutor: c.autorId === ctx.sesion.usuario.id,
    alumnos: { total: Number(al?.total ?? 0), leidos: Number(al?.leidos ?? 0) },
    familias: filasDe<FilaFamilia>(familias).map((f) => ({
      usuario: Number(f.usuario),
      apellido: f.apellido,
      nombre: f.nombre,
      email: f.email,
      alumnos: [...(f.alumnos ?? [])].sort(),
      leido: f.leido ? new Date(f.leido) : null,
      confirmado: f.confirmado ? new Date(f.confirmado) : null,
      correo: estadoCorreo(f),
      motivo: f.motivo,
    })),
  };
}
