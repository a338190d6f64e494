/**
 * Filas REST del calendario escolar (spec 02 §7). Las áreas sin tipos (restriccion, jcd)
 * llevan tipo null.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/calendario/{anio}',
    procedimiento: 'calendario.anio',
    resumen:
      'Las fechas del calendario de ese año, ordenadas por fecha: [{ fecha AAAA-MM-DD, tipo, area }].',
    entrada: ({ params }) => ({ anio: params.anio }),
    parametros: { anio: 'Año, de 2021 al siguiente del actual ({year} en la especificación).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/calendario/save/{area}',
    procedimiento: 'calendario.guardar',
    resumen:
      'Guarda las fechas de un área en una transacción. Cuerpo: { nuevas: [{ fecha, tipo }], borradas: [{ fecha, tipo }], anio? }; tipos: avance apertura|cierre|publicacion, nota además apertura_pic|cierre_pic|publicacion_pic, pic evaluacion|descanso, restriccion y jcd null. Devuelve las fechas del año (anio o el de la primera fecha).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), area: params.area }),
    parametros: { area: 'Área: restriccion, avance, nota, jcd o pic.' },
  },
];
