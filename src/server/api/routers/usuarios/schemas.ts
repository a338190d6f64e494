import { z } from 'zod';
import { mascaraValida, TODOS_LOS_ROLES } from '@/domain/roles';
import { CAMPO_APELLIDO, CAMPO_NOMBRE } from '@/domain/campos';
import { CAMPO_HABILITADO, CAMPO_TELEFONO_USUARIO, MENSAJES_ROLES } from '@/domain/usuarios';
import { aNumero, booleano, email, id, posicion, texto } from '@/server/api/schemas';

/** Las reglas de los campos están en domain/usuarios.ts (las usa también la pantalla). */
export const guardarUsuario = z.object({
  /** Sin orden se crea un usuario nuevo. */
  orden: id.optional().nullable(),
  apellido: texto(CAMPO_APELLIDO),
  nombre: texto(CAMPO_NOMBRE),
  email,
  telefono: texto(CAMPO_TELEFONO_USUARIO)
    .optional()
    .nullable()
    .transform((t) => t || null),
  rol: z.preprocess(
    aNumero,
    z
      .number({ error: MENSAJES_ROLES.numero })
      .int({ error: MENSAJES_ROLES.entero })
      .refine(mascaraValida, { error: MENSAJES_ROLES.invalidos }),
  ),
  habilitado: booleano(CAMPO_HABILITADO),
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
