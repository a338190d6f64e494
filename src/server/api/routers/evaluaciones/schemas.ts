/** Entradas de las evaluaciones (spec 01 §7 Evaluations and PICs; issue 14 §8–§9). */
import { z } from 'zod';
import { esFechaValida } from '@/domain/escuela';
import { id, secretoDeCalendario } from '@/server/api/schemas';

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
