/** Entradas de la gimnasia electiva (spec 02 §5, §7 POST /alumnos/inscripcion/gimnasia; issue 17 §2). */
import { z } from 'zod';
import { ErrorGimnasia } from '@/domain/gimnasia';
import { aNumero, cicloLectivo } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

const opcion = z.preprocess(
  aNumero,
  z
    .number({ error: ErrorGimnasia.faltan })
    .int({ error: ErrorGimnasia.fueraDeRango })
    .min(1, { error: ErrorGimnasia.fueraDeRango })
    .max(12, { error: ErrorGimnasia.fueraDeRango }),
);

export const elegir = z
  .object(
    { opcion1: opcion, opcion2: opcion, opcion3: opcion },
    { error: 'Se esperan opcion1, opcion2 y opcion3.' },
  )
  .refine((o) => new Set([o.opcion1, o.opcion2, o.opcion3]).size === 3, {
    error: ErrorGimnasia.repetidas,
  });
export type ElegirGimnasia = z.infer<typeof elegir>;

export const delAnio = z.object({ anio: cicloLectivo }, { error: 'Falta el año.' });

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** gimnasia.elegir: POST /api/alumnos/inscripcion/gimnasia. */
export const salidaElegir = salida(z.object({ eleccion: z.array(z.number()) }));

/** gimnasia.mia: GET /api/migimnasia. */
export const salidaMia = salida(
  z.object({
    ciclo: z.number(),
    puede: z.boolean(),
    opciones: z
      .array(
        z.object({
          numero: z.number(),
          deporte: z.string(),
          horario: z.string(),
          cupo: z.number(),
        }),
      )
      .readonly(),
    recordatorio: z.string(),
    eleccion: z.array(z.number()).nullable(),
    publicada: z.boolean(),
    asignada: z.number().nullable(),
  }),
);

/** gimnasia.vista: GET /api/gimnasia/{year}. */
export const salidaVista = salida(
  z.object({
    anio: z.number(),
    total: z.number(),
    asignacion: z
      .object({ semilla: z.number(), asignadaEn: z.date(), publicada: z.date().nullable() })
      .nullable(),
    opciones: z.array(
      z.object({
        primera: z.array(
          z.object({
            id: z.number(),
            apellido: z.string(),
            nombre: z.string(),
            curso: z.string().nullable(),
          }),
        ),
        segunda: z.array(
          z.object({
            id: z.number(),
            apellido: z.string(),
            nombre: z.string(),
            curso: z.string().nullable(),
          }),
        ),
        tercera: z.array(
          z.object({
            id: z.number(),
            apellido: z.string(),
            nombre: z.string(),
            curso: z.string().nullable(),
          }),
        ),
        asignados: z.array(
          z.object({
            id: z.number(),
            apellido: z.string(),
            nombre: z.string(),
            curso: z.string().nullable(),
          }),
        ),
        numero: z.number(),
        deporte: z.string(),
        horario: z.string(),
        cupo: z.number(),
      }),
    ),
    sinAsignar: z.array(
      z.object({
        id: z.number(),
        apellido: z.string(),
        nombre: z.string(),
        curso: z.string().nullable(),
      }),
    ),
  }),
);

/** gimnasia.csv: GET /api/gimnasia/{year}/csv. */
export const salidaCsv = salida(z.object({ nombre: z.string(), contenido: z.string() }));

/** gimnasia.asignar: POST /api/gimnasia/{year}/asignar. */
export const salidaAsignar = salida(
  z.object({ semilla: z.number(), asignados: z.number(), sinAsignar: z.number() }),
);

/** gimnasia.publicar: POST /api/gimnasia/{year}/publicar. */
export const salidaPublicar = salida(z.object({ publicada: z.boolean(), semilla: z.number() }));
