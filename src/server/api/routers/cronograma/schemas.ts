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
