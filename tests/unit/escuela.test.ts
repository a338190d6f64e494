import {
  ESPECIALIDAD_BASICO,
  PRIMER_CICLO_LECTIVO,
  ZONA_HORARIA_POR_DEFECTO,
  ciclosLectivos,
  cicloLectivoActual,
  cicloLectivoValido,
  esCicloBasico,
  esCorreoGoogle,
  especialidadDe,
  hoyEscolar,
  mismaHoraEnFecha,
  nombreAnio,
  nombreCompleto,
  nombreCurso,
  nombreCursoLargo,
  nombreDivision,
  normalizarEmail,
  numeroEnPalabras,
  partesEnZona,
  partirTelefono,
  turnoDe,
  unirTelefono,
} from '@/domain/escuela';

const Z = ZONA_HORARIA_POR_DEFECTO;

describe('zona horaria', () => {
  test('por defecto es America/Argentina/Cordoba', () => {
    expect(ZONA_HORARIA_POR_DEFECTO).toBe('America/Argentina/Cordoba');
  });

  test('la zona se recibe: la misma hora es otro día en UTC', () => {
    expect(hoyEscolar(new Date('2026-01-01T02:30:00Z'), 'UTC')).toBe('2026-01-01');
    expect(cicloLectivoActual(new Date('2026-01-01T02:30:00Z'), 'UTC')).toBe(2026);
    expect(hoyEscolar(new Date('2026-01-01T02:30:00Z'), Z)).toBe('2025-12-31');
  });

  test.each([
    // [instante UTC, año, mes, día, hora, minuto] en la escuela (UTC-3, sin horario de verano)
    ['2026-01-01T02:30:00Z', 2025, 12, 31, 23, 30],
    ['2026-01-01T03:00:00Z', 2026, 1, 1, 0, 0],
    ['2026-03-02T14:50:00Z', 2026, 3, 2, 11, 50],
    ['2026-07-15T12:00:00Z', 2026, 7, 15, 9, 0],
    ['2026-12-21T12:00:00Z', 2026, 12, 21, 9, 0],
    ['2024-02-29T02:59:00Z', 2024, 2, 28, 23, 59],
  ])('partesEnZona(%s) → %i-%i-%i %i:%i', (iso, anio, mes, dia, hora, minuto) => {
    expect(partesEnZona(new Date(iso), Z)).toEqual({ anio, mes, dia, hora, minuto });
  });

  test('lo guardado del último minuto no se mezcla entre zonas, minutos ni quien modifica el resultado', () => {
    const a = partesEnZona(new Date('2026-01-01T02:59:10Z'), Z);
    expect(a).toEqual({ anio: 2025, mes: 12, dia: 31, hora: 23, minuto: 59 });
    a.anio = 1999;
    // El mismo minuto (otros segundos), otra zona y de vuelta: cada uno lo suyo.
    expect(partesEnZona(new Date('2026-01-01T02:59:50Z'), Z).anio).toBe(2025);
    expect(partesEnZona(new Date('2026-01-01T02:59:50Z'), 'UTC')).toEqual({
      anio: 2026,
      mes: 1,
      dia: 1,
      hora: 2,
      minuto: 59,
    });
    expect(partesEnZona(new Date('2026-01-01T02:59:59.999Z'), Z).dia).toBe(31);
    // El minuto siguiente cambia el día en la escuela.
    expect(partesEnZona(new Date('2026-01-01T03:00:00Z'), Z)).toEqual({
      anio: 2026,
      mes: 1,
      dia: 1,
      hora: 0,
      minuto: 0,
    });
    // Un minuto anterior (el reloj que vuelve): se calcula de nuevo.
    expect(partesEnZona(new Date('2026-01-01T02:58:00Z'), Z).minuto).toBe(58);
    expect(() => partesEnZona(new Date('x'), Z)).toThrow(RangeError);
  });
});

describe('hoyEscolar y cicloLectivoActual (en la zona de la escuela)', () => {
  test.each([
    ['2026-01-01T02:30:00Z', '2025-12-31', 2025],
    ['2026-01-01T02:59:59Z', '2025-12-31', 2025],
    ['2026-01-01T03:00:00Z', '2026-01-01', 2026],
    ['2025-12-31T23:00:00Z', '2025-12-31', 2025],
    ['2026-03-02T02:00:00Z', '2026-03-01', 2026],
    ['2026-03-02T12:00:00Z', '2026-03-02', 2026],
    ['2024-03-01T01:00:00Z', '2024-02-29', 2024],
    ['2026-07-09T00:00:00Z', '2026-07-08', 2026],
    ['2021-01-01T03:00:00Z', '2021-01-01', 2021],
  ])('%s → hoy %s, ciclo %i', (iso, hoy, ciclo) => {
    expect(hoyEscolar(new Date(iso), Z)).toBe(hoy);
    expect(cicloLectivoActual(new Date(iso), Z)).toBe(ciclo);
  });

  test.each([
    ['UTC', '2026-01-01T02:30:00Z', '2026-01-01', 2026],
    ['America/Argentina/Buenos_Aires', '2026-01-01T02:30:00Z', '2025-12-31', 2025],
    ['Asia/Tokyo', '2025-12-31T16:00:00Z', '2026-01-01', 2026],
  ])('zona explícita %s: %s → %s / %i', (zona, iso, hoy, ciclo) => {
    expect(hoyEscolar(new Date(iso), zona)).toBe(hoy);
    expect(cicloLectivoActual(new Date(iso), zona)).toBe(ciclo);
  });
});

