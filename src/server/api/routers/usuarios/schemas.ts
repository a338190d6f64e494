import { z } from 'zod';
import { mascaraValida, TODOS_LOS_ROLES } from '@/domain/roles';
import {
  aNumero,
  booleano,
  email,
  id,
  posicion,
  texto,
  textoRequerido,
} from '@/server/api/schemas';

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

/** GET /api/usuario/{rol}/{cursor}: un rol (un solo bit de TODOS_LOS_ROLES) y la posición. */
export const usuariosPorRol = z.object(
  {
    rol: z.preprocess(
      aNumero,
      z
        .number({ error: 'El rol debe ser un número.' })
        .refine((r) => (TODOS_LOS_ROLES as readonly number[]).includes(r), {
          error: 'El rol debe ser uno de 1, 2, 4, 8, 16, 32, 64, 128, 256 o 512.',
        }),
    ),
    cursor: posicion,
    q: texto({ campo: 'Búsqueda', max: 100 }).default(''),
  },
  { error: 'Se esperan el rol y la posición.' },
);
