import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';

export const departamentosRouter = router({
  listar: procedimiento.query(({ ctx }) => servicio.listar(ctx)),
});
