/**
 * Filas REST de reglamentos (alumno y referente) y autorizaciones por hijo (referente),
 * spec 02 §7.
 */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/reglamentos',
    procedimiento: 'reglamentos.listar',
    resumen:
      'Reglamentos con la respuesta vigente del usuario (respuesta, respondidoEn) y las anteriores (respuestasAnteriores).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/autorizaciones',
    procedimiento: 'reglamentos.autorizaciones',
    resumen: 'Autorizaciones con la respuesta vigente por cada hijo del referente.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/reglamentos/responder',
    procedimiento: 'reglamentos.responder',
    resumen:
      'Responde un reglamento { nombre, respuesta }: texto libre, la única opción (aceptar) o una de las posibles. Guarda el texto y la versión respondidos.',
  },
  {
    metodo: 'POST',
    ruta: '/api/autorizaciones/responder',
    procedimiento: 'reglamentos.responderAutorizacion',
    resumen:
      'Responde una autorización por un hijo { nombre, respuesta, hijo }. Otro alumno: "No coinciden los datos de los hijos asociados".',
  },
];
