import {
  MENSAJE_ANIO_CORTO,
  MENSAJE_FORMATO_FECHA,
  MENSAJE_FORMATO_HORA,
  leerFecha,
  leerHora,
  textoDeFecha,
} from '@/domain/fechas-entrada';

// issue 32 §9: fechas dd/mm/aaaa y horas de 24 h, sea cual sea el idioma del navegador.
describe('leerFecha: lo escrito en un campo de fecha', () => {
  test.each([
    ['28/11/2026', '2026-11-28'],
    ['1/3/2026', '2026-03-01'],
    ['01/03/2026', '2026-03-01'],
    ['1-3-2026', '2026-03-01'],
    ['28-11-2026', '2026-11-28'],
    ['28.11.2026', '2026-11-28'],
    ['28 11 2026', '2026-11-28'],
    ['  28  11   2026 ', '2026-11-28'],
    ['28112026', '2026-11-28'],
    ['01032026', '2026-03-01'],
    ['2026-11-28', '2026-11-28'],
    ['29/2/2024', '2024-02-29'],
    ['31/12/1999', '1999-12-31'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (texto, valor) => {
    expect(leerFecha(texto)).toEqual({ ok: true, valor });
  });

  test.each([
    ['31/02/2026', 'El 31/02/2026 no existe en el calendario.'],
    ['29/2/2026', 'El 29/02/2026 no existe en el calendario.'],
    ['0/3/2026', 'El 00/03/2026 no existe en el calendario.'],
    ['1/13/2026', 'El 01/13/2026 no existe en el calendario.'],
    ['32012026', 'El 32/01/2026 no existe en el calendario.'],
    ['2026-02-30', 'El 30/02/2026 no existe en el calendario.'],
    ['1/3/26', MENSAJE_ANIO_CORTO],
    ['1.3.95', MENSAJE_ANIO_CORTO],
    ['1/3/202', MENSAJE_FORMATO_FECHA],
    ['1/3/20260', MENSAJE_FORMATO_FECHA],
    ['1/3-2026', MENSAJE_FORMATO_FECHA],
    ['1/3', MENSAJE_FORMATO_FECHA],
    ['11/28/2026 PM', MENSAJE_FORMATO_FECHA],
    ['hoy', MENSAJE_FORMATO_FECHA],
    ['2811 2026', MENSAJE_FORMATO_FECHA],
    ['281126', MENSAJE_FORMATO_FECHA],
    ['2026/11/28', MENSAJE_FORMATO_FECHA],
    ['001/3/2026', MENSAJE_FORMATO_FECHA],
  ])('%p → %p', (texto, mensaje) => {
    expect(leerFecha(texto)).toEqual({ ok: false, mensaje });
  });

  test('en inglés el mes va primero: 11/28/2026 no existe (no se da vuelta en silencio)', () => {
    expect(leerFecha('11/28/2026')).toEqual({
      ok: false,
      mensaje: 'El 11/28/2026 no existe en el calendario.',
    });
  });

  test.each([
    ['13/11/2026', { minima: '2026-11-13', maxima: '2026-11-28' }, '2026-11-13'],
    ['28/11/2026', { minima: '2026-11-13', maxima: '2026-11-28' }, '2026-11-28'],
    ['1/1/2000', { maxima: '2026-11-28' }, '2000-01-01'],
    ['1/1/2030', { minima: '2026-11-28' }, '2030-01-01'],
  ])('%p dentro de %p', (texto, limites, valor) => {
    expect(leerFecha(texto, limites)).toEqual({ ok: true, valor });
  });

  test.each([
    [
      '12/11/2026',
      { minima: '2026-11-13', maxima: '2026-11-28' },
      'Elija una fecha entre el 13/11/2026 y el 28/11/2026.',
    ],
    [
      '29/11/2026',
      { minima: '2026-11-13', maxima: '2026-11-28' },
      'Elija una fecha entre el 13/11/2026 y el 28/11/2026.',
    ],
    ['29/11/2026', { maxima: '2026-11-28' }, 'Elija una fecha hasta el 28/11/2026.'],
    ['27/11/2026', { minima: '2026-11-28' }, 'Elija una fecha desde el 28/11/2026.'],
  ])('%p fuera de %p', (texto, limites, mensaje) => {
    expect(leerFecha(texto, limites)).toEqual({ ok: false, mensaje });
  });

  test('vacío no es un error aunque haya límites', () => {
    expect(leerFecha('', { minima: '2026-11-13', maxima: '2026-11-28' })).toEqual({
      ok: true,
      valor: null,
    });
  });

  test.each([
    ['2026-11-28', '28/11/2026'],
    ['2026-03-01', '01/03/2026'],
    ['', ''],
    [null, ''],
  ])('textoDeFecha(%p) → %p', (fecha, texto) => {
    expect(textoDeFecha(fecha)).toBe(texto);
  });
});

describe('leerHora: lo escrito en un campo de hora (24 h)', () => {
  test.each([
    ['9', '09:00'],
    ['09', '09:00'],
    ['0', '00:00'],
    ['23', '23:00'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9:30', '09:30'],
    ['09:30', '09:30'],
    ['09.30', '09:30'],
    ['9.30', '09:30'],
    ['21:05', '21:05'],
    ['2105', '21:05'],
    ['21:30', '21:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['  7:45 ', '07:45'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (texto, valor) => {
    expect(leerHora(texto)).toEqual({ ok: true, valor });
  });

  test.each([
    '24:00',
    '24',
    '2400',
    '25:10',
    '12:60',
    '960',
    '9:5',
    '9:300',
    '09:30:00',
    '12345',
    '9:30 AM',
    '09:00 PM',
    '9 30',
    'nueve',
    '-1',
    ':30',
  ])('%p se rechaza', (texto) => {
    expect(leerHora(texto)).toEqual({ ok: false, mensaje: MENSAJE_FORMATO_HORA });
  });

  test.each([
    ['7:30', '07:30'],
    ['14', '14:00'],
    ['1000', '10:00'],
  ])('%p dentro de 07:30–14:00 → %p', (texto, valor) => {
    expect(leerHora(texto, { minima: '07:30', maxima: '14:00' })).toEqual({ ok: true, valor });
  });

  test.each([
    ['7:29', { minima: '07:30', maxima: '14:00' }, 'Elija una hora entre las 07:30 y las 14:00.'],
    ['14:01', { minima: '07:30', maxima: '14:00' }, 'Elija una hora entre las 07:30 y las 14:00.'],
    ['7', { minima: '07:30' }, 'Elija una hora desde las 07:30.'],
    ['15', { maxima: '14:00' }, 'Elija una hora hasta las 14:00.'],
  ])('%p fuera de %p', (texto, limites, mensaje) => {
    expect(leerHora(texto, limites)).toEqual({ ok: false, mensaje });
  });
});
