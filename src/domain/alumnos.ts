/**
 * El formulario del alumno (spec 01 §3 Alumno, §5): los mensajes, los géneros y las reglas de
 * los campos, sin zod. Los usan los esquemas `crearAlumno` y `editarAlumno` del servidor y la
 * pantalla /alumnos; tests/unit/campos.test.ts compara las dos validaciones.
 */
import {
  anotar,
  bien,
  CAMPO_APELLIDO,
  CAMPO_NOMBRE,
  mal,
  optativo,
  reglaDni,
  reglaEmailOpcional,
  reglaId,
  reglaTelefonoOpcional,
  reglaTexto,
  vacioANull,
  type Errores,
  type OpcionesTexto,
  type Resultado,
} from './campos';
import { esFechaValida } from './escuela';

/** 'El alumno no está cursando este año' (spec 01 §8): sin curso en el ciclo elegido. */
export const ALUMNO_SIN_CURSO = 'El alumno no está cursando este año';
export const DNI_REPETIDO = 'Ya existe un alumno con ese DNI.';
/** Un preceptor debe dar de alta al alumno en uno de sus cursos (si no, quedaría fuera de su alcance). */
export const PRECEPTOR_SIN_CURSO = 'Elija uno de sus cursos para el alumno.';
export const DNI_NO_EDITABLE = 'El DNI no se puede modificar una vez creado el alumno.';

export const GENEROS = ['Otro', 'Masculino', 'Femenino'] as const;
export type Genero = (typeof GENEROS)[number];
export const MENSAJE_GENERO = 'El género debe ser Sin decidir, Otro, Masculino o Femenino.';

/** Género: 'Sin decidir' (o 'null', o vacío) es null (spec 01 §5). */
export const generoANull = (v: unknown) =>
  v === 'Sin decidir' || v === 'null' ? null : vacioANull(v);

export function reglaGenero(valor: unknown): Resultado<Genero | null> {
  const v = generoANull(valor);
  if (v === null) return bien(null);
  return (GENEROS as readonly unknown[]).includes(v) ? bien(v as Genero) : mal(MENSAJE_GENERO);
}

export const CAMPO_NACIMIENTO: OpcionesTexto = {
  campo: 'Fecha de nacimiento',
  max: 10,
  error: 'La fecha de nacimiento debe ser una fecha (AAAA-MM-DD).',
};
export const NACIMIENTO_NO_VALIDO = 'La fecha de nacimiento no es válida (AAAA-MM-DD).';
export const CAMPO_PRONOMBRE: OpcionesTexto = {
  campo: 'Pronombre',
  max: 30,
  error: 'El pronombre debe ser texto.',
};

const textoNacimiento = reglaTexto(CAMPO_NACIMIENTO);
/** Fecha de nacimiento optativa ('AAAA-MM-DD'; vacía es null). */
export const reglaNacimiento = optativo((v): Resultado<string> => {
  const t = textoNacimiento(v);
  if (!t.ok) return t;
  return esFechaValida(t.valor) ? t : mal(NACIMIENTO_NO_VALIDO);
});
export const reglaPronombre = optativo(reglaTexto(CAMPO_PRONOMBRE));

const apellido = reglaTexto(CAMPO_APELLIDO);
const nombre = reglaTexto(CAMPO_NOMBRE);

export interface EntradaAlumno {
  dni?: unknown;
  apellido?: unknown;
  nombre?: unknown;
  genero?: unknown;
  email?: unknown;
  telefono?: unknown;
  nacimiento?: unknown;
  pronombre?: unknown;
}

/** Los campos comunes al alta y a la edición; los que no vienen (undefined) no se juzgan. */
function erroresDatos(v: EntradaAlumno, e: Errores): Errores {
  anotar(e, 'apellido', apellido(v.apellido));
  anotar(e, 'nombre', nombre(v.nombre));
  if (v.genero !== undefined) anotar(e, 'genero', reglaGenero(v.genero));
  if (v.email !== undefined) anotar(e, 'email', reglaEmailOpcional(v.email));
  if (v.telefono !== undefined) anotar(e, 'telefono', reglaTelefonoOpcional(v.telefono));
  if (v.nacimiento !== undefined) anotar(e, 'nacimiento', reglaNacimiento(v.nacimiento));
  if (v.pronombre !== undefined) anotar(e, 'pronombre', reglaPronombre(v.pronombre));
  return e;
}

/** Los errores por campo del alta (`crearAlumno`): el primero de cada campo. */
export function erroresCrearAlumno(v: EntradaAlumno & { curso?: unknown }): Errores {
  const e: Errores = {};
  anotar(e, 'dni', reglaDni(v.dni));
  erroresDatos(v, e);
  if (v.curso !== undefined) anotar(e, 'curso', optativo(reglaId)(v.curso));
  return e;
}

/** Los errores por campo de la edición (`editarAlumno`): el primero de cada campo. */
export function erroresEditarAlumno(v: EntradaAlumno & { id?: unknown }): Errores {
  const e: Errores = {};
  anotar(e, 'id', reglaId(v.id));
  if (v.dni !== undefined) anotar(e, 'dni', reglaDni(v.dni));
  return erroresDatos(v, e);
}
