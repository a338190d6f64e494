/**
 * Evaluaciones (spec 01 §4 slot meta, §9 countdown; issue 14 §8–§9): el estado de cada lugar, la
 * semana, y la cuenta regresiva con sus colores.
 */
import {
  cuentaRegresiva,
  cuentaResumen,
  estadoDeLugar,
  lunesDe,
  REGLAS_POR_DEFECTO,
  reglasDeConfiguracion,
  type EvaluacionDelCurso,
} from '@/domain/evaluaciones';

test.each([
  ['2026-06-15', '2026-06-15'],
  ['2026-06-18', '2026-06-15'],
  ['2026-06-21', '2026-06-15'],
  ['2026-06-22', '2026-06-22'],
  ['2026-03-01', '2026-02-23'],
])('el lunes de %s es %s', (fecha, lunes) => expect(lunesDe(fecha)).toBe(lunes));

describe('el estado de un lugar', () => {
  const base = {
    cursadoId: 1,
    cursos: [10],
    hoy: '2026-06-15',
    restringidas: new Set(['2026-06-20']),
    pic: new Set(['2026-06-26']),
    reglas: { maximoPorSemana: 2, anticipacionDias: 2 },
  };
  const ev = (
    cursadoId: number,
    fecha: string,
    cursos = [10],
    cursado = 'Física 2° 1°',
  ): EvaluacionDelCurso => ({
    cursadoId,
    fecha,
    cursos,
    cursado,
  });
  test.each([
    ['libre', '2026-06-24', [], 'disponible', null],
    ['de PIC', '2026-06-26', [], 'pic', null],
    ['restringida', '2026-06-20', [], 'restringida', null],
    ['la propia', '2026-06-24', [ev(1, '2026-06-24')], 'reservada', null],
    [
      'otro cursado del curso ese día',
      '2026-06-24',
      [ev(2, '2026-06-24')],
      'ocupada',
      'Física 2° 1°',
    ],
    ['otro curso ese día: libre', '2026-06-24', [ev(2, '2026-06-24', [11])], 'disponible', null],
    ['mañana (anticipación 2 días)', '2026-06-16', [], 'espera', null],
    ['pasado mañana', '2026-06-17', [], 'disponible', null],
    [
      'la semana ya tiene 2',
      '2026-06-24',
      [ev(2, '2026-06-22'), ev(3, '2026-06-23')],
      'exceso',
      null,
    ],
    [
      '2 en la semana anterior',
      '2026-06-24',
      [ev(2, '2026-06-18'), ev(3, '2026-06-19')],
      'disponible',
      null,
    ],
  ])('%s', (_, fecha, reservadas, estado, quien) =>
    expect(estadoDeLugar({ ...base, fecha }, reservadas)).toEqual({ estado, quien }),
  );
  test('por defecto: 3 por semana y 2 días de anticipación', () =>
    expect(REGLAS_POR_DEFECTO).toEqual({ maximoPorSemana: 3, anticipacionDias: 2 }));
});

test.each([
  ['2026-06-15', { texto: 'Éxitos ;)', color: 'green' }, 'Hoy'],
  ['2026-06-16', { texto: 'Falta 1 día', color: 'red' }, 'Falta 1 día'],
  ['2026-06-17', { texto: 'Faltan 2 días', color: 'yellow' }, 'Faltan 2 días'],
  ['2026-06-22', { texto: 'Faltan 7 días', color: 'yellow' }, 'Faltan 7 días'],
  ['2026-06-23', { texto: 'Faltan 8 días', color: null }, 'Faltan 8 días'],
])('con hoy 2026-06-15, la del %s', (fecha, cuenta, resumen) => {
  expect(cuentaRegresiva(fecha, '2026-06-15')).toEqual(cuenta);
  expect(cuentaResumen(fecha, '2026-06-15')).toBe(resumen);
});

test.each([
  [undefined, { maximoPorSemana: 3, anticipacionDias: 2 }],
  [
    { maximoPorSemana: 2, anticipacionDias: 7 },
    { maximoPorSemana: 2, anticipacionDias: 7 },
  ],
  [
    { maximoPorSemana: '5', anticipacionDias: -1 },
    { maximoPorSemana: 3, anticipacionDias: 2 },
  ],
  [
    { maximoPorSemana: 2.5, anticipacionDias: 31 },
    { maximoPorSemana: 3, anticipacionDias: 2 },
  ],
  [[1, 2], { maximoPorSemana: 3, anticipacionDias: 2 }],
])('reglas guardadas %j → %j', (valor, reglas) =>
  expect(reglasDeConfiguracion(valor)).toEqual(reglas),
);
