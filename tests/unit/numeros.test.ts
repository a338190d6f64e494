import {
  MENSAJE_ENTERO,
  MENSAJE_ENTERO_CON_MILES,
  MENSAJE_NO_ES_NUMERO,
  MENSAJE_SEPARADORES,
  leerDecimal,
  leerEntero,
  textoDeCampo,
  textoDeEntero,
} from '@/domain/numeros';
import { leerCantidad } from '@/domain/medidas';

// issue 32 §1: coma y punto son el separador decimal; nunca se descarta uno en silencio.
describe('leerDecimal: lo escrito en un campo con decimales', () => {
  test.each([
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['1', 1],
    ['1.', 1],
    ['1,', 1],
    [',5', 0.5],
    ['.5', 0.5],
    ['0', 0],
    ['15', 15],
    ['2.5', 2.5],
    ['  1,5  ', 1.5],
    ['-2,5', -2.5],
    ['1.234', 1.234],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [3, 3],
  ])('%p → %p', (texto, valor) => {
    expect(leerDecimal(texto)).toEqual({ ok: true, valor });
  });

  test.each([
    ['1.234,5', MENSAJE_SEPARADORES],
    ['1,234.5', MENSAJE_SEPARADORES],
    ['1..5', MENSAJE_SEPARADORES],
    ['1,,5', MENSAJE_SEPARADORES],
    ['1.5.', MENSAJE_SEPARADORES],
    ['abc', MENSAJE_NO_ES_NUMERO],
    ['1 5', MENSAJE_NO_ES_NUMERO],
    ['1, 5', MENSAJE_NO_ES_NUMERO],
    ['1.5 kg', MENSAJE_NO_ES_NUMERO],
    ['.', MENSAJE_NO_ES_NUMERO],
    [',', MENSAJE_NO_ES_NUMERO],
    ['-', MENSAJE_NO_ES_NUMERO],
    ['1e3', MENSAJE_NO_ES_NUMERO],
    ['0x10', MENSAJE_NO_ES_NUMERO],
    [NaN, MENSAJE_NO_ES_NUMERO],
    [Infinity, MENSAJE_NO_ES_NUMERO],
  ])('%p es un error: %p', (texto, mensaje) => {
    expect(leerDecimal(texto)).toEqual({ ok: false, mensaje });
  });

  test.each([
    [1.5, '1,5'],
    [15, '15'],
    [0, '0'],
    [-0, '0'],
  ])('textoDeCampo(%p) → %p', (n, texto) => {
    expect(textoDeCampo(n)).toBe(texto);
  });
});

describe('leerCantidad: la cantidad de una medida (spec 01 §5)', () => {
  test.each([
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['2.5', 2.5],
    ['1.3', 1.5],
    ['20', 15],
    ['', 0],
  ])('%p → %p', (texto, valor) => {
    expect(leerCantidad(texto)).toEqual({ ok: true, valor });
  });

  test.each(['1..5', '1.234,5', 'abc', '15 cosas'])('%p es un error, no 0 ni 15', (texto) => {
    expect(leerCantidad(texto).ok).toBe(false);
  });
});

// Los enteros (horas, cupos, cuotas, montos): un separador nunca se descarta en silencio.
describe('leerEntero: lo escrito en un campo de números enteros', () => {
  test.each([
    ['15', {}, 15],
    [' 3 ', {}, 3],
    ['0', {}, 0],
    ['007', {}, 7],
    ['', {}, null],
    [null, {}, null],
    [4, {}, 4],
    ['135000', { miles: true }, 135000],
    ['135.000', { miles: true }, 135000],
    ['1.500', { miles: true }, 1500],
    ['1.234.567', { miles: true }, 1234567],
    ['999', { miles: true }, 999],
  ])('%p %p → %p', (texto, opciones, valor) => {
    expect(leerEntero(texto, opciones)).toEqual({ ok: true, valor });
  });

  test.each([
    ['1.5', {}, MENSAJE_ENTERO],
    ['1,5', {}, MENSAJE_ENTERO],
    ['1.500', {}, MENSAJE_ENTERO],
    ['-2', {}, MENSAJE_ENTERO],
    ['1 5', {}, MENSAJE_ENTERO],
    ['abc', {}, MENSAJE_ENTERO],
    ['1e3', {}, MENSAJE_ENTERO],
    [1.5, {}, MENSAJE_ENTERO],
    [NaN, {}, MENSAJE_ENTERO],
    ['99999999999999999999', {}, MENSAJE_ENTERO],
    ['1500,50', { miles: true }, MENSAJE_ENTERO_CON_MILES],
    ['1.5', { miles: true }, MENSAJE_ENTERO_CON_MILES],
    ['1.50', { miles: true }, MENSAJE_ENTERO_CON_MILES],
    ['1.5000', { miles: true }, MENSAJE_ENTERO_CON_MILES],
    ['1500.000', { miles: true }, MENSAJE_ENTERO_CON_MILES],
    ['.500', { miles: true }, MENSAJE_ENTERO_CON_MILES],
  ])('%p %p es un error: %p', (texto, opciones, mensaje) => {
    expect(leerEntero(texto, opciones)).toEqual({ ok: false, mensaje });
  });

  test.each([
    [135000, true, '135.000'],
    [1500, true, '1.500'],
    [999, true, '999'],
    [1234567, true, '1.234.567'],
    [1500, false, '1500'],
  ])('textoDeEntero(%p, miles %p) → %p', (n, miles, texto) => {
    expect(textoDeEntero(n, { miles })).toBe(texto);
  });
});
