/**
 * Filas REST de reincorporaciones de inasistencias (spec 01 §7, spec 02 §7).
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/reincorporaciones',
    procedimiento: 'reincorporaciones.listar',
    resumen:
      'Reincorporaciones del año (?anio=): las propias o del hijo (alumno, referente) o las últimas de la escuela dentro del alcance (personal).',
    entrada: ({ query }) => ({ ...query }),
  },
  {
    metodo: 'GET',
    ruta: '/api/reincorporaciones/{id}',
    procedimiento: 'reincorporaciones.listar',
    resumen: 'Reincorporaciones de un alumno en el año (?anio=), con su total.',
    entrada: ({ params, query }) => ({ ...query, alumno: params.id }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/reincorporar/{alumno}/{cantidad}',
    procedimiento: 'reincorporaciones.reincorporar',
    resumen:
      'Reincorpora inasistencias al alumno con fecha de hoy (cantidad ≥ 1, en pasos de 0,5). Error: "Error reincorporando alumno".',
    entrada: ({ params }) => ({ alumno: params.alumno, cantidad: params.cantidad }),
    parametros: {
      alumno: 'Orden del alumno.',
      cantidad: 'Inasistencias a reincorporar: ≥ 1, en pasos de 0,5 (1, 1.5, 2…).',
    },
  },
];
