/**
 * Cronograma (spec 01 §2 Teaching follow-up, §3 Logbook entry, §6, §7; issue 14 §4, §5, §7): los
 * cursados de /cronograma, el libro de temas de cada clase pasada y los detalles del cursado. Las
 * fechas de clase salen del horario del cursado y de las restricciones del calendario. Un número
 * fijo de consultas por pedido, sea cual sea la cantidad de clases.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { clasePasada, pestanasCronograma } from '@/domain/cronograma';
import { nombreCurso } from '@/domain/escuela';
import { cursadosVisibles, cursadoVisible, dentroDe } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { clasesDe } from '@/server/consultas/clases';
import { cursados, cursadosCursos, cursos, libroTemas, usuarios } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { EscribirLibro } from './schemas';

export const NO_ES_CLASE = 'Esa fecha no es una clase del cursado.';
export const CLASE_FUTURA = 'Los temas se registran sólo en clases que ya pasaron.';
export const TEMAS_CAMBIADOS =
  'Otra persona cambió los temas de esta clase mientras escribía: se muestran los guardados. Revíselos y vuelva a escribir.';

/** GET /api/cronograma: los cursados del ciclo dentro del alcance del rol, con sus cursos. */
export async function cursadosDelCronograma(ctx: Ctx) {
  const filas = await ctx.db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(cursados)
    .leftJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .leftJoin(cursos, eq(cursos.id, cursadosCursos.cursoId))
    .where(and(eq(cursados.ciclolectivo, ctx.ciclo), dentroDe(cursados.id, cursadosVisibles(ctx))))
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  const porId = new Map<number, { cursadoId: number; nombre: string; cursos: string[] }>();
  for (const f of filas) {
    const c = porId.get(f.id) ?? { cursadoId: f.id, nombre: f.nombre, cursos: [] };
    if (f.anio != null)
      c.cursos.push(
        nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad! }),
      );
    porId.set(f.id, c);
  }
  return { ...pestanasCronograma(ctx.sesion.rol), cursados: [...porId.values()] };
}

/**
 * GET /api/cronograma/libro/{cursadoId}: las clases del cursado, cada una con sus temas (las
 * pasadas) y si el usuario puede escribirlas. Seis sentencias (dos del alcance, dos de las fechas
 * de clase, el libro y el cursado), las mismas con cualquier cantidad de clases
 * (`npm run bench:cronograma`).
 */
export async function libro(ctx: Ctx, p: { cursado: number }) {
  const { ciclo } = await cursadoVisible(ctx, { cursado: p.cursado });
  const [clases, entradas, [c]] = await Promise.all([
    clasesDe(ctx.db, p.cursado, ciclo),
    ctx.db
      .select({
        fecha: libroTemas.fecha,
        texto: libroTemas.texto,
        modificado: libroTemas.modificado,
        autor: usuarios.apellido,
      })
      .from(libroTemas)
      .leftJoin(usuarios, eq(usuarios.id, libroTemas.autorId))
      .where(eq(libroTemas.cursadoId, p.cursado)),
    ctx.db.select({ nombre: cursados.nombre }).from(cursados).where(eq(cursados.id, p.cursado)),
  ]);
  const porFecha = new Map(entradas.map((e) => [e.fecha, e]));
  const { edita } = pestanasCronograma(ctx.sesion.rol);
  return {
    cursado: { cursadoId: p.cursado, nombre: c!.nombre, ciclolectivo: ciclo },
    hoy: ctx.hoy,
    puedeEscribir: edita,
    clases: clases.map((fecha) => {
      const e = porFecha.get(fecha);
      return {
        fecha,
        pasada: clasePasada(fecha, ctx.hoy),
        texto: e?.texto ?? null,
        autor: e?.autor ?? null,
        modificado: e?.modificado ?? null,
      };
    }),
  };
}

