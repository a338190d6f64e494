import { procedimiento, router } from '@/server/api/trpc';
import { hijos } from '@/server/consultas/hijos';
import {
  confirmarVinculo,
  crearReferente,
  delAlumno,
  guardarReferente,
  listarReferentes,
  referentesPorCurso,
  vincularReferentes,
  salidaVincular,
  salidaPorCurso,
  salidaListar,
  salidaDelAlumno,
  salidaCrear,
  salidaGuardar,
  salidaMishijos,
} from './schemas';
import * as servicio from './service';

/** Referentes (spec 01 §2, §7; spec 02 §2 /referentes; roles en permisos.ts). */
export const referentesRouter = router({
  listar: procedimiento
    .input(listarReferentes)
    .output(salidaListar)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  delAlumno: procedimiento
    .input(delAlumno)
    .output(salidaDelAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input.id)),
  porCurso: procedimiento
    .input(referentesPorCurso)
    .output(salidaPorCurso)
    .query(({ ctx, input }) => servicio.porCurso(ctx, input)),
  guardar: procedimiento
    .input(guardarReferente)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
  crear: procedimiento
    .input(crearReferente)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  vincular: procedimiento
    .input(vincularReferentes)
    .output(salidaVincular)
    .mutation(({ ctx, input }) => servicio.vincular(ctx, input)),
  /** Confirma el vínculo que declaró un referente (hasta entonces no ve los datos del alumno). */
  confirmar: procedimiento
    .input(confirmarVinculo)
    .mutation(({ ctx, input }) => servicio.confirmar(ctx, input)),
  /** GET /api/mishijos: los hijos vinculados al referente, con su curso del ciclo (el mismo servicio que sesion.hijos). */
  mishijos: procedimiento.output(salidaMishijos).query(({ ctx }) => hijos(ctx)),
});
