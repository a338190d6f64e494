/**
 * Entradas de la importación (issue 34 §1; contrato en /tmp/portal/IMPORTAR-CONTRATO.md): la
 * importación por su id, el mapeo (una clave de campo o null por columna) y `vaciar`.
 */
import { z } from 'zod';
import { esClaveCampo } from '@/domain/importacion/campos';
import { booleano, id, texto } from '@/server/api/schemas';
import { MAXIMO_COLUMNAS } from './archivo';

export const MENSAJE_MAPEO = 'El mapeo debe dar, para cada columna, un campo importable o ninguno.';

export const conId = z.object({ id }, { error: 'Falta la importación.' });

export const mapeo = z
  .array(
    z.union(
      [
        z.null(),
        z.string().max(60, { error: MENSAJE_MAPEO }).refine(esClaveCampo, { error: MENSAJE_MAPEO }),
      ],
      {
        error: MENSAJE_MAPEO,
      },
    ),
    { error: MENSAJE_MAPEO },
  )
  .max(MAXIMO_COLUMNAS, { error: MENSAJE_MAPEO });

export const vistaImportacion = z.object(
  { id, mapeo, vaciar: booleano('Vaciar') },
  { error: 'Faltan la importación, el mapeo y vaciar.' },
);
export type VistaImportacion = z.infer<typeof vistaImportacion>;

/** La subida (POST /api/importar): el nombre y los bytes del archivo, ya leídos con su tope. */
export const subirImportacion = z.object(
  {
    nombre: texto({ campo: 'Nombre del archivo', max: 200, min: 1 }),
    datos: z.instanceof(Uint8Array, { error: 'Falta el archivo.' }),
  },
  { error: 'Falta el archivo.' },
);
export type SubirImportacion = z.infer<typeof subirImportacion>;

export const informe = z.object(
  {
    id,
    formato: z.enum(['xlsx', 'csv'], { error: 'El formato debe ser xlsx o csv.' }).default('xlsx'),
  },
  { error: 'Falta la importación.' },
);
export type PedidoInforme = z.infer<typeof informe>;
