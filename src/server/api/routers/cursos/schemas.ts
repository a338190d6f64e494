/** Esquemas de cursos: un curso y, optativo, un ciclo lectivo (spec 02 §7 /cursos/{a}/cursados/{b}). */
import { z } from 'zod';
import { GENEROS } from '@/domain/alumnos';
import { id } from '@/server/api/schemas';
import { booleano, cicloLectivo, vacioANull } from '@/server/api/schemas';
import { cursadoConMateriasSalida, cursoSalida, personaSalida, salida } from '@/server/api/schemas';

/** GET /api/cursos/{a}/cursados/{b}: a = curso, b = ciclo lectivo (optativo: el elegido). */
export const cursadosDelCurso = z.object(
  { curso: id, ciclo: z.preprocess(vacioANull, cicloLectivo.nullable()).default(null) },
  { error: 'Falta el curso.' },
);

/** POST /api/link/preceptor_curso: { preceptor, curso, link } (link true vincula, false desvincula). */
export const vinculoPreceptor = z.object(
  { preceptor: id, curso: id, link: booleano('link') },
  { error: 'Se esperan preceptor, curso y link (true o false).' },
);

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** cursos.listar: GET /api/cursos. */
export const salidaListar = salida(z.array(cursoSalida));

/** cursos.delPreceptor: GET /api/cursos_preceptor, GET /api/cursos_preceptor/{id}. */
export const salidaDelPreceptor = salida(z.array(cursoSalida));

/** cursos.delDepartamento: GET /api/cursos_departamento. */
export const salidaDelDepartamento = salida(z.array(cursoSalida));

/** cursos.delCoordinador: GET /api/cursos_coordinador. */
export const salidaDelCoordinador = salida(z.array(cursoSalida));

/** cursos.promover: POST /api/cursos/promover. */
export const salidaPromover = salida(
  z.object({
    pendientes: z.array(
      personaSalida.extend({
        curso: z.string(),
        motivo: z.enum(['paraAsignar', 'sinCurso']),
      }),
    ),
    inscripciones: z.number(),
    egresados: z.number(),
    paraAsignar: z.number(),
    sinCurso: z.number(),
    yaAsignados: z.number(),
    noHabilitados: z.number(),
    ciclo: z.number(),
    cicloSiguiente: z.number(),
    promovidos: z.number(),
  }),
);

/** cursos.alumnos: GET /api/cursos/alumnos/{curso}. */
export const salidaAlumnos = salida(
  z.object({
    curso: cursoSalida,
    ciclo: z.number(),
    alumnos: z.array(
      personaSalida.extend({
        dni: z.number(),
        genero: z.enum(GENEROS).nullable(),
        habilitado: z.boolean(),
      }),
    ),
  }),
);

/** cursos.cursados: GET /api/cursos/{curso}/cursados/{ciclo}. */
export const salidaCursados = salida(
  z.object({
    curso: cursoSalida,
    ciclo: z.number(),
    cursados: z.array(
      cursadoConMateriasSalida.extend({
        materiaId: z.number().nullable(),
        materia: z.string().nullable(),
      }),
    ),
  }),
);

/** cursos.vincularPreceptor: POST /api/link/preceptor_curso. */
export const salidaVincularPreceptor = salida(
  z.object({ preceptor: z.number(), curso: z.number(), link: z.boolean(), cambio: z.boolean() }),
);
