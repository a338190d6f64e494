/**
 * Textos para personas (es-AR): los números con coma decimal (issue 11 §9: "1,5 / 30", no
 * "1.5 / 30"), las fechas y la comparación sin acentos.
 */
import { cantidad, diaYMes, fechaLegible, numero, sinAcentos } from '@/domain/texto';

describe('numero: es-AR', () => {
  test.each([
    [0, undefined, '0'],
    [1, undefined, '1'],
    [1.5, undefined, '1,5'],
    [0.5, undefined, '0,5'],
    [-0.5, undefined, '-0,5'],
    [12.5, undefined, '12,5'],
    [7.25, undefined, '7,25'],
    [2 / 3, undefined, '0,67'],
    [12345, undefined, '12.345'],
    [1234.5, undefined, '1.234,5'],
    [7.5, 2, '7,50'],
    [7, 2, '7,00'],
    [7.125, 2, '7,13'],
    [23 / 3, 2, '7,67'],
    [10, 2, '10,00'],
    [1.45, 1, '1,5'],
    [3, 0, '3'],
  ] as const)('numero(%p, %p) → %p', (n, decimales, texto) => {
    expect(numero(n, decimales)).toBe(texto);
  });

  test('el mismo formateador se reusa (con y sin decimales no se mezclan)', () => {
    expect([numero(1.5), numero(1.5, 2), numero(1.5)]).toEqual(['1,5', '1,50', '1,5']);
  });
});

describe('cantidad: singular sólo con 1', () => {
  test.each([
    [0, '0 alumnos'],
    [1, '1 alumno'],
    [2, '2 alumnos'],
    [1.5, '1,5 alumnos'],
    [0.5, '0,5 alumnos'],
    [1234, '1.234 alumnos'],
  ])('%p → %p', (n, esperado) => {
    expect(cantidad(n, 'alumno', 'alumnos')).toBe(esperado);
  });
});

describe('fechas y búsqueda', () => {
  test('fechaLegible y diaYMes', () => {
    expect(fechaLegible('2026-03-09')).toBe('09/03/2026');
    expect(diaYMes('2026-03-09')).toBe('09/03');
  });
  test('sinAcentos', () => {
    expect(sinAcentos('Núñez Güemes')).toBe('nunez guemes');
  });
});
