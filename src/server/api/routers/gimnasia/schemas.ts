/** Entradas de la gimnasia electiva (spec 02 §5, §7 POST /alumnos/inscripcion/gimnasia; issue 17 §2). */
import { z } from 'zod';
import { ErrorGimnasia } from '@/domain/gimnasia';
import { aNumero, cicloLectivo } from '@/server/api/schemas';

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
