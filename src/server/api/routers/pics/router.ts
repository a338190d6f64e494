/**
 * PIC (spec 02 §2 /pics, §5, §7; spec 01 §7 Evaluations and PICs; issue 16).
 *
 * Quién hace qué (la tabla de acceso lo exige; el servicio, el alcance):
 *  - programar (delAnio, materias, crear, modificar, borrar) y ajustar sus alumnos: Alumnado,
 *    Admin y el Jefe de Departamento (sólo las materias de su departamento);
 *  - la planilla de notas: la cargan y cierran el Docente que enseña la materia en el ciclo y
 *    Alumnado (fuera de fechas, cerrada o publicada, nadie); la leen también Admin y el Jefe de
 *    Departamento (de su departamento);
 *  - la hoja "Imprimir PIC" de /notas-privileged y las planillas de PIC de /notas (deCursado):
 *    Alumnado y el docente de ese cursado;
 *  - alumnos y referentes: sus PIC (mias) y sus notas de PIC publicadas (notasAlumno), las
 *    propias o las de un hijo con vínculo confirmado.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  ajustar,
  choques,
  datosPic,
  deCursado,
  delAnio,
  guardar,
  materias,
  mias,
  unaPic,
  salidaDelAnio,
  salidaCrear,
  salidaModificar,
  salidaBorrar,
  salidaChoques,
  salidaAlumnos,
  salidaAjustar,
  salidaPlanilla,
  salidaGuardar,
  salidaCerrar,
  salidaMias,
  salidaNotasAlumno,
} from './schemas';
import * as alumnosPic from './alumnos';
import * as superposiciones from './choques';
import * as propias from './mispics';
import * as planillas from './planillas';
import * as servicio from './service';

export const picsRouter = router({
  delAnio: procedimiento
    .input(delAnio)
    .output(salidaDelAnio)
    .query(({ ctx, input }) => servicio.delAnio(ctx, input)),
  materias: procedimiento
    .input(materias)
    .query(({ ctx, input }) => servicio.materiasParaPic(ctx, input)),
  crear: procedimiento
    .input(datosPic)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  modificar: procedimiento
    .input(datosPic)
    .output(salidaModificar)
    .mutation(({ ctx, input }) => servicio.modificar(ctx, input)),
  borrar: procedimiento
    .input(unaPic)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  alumnos: procedimiento
    .input(unaPic)
    .output(salidaAlumnos)
    .query(({ ctx, input }) => alumnosPic.alumnosDeLaPic(ctx, input)),
  choques: procedimiento
    .input(choques)
    .output(salidaChoques)
    .query(({ ctx, input }) => superposiciones.choques(ctx, input)),
  deCursado: procedimiento
    .input(deCursado)
    .query(({ ctx, input }) => planillas.deCursado(ctx, input)),
  ajustar: procedimiento
    .input(ajustar)
    .output(salidaAjustar)
    .mutation(({ ctx, input }) => alumnosPic.ajustar(ctx, input)),
  planilla: procedimiento
    .input(unaPic)
    .output(salidaPlanilla)
    .query(({ ctx, input }) => planillas.planilla(ctx, input)),
  guardar: procedimiento
    .input(guardar)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => planillas.guardar(ctx, input)),
  cerrar: procedimiento
    .input(unaPic)
    .output(salidaCerrar)
    .mutation(({ ctx, input }) => planillas.cerrar(ctx, input)),
  mias: procedimiento
    .input(mias)
    .output(salidaMias)
    .query(({ ctx, input }) => propias.mias(ctx, input)),
  notasAlumno: procedimiento
    .input(mias)
    .output(salidaNotasAlumno)
    .query(({ ctx, input }) => propias.notasAlumno(ctx, input)),
});
