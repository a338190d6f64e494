/** Filas REST de materias (spec 01 §7 Cursados and subjects; spec 02 §7). */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

const id = { id: 'Orden (id) de la materia.' };

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/materias',
    procedimiento: 'materias.listar',
    resumen:
      'Materias con plan {year, code, name}, departamento y cantidad de cursados; ?q= busca por nombre, código, plan o departamento; páginas de 30 (?cursor=).',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/materias/departamento',
    procedimiento: 'materias.delDepartamento',
    resumen: 'Las materias de los departamentos del jefe de departamento de la sesión.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/materias/coordinador',
    procedimiento: 'materias.delCoordinador',
    resumen: 'Las materias del coordinador de la sesión.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/materias/coordinador/{id}',
    procedimiento: 'materias.delCoordinador',
    resumen: 'Las materias de un coordinador (usuario con el rol 512).',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Orden (id) del usuario coordinador.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/materias/coordinador/{id}',
    procedimiento: 'materias.guardarCoordinador',
    resumen:
      'Las materias del coordinador pasan a ser exactamente las de { materias: [ids] } (una transacción auditada).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.id }),
    parametros: { id: 'Orden (id) del usuario coordinador.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/materias/{id}',
    procedimiento: 'materias.obtener',
    resumen: 'Una materia.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'GET',
    ruta: '/api/materias/{id}/alumnos/{cursado}',
    procedimiento: 'materias.alumnos',
    resumen:
      'Los alumnos de los cursos del cursado (en su ciclo), cada uno con su inscripción al cursado por esta materia, por otra o ninguna ({x} de la especificación: el cursado).',
    entrada: ({ params }) => ({ id: params.id, cursado: params.cursado }),
    parametros: { ...id, cursado: 'Id del cursado (una de sus materias permitidas es {id}).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/materias',
    procedimiento: 'materias.crear',
    resumen:
      'Crea una materia: { plan, codigo (1 a 8 caracteres), nombre, anio (1 a 6), departamento }. Código repetido en el plan: 409 "Error al guardar la materia: …".',
  },
  {
    metodo: 'PUT',
    ruta: '/api/materias/{id}',
    procedimiento: 'materias.editar',
    resumen: 'Modifica una materia: { plan, codigo, nombre, anio, departamento }.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.id }),
    parametros: id,
  },
  {
    metodo: 'DELETE',
    ruta: '/api/materias/{id}',
    procedimiento: 'materias.borrar',
    resumen:
      'Borra una materia que ningún cursado ni inscripción usa; si no, 409 con lo que depende de ella.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: id,
  },
  {
    metodo: 'GET',
    ruta: '/api/planes',
    procedimiento: 'materias.planes',
    resumen: 'Los planes de estudio: [{ orden, year, code, name }].',
    entrada: nada,
  },
];
