/** Esquemas de reglamentos y autorizaciones (spec 02 §3 "Terms and regulations", §7). */
import { z } from 'zod';
import { id, texto } from '@/server/api/schemas';

const nombre = texto({
  campo: 'Nombre del reglamento',
  max: 200,
  error: 'Falta el nombre del reglamento.',
}).min(1, { error: 'Falta el nombre del reglamento.' });
const respuesta = texto({ campo: 'Respuesta', max: 2000, error: 'Falta la respuesta.' }).min(1, {
  error: 'Falta la respuesta.',
});

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
