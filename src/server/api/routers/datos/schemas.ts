/** Entradas y salidas de las exportaciones (issue 34 §3). */
import { z } from 'zod';
import { id, salida } from '@/server/api/schemas';

/** datos.legajo: el alumno (su número de orden). */
export const entradaLegajo = z.object({ alumno: id }, { error: 'Indique el alumno: { alumno }.' });
export type EntradaLegajo = z.infer<typeof entradaLegajo>;

/** datos.resumen: lo que tendrá la exportación completa (las cuentas de hoy). */
export const salidaResumen = salida(
  z.object({
    tablas: z.array(z.object({ tabla: z.string(), filas: z.number() })),
    filas: z.number(),
    archivos: z.number(),
    bytesArchivos: z.number(),
  }),
);

/** datos.legajo: de quién es y el nombre del archivo que se descarga. */
export const salidaLegajo = salida(
  z.object({
    alumno: z.object({
      id: z.number(),
      apellido: z.string(),
      nombre: z.string(),
      dni: z.number(),
      usuarioId: z.number().nullable(),
    }),
    archivo: z.string(),
  }),
);
