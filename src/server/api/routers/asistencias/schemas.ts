/**
 * Esquemas de asistencias (spec 01 §3 Attendance entry, §4, §5 Attendance; spec 02 §5).
 * Los tipos, circunstancias y la regla "desmarcar justificada borra la justificación"
 * salen de src/domain/asistencias.ts.
 */
import { z } from 'zod';
import {
  CIRCUNSTANCIAS,
  COLORES_ESTADO,
  TIPOS_ASISTENCIA,
  conJustificada,
} from '@/domain/asistencias';
import { esFechaValida } from '@/domain/escuela';
import { sinAcentos } from '@/domain/texto';
import { anio, id, texto } from '@/server/api/schemas';
import {
  cursoSalida,
  personaSalida,
  resumenAsistenciaSalida,
  salida,
  turnoSalida,
} from '@/server/api/schemas';

export { anio };

/** Un día 'AAAA-MM-DD' real del calendario. */
export const fecha = texto({
  campo: 'Fecha',
  max: 10,
  error: 'La fecha es obligatoria (AAAA-MM-DD).',
}).refine(esFechaValida, { error: 'La fecha no es válida: use el formato AAAA-MM-DD.' });

/** 'Mañana' o 'Tarde'; en la URL también 'manana', 'MAÑANA', 'tarde'. */
export const turno = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = sinAcentos(v.trim());
    return t === 'manana' ? 'Mañana' : t === 'tarde' ? 'Tarde' : v;
  },
  z.enum(['Mañana', 'Tarde'], { error: 'El turno debe ser Mañana o Tarde.' }),
);

/** 'AAAA-MM'. */
export const mes = texto({ campo: 'Mes', max: 7, error: 'El mes es obligatorio (AAAA-MM).' }).regex(
  /^\d{4}-(0[1-9]|1[0-2])$/,
  { error: 'El mes no es válido: use el formato AAAA-MM.' },
);

const tipo = z.enum(TIPOS_ASISTENCIA, {
  error: `Tipo de asistencia desconocido. Los tipos son: ${TIPOS_ASISTENCIA.join(', ')}.`,
});
const circunstancia = z
  .enum(CIRCUNSTANCIAS, {
    error: `Circunstancia desconocida. Las circunstancias son: ${CIRCUNSTANCIAS.join(', ')}.`,
  })
  .default('Normal');

/** Los datos de una entrada; una entrada no justificada no lleva justificación (spec 01 §4). */
const datos = {
  tipo,
  circunstancia,
  justificada: z.boolean({ error: 'Justificada debe ser verdadero o falso.' }).default(false),
  justificacion: texto({
    campo: 'Justificación',
    max: 200,
    error: 'La justificación debe ser un texto.',
  })
    .nullish()
    .transform((t) => t || null),
};
const normalizar = <E extends { justificada: boolean; justificacion: string | null }>(e: E) =>
  conJustificada(e, e.justificada);

const entradaPlanilla = z.object(datos).transform(normalizar);
const entradaPlanillaGuardada = z.object({ orden: id, ...datos }).transform(normalizar);
const entradaConFecha = z.object({ ...datos, fecha, turno }).transform(normalizar);
const entradaConFechaGuardada = z
  .object({ orden: id, ...datos, fecha, turno })
  .transform(normalizar);

const repetidas = (claves: string[]) => claves.some((k, i) => claves.indexOf(k) !== i);

const lista = <T extends z.ZodType>(esquema: T, max: number, que: string) =>
  z
    .array(esquema)
    .max(max, { error: `Como máximo ${max} entradas ${que} por alumno.` })
    .default([]);

/**
 * Sin entradas nuevas repetidas (mismo día, turno y tipo: el índice único no las admite) y
 * sin una entrada guardada modificada y borrada a la vez.
 */
