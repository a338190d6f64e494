/** Entradas de las PIC (spec 02 §3 PIC, §5, §7; spec 01 §7 Evaluations and PICs; issue 16). */
import { z } from 'zod';
import { AUSENTE } from '@/domain/notas';
import {
  ErrorPic,
  esNotaPicValida,
  leerComienzo,
  MATERIAS_POR_PAGINA_PIC,
  SELECCIONE_MATERIA,
  type ValorPic,
} from '@/domain/pics';
import { aNumero, anio, id, posicion, texto, vacioANull } from '@/server/api/schemas';
import { cuatrimestreSalida, salida } from '@/server/api/schemas';

export const cuatrimestre = z
  .preprocess(aNumero, z.number({ error: ErrorPic.cuatrimestre }))
  .pipe(z.union([z.literal(1), z.literal(2)], { error: ErrorPic.cuatrimestre }));

/** La materia de la PIC: sin ella, 'Seleccione una materia' (spec 02 §8). */
const materia = z.preprocess(
  aNumero,
  z
    .number({ error: SELECCIONE_MATERIA })
    .int({ error: SELECCIONE_MATERIA })
    .positive({ error: SELECCIONE_MATERIA })
    .max(2_147_483_647, { error: 'El identificador es demasiado grande.' }),
);

/** Una PIC: el ciclo lectivo, la materia y el cuatrimestre (`/api/pics/{year}/{a}/{b}`). */
const clave = { anio, materia, cuatrimestre };
export const unaPic = z.object(clave, {
  error: 'Se esperan el año, la materia y el cuatrimestre de la PIC.',
});
export type ClavePic = z.infer<typeof unaPic>;

/** El comienzo: fecha y hora de la escuela, la hora de los horarios fijos (spec 02 §5, §9). */
const comienzo = texto({ campo: 'Comienzo', max: 40, error: ErrorPic.comienzo }).transform(
  (t, ctx) => {
    const c = leerComienzo(t);
    if ('error' in c) {
      ctx.addIssue({ code: 'custom', message: c.error });
      return z.NEVER;
    }
    return c;
  },
);
const aula = z.preprocess(vacioANull, texto({ campo: 'Aula', max: 50 }).nullable()).default(null);

export const datosPic = z.object(
  { ...clave, comienzo, aula },
  { error: 'Se esperan el año, la materia, el cuatrimestre, el comienzo y el aula.' },
);
export type DatosPic = z.infer<typeof datosPic>;

export const delAnio = z.object({ anio }, { error: 'Falta el año.' });

/** Las superposiciones de la PIC si fuera a ese comienzo (el formulario, antes de guardar). */
export const choques = z.object(
  { ...clave, comienzo },
  { error: 'Se esperan el año, la materia, el cuatrimestre y el comienzo.' },
);

export const materias = z.object(
  {
    anio,
    q: texto({ campo: 'Búsqueda', max: 100 }).default(''),
    cursor: posicion,
    limit: z
      .preprocess(aNumero, z.number({ error: 'El tamaño de página debe ser un número.' }))
      .pipe(
        z
          .number()
          .int({ error: 'El tamaño de página debe ser un número entero.' })
          .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
          .max(50, { error: 'El tamaño de página es como máximo 50.' }),
      )
      .default(MATERIAS_POR_PAGINA_PIC),
  },
  { error: 'Falta el año.' },
);

export const ajustar = z.object(
  {
    ...clave,
    alumno: id,
    accion: z.enum(['agregar', 'quitar'], { error: 'La acción debe ser agregar o quitar.' }),
  },
  { error: 'Se esperan la PIC, el alumno y la acción.' },
);
export type AjustarPic = z.infer<typeof ajustar>;

/** Una nota de la PIC: entero de 1 a 10 o 'ausente'; null la borra. */
const valor = z.union(
  [z.custom<ValorPic>((v) => esNotaPicValida(v), { error: ErrorPic.nota }), z.null()],
  { error: ErrorPic.nota },
);

export const guardar = z.object(
  {
    ...clave,
    cambios: z
      .array(
        z.object(
          {
            alumno: id,
            nota: valor,
            /** Lo que la planilla mostraba como guardado (null: sin nota). */
            anterior: valor,
          },
          { error: 'Cada cambio lleva alumno, nota y anterior.' },
        ),
        { error: 'Los cambios deben ser una lista.' },
      )
      .max(500, { error: 'Demasiados cambios en un guardado.' })
      .refine((c) => new Set(c.map((x) => x.alumno)).size === c.length, {
        error: 'Un alumno aparece dos veces en los cambios.',
      }),
  },
  { error: 'Se esperan la PIC y los cambios.' },
);
export type GuardarPic = z.infer<typeof guardar>;

export const deCursado = z.object({ cursado: id }, { error: 'Falta el cursado.' });

export const mias = z.object({ alumno: id.optional(), anio: anio.optional() }).default({});

export { AUSENTE };

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

const comienzoSalida = z.object({ fecha: z.string(), hora: z.string() });
/** Una nota de la PIC o del cuatrimestre: un número, 'ausente' o ninguna. */
const notaSalida = z.union([z.number(), z.literal(AUSENTE)]).nullable();