/**
 * PUT /api/cronograma/libro/{cursadoId} { fecha, texto, anterior }: guarda los temas de una clase
 * pasada del cursado (el docente, sólo en los suyos). Un texto vacío borra la entrada. Si lo
 * guardado ya no es `anterior` (otra pestaña u otra persona), 409 y no se pisa nada.
 */
export async function escribir(ctx: Ctx, p: EscribirLibro) {
  const { ciclo } = await cursadoVisible(ctx, { cursado: p.cursado });
  if (!(await clasesDe(ctx.db, p.cursado, ciclo)).includes(p.fecha))
    throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ES_CLASE });
  if (!clasePasada(p.fecha, ctx.hoy))
    throw new TRPCError({ code: 'BAD_REQUEST', message: CLASE_FUTURA });
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .select()
      .from(libroTemas)
      .where(and(eq(libroTemas.cursadoId, p.cursado), eq(libroTemas.fecha, p.fecha)))
      .for('update');
    if ((antes?.texto ?? null) !== (p.anterior || null))
      throw new TRPCError({ code: 'CONFLICT', message: TEMAS_CAMBIADOS });
    if (!p.texto) {
      if (antes) await tx.db.delete(libroTemas).where(eq(libroTemas.id, antes.id));
    } else if (antes) {
      await tx.db
        .update(libroTemas)
        .set({ texto: p.texto, autorId: ctx.sesion.usuario.id, modificado: sql`now()` })
        .where(eq(libroTemas.id, antes.id));
    } else {
      await tx.db.insert(libroTemas).values({
        cursadoId: p.cursado,
        fecha: p.fecha,
        texto: p.texto,
        autorId: ctx.sesion.usuario.id,
      });
    }
    await auditar(tx, {
      accion: p.texto ? 'libro' : 'libro-borrar',
      entidad: 'libro_temas',
      entidadId: `${p.cursado}/${p.fecha}`,
      antes: antes?.texto ?? null,
      despues: p.texto || null,
    });
    return { cursado: p.cursado, fecha: p.fecha, texto: p.texto || null };
  });
}

/** DELETE /api/cronograma/libro/{cursadoId} { fecha }: borra los temas de una clase pasada. */
export async function borrar(ctx: Ctx, p: { cursado: number; fecha: string }) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .delete(libroTemas)
      .where(and(eq(libroTemas.cursadoId, p.cursado), eq(libroTemas.fecha, p.fecha)))
      .returning();
    if (antes)
      await auditar(tx, {
        accion: 'libro-borrar',
        entidad: 'libro_temas',
        entidadId: `${p.cursado}/${p.fecha}`,
        antes: antes.texto,
      });
    return { cursado: p.cursado, fecha: p.fecha, borrado: !!antes };
  });
}

/** GET /api/cursados/{id}/detalles: la descripción del cursado (todas las pestañas la ven). */
export async function detalles(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  const [c] = await ctx.db
    .select({ cursadoId: cursados.id, nombre: cursados.nombre, detalles: cursados.detalles })
    .from(cursados)
    .where(eq(cursados.id, p.id));
  return { ...c!, puedeEditar: pestanasCronograma(ctx.sesion.rol).edita };
}

/** PUT /api/cursados/{id}/detalles { texto }: el docente del cursado escribe su descripción. */
export async function guardarDetalles(ctx: Ctx, p: { id: number; texto: string | null }) {
  await cursadoVisible(ctx, { cursado: p.id });
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .select({ detalles: cursados.detalles })
      .from(cursados)
      .where(eq(cursados.id, p.id))
      .for('update');
    await tx.db.update(cursados).set({ detalles: p.texto }).where(eq(cursados.id, p.id));
    await auditar(tx, {
      accion: 'detalles',
      entidad: 'cursados',
      entidadId: p.id,
      antes: antes?.detalles ?? null,
      despues: p.texto,
    });
    return { cursadoId: p.id, detalles: p.texto };
  });
}
