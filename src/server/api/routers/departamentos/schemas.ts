/** Esquemas de departamentos: las salidas de sus procedimientos REST. */
import { z } from 'zod';
import { salida } from '@/server/api/schemas';

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** departamentos.listar: GET /api/departamentos. */
export const salidaListar = salida(z.array(z.object({ orden: z.number(), nombre: z.string() })));
