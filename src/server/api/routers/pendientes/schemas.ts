/** Esquemas de pendientes: las salidas de sus procedimientos REST. */
import { z } from 'zod';
import { salida } from '@/server/api/schemas';

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** pendientes.tablero: GET /api/pendientes. */
export const salidaTablero = salida(
  z.object({
    hoy: z.string(),
    rolConAsistencia: z.boolean(),
    diaDeAsistencia: z.boolean(),
    notas: z.object({
      items: z.array(
        z.object({
          cuatrimestre: z.union([z.literal(1), z.literal(2)]),
          cierre: z.string(),
          cursadoId: z.number(),
          cursado: z.string(),
          cursos: z.array(z.string()),
          responsables: z.array(
            z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
          ),
        }),
      ),
      porResponsable: z.array(
        z.object({
          responsable: z.object({
            id: z.number(),
            nombre: z.string(),
            email: z.string().nullable(),
          }),
          items: z.array(
            z.object({
              cuatrimestre: z.union([z.literal(1), z.literal(2)]),
              cierre: z.string(),
              cursadoId: z.number(),
              cursado: z.string(),
              cursos: z.array(z.string()),
              responsables: z.array(
                z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
              ),
            }),
          ),
        }),
      ),
    }),
    avances: z.object({
      items: z.array(
        z.object({
          fecha: z.string(),
          cursadoId: z.number(),
          cursado: z.string(),
          cursos: z.array(z.string()),
          responsables: z.array(
            z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
          ),
        }),
      ),
      porResponsable: z.array(
        z.object({
          responsable: z.object({
            id: z.number(),
            nombre: z.string(),
            email: z.string().nullable(),
          }),
          items: z.array(
            z.object({
              fecha: z.string(),
              cursadoId: z.number(),
              cursado: z.string(),
              cursos: z.array(z.string()),
              responsables: z.array(
                z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
              ),
            }),
          ),
        }),
      ),
    }),
    asistencias: z.object({
      items: z.array(
        z.object({
          cursoId: z.number(),
          curso: z.string(),
          turno: z.enum(['Mañana', 'Tarde']),
          responsables: z.array(
            z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
          ),
        }),
      ),
      porResponsable: z.array(
        z.object({
          responsable: z.object({
            id: z.number(),
            nombre: z.string(),
            email: z.string().nullable(),
          }),
          items: z.array(
            z.object({
              cursoId: z.number(),
              curso: z.string(),
              turno: z.enum(['Mañana', 'Tarde']),
              responsables: z.array(
                z.object({ id: z.number(), nombre: z.string(), email: z.string().nullable() }),
              ),
            }),
          ),
        }),
      ),
    }),
  }),
);
