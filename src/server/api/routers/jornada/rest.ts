/** Filas REST de la jornada cultural y deportiva (spec 02 §7; issue 17 §1). */
import { LIMITE_FOTO, type RutaPropia, type RutaRest } from '@/server/api/rest-tipos';

const ANIO = { year: 'El ciclo lectivo.' };
const ID = { id: 'Id de la actividad.' };

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/jornada/informacion/{year}',
    procedimiento: 'jornada.informacion',
    resumen:
      'El alumno: las actividades del año que puede elegir (su año y su género), con cupos, cupos libres, horario, aula, imagen y estado (disponible, sinCupos, elegida, bloqueada), y la que eligió.',
    entrada: ({ params }) => ({ anio: params.year }),
    parametros: ANIO,
  },
  {
    metodo: 'POST',
    ruta: '/api/jornada/elegir/{year}',
    procedimiento: 'jornada.elegir',
    resumen:
      'El alumno elige una actividad { actividad } del año en curso: una sola y para siempre. Sin cupos libres o ya eligió: 409; no es para su año o género: 403.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), anio: params.year }),
    parametros: ANIO,
  },
  {
    metodo: 'GET',
    ruta: '/api/jornada/vista/{year}',
    procedimiento: 'jornada.vista',
    resumen:
      'El personal: cada actividad del año con sus alumnos, y por curso los alumnos que no eligieron.',
    entrada: ({ params }) => ({ anio: params.year }),
    parametros: ANIO,
  },
  {
    metodo: 'POST',
    ruta: '/api/jornada/actividades',
    procedimiento: 'jornada.crear',
    resumen:
      'Regente o Admin crea una actividad (multipart/form-data): anio, nombre, descripcion, cupos, comienzo y fin (HH:MM, dentro de 07:30–14:00), aula, mascara (bits 0–5 años 1° a 6°, bit 6 mujeres, bit 7 varones) e imagen (JPG, PNG o WebP por contenido, ≤ 5 MB).',
    limiteCuerpo: LIMITE_FOTO,
  },
  {
    metodo: 'PUT',
    ruta: '/api/jornada/actividades/{id}',
    procedimiento: 'jornada.modificar',
    resumen:
      'Regente o Admin cambia una actividad (multipart, los mismos campos más version; sin imagen, queda la anterior). Versión vieja: 409; cupos menos que los anotados: 412.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.id }),
    parametros: ID,
    limiteCuerpo: LIMITE_FOTO,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/jornada/actividades/{id}',
    procedimiento: 'jornada.borrar',
    resumen: 'Regente o Admin borra una actividad sin alumnos anotados (412 si los tiene).',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: ID,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/jornada/elecciones/{year}/{alumno}',
    procedimiento: 'jornada.quitarEleccion',
    resumen: 'Regente o Admin quita la elección de un alumno del año: vuelve a elegir.',
    entrada: ({ params }) => ({ anio: params.year, alumno: params.alumno }),
    parametros: { ...ANIO, alumno: 'Orden (id) del alumno.' },
  },
];

/** La imagen de una actividad: su propio manejador (responde la imagen, no JSON). */
export const propias: readonly RutaPropia[] = [
  {
    metodo: 'GET',
    ruta: '/api/jornada/imagen/{id}',
    resumen: 'La imagen de una actividad (con el tipo detectado al subirla). Con sesión.',
    manejador: 'src/app/api/jornada/imagen/[id]/route.ts',
    parametros: ID,
    respuestas: {
      200: 'La imagen.',
      401: 'Sin sesión.',
      404: 'La actividad no existe o no tiene imagen.',
    },
  },
];
