/**
 * Exportaciones (issue 34 §3): la completa (Admin con el dispositivo de administración,
 * permisos.ts PIDEN_DISPOSITIVO_ADMIN) y el legajo de un alumno (el personal que lo ve completo).
 * Las descargas son rutas propias que primero llaman a estos procedimientos.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { entradaLegajo, salidaLegajo, salidaResumen } from './schemas';
import * as servicio from './service';

export const datosRouter = router({
  /** Las cuentas de lo que tendrá la exportación completa (/root/exportar). */
  resumen: procedimiento.output(salidaResumen).query(({ ctx }) => servicio.resumen(ctx)),
  /** El alumno cuyo legajo se exporta, con el alcance de quien lo pide. */
  legajo: procedimiento
    .input(entradaLegajo)
    .output(salidaLegajo)
    .query(({ ctx, input }) => servicio.legajo(ctx, input)),
});
