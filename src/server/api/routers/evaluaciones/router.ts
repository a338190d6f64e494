/**
 * Evaluaciones (spec 01 §2 Evaluations, §7): el docente reserva y cancela en sus cursados; el
 * personal ve las próximas por curso (/evaluaciones-readonly); alumnos y referentes, las suyas y
 * su calendario personal (.ics en una dirección privada, que se lee sin sesión).
 */
import { procedimiento, procedimientoPublico, router } from '@/server/api/trpc';
import {
  calendario,
  delAlumno,
  delCursado,
  evaluacionId,
  mias,
  reservar,
  salidaDisponibles,
  salidaReservar,
  salidaCancelar,
  salidaProximas,
  salidaMias,
  salidaEnlace,
  salidaNuevoEnlace,
  salidaQuitarEnlace,
} from './schemas';
import * as servicio from './service';

export const evaluacionesRouter = router({
  disponibles: procedimiento
    .input(delCursado)
    .output(salidaDisponibles)
    .query(({ ctx, input }) => servicio.disponibles(ctx, input)),
  reservar: procedimiento
    .input(reservar)
    .output(salidaReservar)
    .mutation(({ ctx, input }) => servicio.reservar(ctx, input)),
  cancelar: procedimiento
    .input(evaluacionId)
    .output(salidaCancelar)
    .mutation(({ ctx, input }) => servicio.cancelar(ctx, input)),
  proximas: procedimiento.output(salidaProximas).query(({ ctx }) => servicio.proximas(ctx)),
  mias: procedimiento
    .input(mias)
    .output(salidaMias)
    .query(({ ctx, input }) => servicio.mias(ctx, input)),
  delAlumno: procedimiento
    .input(delAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
  // El calendario personal (issue 14 §10).
  enlace: procedimiento.output(salidaEnlace).query(({ ctx }) => servicio.enlace(ctx)),
  nuevoEnlace: procedimiento
    .output(salidaNuevoEnlace)
    .mutation(({ ctx }) => servicio.nuevoEnlace(ctx)),
  quitarEnlace: procedimiento
    .output(salidaQuitarEnlace)
    .mutation(({ ctx }) => servicio.quitarEnlace(ctx)),
  calendario: procedimientoPublico
    .input(calendario)
    .query(({ ctx, input }) => servicio.calendario(ctx, input)),
});
