/** Entradas de las evaluaciones (spec 01 §7 Evaluations and PICs; issue 14 §8–§9). */
import { z } from 'zod';
import { esFechaValida } from '@/domain/escuela';
import { id, secretoDeCalendario } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

export const delCursado = z.object({ cursado: id }, { error: 'Falta el cursado.' });
export const reservar = z.object(
  {
    cursado: id,
    fecha: z
      .string({ error: 'La fecha debe ser un texto AAAA-MM-DD.' })
      .max(10, { error: 'La fecha debe ser AAAA-MM-DD.' })
      .refine(esFechaValida, { error: 'La fecha no es válida (AAAA-MM-DD).' }),
  },
  { error: 'Se esperan el cursado y la fecha.' },
);
export const evaluacionId = z.object({ id }, { error: 'Falta el id de la evaluación.' });
export const mias = z.object({ alumno: id.optional() }).default({});
export const delAlumno = z.object({ alumno: id }, { error: 'Falta el alumno.' });
/** El secreto de la dirección del calendario personal (43 caracteres base64url). */
export const calendario = secretoDeCalendario;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una evaluación reservada: cuándo, de qué cursado y materia, en qué bloque y aula. */
const evaluacionSalida = z.object({
  evaluacionId: z.number(),
  fecha: z.string(),
  cursadoId: z.number(),
  cursado: z.string(),
  materia: z.string().nullable(),
  bloque: z.number().nullable(),
  aula: z.string().nullable(),
  inicio: z.string().nullable(),
});

/** Cuánto falta para una evaluación o examen, y su color. */
const cuentaSalida = {
  texto: z.string(),
  color: z.enum(['red', 'yellow', 'green']).nullable(),
};

/** evaluaciones.disponibles: GET /api/evaluaciones_disponibles/{id}. */
export const salidaDisponibles = salida(
  z.object({
    cursado: z.number(),
    reglas: z.object({ maximoPorSemana: z.number(), anticipacionDias: z.number() }),
    lugares: z.array(
      z.object({
        evaluacionId: z.number().nullable(),
        estado: z.enum([
          'pic',
          'disponible',
          'reservada',
          'ocupada',
          'exceso',
          'espera',
          'restringida',
        ]),
        quien: z.string().nullable(),
        fecha: z.string(),
      }),
    ),
  }),
);

/** evaluaciones.reservar: POST /api/evaluacion/save. */
export const salidaReservar = salida(
  z.object({ evaluacionId: z.number(), cursado: z.number(), fecha: z.string() }),
);

/** evaluaciones.cancelar: DELETE /api/delete/evaluacion/{id}. */
export const salidaCancelar = salida(
  z.object({ evaluacionId: z.number(), cancelada: z.boolean() }),
);

/** evaluaciones.proximas: GET /api/evaluaciones. */
export const salidaProximas = salida(
  z.object({
    hoy: z.string(),
    cursos: z.array(
      z.object({
        cursoId: z.number(),
        curso: z.string(),
        evaluaciones: z.array(
          evaluacionSalida.extend({
            cursoId: z.number(),
            anio: z.number(),
            division: z.number(),
            especialidad: z.string(),
            cuenta: z.string(),
          }),
        ),
        pics: z.array(
          z.object({
            picId: z.number(),
            materia: z.string(),
            fecha: z.string(),
            inicio: z.string(),
            aula: z.string().nullable(),
            cuenta: z.string(),
          }),
        ),
      }),
    ),
  }),
);

/** evaluaciones.mias: GET /api/misevaluaciones, GET /api/misevaluaciones/{id}. */
export const salidaMias = salida(
  z.object({
    hoy: z.string(),
    alumno: z.number(),
    evaluaciones: z.array(evaluacionSalida.extend(cuentaSalida)),
    examenes: z.array(
      z.object({
        ...cuentaSalida,
        tipo: z.enum(['pic', 'mesa']),
        clave: z.string(),
        materia: z.string(),
        fecha: z.string(),
        inicio: z.string(),
        aula: z.string().nullable(),
      }),
    ),
  }),
);

/** evaluaciones.enlace: GET /api/miscalendario. */
export const salidaEnlace = salida(
  z.object({ token: z.string().nullable(), creado: z.date().nullable() }),
);

/** evaluaciones.nuevoEnlace: POST /api/miscalendario. */
export const salidaNuevoEnlace = salida(z.object({ token: z.string(), creado: z.date() }));

/** evaluaciones.quitarEnlace: DELETE /api/miscalendario. */
export const salidaQuitarEnlace = salida(z.object({ quitado: z.boolean() }));
