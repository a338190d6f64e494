/**
 * Filas REST de las mesas de examen (spec 02 §7: "mesas (create, update, update time and
 * classroom, save evaluated subjects, save tribunal)" sin caminos; estos los elige el portal y
 * los documenta el OpenAPI). Fechas 'AAAA-MM-DD' y horas 'HH:MM' en la zona de la escuela.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

const ID = { id: 'Id de la mesa.' };
const ACTA = { id: 'Id de la mesa.', materia: 'Id de la materia evaluada.' };
const conId = ({ params, cuerpo }: { params: Record<string, string>; cuerpo: unknown }) => ({
  ...(cuerpo as object),
  id: params.id,
});
const delActa = ({ params }: { params: Record<string, string> }) => ({
  id: params.id,
  materia: params.materia,
});

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/mesas',
    procedimiento: 'mesas.lista',
    resumen:
      'Las mesas del año (?anio=, por la fecha de comienzo), 30 por página (?cursor=0, 30, …) con búsqueda (?q=) por instancia, aula, materia o docente. Jefe de Departamento: las de su departamento; Docente: las de su tribunal.',
    entrada: ({ query }) => ({
      anio: query.anio || undefined,
      q: query.q ?? '',
      cursor: query.cursor ?? 0,
    }),
  },
  {
    metodo: 'POST',
    ruta: '/api/mesas',
    procedimiento: 'mesas.crear',
    resumen:
      'Crea una mesa: { fecha, hora, instancia, aula } (Alumnado) o { fecha, instancia } (Admin: a las 07:30). Un aula en blanco es null.',
  },
  {
    metodo: 'GET',
    ruta: '/api/mesas/choques',
    procedimiento: 'mesas.choques',
    resumen:
      'Los avisos de superposición si la mesa (?id=, opcional) fuera a esa fecha y hora (?fecha=&hora=): docentes del tribunal en otra mesa y alumnos anotados en otra mesa o en una PIC.',
    entrada: ({ query }) => ({
      id: query.id || undefined,
      fecha: query.fecha,
      hora: query.hora,
    }),
  },
  {
    metodo: 'GET',
    ruta: '/api/mesas/{id}',
    procedimiento: 'mesas.detalle',
    resumen:
      'La mesa con sus materias (y el estado de cada acta), el tribunal, los avisos de superposición, la pestaña inicial y lo que el rol puede hacer.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: ID,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}',
    procedimiento: 'mesas.modificar',
    resumen:
      'Cambia la mesa: { version, fecha, hora, instancia, aula } (Alumnado) o { version, fecha, instancia } (Admin). Versión vieja: 409; con actas cerradas no cambian fecha ni instancia: 412.',
    entrada: conId,
    parametros: ID,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/mesas/{id}',
    procedimiento: 'mesas.borrar',
    resumen: 'Borra la mesa si no tiene actas cerradas ni resultados cargados.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: ID,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/horario',
    procedimiento: 'mesas.modificarHorario',
    resumen:
      'Jefe de Departamento: cambia la hora y el aula { version, hora, aula } (el mismo día).',
    entrada: conId,
    parametros: ID,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/materias',
    procedimiento: 'mesas.guardarMaterias',
    resumen:
      'Guarda las altas y bajas de materias evaluadas { agregar: [ids], quitar: [ids] }. Una materia con alumnos anotados no se quita (412).',
    entrada: conId,
    parametros: ID,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/tribunal',
    procedimiento: 'mesas.guardarTribunal',
    resumen: 'Guarda las altas y bajas del tribunal { agregar: [ids de docentes], quitar: [ids] }.',
    entrada: conId,
    parametros: ID,
  },
  {
    metodo: 'GET',
    ruta: '/api/mesas/{id}/docentes',
    procedimiento: 'mesas.docentes',
    resumen:
      'Los docentes para el tribunal (?q=, ?cursor=), cada uno con sus otras mesas a esa hora (choque).',
    entrada: ({ params, query }) => ({
      id: params.id,
      q: query.q ?? '',
      cursor: query.cursor ?? 0,
    }),
    parametros: ID,
  },
  {
    metodo: 'GET',
    ruta: '/api/mesas/{id}/actas/{materia}',
    procedimiento: 'mesas.acta',
    resumen:
      'El acta de una materia de la mesa: los alumnos anotados con su resultado (nota de 1 a 10 con medios, ausente o adeuda_correlativa), el tribunal y si está cerrada.',
    entrada: delActa,
    parametros: ACTA,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/actas/{materia}',
    procedimiento: 'mesas.guardarActa',
    cuerpo: 'objeto-o-lista',
    resumen:
      'Guarda resultados del acta: [{ alumno, resultado: { tipoNota, nota } | null, anterior }] (o { cambios }). Todos o ninguno; `anterior` distinto de lo guardado: 409; acta cerrada: 412.',
    entrada: ({ params, cuerpo }) => ({
      ...delActa({ params }),
      cambios: Array.isArray(cuerpo) ? cuerpo : (cuerpo as { cambios?: unknown } | null)?.cambios,
    }),
    parametros: ACTA,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/actas/{materia}/cerrar',
    procedimiento: 'mesas.cerrarActa',
    resumen:
      'Cierra el acta (definitiva) con todos los resultados cargados y escribe las actas de examen que muestran las libretas.',
    entrada: delActa,
    parametros: ACTA,
  },
  {
    metodo: 'GET',
    ruta: '/api/mesas/{id}/actas/{materia}/candidatos',
    procedimiento: 'mesas.candidatos',
    resumen:
      'Los alumnos que adeudan la materia, con los propuestos (planillas cerradas, sin otra mesa abierta de la materia), los ya anotados y sus superposiciones.',
    entrada: delActa,
    parametros: ACTA,
  },
  {
    metodo: 'PUT',
    ruta: '/api/mesas/{id}/actas/{materia}/alumnos',
    procedimiento: 'mesas.anotar',
    resumen:
      'Anota y quita alumnos del acta { agregar: [ids], quitar: [ids] }: sólo quienes adeudan la materia; no se quita a quien ya tiene resultado.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), ...delActa({ params }) }),
    parametros: ACTA,
  },
];
