import { z } from 'zod';
import { mascaraValida } from '@/domain/roles';
import { email, id, textoRequerido } from '@/server/api/schemas';

export const guardarUsuario = z.object({
  /** Sin orden se crea un usuario nuevo. */
  orden: id.optional().nullable(),
  apellido: textoRequerido('Apellido'),
  nombre: textoRequerido('Nombre'),
  email,
  telefono: z
    .string()
    .trim()
    .max(30, { error: 'Teléfono: como máximo 30 caracteres.' })
    .optional()
    .nullable()
    .transform((t) => t || null),
  rol: z.coerce
    .number({ error: 'Los roles deben ser un número.' })
    .int({ error: 'Los roles deben ser un número entero.' })
    .refine(mascaraValida, { error: 'Los roles no son válidos: elija al menos uno de la lista.' }),
  habilitado: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1'),
});
export type GuardarUsuario = z.infer<typeof guardarUsuario>;
