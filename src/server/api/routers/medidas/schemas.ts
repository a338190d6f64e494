/**
 * Entradas de las medidas disciplinarias (spec 01 §3 Measure, §5 Attendance and measures).
 * La ventana de fechas depende del rol activo y se controla en el servicio.
 */
import { z } from 'zod';
import { esFechaValida, PRIMER_CICLO_LECTIVO, TURNO_POR_DEFECTO, TURNOS } from '@/domain/escuela';
import {
  CAMPO_MOTIVO,
  CANTIDAD_MAXIMA,
  CANTIDAD_MINIMA,
  CANTIDAD_POR_DEFECTO,
  cantidadEnGrilla,
  TIPOS_MEDIDA,
} from '@/domain/medidas';
import { cicloDelSelector, id, texto } from '@/server/api/schemas';
import { cursoSalida, personaSalida, salida } from '@/server/api/schemas';

export { TURNOS };

export const MENSAJE_TIPO = 'El tipo de medida debe ser amonestacion o apercibimiento.';
export const MENSAJE_CANTIDAD_NUMERO = 'La cantidad debe ser un número.';
export const MENSAJE_CANTIDAD_GRILLA = `La cantidad debe estar entre ${CANTIDAD_MINIMA} y ${CANTIDAD_MAXIMA}, en pasos de 0,5.`;

export const tipoMedida = z.enum(TIPOS_MEDIDA, { error: MENSAJE_TIPO });

export const fecha = texto({ campo: 'Fecha', max: 10, error: 'La fecha es obligatoria.' }).refine(
  esFechaValida,
  { error: 'La fecha no es válida: use el formato AAAA-MM-DD.' },
);

export const turno = z
  .enum(TURNOS, { error: "El turno debe ser 'Mañana' o 'Tarde'." })
  .default(TURNO_POR_DEFECTO);

const NUMERO = /^-?\d+(\.\d+)?$/;

/**
 * Cantidad de una amonestación: número o texto con coma o punto decimal; vacía vale
 * '0' (el valor por defecto). La pantalla la normaliza con `normalizarCantidad`
 * (0,5 más cercano, entre 0 y 15); el servidor rechaza lo que esa normalización
 * cambiaría (fuera de la grilla o del rango) en lugar de corregirlo en silencio.
 */
export const cantidad = z
  .union(
    [
      z.number(),
      texto({ campo: 'Cantidad', max: 10, error: MENSAJE_CANTIDAD_NUMERO }),
      z.null(),
      z.undefined(),
    ],
    { error: MENSAJE_CANTIDAD_NUMERO },
  )
  .transform((v, ctx) => {
    const texto =
      v == null ? CANTIDAD_POR_DEFECTO : String(v).trim().replace(',', '.') || CANTIDAD_POR_DEFECTO;
    if (typeof v === 'string' && !NUMERO.test(texto)) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_CANTIDAD_NUMERO, input: v });
      return z.NEVER;
    }
    const n = Number(texto);
    if (!cantidadEnGrilla(n)) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_CANTIDAD_GRILLA, input: v });
      return z.NEVER;
    }
    return n + 0;
  });

/** La regla está en domain/medidas.ts (`reglaMotivo`, la del formulario). */
export const motivo = texto(CAMPO_MOTIVO);

const datos = { alumno: id, fecha, turno, motivo };

/** El apercibimiento no lleva cantidad: si viene (p. ej. el '0' del formulario), se ignora. */
const sinCantidad = z
  .unknown()
  .optional()
  .transform(() => null);

const errorDeMedida = (iss: { code?: string }) =>
  iss.code === 'invalid_union' ? MENSAJE_TIPO : 'Faltan los datos de la medida.';

/** Nueva medida: `alumno` es el orden del alumno. */
export const nuevaMedida = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('amonestacion'), ...datos, cantidad }),
    z.object({ tipo: z.literal('apercibimiento'), ...datos, cantidad: sinCantidad }),
  ],
  { error: errorDeMedida },
);
export type NuevaMedida = z.infer<typeof nuevaMedida>;

/** Edición: `medida` es el orden de la medida, que debe ser del alumno `alumno`; `tipo` es el tipo nuevo. */
export const editarMedida = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('amonestacion'), medida: id, ...datos, cantidad }),
    z.object({ tipo: z.literal('apercibimiento'), medida: id, ...datos, cantidad: sinCantidad }),
  ],
  { error: errorDeMedida },
);
export type EditarMedida = z.infer<typeof editarMedida>;

export const borrarMedida = z.object(
  { alumno: id, medida: id },
  { error: 'Faltan el alumno y la medida.' },
);
export type BorrarMedida = z.infer<typeof borrarMedida>;

export const medidasDelAlumno = z.object({ alumno: id }, { error: 'Falta el alumno.' });

/** Sin `alumno`: el propio (Alumno) o el hijo elegido o el primero (Referente). */
export const misMedidas = z.object({ alumno: id.optional() }).default({});

/** Mes 'AAAA-MM' de un ciclo lectivo del selector (2021 al actual). */
export const mes = texto({ campo: 'Mes', max: 7, error: 'El mes es obligatorio.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El mes no es válido: use el formato AAAA-MM.' })
  .refine((m) => cicloDelSelector(Number(m.slice(0, 4))), {
    error: `El mes debe ser de un ciclo lectivo entre ${PRIMER_CICLO_LECTIVO} y el actual.`,
  });

export const reporteMedidas = z.object({ curso: id, mes }, { error: 'Faltan el curso y el mes.' });
export type ReporteMedidas = z.infer<typeof reporteMedidas>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una medida disciplinaria de un alumno. */
const medidaSalida = z.object({
  orden: z.number(),
  alumno: z.number(),
  tipo: z.string(),
  fecha: z.string(),
  turno: z.string(),
  cantidad: z.number().nullable(),
  motivo: z.string(),
});

/** medidas.mias: GET /api/mismedidas, GET /api/mismedidas/{id}. */
export const salidaMias = salida(
  z.object({
    alumno: personaSalida,
    anios: z.array(
      z.object({
        ciclo: z.number(),
        curso: cursoSalida.nullable(),
        medidas: z.array(
          medidaSalida.extend({
            creadoPor: z.object({ nombre: z.string(), apellido: z.string() }).nullable().optional(),
          }),
        ),
        total: z.number(),
        color: z.enum(['red', 'yellow']).nullable(),
      }),
    ),
  }),
);

/** medidas.nueva: POST /api/medidas/nueva/amonestacion/{id}, POST /api/medidas/nueva/apercibimiento/{id}. */
export const salidaNueva = salida(medidaSalida.nullable());

/** medidas.editar: POST /api/medidas/editar/amonestacion/{alumno}/{medida}, POST /api/medidas/editar/apercibimiento/{alumno}/{medida}. */
export const salidaEditar = salida(medidaSalida.nullable());

/** medidas.borrar: DELETE /api/medidas/borrar/{alumno}/{medida}. */
export const salidaBorrar = salida(medidaSalida);
