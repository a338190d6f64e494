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
  salidaListar,
  salidaDelDepartamento,
  salidaDelCoordinador,
  salidaGuardarCoordinador,
  salidaObtener,
  salidaAlumnos,
  salidaCrear,
  salidaEditar,
  salidaBorrar,
  salidaPlanes,
} from './schemas';
import * as servicio from './service';

export const materiasRouter = router({
  /** Páginas de 30 con búsqueda (GET /api/materias). */
  listar: procedimiento
    .input(listarMaterias)
    .output(salidaListar)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  obtener: procedimiento
    .input(materiaId)
    .output(salidaObtener)
    .query(({ ctx, input }) => servicio.obtener(ctx, input)),
  crear: procedimiento
    .input(datosMateria)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  editar: procedimiento
    .input(editarMateria)
    .output(salidaEditar)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  /** Sólo si ningún cursado ni inscripción la usa (si no, 409 con lo que depende de ella). */
  borrar: procedimiento
    .input(materiaId)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  planes: procedimiento.output(salidaPlanes).query(({ ctx }) => servicio.planesDeEstudio(ctx)),
  delDepartamento: procedimiento
    .output(salidaDelDepartamento)
    .query(({ ctx }) => servicio.delDepartamento(ctx)),
  delCoordinador: procedimiento
    .input(coordinador)
    .output(salidaDelCoordinador)
    .query(({ ctx, input }) => servicio.delCoordinador(ctx, input)),
  guardarCoordinador: procedimiento
    .input(guardarCoordinador)
    .output(salidaGuardarCoordinador)
    .mutation(({ ctx, input }) => servicio.guardarCoordinador(ctx, input)),
  alumnos: procedimiento
    .input(alumnosDeMateria)
    .output(salidaAlumnos)
    .query(({ ctx, input }) => servicio.alumnosDe(ctx, input)),
  csv: procedimiento.query(({ ctx }) => servicio.csv(ctx)),
  importarVista: procedimiento
    .input(importarMaterias)
    .mutation(({ ctx, input }) => servicio.importarVista(ctx, input)),
  importar: procedimiento
    .input(importarMaterias)
    .mutation(({ ctx, input }) => servicio.importar(ctx, input)),
});
