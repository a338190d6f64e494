/**
 * "Pendientes" (issue 15 §5): el tablero de lo que quedó sin hacer a tiempo, para Regente,
 * Alumnado, Jefe de Preceptores y Jefe de Departamento (lo de su departamento).
 */
import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';
import { salidaTablero } from './schemas';

export const pendientesRouter = router({
  tablero: procedimiento.output(salidaTablero).query(({ ctx }) => servicio.tablero(ctx)),
});
