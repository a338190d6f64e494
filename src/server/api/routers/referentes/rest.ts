/**
 * Filas REST de referentes (spec 01 §7, spec 02 §7): cuerpos JSON o de formulario; el ciclo
 * es el elegido en el selector salvo en /api/cursos/{curso}/referentes/{ciclo}.
 */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'POST',
    ruta: '/api/alumnos/link/referentes',
    procedimiento: 'referentes.vincular',
    resumen:
      'Agrega y quita vínculos alumno–referente en una transacción: { add: [{ alumno, referente }], remove: [{ alumno, referente }] }. ' +
      'Lo que agrega el personal queda confirmado (y confirma uno pendiente). Un referente parental sólo agrega los propios, que quedan ' +
      'pendientes de la escuela salvo que traigan el código de vinculación del alumno que entrega la escuela ({ alumno, referente, codigo }); el DNI no confirma nada (un dni es un 400). ' +
      'Responde { agregados, quitados, confirmados, pendientes }.',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/{curso}/referentes/{ciclo}',
    procedimiento: 'referentes.porCurso',
    resumen:
      'Contactos de los referentes de cada alumno del curso en ese ciclo lectivo (un preceptor, sólo sus cursos).',
    entrada: ({ params }) => ({ curso: params.curso, ciclo: params.ciclo }),
    parametros: {
      curso: 'Orden del curso ({a}).',
      ciclo: 'Ciclo lectivo, de 2021 al siguiente del actual ({b}).',
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/referentes',
    procedimiento: 'referentes.listar',
    resumen: 'Referentes del alcance (búsqueda q, paginado con cursor y limit ≤ 50).',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/referentes/alumno/{alumno}',
    procedimiento: 'referentes.delAlumno',
    resumen: 'Referentes del alumno, con teléfono "área número" y sus partes.',
    entrada: ({ params }) => ({ id: params.alumno }),
    parametros: { alumno: 'Orden del alumno ({id}).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/referentes/alumno/{alumno}',
    procedimiento: 'referentes.crear',
    resumen: 'Crea un referente (apellido, nombre, email, telefono, exalumno) vinculado al alumno.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.alumno }),
    parametros: { alumno: 'Orden del alumno.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/referente/{orden}/guardar',
    procedimiento: 'referentes.guardar',
    resumen:
      'Guarda los datos del referente { apellido, nombre, email, telefono "área número", exalumno 0/1 }; un referente parental, sólo los propios.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), orden: params.orden }),
    parametros: { orden: 'Orden del referente.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/mishijos',
    procedimiento: 'referentes.mishijos',
    resumen: 'Hijos vinculados al referente parental, con su curso del ciclo.',
    entrada: nada,
  },
];
