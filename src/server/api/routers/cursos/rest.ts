/**
 * Filas REST de cursos (spec 01 §7, spec 02 §7): listados por rol, alumnos y cursados de un
 * curso, promoción.
 */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/cursos',
    procedimiento: 'cursos.listar',
    resumen: 'Todos los cursos.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_preceptor',
    procedimiento: 'cursos.delPreceptor',
    resumen: 'Cursos del preceptor de la sesión en el ciclo elegido.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_preceptor/{id}',
    procedimiento: 'cursos.delPreceptor',
    resumen:
      'Cursos de un preceptor en el ciclo elegido (un preceptor sólo puede pedir los suyos).',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Orden (id) del usuario preceptor.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_departamento',
    procedimiento: 'cursos.delDepartamento',
    resumen: 'Cursos con cursados del departamento del jefe, en el ciclo elegido.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_coordinador',
    procedimiento: 'cursos.delCoordinador',
    resumen: 'Cursos con cursados de las materias del coordinador, en el ciclo elegido.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/cursos/promover',
    procedimiento: 'cursos.promover',
    resumen:
      'Promover estudiantes de curso y autoinscribir: pasa a cada alumno del ciclo elegido al curso siguiente del ciclo siguiente y lo inscribe en sus cursados; devuelve el resumen.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/alumnos/{curso}',
    procedimiento: 'cursos.alumnos',
    resumen: 'Alumnos del curso en el ciclo elegido (un preceptor, sólo sus cursos).',
    entrada: ({ params }) => ({ id: params.curso }),
    parametros: { curso: 'Orden del curso ({id}).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/{curso}/cursados/{ciclo}',
    procedimiento: 'cursos.cursados',
    resumen:
      'Cursados del curso en ese ciclo lectivo, con sus materias permitidas y la primera (con la que se inscribe); un preceptor, sólo sus cursos.',
    entrada: ({ params }) => ({ curso: params.curso, ciclo: params.ciclo }),
    parametros: {
      curso: 'Orden del curso ({a}).',
      ciclo: 'Ciclo lectivo, de 2021 al siguiente del actual ({b}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/link/preceptor_curso',
    procedimiento: 'cursos.vincularPreceptor',
    resumen:
      'Vincula (link true) o desvincula (link false) un curso de un preceptor en el ciclo elegido (las asignaciones son de cada año): { preceptor, curso, link }. Un vínculo que ya existe se ignora. Errores: "Hubo un error al vincular el curso al preceptor" / "Hubo un error al desvincular el curso del preceptor".',
  },
];
