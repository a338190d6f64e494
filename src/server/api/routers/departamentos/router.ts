import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';
import { salidaListar } from './schemas';

export const departamentosRouter = router({
  listar: procedimiento.output(salidaListar).query(({ ctx }) => servicio.listar(ctx)),
});
