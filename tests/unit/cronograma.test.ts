/**
 * Cronograma (spec 01 §2, §5, §6; issue 14 §4–§5): las fechas de clase (horario × calendario),
 * el día de la semana, qué clase lleva temas y las pestañas por rol.
 */
import { clasePasada, diaDeLaSemana, fechasDeClase, pestanasCronograma } from '@/domain/cronograma';
import { Rol } from '@/domain/roles';

test.each([
  ['2026-03-02', 1],
  ['2026-03-07', 6],
  ['2026-03-08', 7],
  ['2026-12-31', 4],
  ['2024-02-29', 4],
])('%s es el día %i de la semana', (fecha, dia) => expect(diaDeLaSemana(fecha)).toBe(dia));

describe('fechas de clase', () => {
  test('los lunes y miércoles del año lectivo (1/3 a 15/12), sin las restringidas', () => {
    const fechas = fechasDeClase(2026, [1, 3], new Set(['2026-03-04', '2026-07-13']));
    expect(fechas[0]).toBe('2026-03-02');
    expect(fechas).not.toContain('2026-03-04');
    expect(fechas).not.toContain('2026-07-13');
    expect(fechas).toContain('2026-03-09');
    expect(fechas.at(-1)! <= '2026-12-15').toBe(true);
    expect(fechas.every((f) => [1, 3].includes(diaDeLaSemana(f)))).toBe(true);
    // 41 semanas y pico: ~82 clases menos 2 restringidas.
    expect(fechas.length).toBeGreaterThan(75);
    expect(new Set(fechas).size).toBe(fechas.length);
  });
  test('sin horario, ninguna clase', () => expect(fechasDeClase(2026, [], new Set())).toEqual([]));
  test('el sábado también es un día de clase si tiene bloques', () =>
    expect(fechasDeClase(2026, [6], new Set())[0]).toBe('2026-03-07'));
});

test.each([
  ['2026-05-04', '2026-05-04', true],
  ['2026-05-03', '2026-05-04', true],
  ['2026-05-05', '2026-05-04', false],
  ['no-fecha', '2026-05-04', false],
])('la clase del %s con hoy %s lleva temas: %s', (fecha, hoy, pasada) =>
  expect(clasePasada(fecha, hoy)).toBe(pasada),
);

test.each([
  [Rol.Docente, ['clases', 'planificacion', 'detalles'], true],
  [Rol.JefeDepartamento, ['clases', 'planificacion', 'detalles'], false],
  [Rol.Regente, ['detalles'], false],
  [Rol.Coordinador, ['detalles'], false],
  [Rol.Admin, ['detalles'], false],
])('rol %i: pestañas %j, edita %s', (rol, pestanas, edita) =>
  expect(pestanasCronograma(rol)).toEqual({ pestanas, edita }),
);
