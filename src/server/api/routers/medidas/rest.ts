/**
 * Filas REST de medidas disciplinarias (spec 01 §7): el tipo va en el camino; el cuerpo trae
 * fecha, turno, cantidad (sólo amonestación) y motivo. Amonestación con cantidad 0: responde null
 * sin escribir.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/mismedidas',
    procedimiento: 'medidas.mias',
    resumen:
      'Medidas propias (alumno) o del hijo elegido o, si no, el primero (referente), por año con total y color.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/mismedidas/{id}',
    procedimiento: 'medidas.mias',
    resumen:
      'Medidas de un alumno por año con total: sólo el propio (alumno) o un hijo vinculado (referente); si no, 403.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden del alumno: el propio o un hijo vinculado.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/nueva/amonestacion/{id}',
    procedimiento: 'medidas.nueva',
    resumen:
      'Crea una amonestación (cuerpo: fecha, turno, cantidad, motivo); devuelve la medida creada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'amonestacion',
      alumno: params.id,
    }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/nueva/apercibimiento/{id}',
    procedimiento: 'medidas.nueva',
    resumen: 'Crea un apercibimiento (cuerpo: fecha, turno, motivo); devuelve la medida creada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'apercibimiento',
      alumno: params.id,
    }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/editar/amonestacion/{alumno}/{medida}',
    procedimiento: 'medidas.editar',
    resumen:
      'Guarda una medida del alumno como amonestación (cuerpo: fecha, turno, cantidad, motivo); devuelve la medida guardada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'amonestacion',
      alumno: params.alumno,
      medida: params.medida,
    }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/editar/apercibimiento/{alumno}/{medida}',
    procedimiento: 'medidas.editar',
    resumen:
      'Guarda una medida del alumno como apercibimiento (cuerpo: fecha, turno, motivo); devuelve la medida guardada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'apercibimiento',
      alumno: params.alumno,
      medida: params.medida,
    }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
  {
    metodo: 'DELETE',
    ruta: '/api/medidas/borrar/{alumno}/{medida}',
    procedimiento: 'medidas.borrar',
    resumen: 'Borra una medida disciplinaria del alumno; devuelve la medida borrada.',
    entrada: ({ params }) => ({ alumno: params.alumno, medida: params.medida }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
];
