import {
  MENSAJE_NO_ES_NUMERO,
  MENSAJE_SEPARADORES,
  leerDecimal,
  textoDeCampo,
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
