/**
 * Horarios (spec 01 §2 Timetables, §7): /horarios edita los bloques de un cursado (Alumnado,
 * Regente, Admin), /horarios-readonly muestra la semana de un curso al personal, y
 * /horarios-externo la del alumno o el hijo elegido. Quién llama a qué: `permisos.ts`.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { cursadoId, guardarHorario, horarioDeAlumno, horarioDeCurso, misHorarios } from './schemas';
import * as servicio from './service';

export const horariosRouter = router({
  delCursado: procedimiento
    .input(cursadoId)
    .query(({ ctx, input }) => servicio.delCursado(ctx, input)),
  restricciones: procedimiento
    .input(cursadoId)
    .query(({ ctx, input }) => servicio.restricciones(ctx, input)),
  guardar: procedimiento
    .input(guardarHorario)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
  delCurso: procedimiento
    .input(horarioDeCurso)
    .query(({ ctx, input }) => servicio.delCurso(ctx, input)),
  mios: procedimiento.input(misHorarios).query(({ ctx, input }) => servicio.mios(ctx, input)),
  delAlumno: procedimiento
    .input(horarioDeAlumno)
    .query(({ ctx, input }) => servicio.delAlumno(ctx, input)),
});
