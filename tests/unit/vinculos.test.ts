/**
 * El código de vinculación que entrega la escuela (issue 31 §1) y la búsqueda de alumnos del
 * referente (§2): alfabeto, largo, bits, formato, lectura de lo que escribe la familia y las
 * palabras de una búsqueda.
 */
import {
  ALFABETO_CODIGO,
  avisoReferenteNuevo,
  BITS_CODIGO,
  formatearCodigo,
  generarCodigo,
  LARGO_CODIGO,
  normalizarCodigo,
  palabrasDeBusqueda,
  vinculoPendiente,
} from '@/domain/vinculos';

describe('el código de vinculación', () => {
  test('alfabeto de 32 símbolos sin los que se confunden; al menos 48 bits', () => {
    expect(new Set(ALFABETO_CODIGO).size).toBe(32);
    for (const c of '01OI') expect(ALFABETO_CODIGO).not.toContain(c);
    expect(LARGO_CODIGO).toBe(10);
    expect(BITS_CODIGO).toBe(50);
    expect(BITS_CODIGO).toBeGreaterThanOrEqual(48);
  });

  test.each([
    ['siempre el primer símbolo', () => 0, '2222222222'],
    ['siempre el último', (n: number) => n - 1, 'ZZZZZZZZZZ'],
  ])('generarCodigo: %s', (_, azar, esperado) => {
    expect(generarCodigo(azar)).toBe(esperado);
  });

  test('generarCodigo pide cada símbolo al azar con el tamaño del alfabeto', () => {
    const pedidos: number[] = [];
    const secuencia = [0, 1, 2, 3, 4, 5, 6, 7, 8, 31];
    const c = generarCodigo((n) => {
      pedidos.push(n);
      return secuencia[pedidos.length - 1]!;
    });
    expect(pedidos).toEqual(Array(10).fill(32));
    expect(c).toBe('23456789AZ');
  });

  test.each([
    ['ABCDEFGHJK', 'ABCDE-FGHJK'],
    ['2345678923', '23456-78923'],
  ])('formatearCodigo(%j) → %j', (codigo, visto) => {
    expect(formatearCodigo(codigo)).toBe(visto);
  });

  test.each([
    ['ABCDE-FGHJK', 'ABCDEFGHJK'],
    ['abcde-fghjk', 'ABCDEFGHJK'],
    [' abcde fghjk ', 'ABCDEFGHJK'],
    ['AB CD-EF GH-JK', 'ABCDEFGHJK'],
    ['abcde–fghjk', 'ABCDEFGHJK'],
    ['23456.78923', '2345678923'],
  ])('normalizarCodigo(%j) → %j', (escrito, guardado) => {
    expect(normalizarCodigo(escrito)).toBe(guardado);
  });

  test.each([
    ['', 'vacío'],
    ['ABCDE-FGHJ', 'corto'],
    ['ABCDE-FGHJKM', 'largo'],
    ['ABCDE-FGH0K', 'con cero'],
    ['ABCDE-FGH1K', 'con uno'],
    ['ABCDE-FGHOK', 'con O'],
    ['ABCDE-FGHIK', 'con I'],
    ['ABCDE-FGHÑK', 'con Ñ'],
    ['45123456', 'un DNI'],
  ])('normalizarCodigo(%j) → null (%s)', (escrito) => {
    expect(normalizarCodigo(escrito)).toBeNull();
  });
});

describe('las palabras de la búsqueda de alumnos del referente', () => {
  test.each([
    ['Domínguez', ['dominguez']],
    ['  PÉREZ  ', ['perez']],
    ['Tomás Domínguez', ['tomas', 'dominguez']],
    ['Ibáñez', ['ibanez']],
    ['Ana', ['ana']],
  ])('%j → %j', (q, palabras) => {
    expect(palabrasDeBusqueda(q)).toEqual(palabras);
  });

  test.each([
    ['', 'vacía'],
    ['Do', 'menos de 3 letras'],
    ['Tomás Do', 'una palabra corta'],
    ['%%%', 'sin letras'],
    ['a b c d e', 'palabras cortas'],
    ['uno dos tres cuatro cinco', 'más de 4 palabras'],
  ])('%j → null (%s)', (q) => {
    expect(palabrasDeBusqueda(q)).toBeNull();
  });
});

test('el aviso de un referente nuevo: "Nuevo referente vinculado: Apellido, Nombre, el dd/mm"', () => {
  expect(avisoReferenteNuevo({ apellido: 'Paz', nombre: 'Elena' }, '2026-03-05')).toBe(
    'Nuevo referente vinculado: Paz, Elena, el 05/03',
  );
  expect(avisoReferenteNuevo({ apellido: 'Paz', nombre: 'Elena' }, '2026-11-28', 'Tomás')).toBe(
    'Nuevo referente vinculado (de Tomás): Paz, Elena, el 28/11',
  );
});

test('el aviso de un vínculo pendiente nombra al alumno', () => {
  expect(vinculoPendiente('Domínguez, Valentina')).toBe(
    'Domínguez, Valentina: el vínculo quedó pendiente de confirmación por la escuela.',
  );
});
