import { z } from 'zod';
import { mascaraValida, TODOS_LOS_ROLES } from '@/domain/roles';
import { CAMPO_APELLIDO, CAMPO_NOMBRE } from '@/domain/campos';
import { CAMPO_HABILITADO, CAMPO_TELEFONO_USUARIO, MENSAJES_ROLES } from '@/domain/usuarios';
import { aNumero, booleano, email, id, posicion, texto } from '@/server/api/schemas';
import { opcionSalida, paginaSalida, rolSalida, salida } from '@/server/api/schemas';

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

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un usuario del personal (rol: su máscara de roles). */
const usuarioSalida = z.object({
  orden: z.number(),
  email: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  telefono: z.string().nullable(),
  rol: z.number(),
  habilitado: z.boolean(),
});

/** usuarios.porRol: GET /api/usuario/{rol}/{cursor}. */
export const salidaPorRol = salida(paginaSalida(opcionSalida));

/** usuarios.yo: GET /api/usuario. */
export const salidaYo = salida(usuarioSalida.extend({ rolActivo: rolSalida }));

/**
 * usuarios.listar: GET /api/usuarios. La opción de la lista buscable con los datos de la
 * planilla del personal (apellido, nombre, email, teléfono, roles, habilitado): la exportación
 * de la lista los escribe y la importación los vuelve a leer.
 */
export const salidaListar = salida(
  paginaSalida(
    opcionSalida.extend({
      apellido: z.string(),
      nombre: z.string(),
      email: z.string(),
      telefono: z.string().nullable(),
      roles: z.array(rolSalida),
      habilitado: z.boolean(),
    }),
  ),
);

/** usuarios.guardar: POST /api/save/usuario. */
export const salidaGuardar = salida(usuarioSalida);
