/** El calendario personal en iCalendar (issue 14 §10): escapes, plegado, zonas y el archivo. */
import {
  calendarioIcs,
  fechaHoraIcs,
  instanteEnZona,
  PATRON_TOKEN_CALENDARIO,
  plegar,
  textoIcs,
} from '@/domain/ics';

describe('textoIcs', () => {
  test.each([
    ['Matemática', 'Matemática'],
    ['Física; química, y más', 'Física\\; química\\, y más'],
    ['a\\b', 'a\\\\b'],
    ['una\nlínea\r\nmás\rotra', 'una\\nlínea\\nmás\\notra'],
    ['con\u0000NUL\u0007y\u001fcontrol', 'conNULycontrol'],
    ['tab\taquí', 'tab\taquí'],
  ])('%j → %j', (entrada, salida) => {
    expect(textoIcs(entrada)).toBe(salida);
  });
});

describe('plegar', () => {
  const octetos = (s: string) => new TextEncoder().encode(s).length;
  test.each([
    ['corta', 1],
    ['x'.repeat(75), 1],
    ['x'.repeat(76), 2],
    ['x'.repeat(75 + 74), 2],
    ['x'.repeat(75 + 75), 3],
    ['ñ'.repeat(40), 2],
    ['😀'.repeat(30), 2],
  ])('%#: cada línea cabe en 75 octetos y se recompone igual', (linea, lineas) => {
    const plegada = plegar(linea);
    const partes = plegada.split('\r\n');
    expect(partes).toHaveLength(lineas);
    for (const p of partes) expect(octetos(p)).toBeLessThanOrEqual(75);
    partes.slice(1).forEach((p) => expect(p.startsWith(' ')).toBe(true));
    expect(plegada.replace(/\r\n /g, '')).toBe(linea);
    // Nunca un carácter partido (ni un par sustituto): el texto sigue bien formado.
    expect(partes.every((p) => p.isWellFormed())).toBe(true);
  });
});

describe('instanteEnZona', () => {
  test.each([
    // Argentina: UTC−3 todo el año.
    ['2026-06-15', '07:30', 'America/Argentina/Cordoba', '2026-06-15T10:30:00.000Z'],
    ['2026-12-31', '22:10', 'America/Argentina/Cordoba', '2027-01-01T01:10:00.000Z'],
    ['2026-03-02', '00:00', 'UTC', '2026-03-02T00:00:00.000Z'],
    // Una zona con horario de verano, a uno y otro lado del cambio (29 de marzo de 2026).
    ['2026-03-28', '10:00', 'Europe/Madrid', '2026-03-28T09:00:00.000Z'],
    ['2026-03-30', '10:00', 'Europe/Madrid', '2026-03-30T08:00:00.000Z'],
  ])('%s %s en %s → %s', (fecha, hora, zona, iso) => {
    expect(instanteEnZona(fecha, hora, zona).toISOString()).toBe(iso);
  });

  test('fechaHoraIcs: UTC sin separadores ni milésimas', () => {
    expect(fechaHoraIcs(new Date('2026-06-15T10:30:05.123Z'))).toBe('20260615T103005Z');
  });
});

test.each([
  ['A'.repeat(43), true],
  ['aZ09_-'.repeat(7) + 'x', true],
  ['A'.repeat(42), false],
  ['A'.repeat(44), false],
  ['A'.repeat(42) + '/', false],
  ['A'.repeat(42) + '=', false],
])('PATRON_TOKEN_CALENDARIO %#', (token, valido) => {
  expect(PATRON_TOKEN_CALENDARIO.test(token)).toBe(valido);
});

describe('calendarioIcs', () => {
  const marca = new Date('2026-06-01T12:00:00Z');
  const ics = calendarioIcs({
    nombre: 'Evaluaciones de Ana',
    zona: 'America/Argentina/Cordoba',
    eventos: [
      {
        uid: 'evaluacion-1-alumno-2@portal-escolar',
        titulo: 'Evaluación de Matemática',
        descripcion: 'Matemática 4° 1°, turno mañana',
        lugar: 'Aula 12',
        fecha: '2026-06-18',
        inicio: '07:30',
        fin: '09:00',
        marca,
      },
      { uid: 'sin-hora', titulo: 'Evaluación de Taller', fecha: '2026-06-19', marca },
    ],
  });
  const lineas = ics.split('\r\n');

  test('empieza y termina el calendario, con CRLF y la última línea vacía', () => {
    expect(lineas[0]).toBe('BEGIN:VCALENDAR');
    expect(lineas.at(-2)).toBe('END:VCALENDAR');
    expect(lineas.at(-1)).toBe('');
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(lineas).toContain('VERSION:2.0');
    expect(lineas).toContain('X-WR-CALNAME:Evaluaciones de Ana');
    expect(lineas.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lineas.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
  });

  test('con hora: inicio y fin en UTC; el texto escapado', () => {
    expect(lineas).toContain('DTSTART:20260618T103000Z');
    expect(lineas).toContain('DTEND:20260618T120000Z');
    expect(lineas).toContain('DTSTAMP:20260601T120000Z');
    expect(lineas).toContain('DESCRIPTION:Matemática 4° 1°\\, turno mañana');
    expect(lineas).toContain('LOCATION:Aula 12');
  });

  test('sin hora: un evento de todo el día (el fin es el día siguiente, exclusivo)', () => {
    expect(lineas).toContain('DTSTART;VALUE=DATE:20260619');
    expect(lineas).toContain('DTEND;VALUE=DATE:20260620');
  });

  test('sin eventos: un calendario vacío válido', () => {
    const vacio = calendarioIcs({ nombre: 'Evaluaciones', zona: 'UTC', eventos: [] });
    expect(vacio).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(vacio).not.toContain('VEVENT');
  });
});
