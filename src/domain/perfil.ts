/**
 * Edición del perfil del alumno (spec 02 §2 "/perfil/editar", §5 "Edit profile"): nombre,
 * apellido, teléfono y email obligatorios; pronombre y foto optativos. La foto se reconoce por
 * su contenido (JPEG, PNG o WebP) y no puede superar los 5 MB.
 */
import { contieneHtml } from './archivos';

export const TAMANIO_MAXIMO_FOTO = 5 * 1024 * 1024;
export const FOTO_INVALIDA = 'La foto debe ser una imagen JPG, PNG o WebP';
export const FOTO_CON_HTML =
  'La foto contiene HTML o código y no se acepta: suba una imagen JPG, PNG o WebP';
export const FOTO_DEMASIADO_GRANDE = 'La foto no puede superar los 5 MB';
export const ACEPTA_FOTO = 'image/jpeg,image/png,image/webp';
export const PERFIL_GUARDADO = 'Perfil guardado';

export type TipoFoto = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * El tipo real de la imagen por sus primeros bytes (un SVG o un ejecutable: null). Una imagen
 * con HTML o script después de la cabecera (un políglota, `contieneHtml`) tampoco es una foto.
 */
export function tipoDeFoto(b: Uint8Array): TipoFoto | null {
  const tipo = tipoDeFotoPorCabecera(b);
  return tipo && !contieneHtml(b) ? tipo : null;
}

/** Sólo la cabecera: si es de una imagen aceptada (sin mirar el resto del contenido). */
export function tipoDeFotoPorCabecera(b: Uint8Array): TipoFoto | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((x, i) => b[i] === x)) return 'image/png';
  const ascii = (desde: number, hasta: number) => String.fromCharCode(...b.slice(desde, hasta));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
