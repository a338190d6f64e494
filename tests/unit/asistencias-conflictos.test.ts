/**
 * La regla del conflicto de la planilla (issue 36): lo que mostraba la pantalla (`anterior`)
 * contra lo guardado ahora, como conjunto por orden y después de normalizar; y el mensaje.
 */
import {
  esConflictoPlanilla,
  mensajeConflictoPlanilla,
  mismasEntradas,
  type EntradaDeAlumno,
} from '@/domain/asistencias-conflictos';

const falta: EntradaDeAlumno = {
  orden: 1,
  tipo: 'Falta',
  circunstancia: 'Normal',
  justificada: false,
  justificacion: null,
};
const tardanza: EntradaDeAlumno = { ...falta, orden: 2, tipo: 'Tardanza Ingreso' };

describe('mismasEntradas(anterior, actuales)', () => {
  test.each<[string, EntradaDeAlumno[], EntradaDeAlumno[], boolean]>([
    ['ninguna y ninguna', [], [], true],
    ['las mismas', [falta, tardanza], [falta, tardanza], true],
    ['las mismas en otro orden', [tardanza, falta], [falta, tardanza], true],
    ["justificación '' es null", [{ ...falta, justificacion: '' }], [falta], true],
    [
      'no justificada: la justificación no cuenta',
      [{ ...falta, justificacion: 'texto viejo' }],
      [falta],
      true,
    ],
    ['otra persona agregó una', [falta], [falta, tardanza], false],
    ['la pantalla no mostraba ninguna y hay una', [], [falta], false],
    ['otra persona borró una', [falta, tardanza], [falta], false],
    ['otra persona cambió el tipo', [falta], [{ ...falta, tipo: 'Tardanza Recreo' }], false],
    [
      'otra persona cambió la circunstancia',
      [falta],
      [{ ...falta, circunstancia: 'Educación Física' }],
      false,
    ],
    [
      'otra persona la justificó',
      [falta],
      [{ ...falta, justificada: true, justificacion: 'Médico' }],
      false,
    ],
    [
      'otra persona cambió sólo el texto de la justificación',
      [{ ...falta, justificada: true, justificacion: 'Médico' }],
      [{ ...falta, justificada: true, justificacion: 'Turno médico' }],
      false,
    ],
    [
      'otra persona la borró y creó otra igual (otro orden)',
      [falta],
      [{ ...falta, orden: 9 }],
      false,
    ],
    ['la pantalla repite una entrada', [falta, falta], [falta, tardanza], false],
  ])('%s', (_caso, anterior, actuales, iguales) => {
    expect(mismasEntradas(anterior, actuales)).toBe(iguales);
  });
});

describe('mensajeConflictoPlanilla', () => {
  const p = (apellido: string, nombre: string) => ({ apellido, nombre });
  test.each<[string, { apellido: string; nombre: string }[], string]>([
    ['uno', [p('Pérez', 'Juan')], 'de Pérez, Juan mientras'],
    ['dos', [p('Pérez', 'Juan'), p('Gómez', 'Ana')], 'de Pérez, Juan y Gómez, Ana mientras'],
    ['tres', [p('A', 'a'), p('B', 'b'), p('C', 'c')], 'de A, a; B, b y C, c mientras'],
    [
      'más de cinco: los primeros y cuántos más',
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((x) => p(x, x.toLowerCase())),
      'de A, a; B, b; C, c; D, d; E, e y 2 más mientras',
    ],
  ])('%s', (_caso, alumnos, parte) => {
    const m = mensajeConflictoPlanilla(alumnos);
    expect(m).toBe(
      `Otra persona cambió la asistencia ${parte} tanto. Nada se guardó: revise y elija qué queda.`,
    );
  });
});

test('esConflictoPlanilla reconoce sólo el detalle del conflicto', () => {
  expect(
    esConflictoPlanilla({
      tipo: 'conflicto-asistencias',
      curso: 1,
      fecha: '2026-03-02',
      turno: 'Mañana',
      alumnos: [],
    }),
  ).toBe(true);
  expect(esConflictoPlanilla(undefined)).toBe(false);
  expect(esConflictoPlanilla({ tipo: 'otro', alumnos: [] })).toBe(false);
  expect(esConflictoPlanilla({ tipo: 'conflicto-asistencias' })).toBe(false);
});
