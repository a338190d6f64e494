/**
 * Esquemas de alumnos (spec 01 §3 Alumno, §5 Students and guardians): DNI numérico y no
 * editable, género Sin decidir (null) / Otro / Masculino / Femenino, emails válidos y
 * teléfonos "área número" (spec 02 §3). Los comparten los procedimientos, el REST y los
 * formularios; los campos vacíos de un formulario ('') valen null.
 */
import { z } from 'zod';
import {
  CAMPO_NACIMIENTO,
  CAMPO_PRONOMBRE,
  GENEROS,
  generoANull,
  MENSAJE_GENERO,
  NACIMIENTO_NO_VALIDO,
} from '@/domain/alumnos';
import { CAMPO_APELLIDO, CAMPO_NOMBRE } from '@/domain/campos';
import { esFechaValida } from '@/domain/escuela';
import {
  booleano,
  busqueda,
  dni,
  emailOpcional,
  id,
  TAMANIO_PAGINA,
  telefonoOpcional,
  texto,
  vacioANull,
} from '@/server/api/schemas';
import {
  cursadoConMateriasSalida,
  cursoSalida,
  datosAlumnoSalida,
  paginaSalida,
  personaSalida,
  referenteSalida,
  salida,
} from '@/server/api/schemas';

export { booleano, emailOpcional, telefonoOpcional, vacioANull };

/** Los mensajes, los géneros y las reglas de los campos están en domain/alumnos.ts (sin zod: los usa también la pantalla). */
export {
  ALUMNO_SIN_CURSO,
  DNI_NO_EDITABLE,
  DNI_REPETIDO,
  GENEROS,
  PRECEPTOR_SIN_CURSO,
  type Genero,
} from '@/domain/alumnos';

/** DNI: el átomo compartido (también lo pide la prueba del vínculo de un referente). */
export { dni };

/** Género: 'Sin decidir' (o vacío) es null (spec 01 §5). */
export const genero = z.preprocess(
  generoANull,
  z.enum(GENEROS, { error: MENSAJE_GENERO }).nullable(),
);

const fechaNacimiento = z.preprocess(
  vacioANull,
  texto(CAMPO_NACIMIENTO).refine(esFechaValida, { error: NACIMIENTO_NO_VALIDO }).nullable(),
);

const pronombre = z.preprocess(vacioANull, texto(CAMPO_PRONOMBRE).nullable());

export const datosAlumno = {
  apellido: texto(CAMPO_APELLIDO),
  nombre: texto(CAMPO_NOMBRE),
};

export const crearAlumno = z.object(
  {
    dni,
    ...datosAlumno,
    genero: genero.default(null),
    email: emailOpcional.default(null),
    telefono: telefonoOpcional.default(null),
    nacimiento: fechaNacimiento.default(null),
    pronombre: pronombre.default(null),
    /** Curso del ciclo elegido (optativo; un preceptor debe elegir uno de sus cursos). */
    curso: z.preprocess(vacioANull, id.nullable()).default(null),
  },
  { error: 'Faltan los datos del alumno.' },
);
export type CrearAlumno = z.infer<typeof crearAlumno>;

/**
 * Edición: apellido y nombre siempre; los demás campos, si no vienen, no cambian (vacío los
 * borra). El DNI no se edita: si viene, debe ser el mismo.
 */
export const editarAlumno = z.object(
  {
    id,
    dni: dni.optional(),
    ...datosAlumno,
    genero: genero.optional(),
    email: emailOpcional.optional(),
    telefono: telefonoOpcional.optional(),
    nacimiento: fechaNacimiento.optional(),
    pronombre: pronombre.optional(),
  },
  { error: 'Faltan los datos del alumno.' },
);
export type EditarAlumno = z.infer<typeof editarAlumno>;

export const conId = z.object({ id }, { error: 'Falta el identificador del alumno.' });
/** Un curso (los papelitos con los códigos de vinculación). */
export const conCurso = z.object({ curso: id }, { error: 'Falta el curso.' });

