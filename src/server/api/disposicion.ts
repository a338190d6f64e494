/**
 * La cabecera `Content-Disposition` de toda descarga de /api (RFC 6266): `filename` con una
 * versión ASCII del nombre (sin comillas, barras invertidas ni controles, los acentos quitados)
 * para los clientes viejos, y `filename*` con el nombre entero en UTF-8 codificado (RFC 8187).
 * Un nombre con letras fuera de Latin-1 (`Łódź.pdf`) puesto tal cual en la cabecera hace que
 * Node la rechace (500).
 */
export function disposicion(tipo: 'attachment' | 'inline', nombre: string): string {
  const limpio =
    nombre
      // Sustitutos sueltos (encodeURIComponent los rechaza) y caracteres de control.
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .trim() || 'archivo';
  const ascii = limpio
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent deja ' ( ) * sin codificar: RFC 8187 no los admite en el valor.
  const codificado = encodeURIComponent(limpio).replace(
    /['()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return `${tipo}; filename="${ascii}"; filename*=UTF-8''${codificado}`;
}
