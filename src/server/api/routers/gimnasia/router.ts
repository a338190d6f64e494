/**
 * Gimnasia electiva (spec 02 §2, §7; issue 17 §2): el alumno de 5° año elige; el personal ve y
 * exporta; Regente y Admin asignan y publican.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { delAnio, elegir } from './schemas';
import * as servicio from './service';

export const gimnasiaRouter = router({
  mia: procedimiento.query(({ ctx }) => servicio.mia(ctx)),
  elegir: procedimiento.input(elegir).mutation(({ ctx, input }) => servicio.elegir(ctx, input)),
  vista: procedimiento.input(delAnio).query(({ ctx, input }) => servicio.vista(ctx, input)),
  csv: procedimiento.input(delAnio).query(({ ctx, input }) => servicio.csv(ctx, input)),
  asignar: procedimiento.input(delAnio).mutation(({ ctx, input }) => servicio.asignar(ctx, input)),
  publicar: procedimiento
    .input(delAnio)
    .mutation(({ ctx, input }) => servicio.publicar(ctx, input)),
});
