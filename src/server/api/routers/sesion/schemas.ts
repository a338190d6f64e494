/** Esquemas de sesion: las salidas de sus procedimientos REST. */
import { z } from 'zod';
import { salida } from '@/server/api/schemas';

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** sesion.estado: GET /api/login/status. */
export const salidaEstado = salida(
  z.object({
    usuario: z.object({
      id: z.number(),
      email: z.string(),
      nombre: z.string(),
      apellido: z.string(),
    }),
    rls: z.number(),
    rol: z.union([
      z.literal(1),
      z.literal(2),
      z.literal(4),
      z.literal(8),
      z.literal(16),
      z.literal(32),
      z.literal(64),
      z.literal(128),
      z.literal(256),
      z.literal(512),
    ]),
    roles: z.array(
      z.union([
        z.literal(1),
        z.literal(2),
        z.literal(4),
        z.literal(8),
        z.literal(16),
        z.literal(32),
        z.literal(64),
        z.literal(128),
        z.literal(256),
        z.literal(512),
      ]),
    ),
  }),
);

/** sesion.permisos: GET /api/permissions. */
export const salidaPermisos = salida(
  z.array(
    z.object({
      moduleId: z.string(),
      main: z.string(),
      nombre: z.string(),
      icono: z.string(),
      disponible: z.boolean(),
    }),
  ),
);

/** sesion.sysconfig: GET /api/sysconfig. */
export const salidaSysconfig = salida(
  z.array(
    z.object({
      moduleId: z.string(),
      main: z.string(),
      nombre: z.string(),
      icono: z.string(),
      disponible: z.boolean(),
    }),
  ),
);

/** sesion.configuracion: GET /api/configuration. */
// Más las claves públicas de la configuración (`escuela`), por eso sin cerrar; la cuota de la
// cooperadora del ciclo es el JSON que guarda Admin (/inscripciones/cooperadora).
export const salidaConfiguracion = salida(
  z.looseObject({
    cuota: z.custom<NonNullable<unknown>>((v) => v != null).nullable(),
    cicloLectivo: z.number(),
    ciclos: z.array(z.number()),
    zonaHoraria: z.string(),
  }),
);
