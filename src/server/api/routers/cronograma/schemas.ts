/** Entradas del cronograma (spec 01 §3 Logbook entry, §7 Cronograma; issue 14 §4–§7). */
import { z } from 'zod';
import {
  MAXIMO_DETALLES,
  MAXIMO_ITEMS,
  MAXIMO_TEXTO_ITEM,
  MAXIMO_TEXTO_LIBRO,
} from '@/domain/cronograma';
import { esFechaValida } from '@/domain/escuela';
import { aNumero, id, texto, vacioANull } from '@/server/api/schemas';
import { cursadoBreveSalida, personaSalida, salida } from '@/server/api/schemas';

export const fecha = z
  .string({ error: 'La fecha debe ser un texto AAAA-MM-DD.' })
  .max(10, { error: 'La fecha debe ser AAAA-MM-DD.' })
  .refine(esFechaValida, { error: 'La fecha no es válida (AAAA-MM-DD).' });

export const delCursado = z.object({ cursado: id }, { error: 'Falta el cursado.' });

const textoLibro = texto({ campo: 'Temas', max: MAXIMO_TEXTO_LIBRO });

/**
 * PUT /api/cronograma/libro/{cursadoId} { fecha, texto, anterior }: `anterior` es el texto que la
 * pantalla mostraba (null si no había): si otra persona lo cambió mientras tanto, 409.
 */
export const escribirLibro = z.object(
  {
    cursado: id,
    fecha,
    texto: textoLibro,
    anterior: z.preprocess((v) => (v === undefined ? null : v), textoLibro.nullable()),
  },
  { error: 'Se esperan fecha y texto.' },
);
export type EscribirLibro = z.infer<typeof escribirLibro>;

export const borrarLibro = z.object({ cursado: id, fecha }, { error: 'Se espera la fecha.' });

export const guardarDetalles = z.object(
  {
    id,
    texto: z.preprocess(vacioANull, texto({ campo: 'Detalles', max: MAXIMO_DETALLES }).nullable()),
  },
  { error: 'Se espera { texto }.' },
);

// ---------------------------------------------------------------------------
// Planificaciones (spec 01 §3 Planificación, §7)

export const itemPlanificacion = z.object(
  {
    itemNumber: z.preprocess(
      aNumero,
      z
        .number({ error: 'Ítem: el número debe ser un número.' })
        .int({ error: 'Ítem: el número debe ser entero.' })
        .min(1, { error: 'Ítem: el número va de 1 en adelante.' })
        .max(MAXIMO_ITEMS, { error: `Ítem: como máximo ${MAXIMO_ITEMS}.` }),
    ),
    texto: texto({ campo: 'Ítem', max: MAXIMO_TEXTO_ITEM, min: 1 }),
  },
  { error: 'Cada ítem debe tener itemNumber y texto.' },
);

export const guardarPlanificacion = z.object(
  {
    cursado: id,
    materias: z
      .array(id, { error: 'Materias: se espera una lista de ids.' })
      .max(50, { error: 'Materias: como máximo 50.' })
      .transform((l) => [...new Set(l)]),
    items: z
      .array(itemPlanificacion, { error: 'Se espera una lista de ítems.' })
      .min(1, { error: 'La planificación necesita al menos un ítem.' })
      .max(MAXIMO_ITEMS, { error: `Como máximo ${MAXIMO_ITEMS} ítems.` })
      .refine((l) => new Set(l.map((i) => i.itemNumber)).size === l.length, {
        error: 'Dos ítems tienen el mismo número.',
      }),
    /** La versión que se editó (null si el cursado no tenía planificación). */
    version: z.preprocess(
      (v) => (v === undefined ? null : aNumero(v)),
      z
        .number({ error: 'La versión debe ser un número.' })
        .int({ error: 'La versión debe ser un número entero.' })
        .min(1, { error: 'La versión debe ser positiva.' })
        .max(1_000_000_000, { error: 'La versión no es válida.' })
        .nullable(),
    ),
  },
  { error: 'Se esperan cursadoId, materias e items.' },
);
export type GuardarPlanificacion = z.infer<typeof guardarPlanificacion>;

