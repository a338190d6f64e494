/** Esquemas de los comunicados de la escuela (issue 35 §4) y del registro de envíos (§5). */
import { z } from 'zod';
import {
  AUDIENCIAS,
  MAXIMO_TEXTO,
  MAXIMO_TITULO,
  TAMANIO_MAXIMO_ADJUNTO,
} from '@/domain/comunicados';
import { booleano, entero, id, posicion, texto, textoRequerido } from '@/server/api/schemas';

export const ESTADOS_ENVIO = ['pendiente', 'enviado', 'fallido', 'rebotado'] as const;

/** El adjunto como lo entrega POST /api/comunicados (multipart): el nombre y los bytes. */
const adjunto = z
  .object(
    {
      nombre: texto({ campo: 'Nombre del adjunto', max: 200 }),
      datos: z.instanceof(Uint8Array, { error: 'El adjunto debe ser un archivo.' }),
    },
    { error: 'El adjunto debe ser un archivo.' },
  )
  .optional();

/** Publicar: título, texto, audiencia (con su año, curso o cursado), confirmación y adjunto. */
export const publicar = z.object(
  {
    titulo: textoRequerido('Título', MAXIMO_TITULO),
    texto: textoRequerido('Texto', MAXIMO_TEXTO),
    requiereConfirmacion: booleano('Requiere confirmación de lectura').default(false),
    audiencia: z.enum(AUDIENCIAS, { error: 'Elija a quién va dirigido el comunicado.' }),
    anio: entero({ campo: 'Año', min: 1, max: 6 }).optional(),
    curso: id.optional(),
    cursado: id.optional(),
    adjunto,
  },
  { error: 'Faltan los datos del comunicado.' },
);
export type Publicar = z.infer<typeof publicar>;

/** Los máximos del formulario de publicar, para documentarlos (rest.ts, OpenAPI). */
export const MAXIMOS_COMUNICADO = {
  titulo: MAXIMO_TITULO,
  texto: MAXIMO_TEXTO,
  adjuntoMb: Math.round(TAMANIO_MAXIMO_ADJUNTO / (1024 * 1024)),
} as const;

/** Corregir: el título y el texto (la audiencia y el adjunto quedan). */
export const editar = z.object(
  {
    id,
    titulo: textoRequerido('Título', MAXIMO_TITULO),
    texto: textoRequerido('Texto', MAXIMO_TEXTO),
  },
  { error: 'Faltan los datos del comunicado.' },
);
export type Editar = z.infer<typeof editar>;

export const deComunicado = z.object({ id }, { error: 'Falta el comunicado.' });
export type DeComunicado = z.infer<typeof deComunicado>;

/** El registro de envíos (/root/log): por estado, de a 50. */
export const envios = z
  .object({
    estado: z.enum([...ESTADOS_ENVIO, 'todos'], { error: 'Estado no válido.' }).default('todos'),
    posicion,
  })
  .default({ estado: 'todos', posicion: 0 });
export type Envios = z.infer<typeof envios>;
