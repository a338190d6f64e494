/**
 * Herramientas de root (spec 02 §2, §7; issue 17 §3): la consola de reportes SQL, el registro de
 * la aplicación y los dispositivos de administración (issue 31 §4). Sólo Admin con el dispositivo
 * de administración (permisos.ts, PIDEN_DISPOSITIVO_ADMIN): sin la cookie de /bypass, 403 aunque
 * el rol sea Admin.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  entradaLog,
  entradaReporte,
  entradaRevocarDispositivo,
  salidaReportes,
  salidaLog,
} from './schemas';
import * as servicio from './service';

export const rootRouter = router({
  /** Ejecuta una consulta de lectura y devuelve { columnas, filas, truncado }; siempre auditada. */
  reportes: procedimiento
    .input(entradaReporte)
    .output(salidaReportes)
    .mutation(({ ctx, input }) => servicio.reporte(ctx, input)),
  /** Las últimas líneas del registro: errores del servidor y entradas de la auditoría. */
  log: procedimiento
    .input(entradaLog)
    .output(salidaLog)
    .query(({ ctx, input }) => servicio.log(ctx, input)),
  /** Los dispositivos de administración registrados (/root/dispositivos), los más nuevos primero. */
  dispositivos: procedimiento.query(({ ctx }) => servicio.dispositivos(ctx)),
  /** Revoca un dispositivo y cierra las sesiones de suplantación abiertas desde él; auditado. */
  revocarDispositivo: procedimiento
    .input(entradaRevocarDispositivo)
    .mutation(({ ctx, input }) => servicio.revocarDispositivo(ctx, input)),
});
