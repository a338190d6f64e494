/** Esquemas de pendientes: las salidas de sus procedimientos REST. */
import { z } from 'zod';
import { cuatrimestreSalida, salida, turnoSalida } from '@/server/api/schemas';

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Quien tiene que hacer una tarea pendiente. */
const responsableSalida = z.object({
  id: z.number(),
  nombre: z.string(),
  email: z.string().nullable(),
});

/** Los datos de una tarea pendiente y sus responsables. */
const conResponsables = { responsables: z.array(responsableSalida) };

/** Las tareas pendientes de un tipo: todas y agrupadas por responsable. */
const pendientesSalida = <T extends z.ZodType>(tarea: T) =>
  z.object({
    items: z.array(tarea),
    porResponsable: z.array(z.object({ responsable: responsableSalida, items: z.array(tarea) })),
  });

const cursadoPendienteSalida = {
  cursadoId: z.number(),
  cursado: z.string(),
  cursos: z.array(z.string()),
  ...conResponsables,
};

/** pendientes.tablero: GET /api/pendientes. */
export const salidaTablero = salida(
  z.object({
    hoy: z.string(),
    rolConAsistencia: z.boolean(),
    diaDeAsistencia: z.boolean(),
    notas: pendientesSalida(
      z.object({
        cuatrimestre: cuatrimestreSalida,
        cierre: z.string(),
        ...cursadoPendienteSalida,
      }),
    ),
    avances: pendientesSalida(z.object({ fecha: z.string(), ...cursadoPendienteSalida })),
    asistencias: pendientesSalida(
      z.object({ cursoId: z.number(), curso: z.string(), turno: turnoSalida, ...conResponsables }),
    ),
  }),
);
