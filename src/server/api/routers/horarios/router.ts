/**
 * Horarios (spec 01 §2 Timetables, §7): /horarios edita los bloques de un cursado (Alumnado,
 * Regente, Admin), /horarios-readonly muestra la semana de un curso al personal, y
 * /horarios-externo la del alumno o el hijo elegido, /mi-horario la del docente (con su .ics en
 * una dirección privada, que se lee sin sesión). Quién llama a qué: `permisos.ts`.
 */
import { procedimiento, procedimientoPublico, router } from '@/server/api/trpc';
import {
  calendario,
  cursadoId,
  guardarHorario,
  horarioDeAlumno,
  horarioDeCurso,
  misHorarios,
  salidaDelCursado,
  salidaRestricciones,
  salidaGuardar,
  salidaDelCurso,
  salidaMios,
} from './schemas';
import * as servicio from './service';

export const horariosRouter = router({
  delCursado: procedimiento
    .input(cursadoId)
    .output(salidaDelCursado)
    .query(({ ctx, input }) => servicio.delCursado(ctx, input)),
  restricciones: procedimiento
    .input(cursadoId)
    .output(salidaRestricciones)
    .query(({ ctx, input }) => servicio.restricciones(ctx, input)),
  guardar: procedimiento
    .input(guardarHorario)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
  delCurso: procedimiento
    .input(horarioDeCurso)
    .output(salidaDelCurso)
    .query(({ ctx, input }) => servicio.delCurso(ctx, input)),
  mios: procedimiento
    .input(misHorarios)
    .output(salidaMios)
    .query(({ ctx, input }) => servicio.mios(ctx, input)),
  delAlumno: procedimiento
    .input(horarioDeAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
  // La semana del docente (issue 32 §5) y su calendario.
  miSemana: procedimiento.query(({ ctx }) => servicio.miSemana(ctx)),
  enlace: procedimiento.query(({ ctx }) => servicio.enlace(ctx)),
  nuevoEnlace: procedimiento.mutation(({ ctx }) => servicio.nuevoEnlace(ctx)),
  quitarEnlace: procedimiento.mutation(({ ctx }) => servicio.quitarEnlace(ctx)),
  calendario: procedimientoPublico
    .input(calendario)
    .query(({ ctx, input }) => servicio.calendario(ctx, input)),
});
