/**
 * Filas REST de los avances (spec 01 §7 Avances). Cuerpo del PUT de la planilla: la lista de
 * dificultades por alumno, `[{ alumno, tipos: ['evaluaciones'|'trabajos'|'participacion'],
 * observaciones, anterior }]` (o `{ cambios: [...] }`); `anterior` es lo que la pantalla mostraba
 * como guardado (null: nada): si otra persona lo cambió, 409 y no se guarda nada.
 */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

const deLaRuta = ({ params }: { params: Record<string, string> }) => ({
  fecha: params.isoDate,
  cursado: params.cursadoId ?? params.cursado,
});
const PARAMETROS = {
  isoDate: 'La instancia: su fecha de cierre (AAAA-MM-DD).',
  cursadoId: 'Id del cursado.',
};

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/avances/instancias',
    procedimiento: 'avances.instancias',
    resumen:
      'Las instancias de avances del ciclo (del calendario: apertura, cierre y publicación), las abiertas y la elegida por la fecha.',
    entrada: nada,
  },
  {
    metodo: 'PUT',
    ruta: '/api/avances/instanciar/{isoDate}/{cursado}',
    procedimiento: 'avances.instanciar',
    resumen: 'Crea la planilla (vacía) del cursado en la instancia; si ya existe, la devuelve.',
    entrada: deLaRuta,
    parametros: { isoDate: PARAMETROS.isoDate, cursado: PARAMETROS.cursadoId },
  },
  {
    metodo: 'GET',
    ruta: '/api/avances/planilla/abiertas/{isoDate}',
    procedimiento: 'avances.cursados',
    resumen:
      'Los cursados del alcance del usuario en la instancia cuya planilla no está cerrada (el filtro "Abiertas").',
    entrada: ({ params }) => ({ fecha: params.isoDate, soloAbiertas: true }),
    parametros: { isoDate: PARAMETROS.isoDate },
  },
  {
    metodo: 'GET',
    ruta: '/api/avances/planilla/{isoDate}/{cursadoId}',
    procedimiento: 'avances.planilla',
    resumen:
      'La planilla de avances: los alumnos del cursado con sus tipos de dificultad y observaciones, si está cerrada y qué puede hacer el usuario.',
    entrada: deLaRuta,
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: '/api/avances/planilla/{isoDate}/{cursadoId}',
    procedimiento: 'avances.guardar',
    cuerpo: 'objeto-o-lista',
    resumen:
      'Guarda las dificultades de los alumnos (todas o ninguna). Un tipo desconocido o un alumno que no está en el cursado: 400; cerrada o fuera de la instancia: 412; otra persona lo cambió: 409.',
    entrada: ({ params, cuerpo }) => ({
      ...deLaRuta({ params }),
      cambios: Array.isArray(cuerpo) ? cuerpo : (cuerpo as { cambios?: unknown } | null)?.cambios,
    }),
    parametros: PARAMETROS,
  },
  {
    metodo: 'PUT',
    ruta: '/api/avances/planilla/cerrar/{isoDate}/{cursadoId}',
    procedimiento: 'avances.cerrar',
    resumen:
      'Cierra la planilla: queda de sólo lectura y la ven alumnos y referentes. Docente o jefe de departamento.',
    entrada: deLaRuta,
    parametros: PARAMETROS,
  },
  {
    metodo: 'GET',
    ruta: '/api/avances/reporte/{isoDate}/{curso}',
    procedimiento: 'avances.reporte',
    resumen:
      'Planillón de avances: alumnos del curso × materias del curso en la instancia, con los tipos de dificultad, las observaciones, si cada planilla está cerrada y cuántas materias con dificultades tiene cada alumno. El Preceptor, sólo sus cursos.',
    entrada: ({ params }) => ({ fecha: params.isoDate, curso: params.curso }),
    parametros: { isoDate: PARAMETROS.isoDate, curso: 'Orden (id) del curso.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/misavances',
    procedimiento: 'avances.mias',
    resumen:
      'Los avances cerrados del alumno o del hijo elegido, del año (?anio=), por fecha de cierre y materia.',
    entrada: ({ query }) => ({ anio: query.anio || undefined }),
  },
  {
    metodo: 'GET',
    ruta: '/api/misavances/{id}',
    procedimiento: 'avances.mias',
    resumen: 'Los avances cerrados de un hijo vinculado (confirmado).',
    entrada: ({ params, query }) => ({ alumno: params.id, anio: query.anio || undefined }),
    parametros: { id: 'Orden (id) del alumno.' },
  },
];