export const importarPlanificacion = z.object(
  { cursado: id, plan: id },
  { error: 'Se esperan el cursado y la planificación.' },
);

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un cursado con sus materias, su planificación (si tiene) y si el usuario puede editarla. */
const planificacionDelCursadoSalida = z.object({
  cursado: z.object({
    cursadoId: z.number(),
    nombre: z.string(),
    materias: z.array(z.object({ orden: z.number(), nombre: z.string() })),
  }),
  planificacion: z
    .object({
      planificacionId: z.number(),
      publicado: z.boolean(),
      version: z.number(),
      materias: z.array(z.number()),
      entradas: z.array(z.object({ itemNumber: z.number(), texto: z.string() })),
      usuarioAutor: personaSalida.nullable(),
      cursadoOrigen: cursadoBreveSalida,
      importadaDe: z.number().nullable(),
    })
    .nullable(),
  puedeEditar: z.boolean(),
});

/** cronograma.cursados: GET /api/cronograma. */
export const salidaCursados = salida(
  z.object({
    cursados: z.array(
      z.object({ cursadoId: z.number(), nombre: z.string(), cursos: z.array(z.string()) }),
    ),
    pestanas: z.array(z.enum(['detalles', 'planificacion', 'clases'])),
    edita: z.boolean(),
  }),
);

/** cronograma.libro: GET /api/cronograma/libro/{cursadoId}. */
export const salidaLibro = salida(
  z.object({
    cursado: cursadoBreveSalida,
    hoy: z.string(),
    puedeEscribir: z.boolean(),
    clases: z.array(
      z.object({
        fecha: z.string(),
        pasada: z.boolean(),
        texto: z.string().nullable(),
        autor: z.string().nullable(),
        modificado: z.date().nullable(),
      }),
    ),
  }),
);

/** cronograma.escribir: PUT /api/cronograma/libro/{cursadoId}. */
export const salidaEscribir = salida(
  z.object({ cursado: z.number(), fecha: z.string(), texto: z.string().nullable() }),
);

/** cronograma.borrar: DELETE /api/cronograma/libro/{cursadoId}. */
export const salidaBorrar = salida(
  z.object({ cursado: z.number(), fecha: z.string(), borrado: z.boolean() }),
);

/** cronograma.detalles: GET /api/cursados/{id}/detalles. */
export const salidaDetalles = salida(
  z.object({
    puedeEditar: z.boolean(),
    cursadoId: z.number(),
    nombre: z.string(),
    detalles: z.string().nullable(),
  }),
);

/** cronograma.guardarDetalles: PUT /api/cursados/{id}/detalles. */
export const salidaGuardarDetalles = salida(
  z.object({ cursadoId: z.number(), detalles: z.string().nullable() }),
);

/** cronograma.planificacion: GET /api/cronograma/planificacion/{cursadoId}. */
export const salidaPlanificacion = salida(planificacionDelCursadoSalida);

/** cronograma.guardarPlanificacion: PUT /api/cronograma/planificacion. */
export const salidaGuardarPlanificacion = salida(planificacionDelCursadoSalida);

/** cronograma.planificaciones: GET /api/cronograma/planificaciones/{cursadoId}. */
export const salidaPlanificaciones = salida(
  z.array(
    z.object({
      planificacionId: z.number(),
      publicado: z.boolean(),
      items: z.number(),
      materias: z.array(z.string()),
      cursadoOrigen: cursadoBreveSalida,
      usuarioAutor: personaSalida.nullable(),
    }),
  ),
);

/** cronograma.importar: PUT /api/cronograma/planificaciones/{cursadoId}/importar/{planId}. */
export const salidaImportar = salida(planificacionDelCursadoSalida);

/** cronograma.exportar: PUT /api/cronograma/planificaciones/{cursadoId}/exportar. */
export const salidaExportar = salida(
  z.object({ planificacionId: z.number(), publicado: z.boolean() }),
);
