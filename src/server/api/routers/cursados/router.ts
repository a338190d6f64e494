import { procedimiento, router } from '@/server/api/trpc';
import {
  cambiosDocentes,
  cambiosInscripciones,
  cicloAReplicar,
  replicacion,
  crearCursado,
  cursadoId,
  cursadosDeDocente,
  cursosDeCursado,
  delCiclo,
  editarCursado,
  listarCursados,
  materiasDeCursado,
  salidaListar,
  salidaMios,
  salidaObtener,
  salidaCrear,
  salidaEditar,
  salidaBorrar,
  salidaGuardarMaterias,
  salidaGuardarCursos,
  salidaDelDocente,
  salidaDocentes,
  salidaAsignarDocentes,
  salidaInscripcionesDe,
  salidaPlanReplicacion,
  salidaReplicar,
  salidaAutoinscribir,
  salidaInscripciones,
} from './schemas';
import * as docentes from './docentes';
import * as horas from './horas';
import * as oferta from './oferta';
import * as replica from './replicar';
import * as servicio from './service';

/**
 * Cursados (spec 01 §7, spec 02 §2 /planificacion, /docentes, /alumnos-cursados): la oferta de
 * cada ciclo, sus docentes, los cambios de inscripción, replicar el ciclo anterior y la
 * autoinscripción. El cierre y la reapertura de las planillas (PUT /api/cursados/cerrar|reabrir)
 * son del módulo notas.
 */
export const cursadosRouter = router({
  listar: procedimiento
    .input(listarCursados)
    .output(salidaListar)
    .query(({ ctx, input }) => oferta.listar(ctx, input)),
  obtener: procedimiento
    .input(cursadoId)
    .output(salidaObtener)
    .query(({ ctx, input }) => oferta.obtener(ctx, input)),
  mios: procedimiento.output(salidaMios).query(({ ctx }) => oferta.mios(ctx)),
  crear: procedimiento
    .input(crearCursado)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => oferta.crear(ctx, input)),
  editar: procedimiento
    .input(editarCursado)
    .output(salidaEditar)
    .mutation(({ ctx, input }) => oferta.editar(ctx, input)),
  borrar: procedimiento
    .input(cursadoId)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => oferta.borrar(ctx, input)),
  guardarMaterias: procedimiento
    .input(materiasDeCursado)
    .output(salidaGuardarMaterias)
    .mutation(({ ctx, input }) => oferta.guardarMaterias(ctx, input)),
  guardarCursos: procedimiento
    .input(cursosDeCursado)
    .output(salidaGuardarCursos)
    .mutation(({ ctx, input }) => oferta.guardarCursos(ctx, input)),
  docentes: procedimiento
    .input(cursadoId)
    .output(salidaDocentes)
    .query(({ ctx, input }) => docentes.docentesDe(ctx, input)),
  delDocente: procedimiento
    .input(cursadosDeDocente)
    .output(salidaDelDocente)
    .query(({ ctx, input }) => docentes.delDocente(ctx, input)),
  asignarDocentes: procedimiento
    .input(cambiosDocentes)
    .output(salidaAsignarDocentes)
    .mutation(({ ctx, input }) => docentes.asignarDocentes(ctx, input)),
  inscripcionesDe: procedimiento
    .input(cursadoId)
    .output(salidaInscripcionesDe)
    .query(({ ctx, input }) => oferta.inscripcionesDe(ctx, input)),
  horas: procedimiento.input(delCiclo).query(({ ctx, input }) => horas.horas(ctx, input)),
  csv: procedimiento.input(delCiclo).query(({ ctx, input }) => horas.csv(ctx, input)),
  planReplicacion: procedimiento
    .input(cicloAReplicar)
    .output(salidaPlanReplicacion)
    .query(({ ctx, input }) => replica.planReplicacion(ctx, input)),
  replicar: procedimiento
    .input(replicacion)
    .output(salidaReplicar)
    .mutation(({ ctx, input }) => replica.replicar(ctx, input)),
  autoinscribir: procedimiento
    .input(cicloAReplicar)
    .output(salidaAutoinscribir)
    .mutation(({ ctx, input }) => replica.autoinscribir(ctx, input)),
  inscripciones: procedimiento
    .input(cambiosInscripciones)
    .output(salidaInscripciones)
    .mutation(({ ctx, input }) => servicio.guardarInscripciones(ctx, input)),
});
