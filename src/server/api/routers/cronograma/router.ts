/**
 * Cronograma (spec 01 §2 Teaching follow-up, §6, §7): los cursados del usuario, el libro de temas
 * (el docente escribe; el jefe de departamento lee) y los detalles de cada cursado.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { id } from '@/server/api/schemas';
import { z } from 'zod';
import {
  borrarLibro,
  delCursado,
  escribirLibro,
  guardarDetalles,
  guardarPlanificacion,
  importarPlanificacion,
  salidaCursados,
  salidaLibro,
  salidaEscribir,
  salidaBorrar,
  salidaDetalles,
  salidaGuardarDetalles,
  salidaPlanificacion,
  salidaGuardarPlanificacion,
  salidaPlanificaciones,
  salidaImportar,
  salidaExportar,
} from './schemas';
import * as planes from './planificaciones';
import * as servicio from './service';

export const cronogramaRouter = router({
  cursados: procedimiento
    .output(salidaCursados)
    .query(({ ctx }) => servicio.cursadosDelCronograma(ctx)),
  libro: procedimiento
    .input(delCursado)
    .output(salidaLibro)
    .query(({ ctx, input }) => servicio.libro(ctx, input)),
  escribir: procedimiento
    .input(escribirLibro)
    .output(salidaEscribir)
    .mutation(({ ctx, input }) => servicio.escribir(ctx, input)),
  borrar: procedimiento
    .input(borrarLibro)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  detalles: procedimiento
    .input(z.object({ id }, { error: 'Falta el id del cursado.' }))
    .output(salidaDetalles)
    .query(({ ctx, input }) => servicio.detalles(ctx, input)),
  guardarDetalles: procedimiento
    .input(guardarDetalles)
    .output(salidaGuardarDetalles)
    .mutation(({ ctx, input }) => servicio.guardarDetalles(ctx, input)),
  planificacion: procedimiento
    .input(delCursado)
    .output(salidaPlanificacion)
    .query(({ ctx, input }) => planes.planificacion(ctx, input)),
  guardarPlanificacion: procedimiento
    .input(guardarPlanificacion)
    .output(salidaGuardarPlanificacion)
    .mutation(({ ctx, input }) => planes.guardarPlanificacion(ctx, input)),
  planificaciones: procedimiento
    .input(delCursado)
    .output(salidaPlanificaciones)
    .query(({ ctx, input }) => planes.planificacionesElegibles(ctx, input)),
  importar: procedimiento
    .input(importarPlanificacion)
    .output(salidaImportar)
    .mutation(({ ctx, input }) => planes.importar(ctx, input)),
  exportar: procedimiento
    .input(delCursado)
    .output(salidaExportar)
    .mutation(({ ctx, input }) => planes.exportar(ctx, input)),
});
