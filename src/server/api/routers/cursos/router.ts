import { z } from 'zod';
import { procedimiento, router } from '@/server/api/trpc';
import { id } from '@/server/api/schemas';
import * as servicio from './service';

export const cursosRouter = router({
  listar: procedimiento.query(({ ctx }) => servicio.listar(ctx.db)),
  delPreceptor: procedimiento
    .input(z.object({ id: id.optional() }).default({}))
    .query(({ ctx, input }) => servicio.delPreceptor(ctx.db, ctx.sesion, input.id)),
  delDepartamento: procedimiento.query(({ ctx }) => servicio.visiblesEnCiclo(ctx.db, ctx.sesion, ctx.ciclo)),
  delCoordinador: procedimiento.query(({ ctx }) => servicio.visiblesEnCiclo(ctx.db, ctx.sesion, ctx.ciclo)),
});
