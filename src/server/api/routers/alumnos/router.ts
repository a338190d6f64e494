import { procedimiento, router } from '@/server/api/trpc';
import {
  conId,
  crearAlumno,
  desinscribir,
  editarAlumno,
  habilitar,
  listarAlumnos,
  conCurso,
  vincularCurso,
  salidaListar,
  salidaBase,
  salidaCrear,
  salidaEditar,
  salidaHabilitar,
  salidaVincularCurso,
  salidaCursados,
  salidaDesinscribir,
  salidaLegajo,
} from './schemas';
import * as codigos from './codigos';
import * as servicio from './service';

/** Alumnos (spec 01 §2 Student and guardian management; roles en permisos.ts). */
export const alumnosRouter = router({
  listar: procedimiento
    .input(listarAlumnos)
    .output(salidaListar)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  base: procedimiento.output(salidaBase).query(({ ctx }) => servicio.base(ctx)),
  obtener: procedimiento.input(conId).query(({ ctx, input }) => servicio.obtener(ctx, input.id)),
  legajo: procedimiento
    .input(conId)
    .output(salidaLegajo)
    .query(({ ctx, input }) => servicio.legajo(ctx, input.id)),
  crear: procedimiento
    .input(crearAlumno)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  editar: procedimiento
    .input(editarAlumno)
    .output(salidaEditar)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  habilitar: procedimiento
    .input(habilitar)
    .output(salidaHabilitar)
    .mutation(({ ctx, input }) => servicio.habilitar(ctx, input)),
  vincularCurso: procedimiento
    .input(vincularCurso)
    .output(salidaVincularCurso)
    .mutation(({ ctx, input }) => servicio.vincularCurso(ctx, input)),
  cursados: procedimiento
    .input(conId)
    .output(salidaCursados)
    .query(({ ctx, input }) => servicio.cursadosDelAlumno(ctx, input.id)),
  desinscribir: procedimiento
    .input(desinscribir)
    .output(salidaDesinscribir)
    .mutation(({ ctx, input }) => servicio.desinscribir(ctx, input)),
  /** El código de vinculación del alumno (se crea la primera vez) y si está bloqueado. */
  codigo: procedimiento.input(conId).query(({ ctx, input }) => codigos.codigo(ctx, input.id)),
  /** "Regenerar código": el anterior deja de valer en el acto (auditado). */
  regenerarCodigo: procedimiento
    .input(conId)
    .mutation(({ ctx, input }) => codigos.regenerar(ctx, input.id)),
  /** "Desbloquear" el código después de demasiados intentos equivocados (auditado). */
  desbloquearCodigo: procedimiento
    .input(conId)
    .mutation(({ ctx, input }) => codigos.desbloquear(ctx, input.id)),
  /** Los códigos de los alumnos de un curso, para imprimir los papelitos. */
  codigosDelCurso: procedimiento
    .input(conCurso)
    .query(({ ctx, input }) => codigos.delCurso(ctx, input.curso)),
  /** Los alumnos del alcance con el código bloqueado. */
  codigosBloqueados: procedimiento.query(({ ctx }) => codigos.bloqueados(ctx)),
});
