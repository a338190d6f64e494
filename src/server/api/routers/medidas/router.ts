/**
 * Medidas disciplinarias (spec 01 §2, §5, §7, §8, §9). Quién llama a cada procedimiento lo
 * dice `permisos.ts`; el modo (completo o protegido) y el alcance, el servicio.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  borrarMedida,
  editarMedida,
  medidasDelAlumno,
  misMedidas,
  nuevaMedida,
  reporteMedidas,
  salidaMias,
  salidaNueva,
  salidaEditar,
  salidaBorrar,
} from './schemas';
import * as servicio from './service';

export const medidasRouter = router({
  /** Crea una amonestación o un apercibimiento; una amonestación con cantidad 0 devuelve null sin escribir. */
  nueva: procedimiento
    .input(nuevaMedida)
    .output(salidaNueva)
    .mutation(({ ctx, input }) => servicio.nueva(ctx, input)),
  /** Guarda una medida del alumno (sólo modo completo); amonestación con cantidad 0: null, nada cambia. */
  editar: procedimiento
    .input(editarMedida)
    .output(salidaEditar)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  /** Borra una medida del alumno (sólo modo completo). */
  borrar: procedimiento
    .input(borrarMedida)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  /** Lista por año con total y color, para el personal (legajo y /medidas), con el alcance del rol. */
  delAlumno: procedimiento
    .input(medidasDelAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
  /** Las propias (Alumno) o de un hijo vinculado (Referente), sólo lectura. */
  mias: procedimiento
    .input(misMedidas)
    .output(salidaMias)
    .query(({ ctx, input }) => servicio.mias(ctx, input)),
  /** Planillón en modo medidas: alumnos del curso × días del mes. */
  reporte: procedimiento
    .input(reporteMedidas)
    .query(({ ctx, input }) => servicio.reporte(ctx, input)),
});
