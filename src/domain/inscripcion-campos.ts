/**
 * Inscripción anual (spec 02 §2, §5): los mensajes, las reglas de los campos sueltos y los datos
 * del referente parental. Aparte de src/domain/inscripcion.ts (que lo reexporta todo) para que
 * la pantalla del teléfono no cargue la ficha médica, el comprobante ni el inglés técnico hasta
 * que los usa (issue 12): el servidor y las pruebas siguen importando de `inscripcion`.
 */
import { reglaEmail } from './campos';

// ── Mensajes (spec 02 §2, §5, §8) ──────────────────────────────────────────────────────────
export const NO_PUEDE_ESTAR_VACIO = 'No puede estar vacío';
export const ENTRE_2_Y_4_DIGITOS = 'Entre 2 y 4 dígitos';
export const ENTRE_6_Y_8_DIGITOS = 'Entre 6 y 8 dígitos';
export const COMPLETE_SUS_DATOS =
  'Complete sus datos personales para continuar con la inscripción.';
export const RECUERDE_INGLES =
  'Recuerde hacer la inscripción a inglés, si correspondiere, al terminar.';
export const BUSQUE_A_SUS_HIJOS = 'Busque a sus hijos e hijas para inscribirlos';
export const INSCRIPCION_FINALIZADA = 'Inscripción finalizada';
export const SOLO_JPG_JPEG_PDF = 'Solo se aceptan formatos JPG, JPEG o PDF';
export const DECLARACION_JURADA =
  'Al enviar estos datos, no pueden ser modificados. Recuerde que este documento es una declaración jurada.';
export const NO_HAY_INSCRIPCION = 'No hay inscripción';
export const SE_REQUIERE_REFERENTE = 'Se requiere referente parental';
export const DATOS_GUARDADOS = 'Datos guardados correctamente';
export const TERMINAR_INSCRIPCION = 'Terminar la inscripción';

export const tituloInscripcion = (ciclo: number) => `Inscripción del ciclo lectivo ${ciclo}`;
export const declaracionVinculo = (alumno: string) =>
  `Declaro mi vínculo de referente parental de ${alumno}`;
export const inglesYaDeclarado = (alumno: string) => `Nivel de inglés para ${alumno} ya declarado.`;

// ── Campos sueltos ─────────────────────────────────────────────────────────────────────────
const RE_CODIGO_AREA = /^\d{2,4}$/;
const RE_NUMERO = /^\d{6,8}$/;
/** CUIL: dos dígitos, guion opcional, ocho dígitos, guion opcional, un dígito (spec 02 §5). */
const RE_CUIL = /^\d{2}-?\d{8}-?\d$/;

/** Texto obligatorio: al menos un carácter que no sea espacio. */
export function textoPresente(valor: unknown): valor is string {
  return typeof valor === 'string' && valor.trim().length > 0;
}

export function codigoAreaValido(valor: unknown): boolean {
  return typeof valor === 'string' && RE_CODIGO_AREA.test(valor.trim());
}

export function numeroTelefonoValido(valor: unknown): boolean {
  return typeof valor === 'string' && RE_NUMERO.test(valor.trim());
}

/**
 * ¿Acepta el servidor este email? La regla del átomo `email` (`reglaEmail` de `domain/campos`,
 * probada contra zod), para el formulario de inscripción en el navegador.
 */
export function emailValido(valor: unknown): boolean {
  return reglaEmail(valor).ok;
}

export function cuilValido(valor: unknown): boolean {
  return typeof valor === 'string' && RE_CUIL.test(valor.trim());
}

/** El CUIL como se guarda: 'NN-NNNNNNNN-N'. */
export function normalizarCuil(cuil: string): string {
  const d = cuil.replace(/\D/g, '');
  return `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}`;
}

export type ErroresCampos<K extends string> = Partial<Record<K, string>>;

// ── Referente parental (spec 02 §2 "Datos del referente parental", §5) ──────────────────────
export interface DatosReferente {
  nombre: string;
  apellido: string;
  codigoArea: string;
  telefono: string;
  exalumno: boolean;
}

export function validarReferente(d: DatosReferente): ErroresCampos<keyof DatosReferente> {
  const e: ErroresCampos<keyof DatosReferente> = {};
  if (!textoPresente(d.nombre)) e.nombre = NO_PUEDE_ESTAR_VACIO;
  if (!textoPresente(d.apellido)) e.apellido = NO_PUEDE_ESTAR_VACIO;
  if (!codigoAreaValido(d.codigoArea)) e.codigoArea = ENTRE_2_Y_4_DIGITOS;
  if (!numeroTelefonoValido(d.telefono)) e.telefono = ENTRE_6_Y_8_DIGITOS;
  return e;
}

/**
 * Los datos del referente están completos para inscribir (spec 02 §2): nombre, apellido,
 * email y teléfono. Si falta alguno se muestra COMPLETE_SUS_DATOS en lugar de los hijos.
 */
export function referenteCompleto(r: {
  nombre?: string | null;
  apellido?: string | null;
  email?: string | null;
  telefono?: string | null;
}): boolean {
  return [r.nombre, r.apellido, r.email, r.telefono].every(textoPresente);
}
