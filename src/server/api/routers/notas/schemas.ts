/**
 * Entradas de las planillas de notas (spec 02 §3 Grade entry, §5: entero de 1 a 10 o ausente),
 * del cierre y la reapertura de períodos, de las libretas y del planillón en modo notas.
 */
import { z } from 'zod';
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';
import {
  AUSENTE,
  esValorNotaValido,
  NOTA_NO_APLICA,
  TIPOS_NOTA_EXAMEN,
  type ValorNota,
} from '@/domain/notas';
import { ErrorPlanilla } from '@/domain/periodos-notas';
import { anio, aNumero, id } from '@/server/api/schemas';
import { cuatrimestreSalida, salida } from '@/server/api/schemas';

const MENSAJE_CICLO = `El ciclo lectivo debe ser un año desde ${PRIMER_CICLO_LECTIVO}.`;
/** Un ciclo del selector: el rango (de 2021 al año actual) es el del átomo `anio`; el mensaje, éste. */
export const ciclo = z.preprocess(
  aNumero,
  z
    .number({ error: MENSAJE_CICLO })
    .int({ error: MENSAJE_CICLO })
    .refine((a) => anio.safeParse(a).success, { error: MENSAJE_CICLO }),
);

export const cuatrimestre = z
  .preprocess(aNumero, z.number({ error: 'El cuatrimestre debe ser 1 o 2.' }))
  .pipe(z.union([z.literal(1), z.literal(2)], { error: 'El cuatrimestre debe ser 1 o 2.' }));

/** Una nota de la planilla: entero de 1 a 10 o 'ausente'. 0, 11, 7.5 o un texto: error en castellano. */
export const valorNota = z.custom<ValorNota>((v) => esValorNotaValido(v), {
  error: ErrorPlanilla.notaInvalida,
});
const valorONada = z.union([valorNota, z.null()], { error: ErrorPlanilla.notaInvalida });
/** Lo que la planilla mostraba: además, -1 (no corresponde), que la planilla devuelve tal cual. */
const anteriorONada = z.union([valorNota, z.literal(NOTA_NO_APLICA), z.null()], {
  error: ErrorPlanilla.notaInvalida,
});

/**
 * Un cambio de celda (spec 02 §3: action add, update o delete). `anterior` es el valor que la
 * planilla mostraba al cargarse: si otro lo cambió en el medio, el guardado se rechaza entero.
 */
export const cambioNota = z
  .object({
    alumnoId: id,
    cuatrimestre,
    action: z.enum(['add', 'update', 'delete'], {
      error: 'La acción debe ser add, update o delete.',
    }),
    nota: valorONada.default(null),
    anterior: anteriorONada.default(null),
  })
  .superRefine((c, ctx) => {
    const problema =
      c.action === 'add'
        ? c.nota == null || c.anterior != null
        : c.action === 'update'
          ? c.nota == null || c.anterior == null || c.nota === c.anterior
          : c.nota != null || c.anterior == null;
    if (problema) {
      ctx.addIssue({
        code: 'custom',
        message: `La acción ${c.action} no corresponde a los valores de la celda.`,
      });
    }
  });
export type CambioNota = z.infer<typeof cambioNota>;

export const planilla = z.object({ cursado: id, curso: id.optional() });
export type PedidoPlanilla = z.infer<typeof planilla>;

export const MAXIMO_CAMBIOS = 2000;
export const guardarPlanilla = z.object({
  cursado: id,
  cambios: z
    .array(cambioNota, { error: 'Faltan los cambios de la planilla.' })
    .max(MAXIMO_CAMBIOS, { error: `Como máximo ${MAXIMO_CAMBIOS} cambios por guardado.` })
    .refine((cs) => new Set(cs.map((c) => `${c.alumnoId}:${c.cuatrimestre}`)).size === cs.length, {
      error: 'Cada celda puede cambiar una sola vez por guardado.',
    }),
});
export type GuardarPlanilla = z.infer<typeof guardarPlanilla>;

/** Cerrar o reabrir: el cuatrimestre; si falta, el período de notas en curso. */
export const periodoCursado = z.object({ cursado: id, cuatrimestre: cuatrimestre.optional() });
export type PeriodoCursado = z.infer<typeof periodoCursado>;