describe('mismaHoraEnFecha (el día fijo de las pruebas, con la hora real)', () => {
  test.each([
    // [zona, instante, fecha, resultado]: la misma hora de reloj de la zona, en la fecha.
    [Z, '2026-11-26T13:05:07.250Z', '2026-11-24', '2026-11-24T13:05:07.250Z'],
    [Z, '2026-11-24T13:05:07.250Z', '2026-11-24', '2026-11-24T13:05:07.250Z'],
    [Z, '2027-02-10T17:30:00Z', '2026-11-24', '2026-11-24T17:30:00.000Z'],
    // 23:30 del 31/12 en Córdoba (1/1 en UTC) → 23:30 del 24/11 en Córdoba (25/11 en UTC).
    [Z, '2027-01-01T02:30:00Z', '2026-11-24', '2026-11-25T02:30:00.000Z'],
    // 00:05 en Córdoba, hacia adelante y cruzando un 29 de febrero.
    [Z, '2023-12-01T03:05:00Z', '2024-03-01', '2024-03-01T03:05:00.000Z'],
    ['UTC', '2027-02-10T00:00:00Z', '2026-11-24', '2026-11-24T00:00:00.000Z'],
    // Con horario de verano: 10:30 de julio en Madrid (UTC+2) → 10:30 de noviembre (UTC+1).
    ['Europe/Madrid', '2026-07-15T08:30:00Z', '2026-11-24', '2026-11-24T09:30:00.000Z'],
    ['Europe/Madrid', '2026-11-24T09:30:00Z', '2026-07-15', '2026-07-15T08:30:00.000Z'],
    // 00:30 del 25/11 en Madrid (aún 24/11 en UTC) → 00:30 del 15/7 (14/7 en UTC).
    ['Europe/Madrid', '2026-11-24T23:30:00Z', '2026-07-15', '2026-07-14T22:30:00.000Z'],
  ])('%s: %s en %s → %s', (zona, iso, fecha, esperado) => {
    const r = mismaHoraEnFecha(new Date(iso), fecha, zona);
    expect(r.toISOString()).toBe(esperado);
    expect(hoyEscolar(r, zona)).toBe(fecha);
    expect(partesEnZona(r, zona).hora).toBe(partesEnZona(new Date(iso), zona).hora);
  });

  test.each(['2026-02-30', '24/11/2026', ''])('fecha inválida %p: lanza', (fecha) => {
    expect(() => mismaHoraEnFecha(new Date(), fecha, Z)).toThrow('Fecha inválida');
  });
});

describe('turnoDe (hasta 11:50 inclusive es Mañana)', () => {
  // Hora local de la escuela → instante UTC (local + 3 h).
  test.each([
    ['00:00', '2026-05-04T03:00:00Z', 'Mañana'],
    ['07:30', '2026-05-04T10:30:00Z', 'Mañana'],
    ['11:00', '2026-05-04T14:00:00Z', 'Mañana'],
    ['11:49', '2026-05-04T14:49:00Z', 'Mañana'],
    ['11:50', '2026-05-04T14:50:00Z', 'Mañana'],
    ['11:50:59', '2026-05-04T14:50:59Z', 'Mañana'],
    ['11:51', '2026-05-04T14:51:00Z', 'Tarde'],
    ['12:00', '2026-05-04T15:00:00Z', 'Tarde'],
    ['13:10', '2026-05-04T16:10:00Z', 'Tarde'],
    ['18:00', '2026-05-04T21:00:00Z', 'Tarde'],
    ['23:59', '2026-05-05T02:59:00Z', 'Tarde'],
  ])('%s local (%s) → %s', (_local, iso, turno) => {
    expect(turnoDe(new Date(iso), Z)).toBe(turno);
  });

  test('usa la zona de la escuela, no la del servidor: 11:51Z es 08:51 en Córdoba', () => {
    expect(turnoDe(new Date('2026-05-04T11:51:00Z'), Z)).toBe('Mañana');
    expect(turnoDe(new Date('2026-05-04T11:51:00Z'), 'UTC')).toBe('Tarde');
  });
});

