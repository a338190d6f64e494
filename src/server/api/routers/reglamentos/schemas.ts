/** Esquemas de reglamentos y autorizaciones (spec 02 §3 "Terms and regulations", §7). */
import { z } from 'zod';
import { id } from '@/server/api/schemas';

const nombre = z
  .string({ error: 'Falta el nombre del reglamento.' })
  .trim()
  .min(1, { error: 'Falta el nombre del reglamento.' })
  .max(200, { error: 'El nombre del reglamento es demasiado largo.' });
const respuesta = z
  .string({ error: 'Falta la respuesta.' })
  .trim()
  .min(1, { error: 'Falta la respuesta.' })
  .max(2000, { error: 'La respuesta admite como máximo 2000 caracteres.' });

/** POST /api/reglamentos/responder {nombre, respuesta}. */
export const responderReglamento = z.object(
  { nombre, respuesta },
  { error: 'Faltan el reglamento y la respuesta.' },
);
export type ResponderReglamento = z.infer<typeof responderReglamento>;

/** POST /api/autorizaciones/responder {nombre, respuesta, hijo}. */
export const responderAutorizacion = z.object(
  { nombre, respuesta, hijo: id },
  { error: 'Faltan la autorización, la respuesta y el hijo.' },
);
export type ResponderAutorizacion = z.infer<typeof responderAutorizacion>;
