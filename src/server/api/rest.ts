/**
 * El contrato REST externo (DESIGN §5): cada ruta es una línea de esta tabla que
 * llama al mismo procedimiento tRPC que las pantallas. No hay una segunda
 * implementación: sólo se traduce la petición a la entrada del procedimiento y el
 * error a un estado HTTP con `{ error: true, message }`.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z, ZodError } from 'zod';
import { appRouter, createCaller } from './root';
import { MENSAJE_ERROR_INTERNO, type Contexto } from './trpc';
import { mensajeDeValidacion } from './schemas';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RutaRest {
  metodo: Metodo;
  /** Ruta con parámetros entre llaves: '/api/cursos_preceptor/{id}'. */
  ruta: string;
  procedimiento: string;
  resumen: string;
  /** Arma la entrada del procedimiento; por defecto: parámetros + query (GET) o cuerpo. */
  entrada?: (p: {
    params: Record<string, string>;
    query: Record<string, string>;
    cuerpo: unknown;
  }) => unknown;
  parametros?: Record<string, string>;
}

const soloQuery = ({ query }: { query: Record<string, string> }) =>
  Object.keys(query).length ? query : undefined;
const nada = () => undefined;

export const RUTAS_REST: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/login/status',
    procedimiento: 'sesion.estado',
    resumen: 'Usuario de la sesión, roles (rls) y rol activo (rol).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/permissions',
    procedimiento: 'sesion.permisos',
    resumen: 'Módulos que puede abrir el rol activo.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/sysconfig',
    procedimiento: 'sesion.sysconfig',
    resumen: 'Catálogo de módulos del sistema.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/configuration',
    procedimiento: 'sesion.configuracion',
    resumen: 'Configuración de la escuela y ciclos lectivos.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/usuario',
    procedimiento: 'usuarios.yo',
    resumen: 'Datos del usuario de la sesión.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/usuarios',
    procedimiento: 'usuarios.listar',
    resumen: 'Usuarios (búsqueda q, paginado con cursor y limit ≤ 50).',
    entrada: soloQuery,
  },
  {
    metodo: 'POST',
    ruta: '/api/save/usuario',
    procedimiento: 'usuarios.guardar',
    resumen: 'Crea (sin orden) o modifica un usuario.',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos',
    procedimiento: 'cursos.listar',
    resumen: 'Todos los cursos.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/departamentos',
    procedimiento: 'departamentos.listar',
    resumen: 'Departamentos.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_preceptor',
    procedimiento: 'cursos.delPreceptor',
    resumen: 'Cursos del preceptor de la sesión.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_preceptor/{id}',
    procedimiento: 'cursos.delPreceptor',
    resumen: 'Cursos de un preceptor (un preceptor sólo puede pedir los suyos).',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Orden (id) del usuario preceptor.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_departamento',
    procedimiento: 'cursos.delDepartamento',
    resumen: 'Cursos con cursados del departamento del jefe, en el ciclo elegido.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos_coordinador',
    procedimiento: 'cursos.delCoordinador',
    resumen: 'Cursos con cursados de las materias del coordinador, en el ciclo elegido.',
    entrada: nada,
  },
  // Alumnos y referentes (spec 01 §7, spec 02 §7): cuerpos JSON o de formulario; el ciclo es el
  // elegido en el selector salvo en /api/cursos/{curso}/referentes/{ciclo}. Ojo: una ruta
  // futura '/api/cursados/{id}' (PUT) debe ir después de '/api/cursados/inscripciones'.
  {
    metodo: 'GET',
    ruta: '/api/alumnos',
    procedimiento: 'alumnos.listar',
    resumen:
      'Alumnos del alcance con su curso del ciclo (búsqueda q, filtro curso, paginado con cursor y limit ≤ 50).',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/base',
    procedimiento: 'alumnos.base',
    resumen: 'Lista mínima de los alumnos del alcance: id, apellido, nombre y dni.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/insert',
    procedimiento: 'alumnos.crear',
    resumen:
      'Crea un alumno (dni, apellido, nombre, genero, email, telefono "área número", nacimiento, pronombre y, optativo, curso del ciclo; un preceptor debe elegir uno de sus cursos). DNI repetido: 409.',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/link/referentes',
    procedimiento: 'referentes.vincular',
    resumen:
      'Agrega y quita vínculos alumno–referente en una transacción: { add: [{ alumno, referente }], remove: [{ alumno, referente }] }.',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/editar',
    procedimiento: 'alumnos.editar',
    resumen:
      'Modifica los datos del alumno (apellido y nombre obligatorios; lo que no viene no cambia). El DNI no se puede modificar.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), id: params.alumno }),
    parametros: { alumno: 'Orden del alumno ({id}).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/habilitar/{valor}',
    procedimiento: 'alumnos.habilitar',
    resumen: 'Habilita o deshabilita al alumno; devuelve { orden, habilitado }.',
    entrada: ({ params }) => ({ id: params.alumno, habilitado: params.valor }),
    parametros: {
      alumno: 'Orden del alumno ({id}).',
      valor: '1 o true habilita, 0 o false deshabilita ({x}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/{alumno}/curso/{curso}',
    procedimiento: 'alumnos.vincularCurso',
    resumen: 'Asigna el curso del alumno en el ciclo elegido (reemplaza el que tuviera).',
    entrada: ({ params }) => ({ id: params.alumno, curso: params.curso }),
    parametros: { alumno: 'Orden del alumno.', curso: 'Orden del curso.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/{alumno}/cursados',
    procedimiento: 'alumnos.cursados',
    resumen:
      'Inscripciones del alumno en el ciclo (cursado, materia) y cursados de su curso que se pueden agregar, con la primera materia permitida.',
    entrada: ({ params }) => ({ id: params.alumno }),
    parametros: { alumno: 'Orden del alumno ({id}).' },
  },
  {
    metodo: 'DELETE',
    ruta: '/api/alumnos/{alumno}/cursa/{cursado}',
    procedimiento: 'alumnos.desinscribir',
    resumen: 'Quita la inscripción del alumno al cursado.',
    entrada: ({ params }) => ({ id: params.alumno, cursado: params.cursado }),
    parametros: { alumno: 'Orden del alumno ({id}).', cursado: 'Id del cursado ({x}).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/alumnos/{alumno}/legajo',
    procedimiento: 'alumnos.legajo',
    resumen:
      'Legajo del alumno para el personal: perfil, contacto, curso del ciclo, cursos por año y referentes.',
    entrada: ({ params }) => ({ id: params.alumno }),
    parametros: { alumno: 'Orden del alumno.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/inscripciones',
    procedimiento: 'cursados.inscripciones',
    resumen:
      'Cambios de inscripción en una transacción: [{ action: set|unset, alumnoId, cursadoId, materiaId }]. Sin curso en el ciclo: "No se pudo vincular el alumno a los cursados".',
    entrada: ({ cuerpo }) => cuerpo,
  },
  {
    metodo: 'POST',
    ruta: '/api/cursos/promover',
    procedimiento: 'cursos.promover',
    resumen:
      'Promover estudiantes de curso y autoinscribir: pasa a cada alumno del ciclo elegido al curso siguiente del ciclo siguiente y lo inscribe en sus cursados; devuelve el resumen.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/alumnos/{curso}',
    procedimiento: 'cursos.alumnos',
    resumen: 'Alumnos del curso en el ciclo elegido (un preceptor, sólo sus cursos).',
    entrada: ({ params }) => ({ id: params.curso }),
    parametros: { curso: 'Orden del curso ({id}).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/cursos/{curso}/cursados/{ciclo}',
    procedimiento: 'cursos.cursados',
    resumen:
      'Cursados del curso en ese ciclo lectivo, con sus materias permitidas y la primera (con la que se inscribe); un preceptor, sólo sus cursos.',
    entrada: ({ params }) => ({ curso: params.curso, ciclo: params.ciclo }),
    parametros: {
      curso: 'Orden del curso ({a}).',
      ciclo: 'Ciclo lectivo, de 2021 al siguiente del actual ({b}).',
    },
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
  // Medidas disciplinarias (spec 01 §7): el tipo va en el camino; el cuerpo trae fecha, turno,
  // cantidad (sólo amonestación) y motivo. Amonestación con cantidad 0: responde null sin escribir.
  {
    metodo: 'GET',
    ruta: '/api/mismedidas',
    procedimiento: 'medidas.mias',
    resumen:
      'Medidas propias (alumno) o del hijo elegido o, si no, el primero (referente), por año con total y color.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/mismedidas/{id}',
    procedimiento: 'medidas.mias',
    resumen:
      'Medidas de un alumno por año con total: sólo el propio (alumno) o un hijo vinculado (referente); si no, 403.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden del alumno: el propio o un hijo vinculado.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/nueva/amonestacion/{id}',
    procedimiento: 'medidas.nueva',
    resumen:
      'Crea una amonestación (cuerpo: fecha, turno, cantidad, motivo); devuelve la medida creada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'amonestacion',
      alumno: params.id,
    }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/nueva/apercibimiento/{id}',
    procedimiento: 'medidas.nueva',
    resumen: 'Crea un apercibimiento (cuerpo: fecha, turno, motivo); devuelve la medida creada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'apercibimiento',
      alumno: params.id,
    }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/editar/amonestacion/{alumno}/{medida}',
    procedimiento: 'medidas.editar',
    resumen:
      'Guarda una medida del alumno como amonestación (cuerpo: fecha, turno, cantidad, motivo); devuelve la medida guardada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'amonestacion',
      alumno: params.alumno,
      medida: params.medida,
    }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/medidas/editar/apercibimiento/{alumno}/{medida}',
    procedimiento: 'medidas.editar',
    resumen:
      'Guarda una medida del alumno como apercibimiento (cuerpo: fecha, turno, motivo); devuelve la medida guardada.',
    entrada: ({ params, cuerpo }) => ({
      ...(cuerpo as object),
      tipo: 'apercibimiento',
      alumno: params.alumno,
      medida: params.medida,
    }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
  {
    metodo: 'DELETE',
    ruta: '/api/medidas/borrar/{alumno}/{medida}',
    procedimiento: 'medidas.borrar',
    resumen: 'Borra una medida disciplinaria del alumno; devuelve la medida borrada.',
    entrada: ({ params }) => ({ alumno: params.alumno, medida: params.medida }),
    parametros: {
      alumno: 'Orden del alumno ({a} en la especificación).',
      medida: 'Orden de la medida, que debe ser de ese alumno ({b}).',
    },
  },
  // Asistencias y reincorporaciones (spec 01 §7, spec 02 §7). Turno: Mañana (o manana) o Tarde.
  {
    metodo: 'GET',
    ruta: '/api/asistencias/planilla/{curso}/{fecha}/{turno}',
    procedimiento: 'asistencias.planilla',
    resumen:
      'Planilla de asistencia: los alumnos del curso con sus entradas de ese día y turno; modo, ventana de fechas y si cada entrada se puede borrar.',
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
      'Guarda la planilla en una transacción. Cuerpo: { alumnos: [{ alumno, crear: [{tipo, circunstancia, justificada, justificacion}], actualizar: [{orden, …}], borrar: [orden] }] } (o la lista sola). Devuelve la planilla releída y los cambios.',
    entrada: ({ params, cuerpo }) => ({
      ...(Array.isArray(cuerpo) ? { alumnos: cuerpo } : (cuerpo as object)),
      curso: params.curso,
      fecha: params.fecha,
      turno: params.turno,
    }),
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
  {
    metodo: 'GET',
    ruta: '/api/reincorporaciones',
    procedimiento: 'reincorporaciones.listar',
    resumen:
      'Reincorporaciones del año (?anio=): las propias o del hijo (alumno, referente) o las últimas de la escuela dentro del alcance (personal).',
    entrada: ({ query }) => ({ ...query }),
  },
  {
    metodo: 'GET',
    ruta: '/api/reincorporaciones/{id}',
    procedimiento: 'reincorporaciones.listar',
    resumen: 'Reincorporaciones de un alumno en el año (?anio=), con su total.',
    entrada: ({ params, query }) => ({ ...query, alumno: params.id }),
    parametros: { id: 'Orden del alumno.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/reincorporar/{alumno}/{cantidad}',
    procedimiento: 'reincorporaciones.reincorporar',
    resumen:
      'Reincorpora inasistencias al alumno con fecha de hoy (cantidad ≥ 1, en pasos de 0,5). Error: "Error reincorporando alumno".',
    entrada: ({ params }) => ({ alumno: params.alumno, cantidad: params.cantidad }),
    parametros: {
      alumno: 'Orden del alumno.',
      cantidad: 'Inasistencias a reincorporar: ≥ 1, en pasos de 0,5 (1, 1.5, 2…).',
    },
  },
  // Inscripción anual (spec 02 §7): del referente parental, del alumno y del personal.
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
      'Inscribe al hijo en el ciclo actual (multipart/form-data): email, codarea, telefono, cuil, calle, altura, localidad, ficha médica (casillas "true"/"false") y comprobante (JPG o PDF por contenido, ≤ 10 MB). Una sola vez por hijo y ciclo (409).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.alumno }),
    parametros: { alumno: 'Orden del alumno (hijo vinculado).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/update/{alumno}',
    procedimiento: 'perfil.actualizar',
    resumen:
      'El alumno edita su perfil (multipart/form-data): nombre, apellido, telefono "área número", email (obligatorios), pronombre y fotoPerfil (JPG, PNG o WebP por contenido, ≤ 5 MB).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.alumno }),
    parametros: { alumno: 'Orden del alumno (el propio).' },
  },
  {
    metodo: 'GET',
    ruta: '/api/reglamentos',
    procedimiento: 'reglamentos.listar',
    resumen:
      'Reglamentos con la respuesta vigente del usuario (respuesta, respondidoEn) y las anteriores (respuestasAnteriores).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/autorizaciones',
    procedimiento: 'reglamentos.autorizaciones',
    resumen: 'Autorizaciones con la respuesta vigente por cada hijo del referente.',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/reglamentos/responder',
    procedimiento: 'reglamentos.responder',
    resumen:
      'Responde un reglamento { nombre, respuesta }: texto libre, la única opción (aceptar) o una de las posibles. Guarda el texto y la versión respondidos.',
  },
  {
    metodo: 'POST',
    ruta: '/api/autorizaciones/responder',
    procedimiento: 'reglamentos.responderAutorizacion',
    resumen:
      'Responde una autorización por un hijo { nombre, respuesta, hijo }. Otro alumno: "No coinciden los datos de los hijos asociados".',
  },
  {
    metodo: 'POST',
    ruta: '/api/alumnos/inscripcion/cpit',
    procedimiento: 'inscripcion.declararIngles',
    resumen:
      'Declara el inglés técnico de un hijo inscripto y elegible { alumno, nivelNuevo 1|2, nivelViejo inicial|intermedio|avanzado|1|2 }. Una sola vez por hijo y ciclo (409).',
  },
  // Notas (spec 01 §7, spec 02 §7). Cuerpo del PUT: { cambios: [{ alumnoId, cuatrimestre 1|2,
  // action add|update|delete, nota 1..10|'ausente'|null, anterior }] }.
  {
    metodo: 'GET',
    ruta: '/api/notascursado/{id}',
    procedimiento: 'notas.planilla',
    resumen:
      'Planilla de notas de un cursado: el cursado, el estado de cada cuatrimestre para el rol (carga, cierre, reapertura, publicación), los avisos y los alumnos con sus notas.',
    entrada: ({ params }) => ({ cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/notascursado/{id}/curso/{curso}',
    procedimiento: 'notas.planilla',
    resumen: 'La planilla de notas de un cursado, sólo con los alumnos de un curso.',
    entrada: ({ params }) => ({ cursado: params.id, curso: params.curso }),
    parametros: { id: 'Id del cursado.', curso: 'Id del curso.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/notascursado/{id}',
    procedimiento: 'notas.guardar',
    resumen:
      'Guarda las celdas cambiadas, todas o ninguna. `anterior` es el valor que mostraba la planilla: si otro lo cambió, 409 y nada se guarda. Período cerrado, fuera de fechas o publicado: 412.',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotascursado',
    procedimiento: 'notas.mias',
    resumen:
      'Libreta propia (alumno) o del hijo elegido (referente): por año, materias con C1, C2, nota final y actas de mesa; sólo lo publicado.',
    entrada: () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/api/misnotascursado/{id}',
    procedimiento: 'notas.mias',
    resumen:
      'Libreta de un alumno: sólo el propio (alumno) o un hijo vinculado (referente); si no, 403.',
    entrada: ({ params }) => ({ alumno: params.id }),
    parametros: { id: 'Orden del alumno: el propio o un hijo vinculado.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/cerrar/{id}',
    procedimiento: 'cursados.cerrar',
    resumen:
      'Cierra la planilla de notas de un cuatrimestre (cuerpo opcional { cuatrimestre 1|2 }; por defecto, el período en curso).',
    entrada: ({ params, cuerpo }) => ({ ...((cuerpo as object) ?? {}), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  {
    metodo: 'PUT',
    ruta: '/api/cursados/reabrir/{id}',
    procedimiento: 'cursados.reabrir',
    resumen:
      'Reabre la planilla de notas de un cuatrimestre (Alumnado), salvo que sus notas ya estén publicadas (412).',
    entrada: ({ params, cuerpo }) => ({ ...((cuerpo as object) ?? {}), cursado: params.id }),
    parametros: { id: 'Id del cursado.' },
  },
  // Calendario escolar (spec 02 §7). Las áreas sin tipos (restriccion, jcd) llevan tipo null.
  {
    metodo: 'GET',
    ruta: '/api/calendario/{anio}',
    procedimiento: 'calendario.anio',
    resumen:
      'Las fechas del calendario de ese año, ordenadas por fecha: [{ fecha AAAA-MM-DD, tipo, area }].',
    entrada: ({ params }) => ({ anio: params.anio }),
    parametros: { anio: 'Año, de 2021 al siguiente del actual ({year} en la especificación).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/calendario/save/{area}',
    procedimiento: 'calendario.guardar',
    resumen:
      'Guarda las fechas de un área en una transacción. Cuerpo: { nuevas: [{ fecha, tipo }], borradas: [{ fecha, tipo }], anio? }; tipos: avance apertura|cierre|publicacion, nota además apertura_pic|cierre_pic|publicacion_pic, pic evaluacion|descanso, restriccion y jcd null. Devuelve las fechas del año (anio o el de la primera fecha).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), area: params.area }),
    parametros: { area: 'Área: restriccion, avance, nota, jcd o pic.' },
  },
];

function patron(ruta: string): RegExp {
  return new RegExp('^' + ruta.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)') + '$');
}
const compiladas = RUTAS_REST.map((r) => ({ ...r, re: patron(r.ruta) }));

export function encontrarRuta(metodo: string, camino: string) {
  const delCamino = compiladas.filter((r) => r.re.test(camino));
  const ruta = delCamino.find((r) => r.metodo === metodo);
  if (!ruta) return { ruta: undefined, metodoNoPermitido: delCamino.length > 0 };
  const params = Object.fromEntries(
    Object.entries(camino.match(ruta.re)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
  );
  return { ruta, params, metodoNoPermitido: false };
}

/**
 * El cuerpo de una petición: JSON, formulario o multipart (los archivos llegan como `File`,
 * como en POST /api/alumnos/{id}/inscribir).
 */
export async function leerCuerpo(req: Request): Promise<unknown> {
  const tipo = req.headers.get('content-type') ?? '';
  if (tipo.includes('application/json')) return req.json();
  if (tipo.includes('application/x-www-form-urlencoded') || tipo.includes('multipart/form-data')) {
    return Object.fromEntries(await req.formData());
  }
  const texto = await req.text();
  return texto ? JSON.parse(texto) : undefined;
}

export function errorJson(status: number, message: string) {
  return Response.json({ error: true, message }, { status });
}

/** Llama al procedimiento por su ruta con el contexto de la petición. */
export async function llamar(
  ctx: Contexto,
  procedimiento: string,
  entrada: unknown,
): Promise<unknown> {
  let nodo: unknown = createCaller(ctx);
  for (const parte of procedimiento.split('.')) nodo = (nodo as Record<string, unknown>)[parte];
  return (nodo as (x: unknown) => Promise<unknown>)(entrada);
}

/**
 * Atiende una petición ya ruteada: arma la entrada con los parámetros del camino, la consulta y
 * el cuerpo, llama al procedimiento y responde en JSON (o con el error en castellano).
 */
export async function atender(
  ctx: Contexto,
  ruta: RutaRest,
  params: Record<string, string>,
  query: Record<string, string>,
  cuerpo: unknown,
): Promise<Response> {
  const entrada = ruta.entrada ? ruta.entrada({ params, query, cuerpo }) : cuerpo;
  try {
    return Response.json(await llamar(ctx, ruta.procedimiento, entrada));
  } catch (e) {
    return respuestaDeError(e, ctx.requestId);
  }
}

export function respuestaDeError(e: unknown, requestId: string): Response {
  if (e instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(e);
    if (e.cause instanceof ZodError) return errorJson(400, mensajeDeValidacion(e.cause));
    if (status >= 500) {
      console.error(`[${requestId}]`, e.cause ?? e);
      return errorJson(500, `${MENSAJE_ERROR_INTERNO} (código ${requestId})`);
    }
    return errorJson(status, e.message);
  }
  console.error(`[${requestId}]`, e);
  return errorJson(500, `${MENSAJE_ERROR_INTERNO} (código ${requestId})`);
}

/** Tipo de un parámetro de ruta por su nombre: los órdenes son enteros; fechas, turnos y meses, texto. */
const PARAMETROS_NUMERICOS: Record<string, { type: string; minimum?: number }> = {
  id: { type: 'integer', minimum: 1 },
  alumno: { type: 'integer', minimum: 1 },
  curso: { type: 'integer', minimum: 1 },
  cursado: { type: 'integer', minimum: 1 },
  medida: { type: 'integer', minimum: 1 },
  orden: { type: 'integer', minimum: 1 },
  ciclo: { type: 'integer', minimum: 2021 },
  anio: { type: 'integer', minimum: 2021 },
  cantidad: { type: 'number', minimum: 1 },
};
function esquemaParametro(nombre: string) {
  return PARAMETROS_NUMERICOS[nombre] ?? { type: 'string' };
}

/** El documento OpenAPI 3.1 del contrato, armado desde la tabla y los esquemas zod. */
export function documentoOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { $ref: '#/components/schemas/Error' };
  for (const r of RUTAS_REST) {
    const proc = (
      appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>
    )[r.procedimiento];
    const esquema = proc?._def.inputs[0] as z.ZodType | undefined;
    let jsonEsquema: unknown;
    try {
      jsonEsquema = esquema
        ? z.toJSONSchema(esquema, { io: 'input', unrepresentable: 'any' })
        : undefined;
    } catch {
      jsonEsquema = undefined;
    }
    const parametros = Object.entries(r.parametros ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: esquemaParametro(name),
    }));
    const operacion: Record<string, unknown> = {
      summary: r.resumen,
      operationId: `${r.metodo.toLowerCase()}_${r.ruta.replace(/\W+/g, '_')}`,
      'x-procedimiento': r.procedimiento,
      parameters: parametros,
      responses: {
        200: { description: 'Respuesta en JSON.' },
        400: {
          description: 'Entrada inválida.',
          content: { 'application/json': { schema: error } },
        },
        401: { description: 'Sin sesión.', content: { 'application/json': { schema: error } } },
        403: {
          description: 'El rol activo no tiene permiso.',
          content: { 'application/json': { schema: error } },
        },
        404: { description: 'No encontrado.', content: { 'application/json': { schema: error } } },
      },
    };
    if (jsonEsquema && r.metodo !== 'GET') {
      operacion.requestBody = {
        required: true,
        content: {
          'application/json': { schema: jsonEsquema },
          'application/x-www-form-urlencoded': { schema: jsonEsquema },
          'multipart/form-data': { schema: jsonEsquema },
        },
      };
    } else if (jsonEsquema && r.entrada === soloQuery) {
      operacion.parameters = [
        ...parametros,
        { name: 'q', in: 'query', schema: { type: 'string' }, description: 'Texto a buscar.' },
        {
          name: 'cursor',
          in: 'query',
          schema: { type: 'integer', minimum: 0 },
          description: 'Posición de la página.',
        },
        {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: 50 },
          description: 'Tamaño de página.',
        },
      ];
    }
    paths[r.ruta] = { ...(paths[r.ruta] ?? {}), [r.metodo.toLowerCase()]: operacion };
  }
  paths['/api/logout'] = {
    get: {
      summary: 'Cierra la sesión y redirige a /login.',
      responses: { 303: { description: 'Redirección a /login.' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal escolar — contrato REST',
      version: '1.0.0',
      description:
        'Autenticación por la cookie de sesión de next-auth. Errores: { error: true, message }.',
    },
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'boolean', const: true }, message: { type: 'string' } },
        },
      },
    },
  };
}