describe('ciclos lectivos', () => {
  test('el primero es 2021', () => {
    expect(PRIMER_CICLO_LECTIVO).toBe(2021);
  });

  test.each([
    ['2021-06-01T12:00:00Z', [2021]],
    ['2023-06-01T12:00:00Z', [2021, 2022, 2023]],
    ['2026-06-01T12:00:00Z', [2021, 2022, 2023, 2024, 2025, 2026]],
    // Todavía es 31/12/2025 en la escuela.
    ['2026-01-01T02:30:00Z', [2021, 2022, 2023, 2024, 2025]],
    ['2026-01-01T03:00:00Z', [2021, 2022, 2023, 2024, 2025, 2026]],
  ])('ciclosLectivos(%s) → %p', (iso, esperado) => {
    expect(ciclosLectivos(new Date(iso), Z)).toEqual(esperado);
  });

  const AHORA_2026 = new Date('2026-06-01T12:00:00Z');
  test.each([
    [2021, true],
    [2022, true],
    [2025, true],
    [2026, true],
    [2020, false],
    [2027, false],
    [2022.5, false],
    [0, false],
    [-2026, false],
    [NaN, false],
    [Infinity, false],
  ])('cicloLectivoValido(%p) con año actual 2026 → %p', (anio, esperado) => {
    expect(cicloLectivoValido(anio, AHORA_2026, Z)).toBe(esperado);
  });

  test('el año siguiente no es válido hasta que empieza en la zona de la escuela', () => {
    expect(cicloLectivoValido(2026, new Date('2026-01-01T02:30:00Z'), Z)).toBe(false);
    expect(cicloLectivoValido(2026, new Date('2026-01-01T03:00:00Z'), Z)).toBe(true);
  });
});

describe('nombres de años y divisiones', () => {
  test.each([
    [1, 'Primero'],
    [2, 'Segundo'],
    [3, 'Tercero'],
    [4, 'Cuarto'],
    [5, 'Quinto'],
    [6, 'Sexto'],
  ])('nombreAnio(%i) → %s', (n, nombre) => {
    expect(nombreAnio(n)).toBe(nombre);
  });

  test.each([[0], [7], [-1], [2.5], [NaN]])('nombreAnio(%p) lanza', (n) => {
    expect(() => nombreAnio(n)).toThrow();
  });

  test.each([
    [1, 'Primera'],
    [2, 'Segunda'],
    [3, 'Tercera'],
    [4, 'Cuarta'],
    [5, 'Quinta'],
    [6, 'Sexta'],
    [7, 'Séptima'],
  ])('nombreDivision(%i) → %s', (n, nombre) => {
    expect(nombreDivision(n)).toBe(nombre);
  });

  test.each([[0], [8], [-1], [1.5], [NaN]])('nombreDivision(%p) lanza', (n) => {
    expect(() => nombreDivision(n)).toThrow();
  });
});

describe('ciclo básico y especialidad', () => {
  test('la especialidad del ciclo básico es "Básico"', () => {
    expect(ESPECIALIDAD_BASICO).toBe('Básico');
  });

  test.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
    [6, false],
    [0, false],
  ])('esCicloBasico(%i) → %p', (anio, esperado) => {
    expect(esCicloBasico(anio)).toBe(esperado);
  });

  test.each([
    [1, 'Electrónica', 'Básico'],
    [2, null, 'Básico'],
    [3, 'Construcciones', 'Básico'],
    [3, undefined, 'Básico'],
    [4, 'Electrónica', 'Electrónica'],
    [5, 'Construcciones', 'Construcciones'],
    [6, 'Electrónica', 'Electrónica'],
    [4, null, ''],
    [6, undefined, ''],
  ])('especialidadDe(%i, %p) → %p', (anio, esp, esperado) => {
    expect(especialidadDe(anio, esp)).toBe(esperado);
  });

  test.each([
    [{ anio: 2, division: 3, especialidad: null }, '2° 3°', 'Segundo año, Tercera división'],
    [{ anio: 1, division: 1, especialidad: 'Básico' }, '1° 1°', 'Primer año, Primera división'],
    [
      { anio: 3, division: 7, especialidad: 'Electrónica' },
      '3° 7°',
      'Tercer año, Séptima división',
    ],
    [
      { anio: 4, division: 1, especialidad: 'Electrónica' },
      '4° Electrónica',
      'Cuarto año, Electrónica',
    ],
    [
      { anio: 5, division: 2, especialidad: 'Construcciones' },
      '5° Construcciones',
      'Quinto año, Construcciones',
    ],
    [
      { anio: 6, division: 3, especialidad: 'Electrónica' },
      '6° Electrónica',
      'Sexto año, Electrónica',
    ],
    [{ anio: 4, division: 2, especialidad: null }, '4° 2°', 'Cuarto año, Segunda'],
  ])('curso %o → "%s" / "%s"', (curso, corto, largo) => {
    expect(nombreCurso(curso)).toBe(corto);
    expect(nombreCursoLargo(curso)).toBe(largo);
  });

  test.each([
    [{ anio: 0, division: 1, especialidad: null }],
    [{ anio: 7, division: 1, especialidad: 'Electrónica' }],
    [{ anio: 2, division: 8, especialidad: null }],
  ])('nombreCursoLargo(%o) lanza', (curso) => {
    expect(() => nombreCursoLargo(curso)).toThrow();
  });
});