/** Un período de carga de notas de las PIC (1 o 2), si tiene fechas. */
const periodoSalida = z
  .object({
    numero: z.number(),
    apertura: z.string().nullable(),
    cierre: z.string().nullable(),
    publicacion: z.string().nullable(),
  })
  .nullable();

/** Una PIC: su materia, su cuatrimestre, cuándo y dónde es, y si está cerrada. */
const picSalida = z.object({
  id: z.number(),
  anio: z.number(),
  materia: z.object({ id: z.number(), nombre: z.string() }),
  cuatrimestre: cuatrimestreSalida,
  comienzo: comienzoSalida,
  instante: z.string(),
  aula: z.string().nullable(),
  cerrada: z.boolean(),
});

/** Un alumno que puede rendir la PIC, con su nota del cuatrimestre. */
const alumnoDeLaPicSalida = z.object({
  notaCuatrimestre: notaSalida,
  apellido: z.string(),
  nombre: z.string(),
  curso: z.string(),
  alumnoId: z.number(),
});

/** pics.delAnio: GET /api/pics/{anio}. */
export const salidaDelAnio = salida(
  z.object({
    anio: z.number(),
    hoy: z.string(),
    periodos: z.object({
      '1': periodoSalida,
      '2': periodoSalida,
    }),
    pics: z.array(picSalida.extend({ alumnos: z.number(), calificados: z.number() })),
  }),
);

/** pics.crear: POST /api/pics/{anio}/{materia}/{cuatrimestre}. */
export const salidaCrear = salida(picSalida);

/** pics.modificar: PUT /api/pics/{anio}/{materia}/{cuatrimestre}. */
export const salidaModificar = salida(picSalida);

/** pics.borrar: DELETE /api/pics/{anio}/{materia}/{cuatrimestre}. */
export const salidaBorrar = salida(z.object({ borrada: z.boolean(), id: z.number() }));

/** pics.choques: GET /api/pics/{anio}/{materia}/{cuatrimestre}/choques. */
export const salidaChoques = salida(z.object({ choques: z.array(z.string()) }));

/** pics.alumnos: GET /api/pics/{anio}/{materia}/{cuatrimestre}/alumnos. */
export const salidaAlumnos = salida(
  z.object({
    pic: picSalida,
    alumnos: z.array(
      alumnoDeLaPicSalida.extend({
        origen: z.enum(['agregado', 'regla', 'calificado']),
        guardado: notaSalida,
      }),
    ),
    otros: z.array(alumnoDeLaPicSalida),
  }),
);

/** pics.ajustar: PUT /api/pics/{anio}/{materia}/{cuatrimestre}/alumnos. */
export const salidaAjustar = salida(z.object({ alumno: z.number(), enLaPic: z.boolean() }));

/** pics.planilla: GET /api/pics/{anio}/{materia}/{cuatrimestre}/planilla. */
export const salidaPlanilla = salida(
  z.object({
    pic: picSalida,
    modo: z.enum(['docente', 'alumnado', 'lectura']),
    estado: z.object({
      fase: z.enum(['publicada', 'cerrada', 'sinFechas', 'porAbrir', 'vencida', 'abierta']),
      texto: z.string(),
      apertura: z.string().nullable(),
      cierre: z.string().nullable(),
      publicacion: z.string().nullable(),
      cerrada: z.boolean(),
      publicada: z.boolean(),
      puedeCargar: z.boolean(),
      puedeCerrar: z.boolean(),
      motivo: z.string().nullable(),
    }),
    alumnos: z.array(
      alumnoDeLaPicSalida.extend({
        origen: z.enum(['agregado', 'regla', 'calificado']),
        guardado: notaSalida,
      }),
    ),
  }),
);

/** pics.guardar: PUT /api/pics/{anio}/{materia}/{cuatrimestre}/planilla. */
export const salidaGuardar = salida(z.object({ guardados: z.number() }));

/** pics.cerrar: PUT /api/pics/{anio}/{materia}/{cuatrimestre}/planilla/cerrar. */
export const salidaCerrar = salida(
  z.object({ id: z.number(), cerrada: z.boolean(), alumnos: z.number() }),
);

/** pics.mias: GET /api/mispics, GET /api/mispics/{id}. */
export const salidaMias = salida(
  z.object({
    alumno: z.number(),
    anio: z.number(),
    hoy: z.string(),
    pics: z.array(
      z.object({
        picId: z.number(),
        materia: z.string(),
        cuatrimestre: cuatrimestreSalida,
        comienzo: comienzoSalida,
        aula: z.string().nullable(),
      }),
    ),
  }),
);

/** pics.notasAlumno: GET /api/misnotaspics, GET /api/misnotaspics/{id}. */
export const salidaNotasAlumno = salida(
  z.object({
    alumno: z.number(),
    anio: z.number(),
    hoy: z.string(),
    notas: z.array(
      z.object({
        picId: z.number(),
        materia: z.string(),
        cuatrimestre: cuatrimestreSalida,
        fecha: z.string(),
        nota: notaSalida,
      }),
    ),
  }),
);
