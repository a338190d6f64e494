/** Filas REST de los horarios (spec 01 §7 Cursados and subjects; spec 02 §7). */
import { nada, type RutaPropia, type RutaRest } from '@/server/api/rest-tipos';

const id = { id: 'Id del cursado.' };
const bloque = '[{ dia 1 (lunes) a 6 (sábado), bloque 1 a 16, aula }]';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}/horarios',
    procedimiento: 'horarios.delCursado',
    resumen: `El cursado (horas, docentes, cursos) y sus bloques ${bloque}.`,
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}/restricciones',
    procedimiento: 'horarios.restricciones',
    resumen:
      'Los bloques bloqueados de la semana (sábado a la tarde) y lo que ocupan los cursados del ciclo que comparten docente o curso, o que usan aula: para ver los choques mientras se edita.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/horarios',
    procedimiento: 'horarios.guardar',
    resumen: `Reemplaza los bloques de un cursado: { cursado, bloques: ${bloque}, anteriores: los que se mostraban }. Más bloques que horas, el sábado a la tarde o un choque de docente o de curso: 400; si otra persona lo cambió mientras tanto: 409.`,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/{curso}/horarios/{ciclo}',
    procedimiento: 'horarios.delCurso',
    resumen:
      'La semana de un curso en un ciclo: cada bloque con su cursado, materias, docentes y aula ({a} es el curso y {b} el ciclo lectivo).',
    entrada: ({ params }) => ({ curso: params.curso, ciclo: params.ciclo }),
    parametros: { curso: 'Id del curso.', ciclo: 'Ciclo lectivo (de 2021 al actual).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/mishorarios',
    procedimiento: 'horarios.mios',
    resumen: 'La semana del alumno de la sesión o del hijo elegido en el selector.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/mishorarios/{id}',
    procedimiento: 'horarios.mios',
    resumen: 'La semana de un hijo vinculado (confirmado) del referente, o del alumno mismo.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden (id) del alumno.' },
  },
];

/** Con manejador propio en src/app/api (sólo para el documento OpenAPI). */
export const propias: readonly RutaPropia[] = [
  {
    metodo: 'GET',
    ruta: '/api/ics/horario/{token}',
    resumen:
      'La semana del docente (iCalendar, text/calendar) de la dirección privada: cada bloque de sus cursados, una clase semanal del año lectivo sin los días restringidos. El secreto es la llave (sin sesión); se puede terminar en .ics.',
    manejador: 'src/app/api/ics/horario/[token]/route.ts',
    anonima: true,
    parametros: {
      token: 'El secreto de la dirección (43 caracteres base64url), con o sin ".ics".',
    },
    respuestas: {
      200: 'El calendario (text/calendar).',
      404: 'El secreto no existe, se reemplazó o se quitó, está mal formado o su dueño no es docente.',
    },
  },
];
