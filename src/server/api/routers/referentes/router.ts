import { procedimiento, router } from '@/server/api/trpc';
import { hijos } from '@/server/api/routers/sesion/service';
import {
  crearReferente,
  delAlumno,
  guardarReferente,
  listarReferentes,
  referentesPorCurso,
  vincularReferentes,
} from './schemas';
import * as servicio from './service';

/** Referentes (spec 01 §2, §7; spec 02 §2 /referentes; roles en permisos.ts). */
export const referentesRouter = router({
  listar: procedimiento
    .input(listarReferentes)
    .query(({ ctx, input }) => servicio.listar(ctx.db, ctx.sesion, ctx.ciclo, input)),
  delAlumno: procedimiento
    .input(delAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx.db, ctx.sesion, ctx.ciclo, input.id)),
  porCurso: procedimiento
    .input(referentesPorCurso)
    .query(({ ctx, input }) =>
      servicio.porCurso(ctx.db, ctx.sesion, input.ciclo ?? ctx.ciclo, input.curso),
    ),
  guardar: procedimiento
    .input(guardarReferente)
    .mutation(({ ctx, input }) => servicio.guardar(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip)),
  crear: procedimiento
    .input(crearReferente)
    .mutation(({ ctx, input }) => servicio.crear(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip)),
  vincular: procedimiento
    .input(vincularReferentes)
    .mutation(({ ctx, input }) => servicio.vincular(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip)),
  /** GET /api/mishijos: los hijos vinculados al referente, con su curso del ciclo (el mismo servicio que sesion.hijos). */
  mishijos: procedimiento.query(({ ctx }) => hijos(ctx.db, ctx.sesion, ctx.ciclo)),
});
