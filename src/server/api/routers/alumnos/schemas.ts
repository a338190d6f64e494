/**
 * Esquemas de alumnos (spec 01 §3 Alumno, §5 Students and guardians): DNI numérico y no
 * editable, género Sin decidir (null) / Otro / Masculino / Femenino, emails válidos y
 * teléfonos "área número" (spec 02 §3). Los comparten los procedimientos, el REST y los
 * formularios; los campos vacíos de un formulario ('') valen null.
 */
import { z } from 'zod';
import { esFechaValida, partirTelefono, unirTelefono } from '@/domain/escuela';
import { busqueda, email, id, TAMANIO_PAGINA, textoRequerido } from '@/server/api/schemas';

/** 'El alumno no está cursando este año' (spec 01 §8): sin curso en el ciclo elegido. */
export const ALUMNO_SIN_CURSO = 'El alumno no está cursando este año';
export const DNI_REPETIDO = 'Ya existe un alumno con ese DNI.';
/** Un preceptor debe dar de alta al alumno en uno de sus cursos (si no, quedaría fuera de su alcance). */
export const PRECEPTOR_SIN_CURSO = 'Elija uno de sus cursos para el alumno.';
export const DNI_NO_EDITABLE = 'El DNI no se puede modificar una vez creado el alumno.';

/** '' o sólo espacios → null (los formularios mandan los campos vacíos como texto). */
export const vacioANull = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** DNI: un número de 7 u 8 dígitos; se aceptan puntos y espacios de formato ('45.123.456'). */
export const dni = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[.\s]/g, '') : v),
  z.coerce
    .number({ error: 'El DNI debe ser un número.' })
    .int({ error: 'El DNI debe ser un número entero.' })
    .min(1_000_000, { error: 'El DNI debe tener 7 u 8 dígitos.' })
    .max(99_999_999, { error: 'El DNI debe tener 7 u 8 dígitos.' }),
);

export const GENEROS = ['Otro', 'Masculino', 'Femenino'] as const;
export type Genero = (typeof GENEROS)[number];

/** Género: 'Sin decidir' (o vacío) es null (spec 01 §5). */
export const genero = z.preprocess(
  (v) => (v === 'Sin decidir' || v === 'null' ? null : vacioANull(v)),
  z
    .enum(GENEROS, { error: 'El género debe ser Sin decidir, Otro, Masculino o Femenino.' })
    .nullable(),
);

/** Email optativo: vacío es null; si viene, debe ser válido (se guarda en minúsculas). */
export const emailOpcional = z.preprocess(vacioANull, email.nullable());

/**
 * Teléfono optativo, guardado "área número" (spec 02 §3): se parte con `partirTelefono`
 * (spec 01 §5) y se exige código de área de 2 a 4 dígitos y número de 6 a 8 (spec 02 §5).
 */
export const telefonoOpcional = z.preprocess(
  vacioANull,
  z
    .string({ error: 'El teléfono debe ser texto.' })
    .trim()
    .max(30, { error: 'Teléfono: como máximo 30 caracteres.' })
    .transform((t, ctx) => {
      const { codigoArea, numero } = partirTelefono(t);
      const limpio = numero.replace(/[\s-]/g, '');
      if (!/^\d{2,4}$/.test(codigoArea)) {
        ctx.addIssue({ code: 'custom', message: 'Código de área: entre 2 y 4 dígitos.' });
        return z.NEVER;
      }
      if (!/^\d{6,8}$/.test(limpio)) {
        ctx.addIssue({ code: 'custom', message: 'Teléfono: entre 6 y 8 dígitos.' });
        return z.NEVER;
      }
      return unirTelefono(codigoArea, limpio);
    })
    .nullable(),
);

const fechaNacimiento = z.preprocess(
  vacioANull,
  z
    .string({ error: 'La fecha de nacimiento debe ser una fecha (AAAA-MM-DD).' })
    .refine(esFechaValida, { error: 'La fecha de nacimiento no es válida (AAAA-MM-DD).' })
    .nullable(),
);

const pronombre = z.preprocess(
  vacioANull,
  z
    .string({ error: 'El pronombre debe ser texto.' })
    .trim()
    .max(30, { error: 'Pronombre: como máximo 30 caracteres.' })
    .nullable(),
);

/** Booleano de formulario o de ruta: true/false, 1/0. */
export const booleano = (campo: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])], {
      error: `${campo}: debe ser 1/0 o true/false.`,
    })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

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
