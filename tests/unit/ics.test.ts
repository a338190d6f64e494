/** El calendario personal en iCalendar (issue 14 §10): escapes, plegado, zonas y el archivo. */
import {
  calendarioIcs,
  desplazamientoIcs,
  fechaHoraIcs,
  instanteEnZona,
  PATRON_TOKEN_CALENDARIO,
  plegar,
  primeraFechaDelDia,
  semanaIcs,
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

describe('la semana de un docente (issue 32 §5)', () => {
  test.each([
    // 2026-01-01 es jueves.
    ['2026-01-01', 4, '2026-01-01'],
    ['2026-01-01', 5, '2026-01-02'],
    ['2026-01-01', 1, '2026-01-05'],
    ['2026-01-01', 3, '2026-01-07'],
    ['2026-12-28', 6, '2027-01-02'],
    ['2024-02-26', 4, '2024-02-29'],
  ])('primeraFechaDelDia(%s, %i) → %s', (desde, dia, fecha) => {
    expect(primeraFechaDelDia(desde, dia)).toBe(fecha);
  });

  test.each([
    ['2026-03-02', 'America/Argentina/Cordoba', '-0300'],
    ['2026-03-02', 'UTC', '+0000'],
    ['2026-07-01', 'Europe/Madrid', '+0200'],
    ['2026-01-15', 'Asia/Kolkata', '+0530'],
  ])('desplazamientoIcs(%s, %s) → %s', (fecha, zona, texto) => {
    expect(desplazamientoIcs(fecha, zona)).toBe(texto);
  });

  const zona = 'America/Argentina/Cordoba';
  const ics = (clases: Parameters<typeof semanaIcs>[0]['clases'], hasta = '2026-12-31') =>
    semanaIcs({
      nombre: 'Horario 2026',
      zona,
      desde: '2026-01-01',
      hasta,
      marca: new Date('2026-06-15T12:00:00Z'),
      clases,
    });
  const eventos = (texto: string) =>
    texto
      .split('BEGIN:VEVENT\r\n')
      .slice(1)
      .map((e) => e.slice(0, e.indexOf('END:VEVENT')).trimEnd().split('\r\n'));

  test.each([
    // [día, inicio, fin, DTSTART local, DTEND local]
    [1, '07:30', '08:10', '20260105T073000', '20260105T081000'],
    [4, '18:10', '18:50', '20260101T181000', '20260101T185000'],
    [6, '11:10', '11:50', '20260103T111000', '20260103T115000'],
  ])(
    'día %i de %s a %s: semanal desde %s, hasta el fin del ciclo, en la hora de la escuela',
    (dia, inicio, fin, dtstart, dtend) => {
      const [e] = eventos(
        ics([
          {
            uid: `horario-cursado-7-dia-${dia}-bloque-1@portal-escolar`,
            titulo: 'Matemática 1° 1°',
            descripcion: '1° 1° · Matemática',
            lugar: 'Aula 3',
            dia,
            inicio,
            fin,
          },
        ]),
      );
      expect(e).toEqual([
        `UID:horario-cursado-7-dia-${dia}-bloque-1@portal-escolar`,
        'DTSTAMP:20260615T120000Z',
        `DTSTART;TZID=${zona}:${dtstart}`,
        `DTEND;TZID=${zona}:${dtend}`,
        // 31 de diciembre 23:59 en UTC−3.
        'RRULE:FREQ=WEEKLY;UNTIL=20270101T025900Z',
        'SUMMARY:Matemática 1° 1°',
        'DESCRIPTION:1° 1° · Matemática',
        'LOCATION:Aula 3',
      ]);
    },
  );

  test('la zona va declarada (VTIMEZONE con su desplazamiento); sin clases, un calendario válido', () => {
    const texto = ics([]);
    expect(texto.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Portal escolar//Horario//ES',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Horario 2026',
      `X-WR-TIMEZONE:${zona}`,
      'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
      'X-PUBLISHED-TTL:PT6H',
      'BEGIN:VTIMEZONE',
      `TZID:${zona}`,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-0300',
      'TZOFFSETTO:-0300',
      'END:STANDARD',
      'END:VTIMEZONE',
      'END:VCALENDAR',
      '',
    ]);
  });

  test('los días sin clases de su día de la semana y dentro del período van como EXDATE, a la hora del bloque', () => {
    const texto = semanaIcs({
      nombre: 'Horario 2026',
      zona,
      desde: '2026-03-01',
      hasta: '2026-12-15',
      marca: new Date('2026-06-15T12:00:00Z'),
      clases: [{ uid: 'lunes', titulo: 'Taller', dia: 1, inicio: '13:10', fin: '13:50' }],
      // Lunes 13/07 y 20/07 (receso), un martes, un lunes de febrero (fuera) y uno repetido.
      sinClases: ['2026-07-20', '2026-07-13', '2026-07-14', '2026-02-16', '2026-07-13'],
    });
    const [e] = eventos(texto);
    expect(e!.filter((l) => l.startsWith('EXDATE'))).toEqual([
      `EXDATE;TZID=${zona}:20260713T131000`,
      `EXDATE;TZID=${zona}:20260720T131000`,
    ]);
    expect(e).toContain(`DTSTART;TZID=${zona}:20260302T131000`);
  });

  test('un bloque que no cae en el período no se escribe; sin aula ni descripción, sin esas líneas', () => {
    const clase = (dia: number) => ({
      uid: `u${dia}`,
      titulo: 'Física; teoría, práctica',
      dia,
      inicio: '07:30',
      fin: '08:10',
    });
    // Del 1 al 2 de enero de 2026 (jueves y viernes): el lunes no cae.
    const e = eventos(ics([clase(1), clase(4)], '2026-01-02'));
    expect(e.map((x) => x[0])).toEqual(['UID:u4']);
    expect(e[0]).toContain('SUMMARY:Física\\; teoría\\, práctica');
    expect(e[0]).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260103T025900Z');
    expect(e[0]!.some((l) => l.startsWith('LOCATION') || l.startsWith('DESCRIPTION'))).toBe(false);
  });
});
