/**
 * Filas REST de asistencias (spec 01 §7, spec 02 §7). Turno: Mañana (o manana) o Tarde.
 */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/asistencias/planilla/{curso}/{fecha}/{turno}',
    procedimiento: 'asistencias.planilla',
    resumen:
      'Planilla de asistencia: los alumnos del curso con sus entradas de ese día y turno; modo, ventana de fechas, si cada entrada se puede borrar y si la asistencia ya se tomó (tomada: { por, en } o null).',
    entrada: ({ params }) => ({ curso: params.curso, fecha: params.fecha, turno: params.turno }),
    parametros: {
      curso: 'Orden del curso ({a}).',
      fecha: 'Día, AAAA-MM-DD ({b}).',
      turno: 'Mañana o Tarde ({c}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/asistencias/planilla/{curso}/{fecha}/{turno}',
    procedimiento: 'asistencias.guardarPlanilla',
    resumen:
      'Guarda la planilla en una transacción y marca la asistencia como tomada. Cuerpo: { alumnos: [{ alumno, crear: [{tipo, circunstancia, justificada, justificacion}], actualizar: [{orden, …}], borrar: [orden], anterior?: [{orden, tipo, circunstancia, justificada, justificacion}] }], envio?: { id, autor } } (o la lista sola); { alumnos: [] } marca la asistencia tomada sin faltas. Devuelve la planilla releída, los cambios y repetido. `anterior` (opcional, por alumno): las entradas de ese día y turno como las mostraba la pantalla antes del cambio ([]: ninguna); si otra persona las cambió mientras tanto, 409 con los alumnos en el mensaje y lo guardado ahora en `detalle`, y no se guarda nada de ningún alumno; sin `anterior`, el último guardado gana por entrada. `envio` (opcional): `id`, un uuid nuevo por cambio, hace el guardado idempotente (reenviarlo no aplica nada otra vez y responde repetido: true); `autor`, el usuario que hizo el cambio, debe ser el de la sesión (si no, 403).',
    entrada: ({ params, cuerpo }) => ({
      ...(Array.isArray(cuerpo) ? { alumnos: cuerpo } : (cuerpo as object)),
      curso: params.curso,
      fecha: params.fecha,
      turno: params.turno,
    }),
    cuerpo: 'objeto-o-lista',
    parametros: {
      curso: 'Orden del curso ({a}).',
      fecha: 'Día, AAAA-MM-DD ({b}).',
      turno: 'Mañana o Tarde ({c}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/asistencias/alumno/{id}',
    procedimiento: 'asistencias.guardarAlumno',
    resumen:
      'Edita las entradas de un alumno en una transacción. Cuerpo: { crear: [{tipo, circunstancia, justificada, justificacion, fecha, turno}], actualizar: [{orden, …}], borrar: [orden] }.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.id }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/asistencias/reporte/{curso}/{mes}',
    procedimiento: 'asistencias.reporte',
    resumen:
      'Planillón de asistencias: alumnos del curso × días del mes, con total del mes y del año (con reincorporaciones y estado).',
    entrada: ({ params }) => ({ curso: params.curso, mes: params.mes }),
    parametros: { curso: 'Orden del curso ({a}).', mes: 'Mes, AAAA-MM ({b}).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/misasistencias',
    procedimiento: 'asistencias.mias',
    resumen:
      'Asistencias propias (alumno) o del hijo elegido o, si no, el primero (referente), por año (?anio=).',
    entrada: ({ query }) => ({ ...query }),
  },
  {
    metodo: 'GET',
    ruta: '/api/misasistencias/{id}',
    procedimiento: 'asistencias.mias',
    resumen:
      'Asistencias de un alumno por año (?anio=): sólo el propio (alumno) o un hijo vinculado (referente); si no, 403.',
    entrada: ({ params, query }) => ({ ...query, alumno: params.id }),
    parametros: { id: 'Orden del alumno: el propio o un hijo vinculado.' },
  },
];
