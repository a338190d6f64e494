/**
 * El formulario del referente (spec 01 §3 Referente; spec 02 §3, §5, §7): las reglas de los
 * campos, sin zod. Las usan los esquemas `crearReferente` y `guardarReferente` del servidor y
 * la pantalla /alumnos; tests/unit/campos.test.ts compara las dos validaciones.
 */
import {
  anotar,
  CAMPO_APELLIDO,
  CAMPO_NOMBRE,
  reglaBooleano,
  reglaEmailOpcional,
  reglaId,
  reglaTelefonoOpcional,
  reglaTexto,
  type Errores,
} from './campos';

export const CAMPO_EXALUMNO = 'Exalumno';

const apellido = reglaTexto(CAMPO_APELLIDO);
const nombre = reglaTexto(CAMPO_NOMBRE);
const exalumno = reglaBooleano(CAMPO_EXALUMNO);

export interface EntradaReferente {
  apellido?: unknown;
  nombre?: unknown;
  email?: unknown;
  telefono?: unknown;
  exalumno?: unknown;
}

/** Email, teléfono y exalumno que no vienen (undefined) no se juzgan. */
function erroresDatos(v: EntradaReferente, e: Errores): Errores {
  anotar(e, 'apellido', apellido(v.apellido));
  anotar(e, 'nombre', nombre(v.nombre));
  if (v.email !== undefined) anotar(e, 'email', reglaEmailOpcional(v.email));
  if (v.telefono !== undefined) anotar(e, 'telefono', reglaTelefonoOpcional(v.telefono));
  if (v.exalumno !== undefined) anotar(e, 'exalumno', exalumno(v.exalumno));
  return e;
}

/** Los errores por campo de un referente nuevo (`crearReferente`). */
export function erroresCrearReferente(v: EntradaReferente & { alumno?: unknown }): Errores {
  const e: Errores = {};
  anotar(e, 'alumno', reglaId(v.alumno));
  return erroresDatos(v, e);
}

/** Los errores por campo de la edición (`guardarReferente`). */
export function erroresGuardarReferente(v: EntradaReferente & { orden?: unknown }): Errores {
  const e: Errores = {};
  anotar(e, 'orden', reglaId(v.orden));
  return erroresDatos(v, e);
}
