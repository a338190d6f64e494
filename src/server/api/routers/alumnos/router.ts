import { procedimiento, router } from '@/server/api/trpc';
import {
  conId,
  crearAlumno,
  desinscribir,
  editarAlumno,
  habilitar,
  listarAlumnos,
  vincularCurso,
} from './schemas';
import * as servicio from './service';

/** Alumnos (spec 01 §2 Student and guardian management; roles en permisos.ts). */
export const alumnosRouter = router({
  listar: procedimiento
    .input(listarAlumnos)
    .query(({ ctx, input }) => servicio.listar(ctx.db, ctx.sesion, ctx.ciclo, input)),
  base: procedimiento.query(({ ctx }) => servicio.base(ctx.db, ctx.sesion, ctx.ciclo)),
  obtener: procedimiento
    .input(conId)
    .query(({ ctx, input }) => servicio.obtener(ctx.db, ctx.sesion, ctx.ciclo, input.id)),
  legajo: procedimiento
    .input(conId)
    .query(({ ctx, input }) => servicio.legajo(ctx.db, ctx.sesion, ctx.ciclo, input.id)),
  crear: procedimiento
    .input(crearAlumno)
    .mutation(({ ctx, input }) => servicio.crear(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip)),
  editar: procedimiento
    .input(editarAlumno)
    .mutation(({ ctx, input }) => servicio.editar(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip)),
  habilitar: procedimiento
    .input(habilitar)
    .mutation(({ ctx, input }) => servicio.habilitar(ctx.db, ctx.sesion, input, ctx.ip)),
  vincularCurso: procedimiento
    .input(vincularCurso)
    .mutation(({ ctx, input }) =>
      servicio.vincularCurso(ctx.db, ctx.sesion, ctx.ciclo, input, ctx.ip),
    ),
  cursados: procedimiento
    .input(conId)
    .query(({ ctx, input }) => servicio.cursadosDelAlumno(ctx.db, ctx.sesion, ctx.ciclo, input.id)),
  desinscribir: procedimiento
    .input(desinscribir)
    .mutation(({ ctx, input }) => servicio.desinscribir(ctx.db, ctx.sesion, input, ctx.ip)),
});
