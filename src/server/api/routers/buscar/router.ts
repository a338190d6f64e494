import { procedimiento, router } from '@/server/api/trpc';
import { busqueda } from '@/server/api/schemas';
import { Rol } from '@/domain/roles';
import * as servicio from './service';

export const buscarRouter = router({
  cursos: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarCursos(ctx.db, ctx.sesion, ctx.ciclo, input)),
  alumnos: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarAlumnos(ctx.db, ctx.sesion, ctx.ciclo, input)),
  referentes: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarReferentes(ctx.db, ctx.sesion, ctx.ciclo, input)),
  materias: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarMaterias(ctx.db, input)),
  cursados: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarCursados(ctx.db, ctx.sesion, ctx.ciclo, input)),
  preceptores: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarUsuarios(ctx.db, input, Rol.Preceptor)),
  docentes: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarUsuarios(ctx.db, input, Rol.Docente)),
});
