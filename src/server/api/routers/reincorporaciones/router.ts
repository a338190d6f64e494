import { procedimiento, router } from '@/server/api/trpc';
import * as esquemas from './schemas';
import * as servicio from './service';

/** Reincorporaciones (spec 02 §2, §5, §8; spec 01 §7): listar y reincorporar. */
export const reincorporacionesRouter = router({
  listar: procedimiento
    .input(esquemas.listar)
    .output(esquemas.salidaListar)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  reincorporar: procedimiento
    .input(esquemas.reincorporar)
    .output(esquemas.salidaReincorporar)
    .mutation(({ ctx, input }) => servicio.reincorporar(ctx, input)),
});
