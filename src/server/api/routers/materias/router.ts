/**
 * Materias (spec 02 §2 /planificacion, /coordinadores, /alumnos-cursados; spec 01 §7). Quién
 * llama a cada procedimiento lo dice `permisos.ts`.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  alumnosDeMateria,
  coordinador,
  datosMateria,
  editarMateria,
  guardarCoordinador,
  importarMaterias,
  listarMaterias,
  materiaId,
} from './schemas';
import * as servicio from './service';

export const materiasRouter = router({
  /** Páginas de 30 con búsqueda (GET /api/materias). */
  listar: procedimiento
    .input(listarMaterias)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  obtener: procedimiento.input(materiaId).query(({ ctx, input }) => servicio.obtener(ctx, input)),
  crear: procedimiento.input(datosMateria).mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  editar: procedimiento
    .input(editarMateria)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  /** Sólo si ningún cursado ni inscripción la usa (si no, 409 con lo que depende de ella). */
  borrar: procedimiento.input(materiaId).mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  planes: procedimiento.query(({ ctx }) => servicio.planesDeEstudio(ctx)),
  delDepartamento: procedimiento.query(({ ctx }) => servicio.delDepartamento(ctx)),
  delCoordinador: procedimiento
    .input(coordinador)
    .query(({ ctx, input }) => servicio.delCoordinador(ctx, input)),
  guardarCoordinador: procedimiento
    .input(guardarCoordinador)
    .mutation(({ ctx, input }) => servicio.guardarCoordinador(ctx, input)),
  alumnos: procedimiento
    .input(alumnosDeMateria)
    .query(({ ctx, input }) => servicio.alumnosDe(ctx, input)),
  csv: procedimiento.query(({ ctx }) => servicio.csv(ctx)),
  importarVista: procedimiento
    .input(importarMaterias)
    .mutation(({ ctx, input }) => servicio.importarVista(ctx, input)),
  importar: procedimiento
    .input(importarMaterias)
    .mutation(({ ctx, input }) => servicio.importar(ctx, input)),
});
