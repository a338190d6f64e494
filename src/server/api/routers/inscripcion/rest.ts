/**
 * Filas REST de la inscripción anual (spec 02 §7): del referente parental, del alumno y del
 * personal.
 */
import { LIMITE_INSCRIPCION, nada, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/mishijos/inscripcion',
    procedimiento: 'inscripcion.mishijos',
    resumen:
      'Datos del referente, sus hijos con el estado de la inscripción del ciclo actual y del inglés técnico, y la cuota de la cooperadora.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/miinscripcion',
    procedimiento: 'inscripcion.mia',
    resumen:
      'La inscripción más reciente del alumno con su ficha médica y los datos del certificado de alumno regular (auditado).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/datosinscripcion',
    procedimiento: 'inscripcion.datos',
    resumen:
      'La inscripción más reciente con la ficha médica: la propia (alumno) o la del hijo elegido (referente). Auditado.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/datosinscripcion/{id}',
    procedimiento: 'inscripcion.datos',
    resumen:
      'La inscripción más reciente de ese alumno con la ficha médica: un referente, sólo sus hijos; el personal, dentro de su alcance. Auditado.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/inscribir',
    procedimiento: 'inscripcion.inscribir',
    resumen:
      'Inscribe al hijo en el ciclo actual (multipart/form-data): email, telefono "área número" (o codarea y telefono aparte), cuil, calle, altura, localidad, ficha médica (casillas "true"/"false") y comprobantePago (o comprobante: JPG o PDF por contenido, ≤ 10 MB). Una sola vez por hijo y ciclo (409).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.alumno }),
    parametros: { alumno: 'Orden del alumno (hijo vinculado).' },
    limiteCuerpo: LIMITE_INSCRIPCION,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/inscripcion/cpit',
    procedimiento: 'inscripcion.declararIngles',
    resumen:
      'Declara el inglés técnico de un hijo inscripto y elegible { alumno, nivelNuevo 1|2, nivelViejo inicial|intermedio|avanzado|1|2 }. Una sola vez por hijo y ciclo (409).',
  },
];
