/**
 * Avances (spec 01 §2 Progress reports, §6, §7; issue 15): Docente edita, guarda y cierra;
 * JefeDepartamento sólo cierra; Coordinador y Regente leen; alumnos y referentes ven las
 * planillas cerradas (las suyas o las del hijo); el personal, en el legajo. El planillón en modo
 * avances (`reporte`): los roles del planillón, el Preceptor sólo sus cursos.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  cursados,
  delAlumno,
  guardar,
  mias,
  planilla,
  reporte,
  salidaInstancias,
  salidaInstanciar,
  salidaCursados,
  salidaPlanilla,
  salidaGuardar,
  salidaCerrar,
  salidaReporte,
  salidaMias,
} from './schemas';
import * as servicio from './service';

export const avancesRouter = router({
  instancias: procedimiento.output(salidaInstancias).query(({ ctx }) => servicio.instancias(ctx)),
  cursados: procedimiento
    .input(cursados)
    .output(salidaCursados)
    .query(({ ctx, input }) => servicio.cursadosDeInstancia(ctx, input)),
  planilla: procedimiento
    .input(planilla)
    .output(salidaPlanilla)
    .query(({ ctx, input }) => servicio.planilla(ctx, input)),
  instanciar: procedimiento
    .input(planilla)
    .output(salidaInstanciar)
    .mutation(({ ctx, input }) => servicio.instanciar(ctx, input)),
  guardar: procedimiento
    .input(guardar)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
  cerrar: procedimiento
    .input(planilla)
    .output(salidaCerrar)
    .mutation(({ ctx, input }) => servicio.cerrar(ctx, input)),
  mias: procedimiento
    .input(mias)
    .output(salidaMias)
    .query(({ ctx, input }) => servicio.mias(ctx, input)),
  delAlumno: procedimiento
    .input(delAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
  reporte: procedimiento
    .input(reporte)
    .output(salidaReporte)
    .query(({ ctx, input }) => servicio.reporte(ctx, input)),
});
