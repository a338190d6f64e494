import { procedimiento, router } from '@/server/api/trpc';
import { cambiosInscripciones } from './schemas';
import * as servicio from './service';

/**
 * Cursados: los cambios de inscripción del panel de cursos (spec 01 §2, §7). El cierre y la
 * reapertura de las planillas (PUT /api/cursados/cerrar|reabrir/{id}) son del módulo notas.
 */
export const cursadosRouter = router({
  inscripciones: procedimiento
    .input(cambiosInscripciones)
    .mutation(({ ctx, input }) => servicio.guardarInscripciones(ctx, input)),
});
