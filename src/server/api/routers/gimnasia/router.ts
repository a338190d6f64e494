/**
 * Gimnasia electiva (spec 02 §2, §7; issue 17 §2): el alumno de 5° año elige; el personal ve y
 * exporta; Regente y Admin asignan y publican.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  delAnio,
  elegir,
  salidaElegir,
  salidaMia,
  salidaVista,
  salidaCsv,
  salidaAsignar,
  salidaPublicar,
} from './schemas';
import * as servicio from './service';

export const gimnasiaRouter = router({
  mia: procedimiento.output(salidaMia).query(({ ctx }) => servicio.mia(ctx)),
  elegir: procedimiento
    .input(elegir)
    .output(salidaElegir)
    .mutation(({ ctx, input }) => servicio.elegir(ctx, input)),
  vista: procedimiento
    .input(delAnio)
    .output(salidaVista)
    .query(({ ctx, input }) => servicio.vista(ctx, input)),
  csv: procedimiento
    .input(delAnio)
    .output(salidaCsv)
    .query(({ ctx, input }) => servicio.csv(ctx, input)),
  asignar: procedimiento
    .input(delAnio)
    .output(salidaAsignar)
    .mutation(({ ctx, input }) => servicio.asignar(ctx, input)),
  publicar: procedimiento
    .input(delAnio)
    .output(salidaPublicar)
    .mutation(({ ctx, input }) => servicio.publicar(ctx, input)),
});
