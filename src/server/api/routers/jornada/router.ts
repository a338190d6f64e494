/**
 * Jornada cultural y deportiva (spec 02 §2, §7; issue 17 §1): el alumno ve y elige; el personal ve
 * las listas; Regente y Admin crean, cambian y borran actividades y quitan elecciones.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  actividad,
  crear,
  delAnio,
  elegir,
  modificar,
  quitarEleccion,
  salidaInformacion,
  salidaElegir,
  salidaVista,
  salidaCrear,
  salidaModificar,
  salidaBorrar,
  salidaQuitarEleccion,
} from './schemas';
import * as servicio from './service';

export const jornadaRouter = router({
  informacion: procedimiento
    .input(delAnio)
    .output(salidaInformacion)
    .query(({ ctx, input }) => servicio.informacion(ctx, input)),
  elegir: procedimiento
    .input(elegir)
    .output(salidaElegir)
    .mutation(({ ctx, input }) => servicio.elegir(ctx, input)),
  vista: procedimiento
    .input(delAnio)
    .output(salidaVista)
    .query(({ ctx, input }) => servicio.vista(ctx, input)),
  crear: procedimiento
    .input(crear)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  modificar: procedimiento
    .input(modificar)
    .output(salidaModificar)
    .mutation(({ ctx, input }) => servicio.modificar(ctx, input)),
  borrar: procedimiento
    .input(actividad)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  quitarEleccion: procedimiento
    .input(quitarEleccion)
    .output(salidaQuitarEleccion)
    .mutation(({ ctx, input }) => servicio.quitarEleccion(ctx, input)),
  imagen: procedimiento.input(actividad).query(({ ctx, input }) => servicio.imagen(ctx, input)),
});
