import { procedimiento, router } from '@/server/api/trpc';
import { cambiosInscripciones } from './schemas';
import * as servicio from './service';

/** Cursados: por ahora, los cambios de inscripción del panel de cursos (spec 01 §2, §7). */
export const cursadosRouter = router({
  inscripciones: procedimiento
    .input(cambiosInscripciones)
    .mutation(({ ctx, input }) => servicio.guardarInscripciones(ctx.db, ctx.sesion, input, ctx.ip)),
});
