/**
 * Esquemas de reincorporaciones (spec 02 §2 /reincorporaciones, §5, §8): la cantidad es un
 * número, mínimo 1, en pasos de 0,5 (la unidad de las inasistencias). Los errores llevan el
 * mensaje del catálogo, 'Error reincorporando alumno'.
 */
import { z } from 'zod';
import {
  CANTIDAD_MAXIMA_REINCORPORACION,
  ERROR_REINCORPORAR,
  MENSAJE_CANTIDAD_REINCORPORACION as MENSAJE_CANTIDAD,
  cantidadReincorporacionValida,
} from '@/domain/asistencias';
import { aNumero, id } from '@/server/api/schemas';
import { anio } from '@/server/api/schemas';
import { personaSalida, resumenAsistenciaSalida, salida } from '@/server/api/schemas';

/** El tope y el mensaje de la cantidad están en domain/asistencias.ts (los usa también la pantalla). */
export { CANTIDAD_MAXIMA_REINCORPORACION, MENSAJE_CANTIDAD };

const alumno = z.preprocess(
  aNumero,
  z
    .number({ error: `${ERROR_REINCORPORAR}: el alumno debe ser un número.` })
    .int({ error: `${ERROR_REINCORPORAR}: el alumno debe ser un número entero.` })
    .positive({ error: `${ERROR_REINCORPORAR}: el alumno debe ser positivo.` })
    .max(2_147_483_647, { error: `${ERROR_REINCORPORAR}: el alumno no existe.` }),
);

/** '1,5' y '1.5' (ruta o formulario) son lo mismo. */
const cantidad = z.preprocess(
  (v) => aNumero(typeof v === 'string' ? v.trim().replace(',', '.') : v),
  z
    .number({ error: MENSAJE_CANTIDAD })
    .refine(cantidadReincorporacionValida, { error: MENSAJE_CANTIDAD })
    .refine((c) => c <= CANTIDAD_MAXIMA_REINCORPORACION, {
      error: `${ERROR_REINCORPORAR}: la cantidad es como máximo ${CANTIDAD_MAXIMA_REINCORPORACION}.`,
    }),
);

/** POST /api/reincorporar/{alumno}/{cantidad}. */
export const reincorporar = z.object({ alumno, cantidad });
export type Reincorporar = z.infer<typeof reincorporar>;

/** GET /api/reincorporaciones[/{id}]: las de un alumno (o, para el personal, las del año). */
export const listar = z.object({ alumno: id.optional(), anio: anio.optional() }).default({});

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Las reincorporaciones de un año: todas (sin alumno ni total) o las de un alumno. */
const reincorporacionesSalida = z.object({
  anio: z.number(),
  items: z.array(
    z.object({
      orden: z.number(),
      fecha: z.string(),
      cantidad: z.number(),
      alumno: personaSalida,
    }),
  ),
});

/** reincorporaciones.listar: GET /api/reincorporaciones, GET /api/reincorporaciones/{id}. */
export const salidaListar = salida(
  z.union([
    reincorporacionesSalida.extend({ alumno: z.null(), total: z.null() }),
    reincorporacionesSalida.extend({ alumno: personaSalida, total: z.number() }),
  ]),
);

/** reincorporaciones.reincorporar: POST /api/reincorporar/{alumno}/{cantidad}. */
export const salidaReincorporar = salida(
  z.object({
    reincorporacion: z.object({
      orden: z.number(),
      alumno: z.number(),
      fecha: z.string(),
      cantidad: z.number(),
    }),
    resumen: resumenAsistenciaSalida,
  }),
);
