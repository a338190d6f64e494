/**
 * Herramientas de root (spec 02 §2, §7; issue 17 §3): la consola de reportes SQL y el registro de
 * la aplicación. Sólo Admin con el dispositivo de administración (permisos.ts,
 * PIDEN_DISPOSITIVO_ADMIN): sin la cookie de /bypass, 403 aunque el rol sea Admin.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { entradaLog, entradaReporte } from './schemas';
import * as servicio from './service';

export const rootRouter = router({
  /** Ejecuta una consulta de lectura y devuelve { columnas, filas, truncado }; siempre auditada. */
  reportes: procedimiento
    .input(entradaReporte)
    .mutation(({ ctx, input }) => servicio.reporte(ctx, input)),
  /** Las últimas líneas del registro: errores del servidor y entradas de la auditoría. */
  log: procedimiento.input(entradaLog).query(({ ctx, input }) => servicio.log(ctx, input)),
});