describe('numeroEnPalabras', () => {
  test.each([
    [1, 'uno'],
    [2, 'dos'],
    [3, 'tres'],
    [4, 'cuatro'],
    [5, 'cinco'],
    [6, 'seis'],
    [7, 'siete'],
    [8, 'ocho'],
    [9, 'nueve'],
    [10, 'diez'],
  ])('%i → %s', (n, palabra) => {
    expect(numeroEnPalabras(n)).toBe(palabra);
  });

  test.each([[0], [11], [2.5], [-1], [NaN], [Infinity]])('%p lanza', (n) => {
    expect(() => numeroEnPalabras(n)).toThrow();
  });
});

describe('teléfonos', () => {
  test.each([
    ['341 4567890', '341', '4567890'],
    ['3414567890', '341', '4567890'],
    ['11 45678901', '11', '45678901'],
    ['4567890', '', '4567890'],
    ['3402 123456', '3402', '123456'],
    ['  341 4567890  ', '341', '4567890'],
    ['341  4567890', '341', '4567890'],
    ['0341 4567890', '0341', '4567890'],
    ['3424567890', '', '3424567890'],
    ['341', '341', ''],
    ['', '', ''],
    ['   ', '', ''],
    [null, '', ''],
    [undefined, '', ''],
  ])('partirTelefono(%p) → {%p, %p}', (tel, codigoArea, numero) => {
    expect(partirTelefono(tel)).toEqual({ codigoArea, numero });
  });

  test.each([
    ['341', '4567890', '341 4567890'],
    ['11', '45678901', '11 45678901'],
    [' 341 ', ' 4567890 ', '341 4567890'],
    ['', '4567890', '4567890'],
    ['', '', ''],
  ])('unirTelefono(%p, %p) → %p', (area, numero, esperado) => {
    expect(unirTelefono(area, numero)).toBe(esperado);
  });

  test.each([
    ['341', '4567890'],
    ['11', '45678901'],
    ['3402', '123456'],
    ['', '4567890'],
    ['', ''],
  ])('ida y vuelta: partirTelefono(unirTelefono(%p, %p))', (codigoArea, numero) => {
    expect(partirTelefono(unirTelefono(codigoArea, numero))).toEqual({ codigoArea, numero });
  });

  test.each([['341 4567890'], ['11 45678901'], ['4567890']])(
    'ida y vuelta: unirTelefono(partirTelefono(%p))',
    (tel) => {
      const { codigoArea, numero } = partirTelefono(tel);
      expect(unirTelefono(codigoArea, numero)).toBe(tel);
    },
  );

  test('"3414567890" se guarda como "341 4567890"', () => {
    const { codigoArea, numero } = partirTelefono('3414567890');
    expect(unirTelefono(codigoArea, numero)).toBe('341 4567890');
  });
});

describe('correos', () => {
  test.each([
    ['x@gmail.com', true],
    ['x@googlemail.com', true],
    ['X@GMAIL.COM', true],
    ['Nombre.Apellido@GoogleMail.Com', true],
    ['  x@gmail.com  ', true],
    ['x@escuela.test', false],
    ['x@gmail.com.ar', false],
    ['x@mail.gmail.com', false],
    ['x@gmailcom', false],
    ['gmail.com', false],
    ['@gmail.com', false],
    ['x@gmail.com@otro.test', false],
    ['x@', false],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
  ])('esCorreoGoogle(%p) → %p', (email, esperado) => {
    expect(esCorreoGoogle(email)).toBe(esperado);
  });

  test.each([
    ['  X@Gmail.COM ', 'x@gmail.com'],
    ['ana@escuela.test', 'ana@escuela.test'],
  ])('normalizarEmail(%p) → %p', (email, esperado) => {
    expect(normalizarEmail(email)).toBe(esperado);
  });
});

describe('nombreCompleto', () => {
  test.each([
    [{ apellido: 'Pérez', nombre: 'Ana' }, 'Pérez, Ana'],
    [{ apellido: 'Gómez Díaz', nombre: 'Juan Pablo' }, 'Gómez Díaz, Juan Pablo'],
  ])('%o → %s', (p, esperado) => {
    expect(nombreCompleto(p)).toBe(esperado);
  });
});
