/**
 * Notas (spec 02 §2 Grade sheets, §7 notas; spec 01 §2 Grade booklet, Overview). Quién llama a
 * cada procedimiento lo dice `permisos.ts`; el modo (docente, Alumnado o lectura) y el alcance,
 * el servicio.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  cursadosDeNotas,
  guardarPlanilla,
  libreta,
  misNotas,
  planilla,
  reporteNotas,
} from './schemas';
import * as servicio from './service';

export const notasRouter = router({
  /** Los cursados cuyas planillas ve el rol en el ciclo, con el estado de cada cuatrimestre. */
  cursados: procedimiento
    .input(cursadosDeNotas)
    .query(({ ctx, input }) =>
      servicio.cursadosDeNotas(
        ctx.db,
        ctx.sesion,
        input.ciclo ?? ctx.ciclo,
        input.soloAbiertas,
        ctx.hoy,
      ),
    ),
  /** La planilla de un cursado (de un curso, si se pide): estados, avisos, alumnos y notas. */
  planilla: procedimiento
    .input(planilla)
    .query(({ ctx, input }) => servicio.planilla(ctx.db, ctx.sesion, input, ctx.hoy)),
  /** Guarda sólo las celdas cambiadas, todas o ninguna; CONFLICT si otro las cambió antes. */
  guardar: procedimiento
    .input(guardarPlanilla)
    .mutation(({ ctx, input }) => servicio.guardar(ctx.db, ctx.sesion, input, ctx.ip, ctx.hoy)),
  /** La libreta de un alumno para el personal (/libretas, legajo). */
  libreta: procedimiento
    .input(libreta)
    .query(({ ctx, input }) =>
      servicio.libreta(ctx.db, ctx.sesion, input.alumno, ctx.ciclo, ctx.hoy),
    ),
  /** La libreta propia o del hijo elegido: sólo los cuatrimestres publicados. */
  mias: procedimiento
    .input(misNotas)
    .query(({ ctx, input }) => servicio.mias(ctx.db, ctx.sesion, input.alumno, ctx.hijo, ctx.hoy)),
  /** Planillón en modo notas: alumnos del curso × cursados. */
  reporte: procedimiento
    .input(reporteNotas)
    .query(({ ctx, input }) =>
      servicio.reporte(ctx.db, ctx.sesion, { curso: input.curso, ciclo: input.ciclo ?? ctx.ciclo }),
    ),
});
