/**
 * Calendario escolar (spec 02 §2, §4, §7, §9). Quién llama a cada procedimiento lo dice
 * `permisos.ts` (Admin, Regente y Alumnado); todos ven y editan el calendario de la escuela.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { calendarioDelAnio, guardarCalendario, salidaAnio, salidaGuardar } from './schemas';
import * as servicio from './service';

export const calendarioRouter = router({
  /** Las fechas del año { fecha, tipo, area }, ordenadas por fecha (GET /calendario/{year}). */
  anio: procedimiento
    .input(calendarioDelAnio)
    .output(salidaAnio)
    .query(({ ctx, input }) => servicio.delAnio(ctx, input)),
  /** Agrega las nuevas y borra las borradas de un área en una transacción auditada; devuelve el año. */
  guardar: procedimiento
    .input(guardarCalendario)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
});
