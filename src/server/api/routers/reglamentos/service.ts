/**
 * Reglamentos y autorizaciones obligatorios (spec 02 §2 "Mandatory-terms modal", §3, §4, §7):
 * los responde cada alumno y cada referente (reglamentos) y el referente por cada hijo
 * (autorizaciones). Cada respuesta guarda el texto y la versión respondidos y cuándo; las
 * anteriores quedan como historia.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  NO_COINCIDEN_HIJOS,
  diapositivasPendientes,
  respuestaCompleta,
  terminosSatisfechos,
  type RespuestaGuardada,
  type Termino,
} from '@/domain/reglamentos';
import { Rol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { vinculoConfirmado } from '@/server/consultas/hijos';
import {
  alumnos,
  alumnosReferentes,
  referentes,
  reglamentos,
  respuestasReglamentos,
} from '@/server/db/schema';
import type { ResponderAutorizacion, ResponderReglamento } from './schemas';

export const REGLAMENTO_INEXISTENTE = 'No existe ese reglamento.';
export const AUTORIZACION_INEXISTENTE = 'No existe esa autorización.';
export const RESPUESTA_INVALIDA = 'La respuesta no es una de las posibles.';

type Clase = 'reglamento' | 'autorizacion';

async function terminos(ctx: Pick<Ctx, 'db'>, clase: Clase) {
  return ctx.db
    .select({
      id: reglamentos.id,
      nombre: reglamentos.nombre,
      tipo: reglamentos.tipo,
      contenido: reglamentos.contenido,
      respuestasPosibles: reglamentos.respuestasPosibles,
      version: reglamentos.version,
    })
    .from(reglamentos)
    .where(and(eq(reglamentos.clase, clase), eq(reglamentos.activo, true)))
    .orderBy(asc(reglamentos.id));
}

/** Las respuestas del usuario de la sesión, la más nueva primero. */
async function respuestasDe(ctx: Ctx) {
  return ctx.db
    .select({
      terminoId: respuestasReglamentos.reglamentoId,
      alumnoId: respuestasReglamentos.alumnoId,
      respuesta: respuestasReglamentos.respuesta,
      version: respuestasReglamentos.version,
      respondido: respuestasReglamentos.respondido,
    })
    .from(respuestasReglamentos)
    .where(eq(respuestasReglamentos.usuarioId, ctx.sesion.usuario.id))
    .orderBy(desc(respuestasReglamentos.respondido), desc(respuestasReglamentos.id));
}

/** Los hijos del referente que inició sesión (vínculo confirmado; id y nombre). */
async function hijosDe(ctx: Ctx) {
  const { sesion } = ctx;
  if (sesion.rol !== Rol.ReferenteParental) return [];
  return ctx.db
    .select({ id: alumnos.id, nombre: alumnos.nombre, apellido: alumnos.apellido })
    .from(referentes)
    .innerJoin(alumnosReferentes, eq(alumnosReferentes.referenteId, referentes.id))
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(and(eq(referentes.usuarioId, sesion.usuario.id), vinculoConfirmado))
    .orderBy(asc(alumnos.id));
}

const historia = (r: { respuesta: string; version: number; respondido: Date }) => ({
  respuesta: r.respuesta,
  version: r.version,
  respondidoEn: r.respondido.toISOString(),
});

/** GET /api/reglamentos: cada reglamento con la respuesta vigente del usuario y las anteriores. */
export async function listar(ctx: Ctx) {
  const [lista, respuestas] = await Promise.all([terminos(ctx, 'reglamento'), respuestasDe(ctx)]);
  return lista.map((t) => {
    const propias = respuestas.filter((r) => r.terminoId === t.id && r.alumnoId === null);
    const [ultima, ...anteriores] = propias;
    return {
      ...t,
      respuesta: ultima?.respuesta ?? null,
      respondidoEn: ultima?.respondido.toISOString() ?? null,
      respuestasAnteriores: anteriores.map(historia),
    };
  });
}

/** GET /api/autorizaciones: cada autorización con la respuesta vigente por hijo. */
export async function autorizaciones(ctx: Ctx) {
  const [lista, respuestas, hijos] = await Promise.all([
    terminos(ctx, 'autorizacion'),
    respuestasDe(ctx),
    hijosDe(ctx),
  ]);
  return lista.map((t) => ({
    ...t,
    respuestas: hijos.map((h) => {
      const ultima = respuestas.find((r) => r.terminoId === t.id && r.alumnoId === h.id);
      return {
        hijo: h,
        respuesta: ultima?.respuesta ?? null,
        respondidoEn: ultima?.respondido.toISOString() ?? null,
      };
    }),
  }));
}

