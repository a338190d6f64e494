/**
 * Notas (spec 02 §2 Grade sheets, §7 notas; spec 01 §2 Grade booklet, Overview). Quién llama a
 * cada procedimiento lo dice `permisos.ts`; el modo (docente, Alumnado o lectura) y el alcance,
 * el servicio.
 */
import { procedimiento, router } from '@/server/api/trpc';
import * as libretas from './libretas';
import {
  cursadosDeNotas,
  guardarPlanilla,
  libreta,
  misNotas,
  planilla,
  reporteNotas,
  periodoCursado,
  salidaPlanilla,
  salidaGuardar,
  salidaMias,
  salidaCerrar,
  salidaReabrir,
} from './schemas';
import * as servicio from './service';

export const notasRouter = router({
  /** Los cursados cuyas planillas ve el rol en el ciclo, con el estado de cada cuatrimestre. */
  cursados: procedimiento
    .input(cursadosDeNotas)
    .query(({ ctx, input }) => servicio.cursadosDeNotas(ctx, input)),
  /** La planilla de un cursado (de un curso, si se pide): estados, avisos, alumnos y notas. */
  planilla: procedimiento
    .input(planilla)
    .output(salidaPlanilla)
    .query(({ ctx, input }) => servicio.planilla(ctx, input)),
  /** Guarda sólo las celdas cambiadas, todas o ninguna; CONFLICT si otro las cambió antes. */
  guardar: procedimiento
    .input(guardarPlanilla)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
  /** Cierra la planilla de un cuatrimestre (por defecto, el período en curso). */
  cerrar: procedimiento
    .input(periodoCursado)
    .output(salidaCerrar)
    .mutation(({ ctx, input }) => servicio.cerrar(ctx, input)),
  /** Reabre una planilla cerrada, salvo que sus notas ya estén publicadas. */
  reabrir: procedimiento
    .input(periodoCursado)
    .output(salidaReabrir)
    .mutation(({ ctx, input }) => servicio.reabrir(ctx, input)),
  /** La libreta de un alumno para el personal (/libretas, legajo). */
  libreta: procedimiento.input(libreta).query(({ ctx, input }) => libretas.libreta(ctx, input)),
  /** La libreta propia o del hijo elegido: sólo los cuatrimestres publicados. */
  mias: procedimiento
    .input(misNotas)
    .output(salidaMias)
    .query(({ ctx, input }) => libretas.mias(ctx, input)),
  /** Planillón en modo notas: alumnos del curso × cursados. */
  reporte: procedimiento
    .input(reporteNotas)
    .query(({ ctx, input }) => libretas.reporte(ctx, input)),
});
