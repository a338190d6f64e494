/**
 * Los avisos de la campana (issue 35 §2): los de la persona que inició sesión, siempre (ninguna
 * entrada trae de quién: es `ctx.sesion.usuario.id`). Cuántos hay sin leer (una consulta, la pide
 * la campana cada minuto), la lista por páginas, marcar leídos y las preferencias de correo, que
 * sólo eligen quienes lo reciben (los referentes: src/server/avisos/procesar.ts) y que quedan en el
 * registro de consentimientos.
 */
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  CATEGORIAS,
  CLAVE_AJUSTES_AVISOS,
  esperaDeAjustes,
  HORA_RESUMEN_POR_OMISION,
  MODO_POR_OMISION,
  NOMBRE_CATEGORIA,
  modoDe,
  modosDe,
  type Categoria,
  type Modo,
} from '@/domain/avisos';
import { partesEnZona } from '@/domain/escuela';
import { Rol, tieneRol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import {
  alumnos,
  avisos,
  avisosAjustes,
  avisosConsentimientos,
  avisosPreferencias,
  configuracion,
  usuarios,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { EntradaAjustesEscuela, EntradaLista, EntradaPreferencias } from './schemas';

export const AVISO_INEXISTENTE = 'El aviso no existe.';
export const CORREO_SOLO_FAMILIAS =
  'Los avisos por correo son para las familias: en el portal los avisos llegan siempre.';
export const PREFERENCIAS_SUPLANTADO =
  'Las preferencias de correo las elige la familia: no se cambian ingresando como otra persona.';

const propios = (ctx: Ctx) => eq(avisos.usuarioId, ctx.sesion.usuario.id);

/** ¿Recibe avisos por correo? Los referentes (con ese rol, cualquiera sea el activo). */
const recibeCorreo = (ctx: Ctx) => tieneRol(ctx.sesion.usuario.rls, Rol.ReferenteParental);

/** 'DD/MM/AAAA HH:MM' en la zona de la escuela. */
function fechaYHora(instante: Date, zona: string): string {
  const p = partesEnZona(instante, zona);
  const dos = (n: number) => String(n).padStart(2, '0');
  return `${dos(p.dia)}/${dos(p.mes)}/${p.anio} ${dos(p.hora)}:${dos(p.minuto)}`;
}

/** avisos.noLeidos: cuántos avisos propios no se leyeron (una consulta). */
export async function noLeidos(ctx: Ctx): Promise<number> {
  const [f] = await ctx.db
    .select({ n: count() })
    .from(avisos)
    .where(and(propios(ctx), isNull(avisos.leido)));
  return f?.n ?? 0;
}

/** avisos.lista: una página de los avisos propios, del más nuevo al más viejo, y los no leídos. */
export async function lista(ctx: Ctx, entrada: EntradaLista) {
  const { cursor, limit } = entrada;
  const [filas, total] = await Promise.all([
    ctx.db
      .select({
        id: avisos.id,
        creado: avisos.creado,
        actualizado: avisos.actualizado,
        alumnoId: avisos.alumnoId,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        categoria: avisos.categoria,
        titulo: avisos.titulo,
        texto: avisos.texto,
        enlace: avisos.enlace,
        leido: avisos.leido,
      })
      .from(avisos)
      .leftJoin(alumnos, eq(alumnos.id, avisos.alumnoId))
      .where(and(propios(ctx), entrada.noLeidos ? isNull(avisos.leido) : undefined))
      .orderBy(desc(avisos.creado), desc(avisos.id))
      .limit(limit + 1)
      .offset(cursor),
    noLeidos(ctx),
  ]);
  const hayMas = filas.length > limit;
  return {
    items: filas.slice(0, limit).map((f) => ({
      id: f.id,
      fecha: fechaYHora(f.creado, ctx.zona),
      /** Se corrigió después (una justificación, p. ej.). */
      editado: f.actualizado.getTime() > f.creado.getTime(),
      alumnoId: f.alumnoId,
      alumno: f.apellido != null ? `${f.apellido}, ${f.nombre}` : null,
      categoria: f.categoria,
      categoriaNombre: NOMBRE_CATEGORIA[f.categoria] ?? f.categoria,
      titulo: f.titulo,
      texto: f.texto,
      enlace: f.enlace,
      leido: f.leido != null,
    })),
    siguiente: hayMas ? cursor + limit : null,
    noLeidos: total,
  };
}

/** avisos.marcarLeido: uno propio (el de otra persona no existe para quien pregunta: 404). */
export async function marcarLeido(ctx: Ctx, { id }: { id: number }) {
  const [f] = await ctx.db
    .update(avisos)
    .set({ leido: sql`coalesce(${avisos.leido}, now())` })
    .where(and(eq(avisos.id, id), propios(ctx)))
    .returning({ id: avisos.id });
  if (!f) throw new TRPCError({ code: 'NOT_FOUND', message: AVISO_INEXISTENTE });
  return { noLeidos: await noLeidos(ctx) };
}

/** avisos.marcarTodos: todos los propios sin leer. */
export async function marcarTodos(ctx: Ctx) {
  const marcados = await ctx.db
    .update(avisos)
    .set({ leido: sql`now()` })
    .where(and(propios(ctx), isNull(avisos.leido)))
    .returning({ id: avisos.id });
  return { marcados: marcados.length, noLeidos: 0 };
}

/** Lo elegido por la persona: los modos guardados y la hora del resumen (sin fila: la de omisión). */
async function elegidas(ctx: Ctx) {
  const usuario = ctx.sesion.usuario.id;
  const [modos, ajustes] = await Promise.all([
    ctx.db
      .select({ categoria: avisosPreferencias.categoria, modo: avisosPreferencias.modo })
      .from(avisosPreferencias)
      .where(eq(avisosPreferencias.usuarioId, usuario)),
    ctx.db
      .select({ hora: avisosAjustes.horaResumen })
      .from(avisosAjustes)
      .where(eq(avisosAjustes.usuarioId, usuario)),
  ]);
  const guardados = new Map<Categoria, Modo>(modos.map((m) => [m.categoria, m.modo]));
  return { guardados, hora: ajustes[0]?.hora ?? HORA_RESUMEN_POR_OMISION };
}

/**
 * avisos.preferencias: por categoría, el modo (el elegido o el de omisión) y los que admite, y la
 * hora del resumen. `correo`: si la persona recibe avisos por correo (sólo los referentes).
 */
export async function preferencias(ctx: Ctx) {
  const { guardados, hora } = await elegidas(ctx);
  return {
    correo: recibeCorreo(ctx),
    email: ctx.sesion.usuario.email ?? null,
    horaResumen: hora,
    categorias: CATEGORIAS.map((categoria) => ({
      categoria,
      nombre: NOMBRE_CATEGORIA[categoria],
      modo: modoDe(guardados, categoria),
      porOmision: MODO_POR_OMISION[categoria],
      modos: [...modosDe(categoria)],
    })),
  };
}

/**
 * avisos.guardarPreferencias: los modos que cambian y la hora del resumen, en una transacción, con
 * una fila en el registro de consentimientos (qué había, qué quedó, la IP). Sin cambios, nada.
 */
export async function guardarPreferencias(ctx: Ctx, entrada: EntradaPreferencias) {
  if (!recibeCorreo(ctx)) throw new TRPCError({ code: 'FORBIDDEN', message: CORREO_SOLO_FAMILIAS });
  if (ctx.sesion.impersonadoPor)
    throw new TRPCError({ code: 'FORBIDDEN', message: PREFERENCIAS_SUPLANTADO });
  const usuario = ctx.sesion.usuario.id;
  return transaccion(ctx, async (tx) => {
    // Dos guardados a la vez de la misma persona, uno después del otro: el "antes" es el real.
    await tx.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.id, usuario))
      .for('update');
    const { guardados, hora } = await elegidas(tx);
    const cambios: { categoria: Categoria | 'hora'; antes: string; despues: string }[] = [];
    for (const { categoria, modo } of entrada.modos) {
      const antes = modoDe(guardados, categoria);
      if (antes === modo) continue;
      cambios.push({ categoria, antes, despues: modo });
      await tx.db
        .insert(avisosPreferencias)
        .values({ usuarioId: usuario, categoria, modo })
        .onConflictDoUpdate({
          target: [avisosPreferencias.usuarioId, avisosPreferencias.categoria],
          set: { modo },
        });
    }
    if (entrada.horaResumen !== hora) {
      cambios.push({
        categoria: 'hora',
        antes: String(hora),
        despues: String(entrada.horaResumen),
      });
      await tx.db
        .insert(avisosAjustes)
        .values({ usuarioId: usuario, horaResumen: entrada.horaResumen })
        .onConflictDoUpdate({
          target: avisosAjustes.usuarioId,
          set: { horaResumen: entrada.horaResumen },
        });
    }
    if (cambios.length)
      await tx.db.insert(avisosConsentimientos).values({
        usuarioId: usuario,
        ip: ctx.ip,
        origen: 'preferencias',
        cambios,
      });
    return { cambios: cambios.length };
  });
}

