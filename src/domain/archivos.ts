/**
 * Archivos subidos (foto de perfil, comprobante de pago): además de la cabecera de su tipo
 * (`tipoDeFoto`, `tipoDeComprobante`), el contenido no puede traer HTML ni script. Un
 * "políglota" (los bytes mágicos de un JPEG o un PNG seguidos de `<html><script>…`) pasa la
 * verificación de la cabecera, pero un navegador que lo abriera como HTML ejecutaría el script:
 * se rechaza. Reglas puras, sin E/S: las usan el servidor y, antes de enviar, el navegador.
 */

/** Etiquetas que convierten un archivo en HTML o SVG activo (sin importar mayúsculas). */
export const MARCAS_HTML = ['<!doctype', '<html', '<script', '<iframe', '<body', '<svg'] as const;

/** Los bytes del principio y del final donde se busca también `<svg` (ver `contieneHtml`). */
export const BORDE_HTML = 1024;

const MENOR = 0x3c; // '<'
/** Lo que termina el nombre de una etiqueta HTML: blanco, '/' o '>'. */
const terminaEtiqueta = (b: number | undefined) =>
  b === undefined ||
  b === 0x20 ||
  b === 0x09 ||
  b === 0x0a ||
  b === 0x0c ||
  b === 0x0d ||
  b === 0x2f ||
  b === 0x3e;

const MARCAS = MARCAS_HTML.map((m) => ({
  bytes: Array.from(m, (c) => c.charCodeAt(0)),
  // `<!doctype` es largo y puede seguir sin blanco; una etiqueta, sólo si termina ahí (`<svg>`
  // y no `<svgx`), como la lee el navegador.
  etiqueta: m !== '<!doctype',
  // `<svg` tiene sólo cuatro letras: dentro de los datos comprimidos de una foto de varios MB
  // aparecería por azar (~1 en 10.000 archivos); se busca donde un navegador o un visor mira
  // (el primer y el último KB). Las marcas más largas se buscan en todo el archivo: que
  // aparezcan por azar es menos de 1 en 100.000 aun en un archivo de 10 MB.
  soloBordes: m === '<svg',
}));

/** El byte en minúscula si es una letra ASCII. */
const minuscula = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);

/**
 * Si el archivo trae una etiqueta HTML o SVG (`<html`, `<script`, `<svg`, `<!doctype`,
 * `<iframe`, `<body`, sin importar mayúsculas) en cualquier lugar después de su cabecera.
 */
export function contieneHtml(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let i = bytes.indexOf(MENOR); i !== -1; i = bytes.indexOf(MENOR, i + 1)) {
    const enBorde = i < BORDE_HTML || i >= n - BORDE_HTML;
    for (const m of MARCAS) {
      if (m.soloBordes && !enBorde) continue;
      let j = 1;
      while (j < m.bytes.length && minuscula(bytes[i + j] ?? -1) === m.bytes[j]) j++;
      if (j === m.bytes.length && (!m.etiqueta || terminaEtiqueta(bytes[i + j]))) return true;
    }
  }
  return false;
}
