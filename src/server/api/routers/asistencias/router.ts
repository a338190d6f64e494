import { procedimiento, router } from '@/server/api/trpc';
import * as esquemas from './schemas';
import * as planillon from './planillon';
import * as servicio from './service';

/**
 * Asistencias (spec 01 §2, §4, §5, §7 Attendance; DESIGN §6): /asistencias (completo),
 * /asistencias-protected (Preceptor: sus cursos, 15 días atrás), el planillón, el legajo
 * y las vistas propias. El modo sale del rol activo, no del cliente.
 */
export const asistenciasRouter = router({
  planilla: procedimiento
    .input(esquemas.planilla)
    .output(esquemas.salidaPlanilla)
    .query(({ ctx, input }) => servicio.planilla(ctx, input)),
  guardarPlanilla: procedimiento
    .input(esquemas.guardarPlanilla)
    .output(esquemas.salidaGuardarPlanilla)
    .mutation(({ ctx, input }) => servicio.guardarPlanilla(ctx, input)),
  guardarAlumno: procedimiento
    .input(esquemas.guardarAlumno)
    .output(esquemas.salidaGuardarAlumno)
    .mutation(({ ctx, input }) => servicio.guardarAlumno(ctx, input)),
  reporte: procedimiento
    .input(esquemas.reporte)
    .output(esquemas.salidaReporte)
    .query(({ ctx, input }) => planillon.reporte(ctx, input)),
  delAlumno: procedimiento
    .input(esquemas.delAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
  mias: procedimiento
    .input(esquemas.mias)
    .output(esquemas.salidaMias)
    .query(({ ctx, input }) => servicio.mias(ctx, input)),
});