export const cursadosDeNotas = z
  .object({
    ciclo: ciclo.optional(),
    soloAbiertas: z.boolean({ error: 'soloAbiertas debe ser verdadero o falso.' }).default(false),
  })
  .default({ soloAbiertas: false });

export const libreta = z.object({ alumno: id });
export const misNotas = z.object({ alumno: id.optional() }).default({});
export const reporteNotas = z.object({ curso: id, ciclo: ciclo.optional() });

export { AUSENTE };

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

const notaSalida = z.union([z.number(), z.literal(AUSENTE)]).nullable();
/** Las notas de los dos cuatrimestres de un cursado. */
const notasDelCursadoSalida = z.object({ '1': notaSalida, '2': notaSalida });

/** El estado de un período de notas de un cursado: su fase y lo que se puede hacer. */
const estadoPeriodoSalida = z.object({
  cuatrimestre: cuatrimestreSalida,
  nombre: z.string(),
  fase: z.enum(['publicada', 'cerrada', 'sinFechas', 'porAbrir', 'vencida', 'abierta']),
  aplica: z.boolean(),
  iniciado: z.boolean(),
  enFechas: z.boolean(),
  cerrado: z.boolean(),
  publicado: z.boolean(),
  cierreVencido: z.boolean(),
  puedeCargar: z.boolean(),
  puedeCerrar: z.boolean(),
  puedeReabrir: z.boolean(),
  apertura: z.string().nullable(),
  cierre: z.string().nullable(),
  publicacion: z.string().nullable(),
});

/** Lo que devuelven cerrar y reabrir un cuatrimestre: el cuatrimestre y los estados nuevos. */
const cierreSalida = z.object({
  cuatrimestre: cuatrimestreSalida,
  estados: z.array(estadoPeriodoSalida),
});

/** notas.planilla: GET /api/notascursado/{id}, GET /api/notascursado/{id}/curso/{curso}. */
export const salidaPlanilla = salida(
  z.object({
    cursado: z.object({
      materias: z.array(z.string()),
      cursos: z.array(z.object({ id: z.number(), nombre: z.string() })),
      docentes: z.array(z.string()),
      id: z.number(),
      nombre: z.string(),
      modalidad: z.number(),
      ciclolectivo: z.number(),
      periodosCerrados: z.number(),
    }),
    modo: z.enum(['docente', 'alumnado', 'lectura']),
    estados: z.array(estadoPeriodoSalida),
    avisos: z.array(z.string()),
    alumnos: z.array(
      z.object({
        id: z.number(),
        apellido: z.string(),
        nombre: z.string(),
        curso: z.object({ id: z.number(), nombre: z.string() }).nullable(),
        notas: notasDelCursadoSalida,
      }),
    ),
  }),
);

/** notas.guardar: PUT /api/notascursado/{id}. */
export const salidaGuardar = salida(z.object({ guardadas: z.number() }));

/** notas.mias: GET /api/misnotascursado, GET /api/misnotascursado/{id}. */
export const salidaMias = salida(
  z.object({
    alumno: z.object({ id: z.number(), apellido: z.string(), nombre: z.string() }),
    anios: z.array(
      z.object({
        ciclo: z.number(),
        curso: z.string().nullable(),
        anioCursado: z.number().nullable(),
        publicado: z.object({ '1': z.boolean(), '2': z.boolean() }),
        instancias: z.array(z.string()),
        materias: z.array(
          z.object({
            cursado: z.number(),
            materia: z.string(),
            modalidad: z.number(),
            notas: notasDelCursadoSalida,
            final: z.number().nullable(),
            examenes: z.record(
              z.string(),
              z.object({
                nota: z.number().nullable(),
                tipoNota: z.enum(TIPOS_NOTA_EXAMEN),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
);

/** notas.cerrar: PUT /api/cursados/cerrar/{id}. */
export const salidaCerrar = salida(cierreSalida);

/** notas.reabrir: PUT /api/cursados/reabrir/{id}. */
export const salidaReabrir = salida(cierreSalida);
