import { z } from 'zod';
import { procedimiento, router } from '@/server/api/trpc';
import { cicloLectivo, id } from '@/server/api/schemas';
import {
  cursadosDelCurso,
  vinculoPreceptor,
  salidaListar,
  salidaDelPreceptor,
  salidaDelDepartamento,
  salidaDelCoordinador,
  salidaPromover,
  salidaAlumnos,
  salidaCursados,
  salidaVincularPreceptor,
} from './schemas';
import * as servicio from './service';

export const cursosRouter = router({
  listar: procedimiento.output(salidaListar).query(({ ctx }) => servicio.listar(ctx)),
  delPreceptor: procedimiento
    .input(z.object({ id: id.optional(), ciclo: cicloLectivo.optional() }).default({}))
    .output(salidaDelPreceptor)
    .query(({ ctx, input }) => servicio.delPreceptor(ctx, input.id, input.ciclo)),
  delDepartamento: procedimiento
    .output(salidaDelDepartamento)
    .query(({ ctx }) => servicio.visiblesEnCiclo(ctx)),
  delCoordinador: procedimiento
    .output(salidaDelCoordinador)
    .query(({ ctx }) => servicio.visiblesEnCiclo(ctx)),
  alumnos: procedimiento
    .input(z.object({ id }, { error: 'Falta el identificador del curso.' }))
    .output(salidaAlumnos)
    .query(({ ctx, input }) => servicio.alumnosDelCurso(ctx, input.id)),
  /** Los cursados del curso en un ciclo, con sus materias permitidas (panel de cursos de /alumnos-privileged). */
  cursados: procedimiento
    .input(cursadosDelCurso)
    .output(salidaCursados)
    .query(({ ctx, input }) => servicio.cursadosDelCurso(ctx, input)),
  /** Sin entrada: promueve todo el ciclo elegido al siguiente (Alumnado, Admin). */
  promover: procedimiento.output(salidaPromover).mutation(({ ctx }) => servicio.promover(ctx)),
  /** Vincula o desvincula un curso de un preceptor (/preceptores); un vínculo existente se ignora. */
  vincularPreceptor: procedimiento
    .input(vinculoPreceptor)
    .output(salidaVincularPreceptor)
    .mutation(({ ctx, input }) => servicio.vincularPreceptor(ctx, input)),
});
