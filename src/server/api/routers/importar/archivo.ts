/**
 * La lectura de la planilla subida a /importar (issue 34 §1): .xlsx con exceljs (las fórmulas, por
 * su valor; las fechas, como dd/mm/aaaa; el texto con formato, como texto; una celda de
 * encabezado combinada sobre varias columnas, como prefijo de la fila de abajo) o .csv (';' o ',',
 * UTF-8 con o sin BOM o Windows-1252, según si los bytes son UTF-8 válido). El tipo sale de los
 * bytes, no del nombre. Todo problema del archivo es un `ArchivoInvalido` con el mensaje en
 * castellano (400), nunca un 500.
 */
import ExcelJS from 'exceljs';
import { leerCsv } from '@/domain/csv';

export const MAXIMO_ARCHIVO = 5 * 1024 * 1024;
export const MAXIMO_FILAS = 10_000;
export const MAXIMO_COLUMNAS = 100;
const MAXIMO_CELDA = 1000;

export const MENSAJES_ARCHIVO = {
  tipo: 'El archivo no es una planilla .xlsx ni un archivo .csv.',
  xls: 'El archivo es un .xls (Excel 97-2003): guárdelo como .xlsx o .csv y vuelva a subirlo.',
  danado: 'El archivo .xlsx está dañado o no se puede leer.',
  vacia: 'La planilla está vacía.',
  soloEncabezado: 'La planilla sólo tiene el encabezado: no hay filas para importar.',
  filas: 'La planilla tiene más de 10.000 filas.',
  columnas: `La planilla tiene más de ${MAXIMO_COLUMNAS} columnas.`,
  grande: 'El archivo supera el máximo de 5 MB.',
  descomprimido: 'La planilla es demasiado grande una vez descomprimida (más de 80 MB).',
} as const;

export class ArchivoInvalido extends Error {}

export interface Grilla {
  encabezados: string[];
  /** Las filas de datos, como texto (la primera es la fila 2 de la planilla). */
  filas: string[][];
}

/** Texto guardable: sin NUL ni sustitutos sueltos, recortado y con un largo razonable. */
function limpiar(t: string): string {
  return t
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim()
    .slice(0, MAXIMO_CELDA);
}

