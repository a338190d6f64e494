/**
 * Esquemas de alumnos (spec 01 §3 Alumno, §5 Students and guardians): DNI numérico y no
 * editable, género Sin decidir (null) / Otro / Masculino / Femenino, emails válidos y
 * teléfonos "área número" (spec 02 §3). Los comparten los procedimientos, el REST y los
 * formularios; los campos vacíos de un formulario ('') valen null.
 */
import { z } from 'zod';
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
  textoRequerido,
  vacioANull,
} from '@/server/api/schemas';

export { booleano, emailOpcional, telefonoOpcional, vacioANull };

/** 'El alumno no está cursando este año' (spec 01 §8): sin curso en el ciclo elegido. */
export const ALUMNO_SIN_CURSO = 'El alumno no está cursando este año';
export const DNI_REPETIDO = 'Ya existe un alumno con ese DNI.';
/** Un preceptor debe dar de alta al alumno en uno de sus cursos (si no, quedaría fuera de su alcance). */
export const PRECEPTOR_SIN_CURSO = 'Elija uno de sus cursos para el alumno.';
export const DNI_NO_EDITABLE = 'El DNI no se puede modificar una vez creado el alumno.';

/** DNI: el átomo compartido (también lo pide la prueba del vínculo de un referente). */
export { dni };

export const GENEROS = ['Otro', 'Masculino', 'Femenino'] as const;
export type Genero = (typeof GENEROS)[number];

/** Género: 'Sin decidir' (o vacío) es null (spec 01 §5). */
export const genero = z.preprocess(
  (v) => (v === 'Sin decidir' || v === 'null' ? null : vacioANull(v)),
  z
    .enum(GENEROS, { error: 'El género debe ser Sin decidir, Otro, Masculino o Femenino.' })
    .nullable(),
);

const fechaNacimiento = z.preprocess(
  vacioANull,
  texto({
    campo: 'Fecha de nacimiento',
    max: 10,
    error: 'La fecha de nacimiento debe ser una fecha (AAAA-MM-DD).',
  })
    .refine(esFechaValida, { error: 'La fecha de nacimiento no es válida (AAAA-MM-DD).' })
    .nullable(),
);

const pronombre = z.preprocess(
  vacioANull,
  texto({ campo: 'Pronombre', max: 30, error: 'El pronombre debe ser texto.' }).nullable(),
);

export const datosAlumno = {
  apellido: textoRequerido('Apellido'),
  nombre: textoRequerido('Nombre'),
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
