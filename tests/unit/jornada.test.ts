/** Jornada cultural y deportiva (issue 17 §1): horario, máscara de elegibilidad y estados. */
import {
  BIT_MUJERES,
  BIT_VARONES,
  ErrorJornada,
  cuposLibres,
  datosDeMascara,
  describirMascara,
  esElegible,
  estadoActividad,
  mascaraDe,
  problemaDeHorario,
  problemaDeMascara,
  type Genero,
} from '@/domain/jornada';

describe('el horario de la jornada: de 07:30 a 14:00, comienzo antes del fin', () => {
  test.each([
    ['07:30', '14:00', null],
    ['08:00', '09:30', null],
    ['07:29', '09:00', ErrorJornada.horario],
    ['13:00', '14:01', ErrorJornada.horario],
    ['10:00', '10:00', ErrorJornada.horario],
    ['11:00', '10:00', ErrorJornada.horario],
    ['7:30', '09:00', ErrorJornada.hora],
    ['08:00', '24:00', ErrorJornada.hora],
    ['08:60', '09:00', ErrorJornada.hora],
  ])('%s a %s → %s', (comienzo, fin, problema) => {
    expect(problemaDeHorario(comienzo, fin)).toBe(problema);
  });
});

describe('la máscara: un bit por año (1° es el bit 0), bit 6 mujeres, bit 7 varones', () => {
  test.each([
    [{ anios: [1], mujeres: false, varones: false }, 0b1],
    [{ anios: [1, 2, 3], mujeres: true, varones: true }, 0b11000111],
    [{ anios: [6], mujeres: true, varones: false }, 0b1100000],
    [{ anios: [4, 5], mujeres: false, varones: true }, 0b10011000],
    [{ anios: [7, 0], mujeres: false, varones: false }, 0],
  ])('%j → %i', (datos, mascara) => {
    expect(mascaraDe(datos)).toBe(mascara);
    if (mascara)
      expect(datosDeMascara(mascara).anios).toEqual(datos.anios.filter((a) => a <= 6 && a >= 1));
  });

  test.each([
    [0b11000111, null],
    [0b00000111, ErrorJornada.sinGenero],
    [BIT_MUJERES | BIT_VARONES, ErrorJornada.sinAnios],
    [0, ErrorJornada.mascara],
    [256, ErrorJornada.mascara],
    [1.5, ErrorJornada.mascara],
  ])('problemaDeMascara(%i) = %s', (m, p) => {
    expect(problemaDeMascara(m)).toBe(p);
  });

  test.each([
    [0b11000111, '1°, 2° y 3° años · mujeres y varones'],
    [0b1100000, '6° año · mujeres'],
    [0b10011000, '4° y 5° años · varones'],
  ])('describirMascara(%i) = %s', (m, texto) => {
    expect(describirMascara(m)).toBe(texto);
  });
});

describe('quién puede elegir', () => {
  const todos = mascaraDe({ anios: [1, 2, 3, 4, 5, 6], mujeres: true, varones: true });
  const mujeresDe5 = mascaraDe({ anios: [5], mujeres: true, varones: false });
  test.each<[number, number | null, Genero, boolean]>([
    [todos, 3, 'Femenino', true],
    [todos, 6, 'Masculino', true],
    [todos, null, 'Femenino', false],
    [mujeresDe5, 5, 'Femenino', true],
    [mujeresDe5, 5, 'Masculino', false],
    [mujeresDe5, 4, 'Femenino', false],
    [mujeresDe5, 5, 'Otro', true],
    [mujeresDe5, 5, null, true],
    [mujeresDe5, 2, 'Otro', false],
  ])('máscara %i, %s° año, %s → %s', (m, anio, genero, ok) => {
    expect(esElegible(m, { anio, genero })).toBe(ok);
  });
});

describe('estado de una actividad para el alumno', () => {
  test.each([
    [{ id: 1, cupos: 10, elegidos: 3, elegida: null }, 'disponible'],
    [{ id: 1, cupos: 10, elegidos: 10, elegida: null }, 'sinCupos'],
    [{ id: 1, cupos: 10, elegidos: 12, elegida: null }, 'sinCupos'],
    [{ id: 1, cupos: 10, elegidos: 10, elegida: 1 }, 'elegida'],
    [{ id: 1, cupos: 10, elegidos: 3, elegida: 2 }, 'bloqueada'],
  ] as const)('%j → %s', (p, estado) => {
    expect(estadoActividad(p)).toBe(estado);
  });
  test('cupos libres nunca negativos', () => {
    expect(cuposLibres(5, 2)).toBe(3);
    expect(cuposLibres(5, 7)).toBe(0);
  });
});

describe('los mensajes con la cantidad de anotados: singular con 1', () => {
  test.each([
    [1, 'La actividad tiene 1 alumno anotado: no se puede borrar.'],
    [3, 'La actividad tiene 3 alumnos anotados: no se puede borrar.'],
  ])('no se borra con %p', (n, mensaje) => {
    expect(ErrorJornada.conElegidos(n)).toBe(mensaje);
  });
  test.each([
    [1, 'La actividad tiene 1 alumno anotado: los cupos no pueden ser menos.'],
    [12, 'La actividad tiene 12 alumnos anotados: los cupos no pueden ser menos.'],
  ])('cupos por debajo de %p anotados', (n, mensaje) => {
    expect(ErrorJornada.menosCupos(n)).toBe(mensaje);
  });
});
