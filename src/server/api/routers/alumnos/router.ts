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
  listar: procedimiento.input(listarAlumnos).query(({ ctx, input }) => servicio.listar(ctx, input)),
  base: procedimiento.query(({ ctx }) => servicio.base(ctx)),
  obtener: procedimiento.input(conId).query(({ ctx, input }) => servicio.obtener(ctx, input.id)),
  legajo: procedimiento.input(conId).query(({ ctx, input }) => servicio.legajo(ctx, input.id)),
  crear: procedimiento.input(crearAlumno).mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  editar: procedimiento
    .input(editarAlumno)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  habilitar: procedimiento
    .input(habilitar)
    .mutation(({ ctx, input }) => servicio.habilitar(ctx, input)),
  vincularCurso: procedimiento
    .input(vincularCurso)
    .mutation(({ ctx, input }) => servicio.vincularCurso(ctx, input)),
  cursados: procedimiento
    .input(conId)
    .query(({ ctx, input }) => servicio.cursadosDelAlumno(ctx, input.id)),
  desinscribir: procedimiento
    .input(desinscribir)
    .mutation(({ ctx, input }) => servicio.desinscribir(ctx, input)),
});
