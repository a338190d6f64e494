/**
 * La exportación de una lista (issue 34 §2): de una especificación de columnas y las filas, el
 * archivo .xlsx (exceljs, con los tipos de cada celda) y el .csv como lo lee Excel en castellano
 * (';', UTF-8 con BOM, CRLF, coma decimal, fechas dd/mm/aaaa; `archivoCsv` de domain/csv.ts).
 * Una sola ayuda para todas las listas: cada módulo describe sus columnas
 * (`routers/<modulo>/exportar.ts`) y la ruta /api/exportar/[lista] arma el archivo.
 *
 * Ninguna celda es una fórmula: en el .xlsx un texto es siempre una celda de texto y, si empieza
 * con = + - @ (o tabulación, retorno), lleva el formato de texto ('@'), así Excel tampoco la
 * convierte al editarla; en el .csv, el apóstrofo de `lineaCsv`.
 */
import ExcelJS from 'exceljs';
import { archivoCsv } from '@/domain/csv';

/**
 * El tipo de una columna: `texto`; `numero` (con decimales: `decimales` fijos o hasta 2);
 * `entero`; `fecha` ('AAAA-MM-DD' o Date, sin hora); `fechaHora` (un instante: Date o ISO, en la
 * hora de la escuela); `nota` (un número con su formato, o un texto como 'A' de ausente).
 */
export type TipoColumna = 'texto' | 'numero' | 'entero' | 'fecha' | 'fechaHora' | 'nota';

export type ValorCelda = string | number | Date | null | undefined;

export interface Columna<F> {
  titulo: string;
  tipo: TipoColumna;
  /** Un método (no una propiedad): una planilla de filas F se pasa como `Planilla` sin más. */
  valor(fila: F): ValorCelda;
  /** Decimales fijos de una columna `numero` (sin esto, hasta 2). */
  decimales?: number;
}

/** Lo que se exporta: el nombre de la hoja, las columnas y las filas. */
export interface Planilla<F = unknown> {
  hoja: string;
  columnas: readonly Columna<F>[];
  filas: readonly F[];
}

/** Arma una planilla con el tipo de sus filas comprobado contra sus columnas. */
export function planilla<F>(p: Planilla<F>): Planilla<F> {
  return p;
}

export interface OpcionesPlanilla {
  /** Zona horaria de la escuela, para las columnas `fechaHora`. */
  zona: string;
}

/** Un texto que una planilla tomaría por fórmula. */
const PARECE_FORMULA = /^[=+\-@\t\r]/;

const FORMATO_FECHA = 'dd/mm/yyyy';
const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm';

/** Las partes de la hora de reloj de un instante en la zona (año, mes, día, hora, minuto). */
function horaDeReloj(instante: Date, zona: string) {
  const partes = new Intl.DateTimeFormat('en-CA', {
    timeZone: zona,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instante);
  const p = (t: string) => Number(partes.find((x) => x.type === t)?.value ?? 0);
  return { y: p('year'), m: p('month'), d: p('day'), h: p('hour'), min: p('minute') };
}

/** Un valor de fecha como año, mes y día (null si no es una fecha válida). */
function fechaDe(v: ValorCelda, zona: string): { y: number; m: number; d: number } | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : horaDeReloj(v, zona);
  if (typeof v !== 'string') return null;
  const r = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return r ? { y: Number(r[1]), m: Number(r[2]), d: Number(r[3]) } : null;
}

