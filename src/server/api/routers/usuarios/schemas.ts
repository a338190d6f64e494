import { z } from 'zod';
import { mascaraValida } from '@/domain/roles';
import { aNumero, booleano, email, id, texto, textoRequerido } from '@/server/api/schemas';

export const guardarUsuario = z.object({
  /** Sin orden se crea un usuario nuevo. */
  orden: id.optional().nullable(),
  apellido: textoRequerido('Apellido'),
  nombre: textoRequerido('Nombre'),
  email,
  telefono: texto({ campo: 'Teléfono', max: 30 })
    .optional()
    .nullable()
    .transform((t) => t || null),
  rol: z.preprocess(
    aNumero,
    z
      .number({ error: 'Los roles deben ser un número.' })
      .int({ error: 'Los roles deben ser un número entero.' })
      .refine(mascaraValida, {
        error: 'Los roles no son válidos: elija al menos uno de la lista.',
      }),
  ),
  habilitado: booleano('Habilitado'),
});
export type GuardarUsuario = z.infer<typeof guardarUsuario>;
