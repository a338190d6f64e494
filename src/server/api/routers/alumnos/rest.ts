/**
 * Filas REST de alumnos (spec 01 §7, spec 02 §7): cuerpos JSON o de formulario; el ciclo es
 * el elegido en el selector.
 */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/alumnos',
    procedimiento: 'alumnos.listar',
    resumen:
      'Alumnos del alcance con su curso del ciclo (búsqueda q, filtro curso, paginado con cursor y limit ≤ 50).',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/base',
    procedimiento: 'alumnos.base',
    resumen: 'Lista mínima de los alumnos del alcance: id, apellido, nombre y dni.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/insert',
    procedimiento: 'alumnos.crear',
    resumen:
      'Crea un alumno (dni, apellido, nombre, genero, email, telefono "área número", nacimiento, pronombre y, optativo, curso del ciclo; un preceptor debe elegir uno de sus cursos). DNI repetido: 409.',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/editar',
    procedimiento: 'alumnos.editar',
    resumen:
      'Modifica los datos del alumno (apellido y nombre obligatorios; lo que no viene no cambia). El DNI no se puede modificar.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.alumno }),
    parametros: { alumno: 'Orden del alumno ({id}).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/habilitar/{valor}',
    procedimiento: 'alumnos.habilitar',
    resumen: 'Habilita o deshabilita al alumno; devuelve { orden, habilitado }.',
    entrada: ({ params }) => ({ id: params.alumno, habilitado: params.valor }),
    parametros: {
      alumno: 'Orden del alumno ({id}).',
      valor: '1 o true habilita, 0 o false deshabilita ({x}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/curso/{curso}',
    procedimiento: 'alumnos.vincularCurso',
    resumen: 'Asigna el curso del alumno en el ciclo elegido (reemplaza el que tuviera).',
    entrada: ({ params }) => ({ id: params.alumno, curso: params.curso }),
    parametros: { alumno: 'Orden del alumno.', curso: 'Orden del curso.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/{alumno}/cursados',
    procedimiento: 'alumnos.cursados',
    resumen:
      'Inscripciones del alumno en el ciclo (cursado, materia) y cursados de su curso que se pueden agregar, con la primera materia permitida.',
    entrada: ({ params }) => ({ id: params.alumno }),
    parametros: { alumno: 'Orden del alumno ({id}).' },
  },
  {
    metodo: 'DELETE',
    ruta: '/api/alumnos/{alumno}/cursa/{cursado}',
    procedimiento: 'alumnos.desinscribir',
    resumen: 'Quita la inscripción del alumno al cursado.',
    entrada: ({ params }) => ({ id: params.alumno, cursado: params.cursado }),
    parametros: { alumno: 'Orden del alumno ({id}).', cursado: 'Id del cursado ({x}).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/{alumno}/legajo',
    procedimiento: 'alumnos.legajo',
    resumen:
      'Legajo del alumno para el personal: perfil, contacto, curso del ciclo, cursos por año y referentes.',
    entrada: ({ params }) => ({ id: params.alumno }),
    parametros: { alumno: 'Orden del alumno.' },
  },
];
