/** Esquemas de sesion: las salidas de sus procedimientos REST. */
import { z } from 'zod';
import { rolSalida, salida } from '@/server/api/schemas';

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un módulo del sistema: su página principal, su nombre, su icono y si está disponible. */
const moduloSalida = z.object({
  moduleId: z.string(),
  main: z.string(),
  nombre: z.string(),
  icono: z.string(),
  disponible: z.boolean(),
});

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
    rol: rolSalida,
    roles: z.array(rolSalida),
  }),
);

/** sesion.permisos: GET /api/permissions. */
export const salidaPermisos = salida(z.array(moduloSalida));

/** sesion.sysconfig: GET /api/sysconfig. */
export const salidaSysconfig = salida(z.array(moduloSalida));

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
