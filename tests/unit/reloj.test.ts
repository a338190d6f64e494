/**
 * El reloj de la escuela (src/server/reloj.ts) con y sin SCHOOL_FIXED_DATE: con la fecha fija,
 * "hoy", el ciclo y el selector de años salen de esa fecha cualquiera sea el día real, y la hora
 * del día (el turno) sigue siendo la real.
 */
import type { Turno } from '@/domain/escuela';
import { releerConfig } from '@/server/config';
import { ahoraEscolar, cicloValido, ciclosDelSelector, momentoEscolar } from '@/server/reloj';
import { inicioRelojNavegador } from '../e2e/fecha';

const VARIABLES = ['SCHOOL_FIXED_DATE', 'SCHOOL_TZ'] as const;
type Entorno = Partial<Record<(typeof VARIABLES)[number], string>>;
const previas = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));

function conEntorno(env: Entorno) {
  for (const v of VARIABLES) {
    if (env[v] === undefined) delete process.env[v];
    else process.env[v] = env[v];
  }
  releerConfig();
}

afterEach(() => {
  for (const v of VARIABLES) {
    if (previas[v] === undefined) delete process.env[v];
    else process.env[v] = previas[v];
  }
  releerConfig();
});

describe('momentoEscolar', () => {
  test.each<[Entorno, string, string, string, number, Turno]>([
    // [entorno, instante real, instante de la escuela, hoy, ciclo, turno]
    [{}, '2026-11-26T13:05:07.250Z', '2026-11-26T13:05:07.250Z', '2026-11-26', 2026, 'Mañana'],
    // La fecha fija con la hora real (10:05:07 en Córdoba).
    [
      { SCHOOL_FIXED_DATE: '2026-11-24' },
      '2026-11-26T13:05:07.250Z',
      '2026-11-24T13:05:07.250Z',
      '2026-11-24',
      2026,
      'Mañana',
    ],
    // Otro año real: el ciclo es el de la fecha fija; 14:30 es la tarde.
    [
      { SCHOOL_FIXED_DATE: '2026-11-24' },
      '2027-02-10T17:30:00.000Z',
      '2026-11-24T17:30:00.000Z',
      '2026-11-24',
      2026,
      'Tarde',
    ],
    // 23:30 del 31/12 en Córdoba (ya 2027 en UTC): sigue siendo el 24/11 de la escuela.
    [
      { SCHOOL_FIXED_DATE: '2026-11-24' },
      '2027-01-01T02:30:00.000Z',
      '2026-11-25T02:30:00.000Z',
      '2026-11-24',
      2026,
      'Tarde',
    ],
    // Las 00:10 en Córdoba, de un día anterior a la fecha fija: la hora de reloj se conserva.
    [
      { SCHOOL_FIXED_DATE: '2026-11-24' },
      '2026-01-05T03:10:00.000Z',
      '2026-11-24T03:10:00.000Z',
      '2026-11-24',
      2026,
      'Mañana',
    ],
    // Una fecha anterior al día real y otra zona.
    [
      { SCHOOL_FIXED_DATE: '2025-06-11', SCHOOL_TZ: 'UTC' },
      '2027-02-10T23:30:00.000Z',
      '2025-06-11T23:30:00.000Z',
      '2025-06-11',
      2025,
      'Tarde',
    ],
  ])('%j, real %s → %s', (env, real, instante, hoy, ciclo, turno) => {
    conEntorno(env);
    expect(ahoraEscolar(new Date(real)).toISOString()).toBe(instante);
    const m = momentoEscolar(new Date(real));
    expect({ ...m, instante: m.instante.toISOString() }).toEqual({
      instante,
      hoy,
      ciclo,
      turno,
      zona: env.SCHOOL_TZ ?? 'America/Argentina/Cordoba',
    });
  });
});

describe('el selector de años sigue la fecha fija, no el año real', () => {
  const real = new Date('2027-02-10T13:00:00Z');
  test.each<[Entorno, number, boolean]>([
    // [entorno, último ciclo del selector, ¿2027 es válido?]
    [{}, 2027, true],
    [{ SCHOOL_FIXED_DATE: '2026-11-24' }, 2026, false],
    [{ SCHOOL_FIXED_DATE: '2024-03-15' }, 2024, false],
  ])('%j → hasta %i', (env, ultimo, vale2027) => {
    conEntorno(env);
    const ciclos = ciclosDelSelector(real);
    expect(ciclos[0]).toBe(2021);
    expect(ciclos.at(-1)).toBe(ultimo);
    expect(cicloValido(ultimo, real)).toBe(true);
    expect(cicloValido(ultimo + 1, real)).toBe(false);
    expect(cicloValido(2027, real)).toBe(vale2027);
  });
});

test('sin instante, el reloj real: con la fecha fija, hoy es esa fecha', () => {
  conEntorno({ SCHOOL_FIXED_DATE: '2026-11-24' });
  expect(momentoEscolar().hoy).toBe('2026-11-24');
  // La hora del día es la real: Córdoba no cambia de horario, así que difieren en días enteros
  // (salvo lo que pasa entre las dos lecturas; módulo un día, por si cae justo a medianoche).
  const real = Date.now();
  const resto = (((ahoraEscolar().getTime() - real) % 86_400_000) + 86_400_000) % 86_400_000;
  expect(Math.min(resto, 86_400_000 - resto)).toBeLessThan(60_000);
});

/**
 * El reloj del navegador de las pruebas de punta a punta (tests/e2e/fecha.ts): arranca en el día
 * fijo a la hora real, salvo en los últimos 10 minutos del día (Córdoba, UTC−3), en que arranca a
 * las 23:50 para no pasar a otro día en medio de una prueba mientras el servidor sigue en la fecha
 * fija.
 */
describe('inicioRelojNavegador', () => {
  test.each([
    ['mediodía', '2026-12-03T15:00:00.000Z', '2026-11-24T15:00:00.000Z'],
    ['23:49:59', '2026-12-04T02:49:59.000Z', '2026-11-25T02:49:59.000Z'],
    ['23:50 justo', '2026-12-04T02:50:00.000Z', '2026-11-25T02:50:00.000Z'],
    ['23:55:30,5', '2026-12-04T02:55:30.500Z', '2026-11-25T02:50:00.000Z'],
    ['23:59:59', '2026-12-04T02:59:59.999Z', '2026-11-25T02:50:00.000Z'],
    ['medianoche', '2026-12-04T03:00:00.000Z', '2026-11-24T03:00:00.000Z'],
    ['00:05', '2026-12-04T03:05:00.000Z', '2026-11-24T03:05:00.000Z'],
  ])('%s', (_, real, esperado) => {
    expect(inicioRelojNavegador(new Date(real)).toISOString()).toBe(esperado);
  });
});