function sinRepetidas(
  c: {
    crear: { fecha?: string; turno?: string; tipo: string }[];
    actualizar: { orden: number }[];
    borrar: number[];
  },
  ctx: z.RefinementCtx,
) {
  if (repetidas(c.crear.map((e) => `${e.fecha}|${e.turno}|${e.tipo}`)))
    ctx.addIssue({
      code: 'custom',
      message: 'Hay dos entradas nuevas del mismo tipo para el mismo alumno, día y turno.',
    });
  if (repetidas([...c.actualizar.map((e) => e.orden), ...c.borrar].map(String)))
    ctx.addIssue({
      code: 'custom',
      message: 'Una entrada aparece más de una vez entre las modificadas y las borradas.',
    });
}

/**
 * Los cambios de un alumno en la planilla, como los arma `cambiosAsistencias` del dominio.
 * `anterior` (issue 36, opcional): las entradas guardadas de ese día y turno como las mostraba la
 * pantalla antes del cambio ([]: no mostraba ninguna). Si ya no son las guardadas, CONFLICT y no
 * se guarda nada; sin `anterior`, el último guardado gana por entrada, como siempre.
 */
export const cambiosPlanillaAlumno = z
  .object({
    alumno: id,
    crear: lista(entradaPlanilla, 12, 'nuevas'),
    actualizar: lista(entradaPlanillaGuardada, 12, 'modificadas'),
    borrar: lista(id, 12, 'borradas'),
    anterior: z
      .array(entradaPlanillaGuardada, {
        error: 'Lo anterior debe ser la lista de entradas que mostraba la planilla.',
      })
      .max(12, { error: 'Como máximo 12 entradas anteriores por alumno.' })
      .optional(),
  })
  .superRefine(sinRepetidas)
  .superRefine((c, ctx) => {
    if (c.anterior && repetidas(c.anterior.map((e) => String(e.orden))))
      ctx.addIssue({
        code: 'custom',
        message: 'Una entrada aparece más de una vez entre las anteriores del alumno.',
      });
  });

/**
 * El envío (issue 36, opcional): el id que eligió el teléfono para este cambio (uuid; un reenvío
 * con el mismo id no aplica nada otra vez) y el usuario que lo hizo (debe ser el de la sesión).
 */
export const envio = z.object(
  {
    id: z
      .string()
      .max(36, { error: 'El id del envío debe ser un uuid.' })
      .pipe(z.uuid({ error: 'El id del envío debe ser un uuid.' })),
    autor: id,
  },
  { error: 'El envío debe ser { id, autor }.' },
);

/** La planilla de un curso, día y turno (GET /api/asistencias/planilla/{curso}/{fecha}/{turno}). */
export const planilla = z.object({ curso: id, fecha, turno });
export type Planilla = z.infer<typeof planilla>;

/** Guardar la planilla entera: los cambios de cada alumno, en una transacción. */
export const guardarPlanilla = z
  .object({
    curso: id,
    fecha,
    turno,
    alumnos: z
      .array(cambiosPlanillaAlumno, { error: 'Indique los cambios de cada alumno (alumnos).' })
      .max(100, { error: 'Como máximo 100 alumnos por planilla.' }),
    envio: envio.optional(),
  })
  .superRefine((p, ctx) => {
    if (repetidas(p.alumnos.map((a) => String(a.alumno))))
      ctx.addIssue({ code: 'custom', message: 'Un alumno aparece más de una vez en la planilla.' });
  });
export type GuardarPlanilla = z.infer<typeof guardarPlanilla>;

/** Editar las entradas de un alumno (modo "Por Alumno"): POST /api/asistencias/alumno/{id}. */
export const guardarAlumno = z
  .object({
    alumno: id,
    crear: lista(entradaConFecha, 200, 'nuevas'),
    actualizar: lista(entradaConFechaGuardada, 200, 'modificadas'),
    borrar: lista(id, 200, 'borradas'),
  })
  .superRefine(sinRepetidas);
export type GuardarAlumno = z.infer<typeof guardarAlumno>;

/** El mes de un curso para el planillón (GET /api/asistencias/reporte/{curso}/{mes}). */
export const reporte = z.object({ curso: id, mes });

