/** Cambios de inscripción a cursados (spec 01 §7: PUT /cursados/inscripciones). */
import { z } from 'zod';
import { id } from '@/server/api/schemas';

export const cambioInscripcion = z.object(
  {
    action: z.enum(['set', 'unset'], { error: "La acción debe ser 'set' o 'unset'." }),
    alumnoId: id,
    cursadoId: id,
    materiaId: id,
  },
  { error: 'Cada cambio debe tener action, alumnoId, cursadoId y materiaId.' },
);
export type CambioInscripcion = z.infer<typeof cambioInscripcion>;

export const MAXIMO_CAMBIOS = 5000;

/** La lista de cambios: al menos uno, y cada alumno y cursado una sola vez. */
export const cambiosInscripciones = z
  .array(cambioInscripcion, { error: 'Se espera una lista de cambios de inscripción.' })
  .min(1, { error: 'No hay cambios de inscripción para guardar.' })
  .max(MAXIMO_CAMBIOS, { error: `Como máximo ${MAXIMO_CAMBIOS} cambios de inscripción por vez.` })
  .refine((l) => new Set(l.map((c) => `${c.alumnoId}|${c.cursadoId}`)).size === l.length, {
    error: 'Un mismo alumno y cursado aparece más de una vez en la lista.',
  });
