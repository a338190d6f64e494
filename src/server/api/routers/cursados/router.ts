import { procedimiento, router } from '@/server/api/trpc';
import { cambiosInscripciones } from './schemas';
import * as servicio from './service';
import { periodoCursado } from '../notas/schemas';
import * as notas from '../notas/service';

/**
 * Cursados: los cambios de inscripción del panel de cursos (spec 01 §2, §7) y el cierre y la
 * reapertura de los períodos de notas (spec 02 §4, §7), que aplica el servicio de notas.
 */
export const cursadosRouter = router({
  inscripciones: procedimiento
    .input(cambiosInscripciones)
    .mutation(({ ctx, input }) => servicio.guardarInscripciones(ctx.db, ctx.sesion, input, ctx.ip)),
  /** Cierra la planilla de notas de un cuatrimestre (por defecto, el período en curso). */
  cerrar: procedimiento
    .input(periodoCursado)
    .mutation(({ ctx, input }) => notas.cerrar(ctx.db, ctx.sesion, input, ctx.ip, ctx.hoy)),
  /** Reabre una planilla cerrada, salvo que sus notas ya estén publicadas. */
  reabrir: procedimiento
    .input(periodoCursado)
    .mutation(({ ctx, input }) => notas.reabrir(ctx.db, ctx.sesion, input, ctx.ip, ctx.hoy)),
});
