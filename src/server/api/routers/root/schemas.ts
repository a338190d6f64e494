/**
 * Entradas de las herramientas de root (spec 02 §7: POST /root/reportes (sql), GET
 * /root/log/{lines}). Las reglas (qué consulta se acepta, cuántas líneas) son del dominio.
 */
import { z } from 'zod';
import { LINEAS_LOG, MAX_LARGO_CONSULTA, MENSAJE_LINEAS, lineasDeLog } from '@/domain/root';
import { texto } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

export const entradaReporte = z.object(
  { sql: texto({ campo: 'Consulta', max: MAX_LARGO_CONSULTA, min: 1 }) },
  { error: 'Envíe la consulta: { sql }.' },
);
export type EntradaReporte = z.infer<typeof entradaReporte>;

/** La cantidad de líneas: un entero de 1 a 1000 (texto de la ruta o número); 100 si no viene. */
const lineas = z.preprocess(
  (v) => (v === undefined ? v : (lineasDeLog(v) ?? Number.NaN)),
  z
    .number({ error: MENSAJE_LINEAS })
    .int({ error: MENSAJE_LINEAS })
    .min(LINEAS_LOG.min, { error: MENSAJE_LINEAS })
    .max(LINEAS_LOG.max, { error: MENSAJE_LINEAS })
    .default(LINEAS_LOG.defecto),
);

export const entradaLog = z
  .object({ lineas }, { error: MENSAJE_LINEAS })
  .optional()
  .transform((v) => ({ lineas: v?.lineas ?? LINEAS_LOG.defecto }));
export type EntradaLog = z.output<typeof entradaLog>;

/** Revocar un dispositivo de administración: su id (el de la lista de /root/dispositivos). */
export const entradaRevocarDispositivo = z.object(
  {
    id: z
      .uuid({ error: 'El dispositivo no es válido.' })
      .max(36, { error: 'El dispositivo no es válido.' }),
  },
  { error: 'Indique el dispositivo: { id }.' },
);
export type EntradaRevocarDispositivo = z.infer<typeof entradaRevocarDispositivo>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** root.reportes: POST /api/root/reportes. */
export const salidaReportes = salida(
  z.object({
    columnas: z.array(z.string()),
    filas: z.array(z.array(z.string().nullable())),
    truncado: z.boolean(),
  }),
);

/** root.log: GET /api/root/log/{lineas}. */
export const salidaLog = salida(
  z.object({
    lineas: z.array(
      z.object({
        id: z.string(),
        cuando: z.date(),
        tipo: z.enum(['error', 'auditoria']),
        requestId: z.string().nullable(),
        texto: z.string(),
      }),
    ),
  }),
);
