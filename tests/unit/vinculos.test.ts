/** El DNI que escribe la familia al declarar su vínculo con un alumno (issue 11, ítem 19). */
import { leerDni, vinculoPendiente } from '@/domain/vinculos';

describe('leerDni', () => {
  test.each([
    ['', null],
    ['   ', null],
    ['45123456', 45_123_456],
    ['45.123.456', 45_123_456],
    ['45 123 456', 45_123_456],
    ['7.654.321', 7_654_321],
  ])('%j → %p', (texto, dni) => {
    expect(leerDni(texto)).toBe(dni);
  });

  test.each(['123456', '123456789', '45-123-456', 'abc', '4512345a'])(
    '%j no es un DNI de 7 u 8 dígitos → NaN',
    (texto) => {
      expect(leerDni(texto)).toBeNaN();
    },
  );
});

test('el aviso de un vínculo pendiente nombra al alumno', () => {
  expect(vinculoPendiente('Domínguez, Valentina')).toBe(
    'Domínguez, Valentina: el vínculo quedó pendiente de confirmación por la escuela.',
  );
});
