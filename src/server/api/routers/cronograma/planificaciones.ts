/**
 * Planificaciones (spec 01 §2 Teaching follow-up, §3 Planificación, §5, §7; issue 14 §6): la
 * planificación de cada cursado (ítems numerados, materias, autor, cursado de origen), guardarla
 * sin pisar la versión de otro, publicarla ("exportar") y elegir una publicada de otro cursado
 * ("importar": se copia, una sola vez: '¿Elegir planificación? Esta acción no se puede deshacer').
 */
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pestanasCronograma } from '@/domain/cronograma';
import { cursadoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  cursados,
  cursadosMaterias,
  materias,
  planificaciones,
  usuarios,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { GuardarPlanificacion } from './schemas';

export const YA_TIENE_PLANIFICACION = 'El cursado ya tiene planificación.';
export const PLANIFICACION_CAMBIADA =
  'Otra persona guardó esta planificación mientras la editaba: se muestra la guardada. Revísela y vuelva a guardar.';
export const PLANIFICACION_INEXISTENTE = 'La planificación no existe o no está compartida.';
export const SIN_PLANIFICACION = 'No hay planificación';
export const MATERIA_NO_PERMITIDA = 'Alguna materia no es de este cursado.';

async function materiasDelCursado(db: DbOTx, cursado: number) {
  return db
    .select({ orden: materias.id, nombre: materias.nombre })
    .from(cursadosMaterias)
    .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
    .where(eq(cursadosMaterias.cursadoId, cursado))
    .orderBy(asc(materias.id));
}

const planFuente = alias(planificaciones, 'plan_fuente');
const cursadoFuente = alias(cursados, 'cursado_fuente');

async function planDe(db: DbOTx, cursado: number) {
  const [p] = await db
    .select({
      planificacionId: planificaciones.id,
      publicado: planificaciones.publicado,
      version: planificaciones.version,
      materias: planificaciones.materias,
      entradas: planificaciones.items,
      importadaDe: planificaciones.importadaDe,
      autorId: usuarios.id,
      autorApellido: usuarios.apellido,
      autorNombre: usuarios.nombre,
      // El cursado de origen: el de la planificación elegida, si se copió de otra; si no, el propio.
      origenId: sql<number>`coalesce(${cursadoFuente.id}, ${cursados.id})`,
      origenNombre: sql<string>`coalesce(${cursadoFuente.nombre}, ${cursados.nombre})`,
      origenCiclo: sql<number>`coalesce(${cursadoFuente.ciclolectivo}, ${cursados.ciclolectivo})`,
    })
    .from(planificaciones)
    .innerJoin(cursados, eq(cursados.id, planificaciones.cursadoId))
    .leftJoin(usuarios, eq(usuarios.id, planificaciones.autorId))
    .leftJoin(planFuente, eq(planFuente.id, planificaciones.importadaDe))
    .leftJoin(cursadoFuente, eq(cursadoFuente.id, planFuente.cursadoId))
    .where(eq(planificaciones.cursadoId, cursado));
  if (!p) return null;
  return {
    planificacionId: p.planificacionId,
    publicado: p.publicado,
    version: p.version,
    materias: p.materias,
    entradas: [...p.entradas].sort((a, b) => a.itemNumber - b.itemNumber),
    usuarioAutor: p.autorId
      ? { orden: p.autorId, apellido: p.autorApellido!, nombre: p.autorNombre! }
      : null,
    cursadoOrigen: { cursadoId: p.origenId, nombre: p.origenNombre, ciclolectivo: p.origenCiclo },
    importadaDe: p.importadaDe,
  };
}

/** GET /api/cronograma/planificacion/{cursadoId}: la planificación del cursado, o null. */
export async function planificacion(ctx: Ctx, p: { cursado: number }) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  const [[c], ms, plan] = await Promise.all([
    ctx.db.select({ nombre: cursados.nombre }).from(cursados).where(eq(cursados.id, p.cursado)),
    materiasDelCursado(ctx.db, p.cursado),
    planDe(ctx.db, p.cursado),
  ]);
  return {
    cursado: { cursadoId: p.cursado, nombre: c!.nombre, materias: ms },
    planificacion: plan,
    puedeEditar: pestanasCronograma(ctx.sesion.rol).edita,
  };
}

/**
 * PUT /api/cronograma/planificacion { cursadoId, materias, items, version }: crea o reemplaza la
 * planificación del cursado (el docente, en los suyos). `version` es la que se editó: si otra
 * persona guardó después, 409 y nada se pisa.
 */
export async function guardarPlanificacion(ctx: Ctx, p: GuardarPlanificacion) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  await transaccion(
    ctx,
    async (tx) => {
      await tx.db
        .select({ id: cursados.id })
        .from(cursados)
        .where(eq(cursados.id, p.cursado))
        .for('update');
      const permitidas = (await materiasDelCursado(tx.db, p.cursado)).map((m) => m.orden);
      if (p.materias.some((m) => !permitidas.includes(m)))
        throw new TRPCError({ code: 'BAD_REQUEST', message: MATERIA_NO_PERMITIDA });
      const [antes] = await tx.db
        .select()
        .from(planificaciones)
        .where(eq(planificaciones.cursadoId, p.cursado));
      if ((antes?.version ?? null) !== p.version)
        throw new TRPCError({ code: 'CONFLICT', message: PLANIFICACION_CAMBIADA });
      const items = [...p.items].sort((a, b) => a.itemNumber - b.itemNumber);
      if (antes)
        await tx.db
          .update(planificaciones)
          .set({
            materias: p.materias,
            items,
            version: antes.version + 1,
            modificado: sql`now()`,
          })
          .where(eq(planificaciones.id, antes.id));
      else
        await tx.db.insert(planificaciones).values({
          cursadoId: p.cursado,
          autorId: ctx.sesion.usuario.id,
          materias: p.materias,
          items,
        });
      await auditar(tx, {
        accion: antes ? 'planificacion-editar' : 'planificacion-crear',
        entidad: 'planificaciones',
        entidadId: p.cursado,
        antes: antes ? { materias: antes.materias, items: antes.items } : null,
        despues: { materias: p.materias, items },
      });
    },
    { unico: { planificaciones_cursado_idx: PLANIFICACION_CAMBIADA } },
  );
  return planificacion(ctx, { cursado: p.cursado });
}

