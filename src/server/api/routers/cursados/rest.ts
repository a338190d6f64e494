/**
 * Filas REST de cursados (spec 01 §7): inscripciones de alumnos (el cierre y la reapertura
 * de las planillas, bajo /api/cursados, son filas del módulo notas).
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'PUT',
    ruta: '/api/cursados/inscripciones',
    procedimiento: 'cursados.inscripciones',
    resumen:
      'Cambios de inscripción en una transacción: [{ action: set|unset, alumnoId, cursadoId, materiaId }]. Sin curso en el ciclo: "No se pudo vincular el alumno a los cursados".',
    entrada: ({ cuerpo }) => cuerpo,
    cuerpo: 'lista',
  },
];