function instanteDe(v: ValorCelda): Date | null {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** Un número con coma decimal y sin separador de miles (lo que Excel en castellano lee). */
function numeroCsv(n: number, decimales?: number): string {
  const t = decimales != null ? n.toFixed(decimales) : String(Math.round(n * 100) / 100);
  return t.replace('.', ',');
}

/** El texto de una celda en el .csv. */
export function valorCsv<F>(c: Columna<F>, v: ValorCelda, opciones: OpcionesPlanilla): string {
  if (v == null || v === '') return '';
  switch (c.tipo) {
    case 'fecha': {
      const f = fechaDe(v, opciones.zona);
      return f ? `${dos(f.d)}/${dos(f.m)}/${f.y}` : String(v);
    }
    case 'fechaHora': {
      const i = instanteDe(v);
      if (!i) return String(v);
      const h = horaDeReloj(i, opciones.zona);
      return `${dos(h.d)}/${dos(h.m)}/${h.y} ${dos(h.h)}:${dos(h.min)}`;
    }
    case 'numero':
    case 'entero':
    case 'nota':
      return typeof v === 'number'
        ? numeroCsv(v, c.tipo === 'entero' ? 0 : c.decimales)
        : String(v);
    default:
      return v instanceof Date ? v.toISOString() : String(v);
  }
}

/** El .csv de la planilla: encabezado y filas (';', BOM, CRLF, sin fórmulas). */
export function planillaCsv<F>(p: Planilla<F>, opciones: OpcionesPlanilla): string {
  return archivoCsv(
    p.columnas.map((c) => c.titulo),
    p.filas.map((f) => p.columnas.map((c) => valorCsv(c, c.valor(f), opciones))),
  );
}

/** El formato de número de una celda numérica. */
function formatoNumero<F>(c: Columna<F>, n: number): string {
  if (c.tipo === 'entero') return '0';
  if (c.decimales != null) return c.decimales > 0 ? `0.${'0'.repeat(c.decimales)}` : '0';
  return Number.isInteger(n) ? '0' : '0.0#';
}

/** El nombre de una hoja como lo acepta Excel: sin : \ / ? * [ ], de 1 a 31 caracteres. */
export function nombreDeHoja(nombre: string): string {
  const limpio = nombre
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (limpio || 'Hoja 1').slice(0, 31).trim();
}

/** Lo que se ve de un valor, para el ancho de la columna. */
const largoVisible = (t: string) => Math.max(...t.split('\n').map((l) => l.length));

/**
 * El .xlsx de la planilla: una hoja con el encabezado en negrita y fijo, autofiltro, anchos según
 * el contenido y cada celda con su tipo (fechas como fechas de Excel, números como números).
 */
export async function planillaXlsx<F>(p: Planilla<F>, opciones: OpcionesPlanilla): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Portal escolar';
  const hoja = libro.addWorksheet(nombreDeHoja(p.hoja), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const anchos = p.columnas.map((c) => c.titulo.length);
  const encabezado = hoja.addRow(p.columnas.map((c) => c.titulo));
  encabezado.font = { bold: true };
  encabezado.eachCell((celda) => {
    celda.numFmt = '@';
  });
  for (const fila of p.filas) {
    const r = hoja.addRow([]);
    p.columnas.forEach((c, i) => {
      const celda = r.getCell(i + 1);
      const v = c.valor(fila);
      if (v == null || v === '') return;
      const visible = valorCsv(c, v, opciones);
      anchos[i] = Math.max(anchos[i]!, largoVisible(visible));
      if (c.tipo === 'fecha') {
        const f = fechaDe(v, opciones.zona);
        if (f) {
          celda.value = new Date(Date.UTC(f.y, f.m - 1, f.d));
          celda.numFmt = FORMATO_FECHA;
          return;
        }
      } else if (c.tipo === 'fechaHora') {
        const i = instanteDe(v);
        if (i) {
          const h = horaDeReloj(i, opciones.zona);
          // Excel no tiene zonas: la hora de reloj de la escuela, guardada como si fuera UTC.
          celda.value = new Date(Date.UTC(h.y, h.m - 1, h.d, h.h, h.min));
          celda.numFmt = FORMATO_FECHA_HORA;
          return;
        }
      } else if (c.tipo !== 'texto' && typeof v === 'number' && Number.isFinite(v)) {
        celda.value = v;
        celda.numFmt = formatoNumero(c, v);
        return;
      }
      const texto = v instanceof Date ? visible : String(v);
      celda.value = texto;
      // Un texto que parece fórmula queda con formato de texto: Excel no lo evalúa ni al editarlo.
      if (PARECE_FORMULA.test(texto)) celda.numFmt = '@';
    });
  }
  p.columnas.forEach((_, i) => {
    hoja.getColumn(i + 1).width = Math.min(60, Math.max(8, anchos[i]! + 2));
  });
  if (p.columnas.length > 0)
    hoja.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: 1 + p.filas.length, column: p.columnas.length },
    };
  return Buffer.from(await libro.xlsx.writeBuffer());
}

/**
 * Una parte del nombre del archivo: sin tildes, '°' ni signos, y un guion entre palabras
 * ('3° 1°' → '3-1', '5° Electrónica' → '5-Electronica', 'Pérez, Ana' → 'Perez-Ana').
 */
export function parteDeNombre(texto: string): string {
  return texto
    .normalize('NFKD')
    .replace(/[\u0300-\u036f°ºª]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
