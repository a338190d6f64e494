/**
 * CSV como lo abre una planilla en es-AR: separador ';', UTF-8 con BOM, líneas CRLF, comillas
 * cuando hace falta y sin fórmulas (un valor que empieza con =, +, -, @ lleva un apóstrofo).
 * Leer acepta ';' o ',' (lo que detecte en el encabezado) y campos entre comillas.
 */

/** Una línea CSV, con comillas cuando hace falta y sin inyección de fórmulas. */
export function lineaCsv(valores: readonly (string | number | null | undefined)[]): string {
  return valores
    .map((v) => {
      const t = v == null ? '' : String(v);
      const seguro = /^[=+\-@\t\r]/.test(t) ? `'${t}` : t;
      return /[;"\n\r]/.test(seguro) ? `"${seguro.replace(/"/g, '""')}"` : seguro;
    })
    .join(';');
}

/** El archivo completo: BOM, encabezado y filas. */
export function archivoCsv(
  encabezado: readonly string[],
  filas: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return '\ufeff' + [encabezado, ...filas].map(lineaCsv).join('\r\n') + '\r\n';
}

/**
 * Las filas de un texto CSV (sin el BOM), con el separador del encabezado (';' si aparece, si no
 * ','). Las comillas dobles agrupan y "" es una comilla. Las líneas vacías se omiten.
 */
export function leerCsv(texto: string): string[][] {
  const limpio = texto.replace(/^\ufeff/, '');
  const primera = limpio.split(/\r?\n/, 1)[0] ?? '';
  const sep = primera.includes(';') ? ';' : ',';
  const filas: string[][] = [];
  let fila: string[] = [];
  let campo = '';
  let comillas = false;
  for (let i = 0; i < limpio.length; i++) {
    const ch = limpio[i]!;
    if (comillas) {
      if (ch === '"' && limpio[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (ch === '"') comillas = false;
      else campo += ch;
    } else if (ch === '"' && campo === '') comillas = true;
    else if (ch === sep) {
      fila.push(campo);
      campo = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && limpio[i + 1] === '\n') i++;
      fila.push(campo);
      if (fila.some((c) => c.trim() !== '')) filas.push(fila);
      fila = [];
      campo = '';
    } else campo += ch;
  }
  fila.push(campo);
  if (fila.some((c) => c.trim() !== '')) filas.push(fila);
  return filas;
}
