/**
 * Filas REST de las PIC (spec 01 §7 Evaluations and PICs; issue 16). `{anio}` es el ciclo
 * lectivo, `{materia}` el id de la materia y `{cuatrimestre}` 1 o 2 (la spec los llama
 * `{year}/{a}/{b}`). Cuerpo de POST y PUT: `{ comienzo: 'AAAA-MM-DDTHH:MM', aula }`, la hora de
 * la escuela y uno de los horarios fijos (07:30, 09:00, 10:30, 12:00, 13:30, 15:00, 16:30). Cuerpo
 * del PUT de la planilla: `[{ alumno, nota, anterior }]` (o `{ cambios: [...] }`); `nota` y
 * `anterior` son un entero de 1 a 10, 'ausente' o null; `anterior` es lo que la planilla mostraba:
 * si otra persona lo cambió, 409 y no se guarda nada.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

const clave = ({ params }: { params: Record<string, string> }) => ({
  anio: params.anio,
  materia: params.materia,
  cuatrimestre: params.cuatrimestre,
});
const PARAMETROS = {
  anio: 'El ciclo lectivo (year).',
  materia: 'Id de la materia (a).',
  cuatrimestre: 'El cuatrimestre, 1 o 2 (b).',
};
const PIC = '/api/pics/{anio}/{materia}/{cuatrimestre}';
const conCuerpo = ({ params, cuerpo }: { params: Record<string, string>; cuerpo: unknown }) => ({
  ...(cuerpo as object),
  ...clave({ params }),
});

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/pics/{anio}',
    procedimiento: 'pics.delAnio',
    resumen:
      'Las PIC del año (del departamento, para el jefe de departamento): materia, cuatrimestre, comienzo, aula, alumnos, notas cargadas y si está cerrada.',
    entrada: ({ params }) => ({ anio: params.anio }),
    parametros: { anio: PARAMETROS.anio },
  },
  {
    metodo: 'POST',
    ruta: PIC,
    procedimiento: 'pics.crear',
    resumen:
      'Programa la PIC de la materia y el cuatrimestre: { comienzo, aula }. Una hora fuera de los horarios fijos: 400; ya existe: 409; materia de otro departamento: 403.',
    entrada: conCuerpo,
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: PIC,
    procedimiento: 'pics.modificar',
    resumen: 'Cambia el comienzo y el aula de la PIC: { comienzo, aula }. Cerrada: 412.',
    entrada: conCuerpo,
    parametros: PARAMETROS,
  },
  {
    metodo: 'DELETE',
    ruta: PIC,
    procedimiento: 'pics.borrar',
    resumen: 'Borra la PIC (con sus notas y ajustes). Cerrada: 412.',
    entrada: clave,
    parametros: PARAMETROS,
  },
  {
    metodo: 'GET',
    ruta: `${PIC}/choques`,
    procedimiento: 'pics.choques',
    resumen:
      'Las superposiciones si la PIC fuera a ese comienzo (?comienzo=AAAA-MM-DDTHH:MM): sus alumnos que a esa hora rinden otra PIC o una mesa. Avisos, no bloquean.',
    entrada: ({ params, query }) => ({ ...clave({ params }), comienzo: query.comienzo }),
    parametros: PARAMETROS,
  },
  {
    metodo: 'GET',
    ruta: `${PIC}/alumnos`,
    procedimiento: 'pics.alumnos',
    resumen:
      'Los alumnos de la PIC (los que no aprobaron el cuatrimestre, más y menos los ajustes a mano) y los demás inscriptos en la materia.',
    entrada: clave,
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: `${PIC}/alumnos`,
    procedimiento: 'pics.ajustar',
    resumen:
      "Agrega o quita un alumno a mano: { alumno, accion: 'agregar' | 'quitar' }. Cerrada: 412.",
    entrada: conCuerpo,
    parametros: PARAMETROS,
  },
  {
    metodo: 'GET',
    ruta: `${PIC}/planilla`,
    procedimiento: 'pics.planilla',
    resumen:
      'La planilla de notas de la PIC: sus alumnos con la nota guardada, el estado según las fechas de PIC del calendario y qué puede hacer el usuario.',
    entrada: clave,
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: `${PIC}/planilla`,
    procedimiento: 'pics.guardar',
    cuerpo: 'objeto-o-lista',
    resumen:
      'Guarda las notas de la PIC (todas o ninguna). Nota fuera de 1–10 o un alumno que no está en la PIC: 400; cerrada, publicada o fuera de fechas: 412; otra persona lo cambió: 409.',
    entrada: ({ params, cuerpo }) => ({
      ...clave({ params }),
      cambios: Array.isArray(cuerpo) ? cuerpo : (cuerpo as { cambios?: unknown } | null)?.cambios,
    }),
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: `${PIC}/planilla/cerrar`,
    procedimiento: 'pics.cerrar',
    resumen:
      'Cierra la planilla de la PIC: queda de sólo lectura y sus alumnos quedan fijos. Docente de la materia o Alumnado.',
    entrada: clave,
    parametros: PARAMETROS,
  },
  {
    metodo: 'GET',
    ruta: '/api/mispics',
    procedimiento: 'pics.mias',
    resumen:
      'Las PIC del año (?anio=) del alumno o del hijo elegido: materia, cuatrimestre, fecha, hora y aula.',
    entrada: ({ query }) => ({ anio: query.anio || undefined }),
  },
  {
    metodo: 'GET',
    ruta: '/api/mispics/{id}',
    procedimiento: 'pics.mias',
    resumen:
      "Las PIC de un hijo vinculado (confirmado). Un alumno inexistente: 'El estudiante no existe'.",
    entrada: ({ params, query }) => ({ alumno: params.id, anio: query.anio || undefined }),
    parametros: { id: 'Orden (id) del alumno.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotaspics',
    procedimiento: 'pics.notasAlumno',
    resumen: 'Las notas de PIC publicadas del año (?anio=) del alumno o del hijo elegido.',
    entrada: ({ query }) => ({ anio: query.anio || undefined }),
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotaspics/{id}',
    procedimiento: 'pics.notasAlumno',
    resumen:
      "Las notas de PIC publicadas de un hijo vinculado (confirmado). Un alumno inexistente: 'El estudiante no existe'.",
    entrada: ({ params, query }) => ({ alumno: params.id, anio: query.anio || undefined }),
    parametros: { id: 'Orden (id) del alumno.' },
  },
];
