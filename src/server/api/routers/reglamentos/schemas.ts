/** Esquemas de reglamentos y autorizaciones (spec 02 §3 "Terms and regulations", §7). */
import { z } from 'zod';
import { id, texto } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

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

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un reglamento o una autorización: su texto, sus respuestas posibles y su versión. */
const reglamentoSalida = z.object({
  id: z.number(),
  nombre: z.string(),
  tipo: z.string(),
  contenido: z.string(),
  respuestasPosibles: z.array(z.string()).nullable(),
  version: z.number(),
});

/** Una respuesta guardada (la del alumno o la de un referente por un hijo). */
const respuestaSalida = z.object({
  nombre: z.string(),
  respuesta: z.string(),
  version: z.number(),
  hijo: z.number().nullable(),
  respondidoEn: z.string(),
});

/** reglamentos.listar: GET /api/reglamentos. */
export const salidaListar = salida(
  z.array(
    reglamentoSalida.extend({
      respuesta: z.string().nullable(),
      respondidoEn: z.string().nullable(),
      respuestasAnteriores: z.array(
        z.object({ respuesta: z.string(), version: z.number(), respondidoEn: z.string() }),
      ),
    }),
  ),
);

/** reglamentos.autorizaciones: GET /api/autorizaciones. */
export const salidaAutorizaciones = salida(
  z.array(
    reglamentoSalida.extend({
      respuestas: z.array(
        z.object({
          hijo: z.object({ id: z.number(), nombre: z.string(), apellido: z.string() }),
          respuesta: z.string().nullable(),
          respondidoEn: z.string().nullable(),
        }),
      ),
    }),
  ),
);

/** reglamentos.responder: POST /api/reglamentos/responder. */
export const salidaResponder = salida(respuestaSalida);

/** reglamentos.responderAutorizacion: POST /api/autorizaciones/responder. */
export const salidaResponderAutorizacion = salida(respuestaSalida);
