/** Filas REST del cronograma (spec 01 §7 Cronograma, Cursados and subjects). */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

const cursado = { cursadoId: 'Id del cursado.' };

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/cronograma',
    procedimiento: 'cronograma.cursados',
    resumen:
      'Los cursados del ciclo elegido dentro del alcance del rol y las pestañas que el rol ve (clases, planificacion, detalles).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cronograma/libro/{cursadoId}',
    procedimiento: 'cronograma.libro',
    resumen:
      'Las clases del cursado (días de su horario en el año lectivo, menos las restricciones del calendario), cada una con sus temas si ya pasó.',
    entrada: ({ params }) => ({ cursado: params.cursadoId }),
    parametros: cursado,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cronograma/libro/{cursadoId}',
    procedimiento: 'cronograma.escribir',
    resumen:
      'Guarda los temas de una clase pasada: { fecha, texto, anterior: el texto que se mostraba o null }. Texto vacío borra; una fecha futura o que no es clase: 400; si otra persona lo cambió: 409.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), cursado: params.cursadoId }),
    parametros: cursado,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/cronograma/libro/{cursadoId}',
    procedimiento: 'cronograma.borrar',
    resumen: 'Borra los temas de una clase: { fecha }.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), cursado: params.cursadoId }),
    parametros: cursado,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}/detalles',
    procedimiento: 'cronograma.detalles',
    resumen: 'La descripción del cursado.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/{id}/detalles',
    procedimiento: 'cronograma.guardarDetalles',
    resumen: 'Guarda la descripción del cursado: { texto } (vacío la borra).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cronograma/planificacion/{cursadoId}',
    procedimiento: 'cronograma.planificacion',
    resumen:
      'La planificación del cursado: { planificacionId, publicado, version, materias, entradas: [{ itemNumber, texto }], usuarioAutor, cursadoOrigen } o null.',
    entrada: ({ params }) => ({ cursado: params.cursadoId }),
    parametros: cursado,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cronograma/planificacion',
    procedimiento: 'cronograma.guardarPlanificacion',
    resumen:
      'Crea o reemplaza la planificación de un cursado: { cursadoId, materias: [ids], items: [{ itemNumber, texto }], version: la editada o null }. Versión vieja: 409.',
    entrada: ({ cuerpo }) => {
      const { cursadoId, ...resto } = (cuerpo ?? {}) as { cursadoId?: unknown };
      return { ...resto, cursado: cursadoId };
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/cronograma/planificaciones/{cursadoId}',
    procedimiento: 'cronograma.planificaciones',
    resumen:
      'Las planificaciones que el cursado puede elegir: las publicadas de cursados con alguna de sus materias y las del propio docente.',
    entrada: ({ params }) => ({ cursado: params.cursadoId }),
    parametros: cursado,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cronograma/planificaciones/{cursadoId}/importar/{planId}',
    procedimiento: 'cronograma.importar',
    resumen:
      'El cursado elige una planificación (se copia). Sólo si todavía no tiene: si no, 409 "El cursado ya tiene planificación.".',
    entrada: ({ params }) => ({ cursado: params.cursadoId, plan: params.planId }),
    parametros: { ...cursado, planId: 'Id de la planificación elegida.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cronograma/planificaciones/{cursadoId}/exportar',
    procedimiento: 'cronograma.exportar',
    resumen: 'Publica la planificación del cursado para que otros cursados la elijan.',
    entrada: ({ params }) => ({ cursado: params.cursadoId }),
    parametros: cursado,
  },
];
