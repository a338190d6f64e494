/**
 * El vínculo alumno–referente que declara el propio referente (spec 02 §2 "Declaro mi
 * vínculo…", §7 POST /api/alumnos/link/referentes; issue 11): nace pendiente y no abre ningún
 * dato del alumno hasta que la escuela lo confirma o el referente prueba el vínculo con el DNI
 * del alumno. Los textos que comparten el servidor y las pantallas.
 */

/** Cuántos DNI equivocados puede probar un referente en 24 horas antes de tener que esperar. */
export const MAXIMO_INTENTOS_DNI = 5;

export const PENDIENTE_DE_CONFIRMACION = 'Pendiente de confirmación por la escuela';
export const DNI_NO_COINCIDE = 'El DNI no coincide con el del alumno.';
export const DEMASIADOS_INTENTOS_DNI =
  'Demasiados intentos con un DNI que no coincide. Vuelva a intentarlo mañana o espere la confirmación de la escuela.';
export const VINCULO_PENDIENTE =
  'Ya declaró su vínculo con ese alumno: falta la confirmación de la escuela (o ingrese el DNI del alumno).';
export const DNI_INVALIDO = 'El DNI debe tener 7 u 8 dígitos.';

/** Lo que explica la declaración del vínculo: qué cambia con el DNI. */
export const AYUDA_DNI =
  'Con el DNI del alumno el vínculo queda confirmado en el momento. Sin él, la escuela lo confirma antes de que pueda ver sus datos e inscribirlo.';

/** El aviso de un vínculo declarado que espera a la escuela. */
export const vinculoPendiente = (alumno: string) =>
  `${alumno}: el vínculo quedó pendiente de confirmación por la escuela.`;

/**
 * El DNI escrito por una persona ('45.123.456', '45 123 456') como número, o null si está vacío;
 * `NaN` si no es un DNI de 7 u 8 dígitos.
 */
export function leerDni(texto: string): number | null {
  const limpio = texto.replace(/[.\s]/g, '');
  if (!limpio) return null;
  return /^\d{7,8}$/.test(limpio) ? Number(limpio) : NaN;
}
