import { procedimiento, router } from '@/server/api/trpc';
import { busqueda } from '@/server/api/schemas';
import { Rol } from '@/domain/roles';
import { buscarUsuarios } from '@/server/consultas/usuarios';
import * as servicio from './service';

export const buscarRouter = router({
  cursos: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarCursos(ctx, input)),
  alumnos: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarAlumnos(ctx, input)),
  referentes: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarReferentes(ctx, input)),
  materias: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarMaterias(ctx, input)),
  cursados: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => servicio.buscarCursados(ctx, input)),
  preceptores: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => buscarUsuarios(ctx, { ...input, conRol: Rol.Preceptor })),
  docentes: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => buscarUsuarios(ctx, { ...input, conRol: Rol.Docente })),
  /** Usuarios con el rol Coordinador (512), para /coordinadores. */
  coordinadores: procedimiento
    .input(busqueda)
    .query(({ ctx, input }) => buscarUsuarios(ctx, { ...input, conRol: Rol.Coordinador })),
});
