/** Filas REST de las evaluaciones (spec 01 §7 Evaluations and PICs). */
import { nada, type RutaPropia, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/evaluaciones_disponibles/{id}',
    procedimiento: 'evaluaciones.disponibles',
    resumen:
      'Las clases futuras del cursado con su estado (disponible, reservada, ocupada, exceso, espera) y las reglas de la escuela (máximo por semana, anticipación).',
    entrada: ({ params }) => ({ cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/evaluacion/save',
    procedimiento: 'evaluaciones.reservar',
    resumen:
      'Reserva una evaluación en una clase futura disponible: { cursado, fecha }. Ocupada o exceso: 409; espera o una fecha que no es clase futura: 400.',
  },
  {
    metodo: 'DELETE',
    ruta: '/api/delete/evaluacion/{id}',
    procedimiento: 'evaluaciones.cancelar',
    resumen:
      'Cancela una evaluación futura del cursado. Inexistente: 404 "No hay evaluación para borrar".',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Id de la evaluación.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/evaluaciones',
    procedimiento: 'evaluaciones.proximas',
    resumen:
      'Las evaluaciones desde hoy, por curso, dentro del alcance del rol, con "Hoy", "Falta 1 día", "Faltan N días".',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/misevaluaciones',
    procedimiento: 'evaluaciones.mias',
    resumen:
      'Las evaluaciones de los próximos 30 días del alumno o del hijo elegido, con la cuenta regresiva, la hora y el aula.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/misevaluaciones/{id}',
    procedimiento: 'evaluaciones.mias',
    resumen: 'Las evaluaciones de los próximos 30 días de un hijo vinculado (confirmado).',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden (id) del alumno.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/miscalendario',
    procedimiento: 'evaluaciones.enlace',
    resumen:
      'El secreto de la dirección privada del calendario personal (.ics en /api/ics/{token}), o null si todavía no se generó.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/miscalendario',
    procedimiento: 'evaluaciones.nuevoEnlace',
    resumen:
      'Genera la dirección privada del calendario personal, o una nueva: la anterior deja de funcionar.',
    entrada: nada,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/miscalendario',
    procedimiento: 'evaluaciones.quitarEnlace',
    resumen: 'Quita la dirección privada del calendario personal: deja de funcionar.',
    entrada: nada,
  },
];

/** El .ics del calendario personal: su propio manejador (responde text/calendar, sin sesión). */
export const propias: readonly RutaPropia[] = [
  {
    metodo: 'GET',
    ruta: '/api/ics/{token}',
    resumen:
      'El calendario personal (iCalendar, text/calendar) de la dirección privada: las evaluaciones del alumno o de los hijos del referente. El secreto es la llave (sin sesión); se puede terminar en .ics.',
    manejador: 'src/app/api/ics/[token]/route.ts',
    anonima: true,
    parametros: {
      token: 'El secreto de la dirección (43 caracteres base64url), con o sin ".ics".',
    },
    respuestas: {
      200: 'El calendario (text/calendar).',
      404: 'El secreto no existe, se reemplazó o se quitó (o está mal formado).',
    },
  },
];