/**
 * Lo que el diálogo de home necesita: si el usuario cumplió y, si no, las diapositivas
 * pendientes (reglamentos y autorizaciones desplegadas por hijo). Otros roles: nada.
 */
export async function pendientes(ctx: Ctx) {
  const { sesion } = ctx;
  if (sesion.rol !== Rol.Alumno && sesion.rol !== Rol.ReferenteParental)
    return { satisfecho: true, diapositivas: [] };
  const [regs, auts, respuestas, hijos] = await Promise.all([
    terminos(ctx, 'reglamento'),
    sesion.rol === Rol.ReferenteParental ? terminos(ctx, 'autorizacion') : Promise.resolve([]),
    respuestasDe(ctx),
    hijosDe(ctx),
  ]);
  const comoTermino = (t: (typeof regs)[number]): Termino => ({
    id: t.id,
    nombre: t.nombre,
    respuestasPosibles: t.respuestasPosibles,
  });
  const guardadas: RespuestaGuardada[] = respuestas;
  const hijosNombre = hijos.map((h) => ({ id: h.id, nombre: `${h.nombre} ${h.apellido}` }));
  const diapositivas = diapositivasPendientes(
    sesion.rol,
    regs.map(comoTermino),
    auts.map(comoTermino),
    guardadas,
    hijosNombre,
  ).map((d) => {
    const t = [...regs, ...auts].find((x) => x.id === d.termino.id)!;
    return {
      clase: (d.hijo ? 'autorizacion' : 'reglamento') as Clase,
      nombre: t.nombre,
      tipo: t.tipo,
      contenido: t.contenido,
      respuestasPosibles: t.respuestasPosibles,
      hijo: d.hijo,
    };
  });
  return {
    satisfecho: terminosSatisfechos(
      sesion.rol,
      regs.map(comoTermino),
      auts.map(comoTermino),
      guardadas,
      hijos.length,
    ),
    diapositivas,
  };
}

async function terminoPorNombre(ctx: Ctx, { clase, nombre }: { clase: Clase; nombre: string }) {
  const [t] = await ctx.db
    .select()
    .from(reglamentos)
    .where(
      and(
        eq(reglamentos.clase, clase),
        eq(reglamentos.nombre, nombre),
        eq(reglamentos.activo, true),
      ),
    );
  if (!t)
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: clase === 'reglamento' ? REGLAMENTO_INEXISTENTE : AUTORIZACION_INEXISTENTE,
    });
  return t;
}

async function guardar(
  ctx: Ctx,
  {
    termino: t,
    respuesta,
    alumno: alumnoId,
  }: { termino: typeof reglamentos.$inferSelect; respuesta: string; alumno: number | null },
) {
  if (!respuestaCompleta(t.respuestasPosibles, respuesta))
    throw new TRPCError({ code: 'BAD_REQUEST', message: RESPUESTA_INVALIDA });
  // La respuesta y su auditoría (issue 31 §14: quién aceptó qué versión, por qué hijo), juntas.
  const r = await transaccion(ctx, async (tx) => {
    const [fila] = await tx.db
      .insert(respuestasReglamentos)
      .values({
        reglamentoId: t.id,
        usuarioId: ctx.sesion.usuario.id,
        alumnoId,
        respuesta,
        contenido: t.contenido,
        version: t.version,
      })
      .returning();
    await auditar(tx, {
      accion: 'responder',
      entidad: 'respuestas_reglamentos',
      entidadId: fila!.id,
      despues: {
        clase: t.clase,
        nombre: t.nombre,
        version: t.version,
        respuesta,
        alumno: alumnoId,
      },
    });
    return fila;
  });
  return {
    nombre: t.nombre,
    respuesta: r!.respuesta,
    version: r!.version,
    hijo: alumnoId,
    respondidoEn: r!.respondido.toISOString(),
  };
}

/** POST /api/reglamentos/responder {nombre, respuesta}. */
export async function responder(ctx: Ctx, d: ResponderReglamento) {
  const t = await terminoPorNombre(ctx, { clase: 'reglamento', nombre: d.nombre });
  return guardar(ctx, { termino: t, respuesta: d.respuesta, alumno: null });
}

/**
 * POST /api/autorizaciones/responder {nombre, respuesta, hijo}: sólo por un hijo vinculado;
 * otro: "No coinciden los datos de los hijos asociados".
 */
export async function responderAutorizacion(ctx: Ctx, d: ResponderAutorizacion) {
  const t = await terminoPorNombre(ctx, { clase: 'autorizacion', nombre: d.nombre });
  const hijos = await hijosDe(ctx);
  if (!hijos.some((h) => h.id === d.hijo))
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_COINCIDEN_HIJOS });
  return guardar(ctx, { termino: t, respuesta: d.respuesta, alumno: d.hijo });
}