/** La fila de los ajustes de avisos de la escuela (configuración 'avisos'), si hay. */
async function filaAjustes(ctx: Pick<Ctx, 'db'>) {
  const [f] = await ctx.db
    .select({ valor: configuracion.valor })
    .from(configuracion)
    .where(eq(configuracion.clave, CLAVE_AJUSTES_AVISOS));
  return f;
}

/** avisos.ajustesEscuela (Admin, Regente): la espera antes de avisar una inasistencia, en minutos. */
export async function ajustesEscuela(ctx: Ctx) {
  return { esperaMinutos: esperaDeAjustes((await filaAjustes(ctx))?.valor) / 60 };
}

/** avisos.guardarAjustesEscuela: la guarda (auditada) y la usa el trabajador desde el próximo hecho. */
export async function guardarAjustesEscuela(ctx: Ctx, entrada: EntradaAjustesEscuela) {
  return transaccion(ctx, async (tx) => {
    const previa = await filaAjustes(tx);
    const valor = { ...((previa?.valor as object | undefined) ?? {}), ...entrada };
    await tx.db
      .insert(configuracion)
      .values({ clave: CLAVE_AJUSTES_AVISOS, valor })
      .onConflictDoUpdate({ target: configuracion.clave, set: { valor } });
    await auditar(tx, {
      accion: previa ? 'editar' : 'crear',
      entidad: 'configuracion',
      entidadId: CLAVE_AJUSTES_AVISOS,
      antes: previa?.valor ?? null,
      despues: valor,
    });
    return { esperaMinutos: entrada.esperaMinutos };
  });
}
