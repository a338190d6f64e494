/** El tablero de pendientes (issue 15 §5): notas vencidas, días de asistencia y grupos. */
import { Modalidad } from '@/domain/notas';
import { esDiaDeAsistencia, notaVencida, porResponsable } from '@/domain/pendientes';

const periodo = {
  numero: 1,
  apertura: '2026-06-15',
  cierre: '2026-07-03',
  publicacion: '2026-07-10',
};

describe('notaVencida', () => {
  test.each([
    ['antes del cierre', '2026-07-03', Modalidad.Anual, 0, 1, false],
    ['pasado el cierre, abierta', '2026-07-04', Modalidad.Anual, 0, 1, true],
    ['pasado el cierre, cerrada', '2026-07-04', Modalidad.Anual, 1, 1, false],
    ['el otro cuatrimestre cerrado no cuenta', '2026-07-04', Modalidad.Anual, 2, 1, true],
    ['publicada', '2026-07-10', Modalidad.Anual, 0, 1, false],
    [
      'la modalidad no usa el cuatrimestre',
      '2026-07-04',
      Modalidad.SegundoCuatrimestre,
      0,
      1,
      false,
    ],
  ] as const)('%s', (_, hoy, modalidad, cerrados, cuatrimestre, esperado) => {
    expect(notaVencida({ periodo, cuatrimestre, modalidad, cerrados, hoy })).toBe(esperado);
  });

  test('sin período en el calendario, nunca', () => {
    expect(
      notaVencida({ periodo: null, cuatrimestre: 1, modalidad: 0, cerrados: 0, hoy: '2026-12-01' }),
    ).toBe(false);
  });
});

describe('esDiaDeAsistencia', () => {
  const feriados = new Set(['2026-10-12']);
  test.each([
    ['2026-10-05', true], // lunes
    ['2026-10-09', true], // viernes
    ['2026-10-10', false], // sábado
    ['2026-10-11', false], // domingo
    ['2026-10-12', false], // feriado
    ['2026-02-27', false], // antes del año lectivo
    ['2026-03-02', true],
    ['2026-12-15', true],
    ['2026-12-16', false], // después
  ])('%s → %s', (hoy, esperado) => {
    expect(esDiaDeAsistencia(hoy, feriados)).toBe(esperado);
  });
});

test('porResponsable: por apellido, una fila en cada responsable, "Sin asignar" al final', () => {
  const ana = { id: 2, nombre: 'Acosta, Ana', email: 'ana@x' };
  const beto = { id: 1, nombre: 'Benítez, Beto', email: null };
  const grupos = porResponsable([
    { clave: 'a', responsables: [beto, ana] },
    { clave: 'b', responsables: [] },
    { clave: 'c', responsables: [beto] },
  ]);
  expect(grupos.map((g) => [g.responsable.nombre, g.items.map((i) => i.clave)])).toEqual([
    ['Acosta, Ana', ['a']],
    ['Benítez, Beto', ['a', 'c']],
    ['Sin asignar', ['b']],
  ]);
});
