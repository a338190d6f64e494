/** Cambios de inscripción a cursados (spec 01 §7: PUT /cursados/inscripciones). */
import { z } from 'zod';
import { HORAS_POR_DEFECTO, MAXIMO_HORAS, PAGINA_CURSADOS } from '@/domain/planificacion';
import {
  aNumero,
  booleano,
  cicloLectivo,
  entero,
  id,
  posicion,
  texto,
  textoRequerido,
  vacioANull,
} from '@/server/api/schemas';
import { cursoSalida, paginaSalida, personaSalida, salida } from '@/server/api/schemas';

export const cambioInscripcion = z.object(
  {
    action: z.enum(['set', 'unset'], { error: "La acción debe ser 'set' o 'unset'." }),
    alumnoId: id,
    cursadoId: id,
    materiaId: id,
  },
  { error: 'Cada cambio debe tener action, alumnoId, cursadoId y materiaId.' },
);
export type CambioInscripcion = z.infer<typeof cambioInscripcion>;

export const MAXIMO_CAMBIOS = 5000;

/** La lista de cambios: al menos uno, y cada alumno y cursado una sola vez. */
export const cambiosInscripciones = z
  .array(cambioInscripcion, { error: 'Se espera una lista de cambios de inscripción.' })
  .min(1, { error: 'No hay cambios de inscripción para guardar.' })
  .max(MAXIMO_CAMBIOS, { error: `Como máximo ${MAXIMO_CAMBIOS} cambios de inscripción por vez.` })
  .refine((l) => new Set(l.map((c) => `${c.alumnoId}|${c.cursadoId}`)).size === l.length, {
    error: 'Un mismo alumno y cursado aparece más de una vez en la lista.',
  });

// ---------------------------------------------------------------------------
// Oferta de cursados (spec 02 §3 Cursado, §5; spec 01 §7)

export const MAXIMO_IDS = 200;
const listaDeIds = (campo: string) =>
  z
    .array(id, { error: `${campo}: se espera una lista de ids.` })
    .max(MAXIMO_IDS, { error: `${campo}: como máximo ${MAXIMO_IDS}.` })
    .transform((l) => [...new Set(l)]);

export const modalidad = z.preprocess(
  aNumero,
  z
    .number({
      error:
        'Modalidad: debe ser 0 (Anual), 1 (1° Cuatrimestre), 2 (2° Cuatrimestre) o 3 (Bicuatrimestral).',
    })
    .int({ error: 'Modalidad: debe ser 0, 1, 2 o 3.' })
    .min(0, { error: 'Modalidad: debe ser 0, 1, 2 o 3.' })
    .max(3, { error: 'Modalidad: debe ser 0, 1, 2 o 3.' }),
);

export const horas = z.preprocess(
  aNumero,
  z
    .number({ error: 'Horas: debe ser un número.' })
    .int({ error: 'Horas: debe ser un número entero.' })
    .min(1, { error: 'Horas: como mínimo 1.' })
    .max(MAXIMO_HORAS, { error: `Horas: como máximo ${MAXIMO_HORAS} (los bloques de la semana).` }),
);

const camposCursado = {
  nombre: textoRequerido('Nombre', 100),
  modalidad,
  horas: horas.default(HORAS_POR_DEFECTO),
  detalles: z.preprocess(vacioANull, texto({ campo: 'Detalles', max: 4000 }).nullable()).optional(),
};

export const crearCursado = z.object(
  {
    ...camposCursado,
    ciclo: cicloLectivo,
    materias: listaDeIds('Materias permitidas').default([]),
    cursos: listaDeIds('Cursos permitidos').default([]),
  },
  { error: 'Se esperan nombre, modalidad, horas y ciclo.' },
);
export type CrearCursado = z.infer<typeof crearCursado>;

export const editarCursado = z.object(
  {
    id,
    ...camposCursado,
    materias: listaDeIds('Materias permitidas').optional(),
    cursos: listaDeIds('Cursos permitidos').optional(),
  },
  { error: 'Se esperan nombre, modalidad y horas.' },
);
export type EditarCursado = z.infer<typeof editarCursado>;

export const cursadoId = z.object({ id }, { error: 'Falta el id del cursado.' });
export const materiasDeCursado = z.object(
  { id, materias: listaDeIds('Materias permitidas') },
  { error: 'Se espera { materias: [ids] }.' },
);
export const cursosDeCursado = z.object(
  { id, cursos: listaDeIds('Cursos permitidos') },
  { error: 'Se espera { cursos: [ids] }.' },
);

/** Lista de cursados de un ciclo: búsqueda y páginas de 20 (spec 02 §9). */
export const listarCursados = z
  .object({
    ciclo: cicloLectivo.optional(),
    q: texto({ campo: 'Búsqueda', max: 100 }).default(''),
    cursor: posicion,
    limit: entero({ campo: 'Tamaño de página', min: 1, max: PAGINA_CURSADOS }).default(
      PAGINA_CURSADOS,
    ),
  })
  .default({ q: '', cursor: 0, limit: PAGINA_CURSADOS });
export type ListarCursados = z.infer<typeof listarCursados>;

export const delCiclo = z.object({ ciclo: cicloLectivo.optional() }).default({});

