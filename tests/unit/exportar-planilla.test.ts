/**
 * La ayuda de exportación (issue 34 §2): el .xlsx con los tipos de cada celda (fechas como
 * fechas, números como números, notas con su formato), encabezado en negrita y fijo, autofiltro;
 * el .csv como lo lee Excel en castellano (';', BOM, CRLF, coma decimal, dd/mm/aaaa); ningún
 * texto se vuelve fórmula en ninguno de los dos.
 */
import { leerCsv } from '@/domain/csv';
import {
  nombreDeHoja,
  parteDeNombre,
  planilla,
  planillaCsv,
  planillaXlsx,
  valorCsv,
  type Columna,
} from '@/server/exportacion/planilla';
import { leerXlsx } from '../fixtures/xlsx';

const ZONA = 'America/Argentina/Buenos_Aires';
const op = { zona: ZONA };

interface Fila {
  nombre: string;
  fecha: string | null;
  cuando: Date;
  cantidad: number;
  nota: number | string | null;
  promedio: number;
}

const FILAS: Fila[] = [
  {
    nombre: 'Pérez, Ana',
    fecha: '2026-03-05',
    cuando: new Date('2026-03-05T13:07:00Z'),
    cantidad: 3,
    nota: 7,
    promedio: 6.5,
  },
  {
    nombre: '=HYPERLINK("http://x","y")',
    fecha: null,
    cuando: new Date('2026-12-31T23:30:00Z'),
    cantidad: 12345,
    nota: 'A',
    promedio: 7.256,
  },
  {
    nombre: '+54 11',
    fecha: '2026-11-28',
    cuando: new Date('2026-01-01T03:00:00Z'),
    cantidad: 0,
    nota: 6.5,
    promedio: 1 / 3,
  },
  {
    nombre: '-1',
    fecha: '2026-07-09',
    cuando: new Date('2026-07-09T12:00:00Z'),
    cantidad: 1.5,
    nota: null,
    promedio: 0,
  },
  {
    nombre: '@SUMA(A1)',
    fecha: '2026-01-02',
    cuando: new Date('2026-01-02T12:00:00Z'),
    cantidad: 2,
    nota: 10,
    promedio: 10,
  },
];

const COLUMNAS: Columna<Fila>[] = [
  { titulo: 'Alumno', tipo: 'texto', valor: (f) => f.nombre },
  { titulo: 'Fecha', tipo: 'fecha', valor: (f) => f.fecha },
  { titulo: 'Cargada', tipo: 'fechaHora', valor: (f) => f.cuando },
  { titulo: 'Cantidad', tipo: 'numero', valor: (f) => f.cantidad },
  { titulo: 'Nota', tipo: 'nota', valor: (f) => f.nota },
  { titulo: 'Promedio', tipo: 'numero', decimales: 2, valor: (f) => f.promedio },
  { titulo: 'Entero', tipo: 'entero', valor: (f) => Math.round(f.cantidad) },
];

const P = planilla({ hoja: 'Prueba: 3° 1° [2026]', columnas: COLUMNAS, filas: FILAS });

describe('xlsx', () => {
  test('tipos de celda: fechas, números y notas como números; textos como textos', async () => {
    const h = await leerXlsx(await planillaXlsx(P, op));
    expect(h.encabezado).toEqual(COLUMNAS.map((c) => c.titulo));
    expect(h.filas).toHaveLength(FILAS.length);
    // Fecha sin hora; la fecha y hora en la hora de reloj de la escuela (UTC-3).
    expect(h.filas[0]).toEqual(['Pérez, Ana', '2026-03-05', '2026-03-05T10:07', 3, 7, 6.5, 3]);
    expect(h.filas[1]![1]).toBeNull();
    expect(h.filas[1]![2]).toBe('2026-12-31T20:30');
    expect(h.filas[1]![4]).toBe('A');
    expect(h.filas[2]![2]).toBe('2026-01-01');
    expect(h.filas[2]![4]).toBe(6.5);
    expect(h.filas[3]![4]).toBeNull();
    expect(h.formatos[0]!.slice(1, 7)).toEqual([
      'dd/mm/yyyy',
      'dd/mm/yyyy hh:mm',
      '0',
      '0',
      '0.00',
      '0',
    ]);
    expect(h.formatos[2]![4]).toBe('0.0#');
  });

  test('ninguna celda es fórmula; los textos que lo parecen quedan con formato de texto', async () => {
    const datos = await planillaXlsx(P, op);
    const h = await leerXlsx(datos);
    expect(h.formulas).toEqual([]);
    expect(h.filas.map((f) => f[0])).toEqual(FILAS.map((f) => f.nombre));
    expect(h.formatos.slice(1).map((f) => f[0])).toEqual(['@', '@', '@', '@']);
    expect(h.formatos[0]![0]).not.toBe('@');
  });

  test('encabezado en negrita y fijo, autofiltro y nombre de hoja válido', async () => {
    const h = await leerXlsx(await planillaXlsx(P, op));
    expect(h.encabezadoEnNegrita).toBe(true);
    expect(h.filasFijas).toBe(1);
    expect(h.autofiltro).toBe(true);
    expect(h.nombre).toBe('Prueba 3° 1° 2026');
  });

  test('sin filas: sólo el encabezado', async () => {
    const h = await leerXlsx(await planillaXlsx({ ...P, filas: [] }, op));
    expect(h.encabezado).toEqual(COLUMNAS.map((c) => c.titulo));
    expect(h.filas).toEqual([]);
  });
});

describe('csv', () => {
  const texto = planillaCsv(P, op);

  test("BOM, ';', CRLF", () => {
    expect(texto.startsWith('\ufeffAlumno;Fecha;Cargada;Cantidad;Nota;Promedio;Entero\r\n')).toBe(
      true,
    );
    expect(texto.endsWith('\r\n')).toBe(true);
    expect(texto.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  test('coma decimal, fechas dd/mm/aaaa, sin separador de miles', () => {
    const filas = leerCsv(texto);
    expect(filas[1]).toEqual([
      'Pérez, Ana',
      '05/03/2026',
      '05/03/2026 10:07',
      '3',
      '7',
      '6,50',
      '3',
    ]);
    expect(filas[2]!.slice(1, 7)).toEqual(['', '31/12/2026 20:30', '12345', 'A', '7,26', '12345']);
    expect(filas[3]![4]).toBe('6,5');
    expect(filas[3]![5]).toBe('0,33');
    expect(filas[4]![3]).toBe('1,5');
    expect(filas[4]![6]).toBe('2');
  });

  test('guarda contra fórmulas: un apóstrofo delante de = + - @', () => {
    const filas = leerCsv(texto);
    expect(filas.slice(2).map((f) => f[0])).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'+54 11",
      "'-1",
      "'@SUMA(A1)",
    ]);
  });

  test('un número negativo en una columna numérica no es texto', () => {
    expect(valorCsv({ titulo: 'x', tipo: 'numero', valor: () => -1.5 }, -1.5, op)).toBe('-1,5');
  });
});

test.each([
  ['3° 1°', '3-1'],
  ['5° Electrónica', '5-Electronica'],
  ['Pérez, Ana María', 'Perez-Ana-Maria'],
])('parteDeNombre(%j) = %j', (t, esperado) => expect(parteDeNombre(t)).toBe(esperado));

test.each([
  ['a/b\\c?d*e[f]g:h', 'a b c d e f g h'],
  ['', 'Hoja 1'],
  ['x'.repeat(40), 'x'.repeat(31)],
])('nombreDeHoja(%j)', (t, esperado) => expect(nombreDeHoja(t)).toBe(esperado));