const dosCifras = (n: number) => String(n).padStart(2, '0');
/** Una fecha de exceljs (el día local guardado como UTC) → dd/mm/aaaa. */
const textoFecha = (d: Date) =>
  Number.isNaN(d.getTime())
    ? ''
    : `${dosCifras(d.getUTCDate())}/${dosCifras(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/** El valor de una celda de exceljs como texto. */
export function textoDeCelda(valor: ExcelJS.CellValue): string {
  if (valor == null) return '';
  if (valor instanceof Date) return textoFecha(valor);
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor) : '';
  if (typeof valor === 'boolean') return valor ? 'Sí' : 'No';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'object') {
    if ('richText' in valor && Array.isArray(valor.richText))
      return valor.richText.map((r) => r.text).join('');
    if ('formula' in valor || 'sharedFormula' in valor)
      return textoDeCelda((valor as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in valor) return '';
    if ('text' in valor) return textoDeCelda((valor as { text: ExcelJS.CellValue }).text);
  }
  return '';
}

/** Quita las filas vacías del final y empareja el ancho de todas con el encabezado. */
function grillaDe(filas: string[][]): Grilla {
  while (filas.length && filas.at(-1)!.every((c) => c === '')) filas.pop();
  if (!filas.length || filas[0]!.every((c) => c === ''))
    throw new ArchivoInvalido(MENSAJES_ARCHIVO.vacia);
  let ancho = 0;
  for (const f of filas) {
    let ultimo = f.length;
    while (ultimo > 0 && f[ultimo - 1] === '') ultimo--;
    ancho = Math.max(ancho, ultimo);
  }
  if (ancho > MAXIMO_COLUMNAS) throw new ArchivoInvalido(MENSAJES_ARCHIVO.columnas);
  const parejas = filas.map((f) => Array.from({ length: ancho }, (_, i) => f[i] ?? ''));
  const [encabezados, ...datos] = parejas;
  if (!datos.length) throw new ArchivoInvalido(MENSAJES_ARCHIVO.soloEncabezado);
  if (datos.length > MAXIMO_FILAS) throw new ArchivoInvalido(MENSAJES_ARCHIVO.filas);
  return { encabezados: encabezados!, filas: datos };
}

/** ¿Son UTF-8 válido? Si no, el CSV es de Excel en Windows (Windows-1252). */
function decodificar(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function leerCsvDeBytes(bytes: Uint8Array): Grilla {
  const texto = decodificar(bytes);
  // Un binario que no es ZIP ni texto (una imagen, un PDF): NUL o muchos caracteres de control.
  const control = texto.slice(0, 4096).match(/[\u0000-\u0008\u000e-\u001f]/g)?.length ?? 0;
  if (control > 0) throw new ArchivoInvalido(MENSAJES_ARCHIVO.tipo);
  // Cortar antes de armar todo: una fila de más ya es un error.
  const filas = leerCsv(texto).map((f) => f.map(limpiar));
  if (filas.length > MAXIMO_FILAS + 1 + 1000) throw new ArchivoInvalido(MENSAJES_ARCHIVO.filas);
  return grillaDe(filas);
}

/** Lo que ocupa descomprimido un .xlsx como máximo (una bomba ZIP no llega a exceljs). */
export const MAXIMO_DESCOMPRIMIDO = 80 * 1024 * 1024;

/**
 * La suma de los tamaños descomprimidos que declara el directorio central del ZIP, o null si no
 * se encuentra (ZIP dañado). exceljs descomprime todo en memoria: se mira antes de abrirlo.
 */
export function tamanioDescomprimido(bytes: Uint8Array): number | null {
  const vista = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const desde = Math.max(0, bytes.byteLength - 22 - 65_535);
  for (let i = bytes.byteLength - 22; i >= desde; i--) {
    if (vista.getUint32(i, true) !== 0x06054b50) continue;
    const entradas = vista.getUint16(i + 10, true);
    let p = vista.getUint32(i + 16, true);
    let total = 0;
    for (let e = 0; e < entradas; e++) {
      if (p + 46 > bytes.byteLength || vista.getUint32(p, true) !== 0x02014b50) return null;
      const tamanio = vista.getUint32(p + 24, true);
      // 0xFFFFFFFF: ZIP64 (más de 4 GB): demasiado, sea cual sea.
      total += tamanio === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : tamanio;
      p +=
        46 +
        vista.getUint16(p + 28, true) +
        vista.getUint16(p + 30, true) +
        vista.getUint16(p + 32, true);
    }
    return total;
  }
  return null;
}

export async function leerXlsx(bytes: Uint8Array): Promise<Grilla> {
  const descomprimido = tamanioDescomprimido(bytes);
  if (descomprimido == null) throw new ArchivoInvalido(MENSAJES_ARCHIVO.danado);
  if (descomprimido > MAXIMO_DESCOMPRIMIDO)
    throw new ArchivoInvalido(MENSAJES_ARCHIVO.descomprimido);
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new ArchivoInvalido(MENSAJES_ARCHIVO.danado);
  }
  // La primera hoja con datos (la de notas de la planilla modelo no se importa).
  const hoja = libro.worksheets.find(
    (h) => h.actualRowCount > 0 && !/^notas$/i.test(h.name.trim()),
  );
  if (!hoja) throw new ArchivoInvalido(MENSAJES_ARCHIVO.vacia);
  if (hoja.actualRowCount > MAXIMO_FILAS + 2) throw new ArchivoInvalido(MENSAJES_ARCHIVO.filas);
  const ancho = Math.min(hoja.columnCount, MAXIMO_COLUMNAS + 1);
  const filas: string[][] = [];
  const combinadas: boolean[] = [];
  hoja.eachRow({ includeEmpty: true }, (fila, numero) => {
    const celdas: string[] = [];
    for (let c = 1; c <= ancho; c++) {
      const celda = fila.getCell(c);
      // Una celda combinada repite el valor de la principal (la de arriba a la izquierda).
      const principal = celda.isMerged ? celda.master : celda;
      if (numero === 1) combinadas.push(celda.isMerged && principal.address !== celda.address);
      celdas.push(limpiar(textoDeCelda(principal.value)));
    }
    filas[numero - 1] = celdas;
  });
  for (let i = 0; i < filas.length; i++) filas[i] ??= [];
  // Encabezado en dos filas: una celda combinada arriba ("Tutor 1" sobre tres columnas) es el
  // prefijo de las de abajo ("Tutor 1 Email"). La segunda fila queda vacía (no es un dato).
  const arriba = filas[0] ?? [];
  const abajo = filas[1] ?? [];
  const hayCombinada =
    combinadas.some(Boolean) || hoja.model.merges?.some((m) => /^[A-Z]+1:/.test(m));
  if (hayCombinada && abajo.some((c) => c !== '')) {
    const agrupadas = new Set<number>();
    for (const rango of hoja.model.merges ?? []) {
      const m = /^([A-Z]+)1:([A-Z]+)1$/.exec(rango);
      if (!m) continue;
      const desde = hoja.getColumn(m[1]!).number;
      const hasta = hoja.getColumn(m[2]!).number;
      for (let c = desde; c <= hasta; c++) agrupadas.add(c - 1);
    }
    if (agrupadas.size) {
      filas[0] = arriba.map((t, i) =>
        agrupadas.has(i) && abajo[i] ? `${t} ${abajo[i]}`.trim() : t || (abajo[i] ?? ''),
      );
      filas[1] = [];
    }
  }
  return grillaDe(filas);
}

/** ¿Qué es? Por los bytes: ZIP (.xlsx), OLE (.xls viejo) o texto (.csv). */
export async function leerPlanilla(bytes: Uint8Array): Promise<Grilla> {
  if (bytes.byteLength > MAXIMO_ARCHIVO) throw new ArchivoInvalido(MENSAJES_ARCHIVO.grande);
  if (bytes.byteLength === 0) throw new ArchivoInvalido(MENSAJES_ARCHIVO.vacia);
  const [a, b, c, d] = bytes;
  if (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) return leerXlsx(bytes);
  if (a === 0xd0 && b === 0xcf && c === 0x11 && d === 0xe0)
    throw new ArchivoInvalido(MENSAJES_ARCHIVO.xls);
  if (a === 0x50 && b === 0x4b) throw new ArchivoInvalido(MENSAJES_ARCHIVO.danado);
  return leerCsvDeBytes(bytes);
}