/**
 * GET /api/cronograma/planificaciones/{cursadoId}: las planificaciones que este cursado puede
 * elegir: las publicadas de otros cursados que comparten alguna materia y las del propio docente.
 */
export async function planificacionesElegibles(ctx: Ctx, p: { cursado: number }) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  const suyas = ctx.db
    .select({ id: cursadosMaterias.materiaId })
    .from(cursadosMaterias)
    .where(eq(cursadosMaterias.cursadoId, p.cursado));
  const filas = await ctx.db
    .select({
      planificacionId: planificaciones.id,
      publicado: planificaciones.publicado,
      items: sql<number>`jsonb_array_length(${planificaciones.items})::int`,
      materias: sql<
        string[]
      >`coalesce((select json_agg(m.nombre order by m.id) from materias m where m.id = any(${planificaciones.materias})), '[]'::json)`,
      cursadoId: cursados.id,
      cursadoNombre: cursados.nombre,
      ciclo: cursados.ciclolectivo,
      autorId: usuarios.id,
      autorApellido: usuarios.apellido,
      autorNombre: usuarios.nombre,
    })
    .from(planificaciones)
    .innerJoin(cursados, eq(cursados.id, planificaciones.cursadoId))
    .leftJoin(usuarios, eq(usuarios.id, planificaciones.autorId))
    .where(
      and(
        ne(planificaciones.cursadoId, p.cursado),
        or(
          eq(planificaciones.autorId, ctx.sesion.usuario.id),
          and(
            eq(planificaciones.publicado, true),
            inArray(
              planificaciones.cursadoId,
              ctx.db
                .select({ id: cursadosMaterias.cursadoId })
                .from(cursadosMaterias)
                .where(inArray(cursadosMaterias.materiaId, suyas)),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(cursados.ciclolectivo), asc(cursados.nombre), asc(planificaciones.id))
    .limit(100);
  return filas.map((f) => ({
    planificacionId: f.planificacionId,
    publicado: f.publicado,
    items: f.items,
    materias: f.materias,
    cursadoOrigen: { cursadoId: f.cursadoId, nombre: f.cursadoNombre, ciclolectivo: f.ciclo },
    usuarioAutor: f.autorId
      ? { orden: f.autorId, apellido: f.autorApellido!, nombre: f.autorNombre! }
      : null,
  }));
}

/**
 * .../planificaciones/{cursadoId}/importar/{planId}: el cursado elige una planificación (se copia
 * con sus ítems; sus materias, las que comparte). Sólo si todavía no tiene (409 si no).
 */
export async function importar(ctx: Ctx, p: { cursado: number; plan: number }) {
  const elegibles = await planificacionesElegibles(ctx, { cursado: p.cursado });
  if (!elegibles.some((e) => e.planificacionId === p.plan))
    throw new TRPCError({ code: 'NOT_FOUND', message: PLANIFICACION_INEXISTENTE });
  await transaccion(ctx, async (tx) => {
    const [origen] = await tx.db
      .select()
      .from(planificaciones)
      .where(eq(planificaciones.id, p.plan));
    if (!origen) throw new TRPCError({ code: 'NOT_FOUND', message: PLANIFICACION_INEXISTENTE });
    const propias = (await materiasDelCursado(tx.db, p.cursado)).map((m) => m.orden);
    const [nueva] = await tx.db
      .insert(planificaciones)
      .values({
        cursadoId: p.cursado,
        autorId: ctx.sesion.usuario.id,
        importadaDe: origen.id,
        materias: origen.materias.filter((m) => propias.includes(m)),
        items: origen.items,
      })
      .onConflictDoNothing({ target: planificaciones.cursadoId })
      .returning({ id: planificaciones.id });
    if (!nueva) throw new TRPCError({ code: 'CONFLICT', message: YA_TIENE_PLANIFICACION });
    await auditar(tx, {
      accion: 'planificacion-importar',
      entidad: 'planificaciones',
      entidadId: p.cursado,
      despues: { de: origen.id, planificacion: nueva.id },
    });
  });
  return planificacion(ctx, { cursado: p.cursado });
}

/** .../planificaciones/{cursadoId}/exportar: publica la planificación del cursado. */
export async function exportar(ctx: Ctx, p: { cursado: number }) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  const [r] = await ctx.db
    .update(planificaciones)
    .set({ publicado: true })
    .where(eq(planificaciones.cursadoId, p.cursado))
    .returning({ planificacionId: planificaciones.id });
  if (!r) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_PLANIFICACION });
  await auditar(ctx, {
    accion: 'planificacion-exportar',
    entidad: 'planificaciones',
    entidadId: p.cursado,
  });
  return { planificacionId: r.planificacionId, publicado: true };
}