export const habilitar = z.object(
  { id, habilitado: booleano('Habilitado') },
  { error: 'Faltan el alumno y el valor de habilitado.' },
);

export const vincularCurso = z.object({ id, curso: id }, { error: 'Faltan el alumno y el curso.' });

export const desinscribir = z.object(
  { id, cursado: id },
  { error: 'Faltan el alumno y el cursado.' },
);

/** Búsqueda paginada de alumnos, con filtro optativo por curso. */
export const listarAlumnos = busqueda
  .unwrap()
  .extend({ curso: z.preprocess(vacioANull, id.nullable()).default(null) })
  .default({ q: '', cursor: 0, limit: TAMANIO_PAGINA, curso: null });
export type ListarAlumnos = z.infer<typeof listarAlumnos>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un cursado en el que el alumno está (o puede estar) inscripto, y sus materias. */
const inscripcionSalida = cursadoConMateriasSalida.extend({
  materiaId: z.number(),
  materia: z.string(),
});

/** Lo que ven del legajo todos los que pueden verlo; el personal ve además `datosAlumnoSalida`. */
const legajoSalida = personaSalida.extend({
  pronombre: z.string().nullable(),
  email: z.string().nullable(),
  curso: cursoSalida.nullable(),
  ciclo: z.number(),
  aviso: z.string().nullable(),
  cursos: z.array(cursoSalida.extend({ anioCursado: z.number() })),
});

/**
 * alumnos.listar: GET /api/alumnos. Con los datos de la planilla de alumnos (género, nacimiento,
 * email, teléfono): la exportación de la lista los escribe y la importación los vuelve a leer.
 */
export const salidaListar = salida(
  paginaSalida(
    personaSalida.extend({
      curso: cursoSalida.nullable(),
      habilitado: z.boolean(),
      dni: z.number(),
      genero: z.enum(GENEROS).nullable(),
      nacimiento: z.string().nullable(),
      email: z.string().nullable(),
      telefono: z.string().nullable(),
    }),
  ),
);

/** alumnos.base: GET /api/alumnos/base. */
export const salidaBase = salida(
  z.array(z.object({ id: z.number(), apellido: z.string(), nombre: z.string(), dni: z.number() })),
);

/** alumnos.crear: POST /api/alumnos/insert. */
export const salidaCrear = salida(datosAlumnoSalida.extend({ curso: cursoSalida.nullable() }));

/** alumnos.editar: POST /api/alumnos/{alumno}/editar. */
export const salidaEditar = salidaCrear;

/** alumnos.habilitar: POST /api/alumnos/{alumno}/habilitar/{valor}. */
export const salidaHabilitar = salida(z.object({ orden: z.number(), habilitado: z.boolean() }));

/** alumnos.vincularCurso: POST /api/alumnos/{alumno}/curso/{curso}. */
export const salidaVincularCurso = salida(
  z.object({ alumno: z.number(), ciclo: z.number(), curso: cursoSalida }),
);

/** alumnos.cursados: GET /api/alumnos/{alumno}/cursados. */
export const salidaCursados = salida(
  z.object({
    alumno: z.number(),
    ciclo: z.number(),
    curso: cursoSalida.nullable(),
    aviso: z.string().nullable(),
    inscripciones: z.array(inscripcionSalida.extend({ materia: z.string().nullable() })),
    disponibles: z.array(inscripcionSalida),
  }),
);

/** alumnos.desinscribir: DELETE /api/alumnos/{alumno}/cursa/{cursado}. */
export const salidaDesinscribir = salida(
  z.object({ alumno: z.number(), cursado: z.number(), materiaId: z.number() }),
);

/** alumnos.legajo: GET /api/alumnos/{alumno}/legajo. */
export const salidaLegajo = salida(
  z.union([
    legajoSalida.extend({ completo: z.literal(false) }),
    legajoSalida.extend(datosAlumnoSalida.shape).extend({
      completo: z.literal(true),
      referentes: z.array(referenteSalida),
    }),
  ]),
);