export const cambioDocente = z.object(
  {
    action: z.enum(['set', 'unset'], { error: "La acción debe ser 'set' o 'unset'." }),
    cursadoId: id,
    usuarioId: id,
  },
  { error: 'Cada cambio debe tener action, cursadoId y usuarioId.' },
);
export type CambioDocente = z.infer<typeof cambioDocente>;
export const cambiosDocentes = z
  .array(cambioDocente, { error: 'Se espera una lista de cambios de docentes.' })
  .min(1, { error: 'No hay cambios de docentes para guardar.' })
  .max(MAXIMO_IDS, { error: `Como máximo ${MAXIMO_IDS} cambios por vez.` })
  .refine((l) => new Set(l.map((c) => `${c.cursadoId}|${c.usuarioId}`)).size === l.length, {
    error: 'Un mismo docente y cursado aparece más de una vez en la lista.',
  });

export const cicloAReplicar = z.object(
  { ciclo: cicloLectivo },
  { error: 'Se espera { ciclo }: el año al que se replica el anterior.' },
);
/** POST /api/cursados/replicar: { ciclo, preceptores? } (preceptores: copiar también sus cursos). */
export const replicacion = z.object(
  { ciclo: cicloLectivo, preceptores: booleano('preceptores').default(false) },
  { error: 'Se espera { ciclo }: el año al que se replica el anterior.' },
);
export const cursadosDeDocente = z.object(
  { id, ciclo: cicloLectivo.optional() },
  { error: 'Falta el id del docente.' },
);

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un cursado con sus materias y cursos permitidos, sus docentes y cuántos inscriptos tiene. */
const cursadoSalida = z.object({
  cursadoId: z.number(),
  nombre: z.string(),
  modalidad: z.number(),
  modalidadNombre: z.string(),
  horas: z.number(),
  ciclolectivo: z.number(),
  detalles: z.string().nullable(),
  periodosCerrados: z.number(),
  replicadoDe: z.number().nullable(),
  materiasPermitidas: z.array(
    z.object({ orden: z.number(), nombre: z.string(), materiaCode: z.string(), anio: z.number() }),
  ),
  cursosPermitidos: z.array(cursoSalida),
  docentes: z.array(personaSalida),
  _count: z.object({ inscripciones: z.number() }),
});

/** Lo que la replicación de un ciclo crearía (o creó), lo que ya existe y lo que choca. */
const replicacionSalida = z.object({
  preceptores: z.number(),
  ciclo: z.number(),
  desde: z.number(),
  crear: z.array(
    z.object({
      origen: z.number(),
      nombre: z.string(),
      materias: z.number(),
      cursos: z.number(),
      docentes: z.number(),
      docentesOmitidos: z.number(),
    }),
  ),
  existentes: z.array(z.object({ origen: z.number(), nombre: z.string(), cursadoId: z.number() })),
  conflictos: z.array(
    z.object({
      origen: z.number(),
      nombre: z.string(),
      motivo: z.string(),
      cursadoId: z.number().nullable(),
    }),
  ),
});

/** cursados.listar: GET /api/cursados. */
export const salidaListar = salida(paginaSalida(cursadoSalida).extend({ ciclo: z.number() }));

/** cursados.mios: GET /api/miscursados. */
export const salidaMios = salida(z.array(cursadoSalida));

/** cursados.obtener: GET /api/cursados/{id}. */
export const salidaObtener = salida(cursadoSalida);

/** cursados.crear: POST /api/cursados. */
export const salidaCrear = salida(cursadoSalida);

/** cursados.editar: PUT /api/cursados/{id}. */
export const salidaEditar = salida(cursadoSalida);

/** cursados.borrar: DELETE /api/cursados/{id}. */
export const salidaBorrar = salida(z.object({ cursadoId: z.number(), borrado: z.boolean() }));

/** cursados.guardarMaterias: PUT /api/cursados/{id}/materias. */
export const salidaGuardarMaterias = salida(cursadoSalida);

/** cursados.guardarCursos: PUT /api/cursados/{id}/cursos. */
export const salidaGuardarCursos = salida(cursadoSalida);

/** cursados.delDocente: GET /api/cursados/docente/{id}. */
export const salidaDelDocente = salida(z.array(cursadoSalida));

/** cursados.docentes: GET /api/cursados/{id}/docentes. */
export const salidaDocentes = salida(z.array(personaSalida));

/** cursados.asignarDocentes: PUT /api/cursados/docentes. */
export const salidaAsignarDocentes = salida(
  z.object({ agregados: z.number(), quitados: z.number() }),
);

/** cursados.inscripcionesDe: GET /api/cursados/{id}/inscripciones. */
export const salidaInscripcionesDe = salida(
  z.array(
    z.object({
      alumnoId: z.number(),
      apellido: z.string(),
      nombre: z.string(),
      materiaId: z.number(),
      materia: z.string(),
    }),
  ),
);

/** cursados.planReplicacion: GET /api/cursados/replicar/{ciclo}. */
export const salidaPlanReplicacion = salida(replicacionSalida);

/** cursados.replicar: POST /api/cursados/replicar. */
export const salidaReplicar = salida(replicacionSalida.extend({ creados: z.number() }));

/** cursados.autoinscribir: PUT /api/cursados/autoinscribir. */
export const salidaAutoinscribir = salida(
  z.object({ ciclo: z.number(), alumnos: z.number(), inscripciones: z.number() }),
);

/** cursados.inscripciones: PUT /api/cursados/inscripciones. */
export const salidaInscripciones = salida(
  z.object({ agregadas: z.number(), quitadas: z.number() }),
);
