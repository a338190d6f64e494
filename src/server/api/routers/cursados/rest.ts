/**
 * Filas REST de cursados (spec 01 §7 Cursados and subjects, spec 02 §7): la oferta de cada ciclo,
 * sus docentes, las inscripciones, replicar el ciclo anterior y la autoinscripción (el cierre y
 * la reapertura de las planillas, bajo /api/cursados, son filas del módulo notas).
 */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

const id = { id: 'Id del cursado.' };
const conId = ({ params, cuerpo }: { params: Record<string, string>; cuerpo: unknown }) => ({
  ...(cuerpo as object),
  id: params.id,
});

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/cursados',
    procedimiento: 'cursados.listar',
    resumen:
      'Los cursados de un ciclo (?ciclo=, por defecto el elegido) dentro del alcance del rol, con materiasPermitidas, cursosPermitidos, docentes y _count.inscripciones; ?q= busca por nombre, materia o docente; páginas de 20 (?cursor=).',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/miscursados',
    procedimiento: 'cursados.mios',
    resumen: 'Los cursados del ciclo elegido en los que el usuario de la sesión es docente.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}',
    procedimiento: 'cursados.obtener',
    resumen: 'Un cursado, si está dentro del alcance del rol.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'POST',
    ruta: '/api/cursados',
    procedimiento: 'cursados.crear',
    resumen:
      'Crea un cursado: { nombre, modalidad 0..3, horas ≥ 1 (2 por defecto), ciclo, materias: [ids], cursos: [ids], detalles? }. Un curso de otro año que sus materias: 400.',
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/{id}',
    procedimiento: 'cursados.editar',
    resumen: 'Modifica nombre, modalidad, horas y detalles de un cursado.',
    entrada: conId,
    parametros: id,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/cursados/{id}',
    procedimiento: 'cursados.borrar',
    resumen:
      'Borra un cursado sin inscripciones, notas ni actas; si no, 409 con lo que depende de él.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/{id}/materias',
    procedimiento: 'cursados.guardarMaterias',
    resumen:
      'Las materias permitidas pasan a ser exactamente { materias: [ids] } (la primera, por id, es la de la autoinscripción).',
    entrada: conId,
    parametros: id,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/{id}/cursos',
    procedimiento: 'cursados.guardarCursos',
    resumen: 'Los cursos permitidos pasan a ser exactamente { cursos: [ids] }.',
    entrada: conId,
    parametros: id,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/docente/{id}',
    procedimiento: 'cursados.delDocente',
    resumen:
      'Los cursados del ciclo elegido (o ?ciclo=) de un docente, dentro del alcance del rol.',
    entrada: ({ params, query }) => ({ ...query, id: params.id }),
    parametros: { id: 'Orden (id) del usuario docente.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}/docentes',
    procedimiento: 'cursados.docentes',
    resumen: 'Los docentes de un cursado: [{ orden, apellido, nombre }].',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/docentes',
    procedimiento: 'cursados.asignarDocentes',
    resumen:
      'Asigna o quita docentes, todo o nada: [{ action: set|unset, cursadoId, usuarioId }]. El jefe de departamento, sólo cursados de su departamento.',
    cuerpo: 'lista',
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/{id}/inscripciones',
    procedimiento: 'cursados.inscripcionesDe',
    resumen: 'Los alumnos inscriptos al cursado y la materia de cada uno.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursados/replicar/{ciclo}',
    procedimiento: 'cursados.planReplicacion',
    resumen:
      'Vista previa de "Replicar ciclo anterior" hacia {ciclo}: qué se crea, qué ya existe y qué está en conflicto. No escribe nada.',
    entrada: ({ params }) => ({ ciclo: params.ciclo }),
    parametros: { ciclo: 'El ciclo lectivo destino (se copia el anterior).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/cursados/replicar',
    procedimiento: 'cursados.replicar',
    resumen:
      'Copia los cursados del ciclo anterior a { ciclo } (materias, cursos y docentes habilitados) en una transacción; con { preceptores: true }, también los cursos de cada preceptor habilitado. Repetirlo no crea nada nuevo.',
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/autoinscribir',
    procedimiento: 'cursados.autoinscribir',
    resumen:
      'Inscribe a los alumnos con curso en { ciclo } y sin inscripciones en los cursados de su curso, con la primera materia permitida (spec 01 §5).',
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/inscripciones',
    procedimiento: 'cursados.inscripciones',
    resumen:
      'Cambios de inscripción en una transacción: [{ action: set|unset, alumnoId, cursadoId, materiaId }]. Sin curso en el ciclo: "No se pudo vincular el alumno a los cursados".',
    entrada: ({ cuerpo }) => cuerpo,
    cuerpo: 'lista',
  },
];
