/** Esquemas zod compartidos por procedimientos, REST y formularios (mensajes en castellano). */
import { z } from 'zod';

export const id = z.coerce
  .number({ error: 'El identificador debe ser un número.' })
  .int({ error: 'El identificador debe ser un número entero.' })
  .positive({ error: 'El identificador debe ser positivo.' })
  .max(2_147_483_647, { error: 'El identificador es demasiado grande.' });

export const textoRequerido = (campo: string, max = 100) =>
  z
    .string({ error: `${campo}: no puede estar vacío.` })
    .trim()
    .min(1, { error: `${campo}: no puede estar vacío.` })
    .max(max, { error: `${campo}: como máximo ${max} caracteres.` });

export const email = z
  .string({ error: 'El email es obligatorio.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'El email no es válido.' }));

export const TAMANIO_PAGINA = 50;

/** Búsqueda paginada de las listas buscables. */
export const busqueda = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, { error: 'La búsqueda admite como máximo 100 caracteres.' })
      .default(''),
    cursor: z.coerce.number().int().min(0, { error: 'Posición inválida.' }).default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
      .max(TAMANIO_PAGINA, { error: `El tamaño de página es como máximo ${TAMANIO_PAGINA}.` })
      .default(TAMANIO_PAGINA),
  })
  .default({ q: '', cursor: 0, limit: TAMANIO_PAGINA });

export type Busqueda = z.infer<typeof busqueda>;

export interface Pagina<T> {
  items: T[];
  /** Posición de la página siguiente, o null si no hay más. */
  siguiente: number | null;
}

/** Corta la página pedida (se consulta limit + 1 para saber si hay más). */
export function paginar<T>(filas: T[], b: Busqueda): Pagina<T> {
  const hayMas = filas.length > b.limit;
  return {
    items: hayMas ? filas.slice(0, b.limit) : filas,
    siguiente: hayMas ? b.cursor + b.limit : null,
  };
}

/** Un solo mensaje legible con todos los problemas de la entrada. */
export function mensajeDeValidacion(error: z.ZodError): string {
  return error.issues
    .map((i) => (/[.!?]$/.test(i.message) ? i.message : `${i.message}.`))
    .filter((m, i, todos) => todos.indexOf(m) === i)
    .join(' ');
}
