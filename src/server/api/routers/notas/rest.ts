/**
 * Filas REST de notas (spec 01 §7, spec 02 §7). Cuerpo del PUT: { cambios: [{ alumnoId,
 * cuatrimestre 1|2, action add|update|delete, nota 1..10|'ausente'|null, anterior }] }.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/notascursado/{id}',
    procedimiento: 'notas.planilla',
    resumen:
      'Planilla de notas de un cursado: el cursado, el estado de cada cuatrimestre para el rol (carga, cierre, reapertura, publicación), los avisos y los alumnos con sus notas.',
    entrada: ({ params }) => ({ cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/notascursado/{id}/curso/{curso}',
    procedimiento: 'notas.planilla',
    resumen: 'La planilla de notas de un cursado, sólo con los alumnos de un curso.',
    entrada: ({ params }) => ({ cursado: params.id, curso: params.curso }),
    parametros: { id: 'Id del cursado.', curso: 'Id del curso.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/notascursado/{id}',
    procedimiento: 'notas.guardar',
    resumen:
      'Guarda las celdas cambiadas, todas o ninguna. `anterior` es el valor que mostraba la planilla: si otro lo cambió, 409 y nada se guarda. Período cerrado, fuera de fechas o publicado: 412.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotascursado',
    procedimiento: 'notas.mias',
    resumen:
      'Libreta propia (alumno) o del hijo elegido (referente): por año, materias con C1, C2, nota final y actas de mesa; sólo lo publicado.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotascursado/{id}',
    procedimiento: 'notas.mias',
    resumen:
      'Libreta de un alumno: sólo el propio (alumno) o un hijo vinculado (referente); si no, 403.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden del alumno: el propio o un hijo vinculado.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/cerrar/{id}',
    procedimiento: 'notas.cerrar',
    resumen:
      'Cierra la planilla de notas de un cuatrimestre (cuerpo opcional { cuatrimestre 1|2 }; por defecto, el período en curso).',
    entrada: ({ params, cuerpo }) => ({ ...((cuerpo as object) ?? {}), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/reabrir/{id}',
    procedimiento: 'notas.reabrir',
    resumen:
      'Reabre la planilla de notas de un cuatrimestre (Alumnado), salvo que sus notas ya estén publicadas (412).',
    entrada: ({ params, cuerpo }) => ({ ...((cuerpo as object) ?? {}), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
];
