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
];
