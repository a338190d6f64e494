/** Entradas del cronograma (spec 01 §3 Logbook entry, §7 Cronograma; issue 14 §4–§7). */
import { z } from 'zod';
import { MAXIMO_TEXTO_LIBRO } from '@/domain/cronograma';
import { esFechaValida } from '@/domain/escuela';
import { id, texto, vacioANull } from '@/server/api/schemas';

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
    texto: z.preprocess(vacioANull, texto({ campo: 'Detalles', max: 4000 }).nullable()),
  },
  { error: 'Se espera { texto }.' },
);