/** Asistencias de un alumno en un año (legajo del personal). */
export const delAlumno = z.object({ alumno: id, anio: anio.optional() });

/** Las propias (alumno) o de un hijo (referente): GET /api/misasistencias[/{id}]. */
export const mias = z.object({ alumno: id.optional(), anio: anio.optional() }).default({});

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una entrada de asistencia de un alumno. */
const entradaSalida = z.object({
  orden: z.number(),
  tipo: z.string(),
  circunstancia: z.string(),
  justificada: z.boolean(),
  justificacion: z.string().nullable(),
  fecha: z.string(),
  turno: turnoSalida,
});

/** La planilla de un curso en un día y turno. */
const planillaSalida = z.object({
  curso: cursoSalida,
  fecha: z.string(),
  turno: turnoSalida,
  ciclo: z.number(),
  hoy: z.string(),
  modo: z.enum(['protegido', 'completo']),
  fechaMinima: z.string(),
  editable: z.boolean(),
  tomada: z.object({ por: z.string(), en: z.string() }).nullable(),
  alumnos: z.array(
    personaSalida.extend({ entradas: z.array(entradaSalida.extend({ borrable: z.boolean() })) }),
  ),
});

/** Las asistencias de un alumno en un año: la lista con sus reincorporaciones y el resumen. */
const asistenciasDelAlumnoSalida = z.object({
  alumno: personaSalida,
  anio: z.number(),
  hoy: z.string(),
  anios: z.array(z.object({ anio: z.number(), curso: z.string() })),
  lista: z.array(
    z.union([
      z.object({
        clase: z.literal('asistencia'),
        fecha: z.string(),
        entrada: entradaSalida,
        circunstancia: z.string().nullable(),
        justificacion: z.string(),
      }),
      z.object({
        clase: z.literal('reincorporacion'),
        fecha: z.string(),
        reincorporacion: z.object({ orden: z.number(), fecha: z.string(), cantidad: z.number() }),
        texto: z.string(),
        color: z.enum(COLORES_ESTADO),
      }),
    ]),
  ),
  resumen: resumenAsistenciaSalida,
});

const cambiosSalida = z.object({
  creadas: z.number(),
  modificadas: z.number(),
  borradas: z.number(),
});

/** asistencias.planilla: GET /api/asistencias/planilla/{curso}/{fecha}/{turno}. */
export const salidaPlanilla = salida(planillaSalida);

/** asistencias.guardarPlanilla: POST /api/asistencias/planilla/{curso}/{fecha}/{turno}. */
export const salidaGuardarPlanilla = salida(
  planillaSalida.extend({
    cambios: cambiosSalida,
    /** true: ese envío ya se había aplicado; no se aplicó nada otra vez (cambios en cero). */
    repetido: z.boolean(),
  }),
);

/** asistencias.guardarAlumno: POST /api/asistencias/alumno/{id}. */
export const salidaGuardarAlumno = salida(
  asistenciasDelAlumnoSalida.extend({
    cambios: cambiosSalida,
    resumenConHoy: resumenAsistenciaSalida,
    entradas: z.array(entradaSalida),
  }),
);

/** asistencias.reporte: GET /api/asistencias/reporte/{curso}/{mes}. */
export const salidaReporte = salida(
  z.object({
    curso: cursoSalida,
    mes: z.string(),
    ciclo: z.number(),
    hoy: z.string(),
    dias: z.array(z.object({ fecha: z.string(), diaSemana: z.number() })),
    alumnos: z.array(
      personaSalida
        .extend(resumenAsistenciaSalida.omit({ entradas: true, textoJustificadas: true }).shape)
        .extend({
          entradas: z.array(entradaSalida),
          totalMes: z.number(),
          cantidadEntradas: z.number(),
        }),
    ),
  }),
);

/** asistencias.mias: GET /api/misasistencias, GET /api/misasistencias/{id}. */
export const salidaMias = salida(asistenciasDelAlumnoSalida);
