/** Avances (issue 15): instancias del calendario, su apertura, la pestaña elegida y la planilla. */
import {
  estadoPlanillaAvances,
  instanciaAbierta,
  instanciaElegida,
  instanciasAbiertas,
  instanciasDeAvances,
  mascaraDeTipos,
  modoAvances,
  nombresDeTipos,
  tiposDeMascara,
  type Instancia,
} from '@/domain/avances';
import { Rol } from '@/domain/roles';

const f = (fecha: string, tipo: string, area = 'avance') =>
  ({ fecha, tipo, area }) as Parameters<typeof instanciasDeAvances>[0][number];

describe('instanciasDeAvances: se emparejan en orden y la fecha es el cierre', () => {
  test.each([
    ['sin fechas', [], []],
    [
      'dos instancias completas, desordenadas',
      [
        f('2026-10-02', 'cierre'),
        f('2026-05-04', 'apertura'),
        f('2026-09-21', 'apertura'),
        f('2026-05-15', 'cierre'),
        f('2026-05-22', 'publicacion'),
        f('2026-10-09', 'publicacion'),
      ],
      [
        { fecha: '2026-05-15', apertura: '2026-05-04', publicacion: '2026-05-22', numero: 1 },
        { fecha: '2026-10-02', apertura: '2026-09-21', publicacion: '2026-10-09', numero: 2 },
      ],
    ],
    [
      'sin cierre no hay instancia; otras áreas no cuentan',
      [f('2026-05-04', 'apertura'), f('2026-05-15', 'cierre', 'nota')],
      [],
    ],
    [
      'cierre sin apertura ni publicación',
      [f('2026-06-30', 'cierre')],
      [{ fecha: '2026-06-30', apertura: null, publicacion: null, numero: 1 }],
    ],
  ] as const)('%s', (_, fechas, esperado) => {
    expect(instanciasDeAvances(fechas)).toEqual(esperado);
  });
});

const I: Instancia = {
  fecha: '2026-10-02',
  apertura: '2026-09-21',
  publicacion: '2026-10-09',
  numero: 1,
};

test.each([
  ['2026-09-20', I, false],
  ['2026-09-21', I, true],
  ['2026-10-02', I, true],
  ['2026-10-05', I, true],
  ['2026-10-08', I, true],
  ['2026-10-09', I, false],
  ['2026-06-29', { ...I, apertura: null, publicacion: null, fecha: '2026-06-30' }, false],
  ['2026-06-30', { ...I, apertura: null, publicacion: null, fecha: '2026-06-30' }, true],
  ['2026-12-31', { ...I, publicacion: null }, true],
])('instanciaAbierta(hoy %s) = %s', (hoy, instancia, esperado) => {
  expect(instanciaAbierta(instancia, hoy)).toBe(esperado);
});

describe('instanciaElegida: la que está en curso, si no la última abierta', () => {
  const A = { ...I, fecha: '2026-06-10', apertura: '2026-06-01', publicacion: null, numero: 1 };
  const B = { ...I, fecha: '2026-06-20', apertura: '2026-06-05', publicacion: null, numero: 2 };
  test.each([
    ['2026-05-30', null],
    ['2026-06-02', '2026-06-10'],
    ['2026-06-10', '2026-06-10'],
    ['2026-06-11', '2026-06-20'],
    ['2026-06-25', '2026-06-20'],
  ])('hoy %s → %s', (hoy, esperada) => {
    const abiertas = instanciasAbiertas([B, A], hoy);
    expect(instanciaElegida(abiertas, hoy)?.fecha ?? null).toBe(esperada);
  });
});

describe('tipos', () => {
  test.each([
    [[], 0, ['Sin Observaciones']],
    [['evaluaciones'], 1, ['Evaluaciones no Aprobadas']],
    [['participacion', 'trabajos'], 6, ['Adeuda Trabajos', 'Falta de Participación']],
    [
      ['trabajos', 'evaluaciones', 'participacion', 'trabajos'],
      7,
      ['Evaluaciones no Aprobadas', 'Adeuda Trabajos', 'Falta de Participación'],
    ],
  ] as const)('%j → %i → %j', (codigos, mascara, nombres) => {
    expect(mascaraDeTipos(codigos)).toBe(mascara);
    expect(nombresDeTipos(mascara)).toEqual(nombres);
    expect(mascaraDeTipos(tiposDeMascara(mascara))).toBe(mascara);
  });
});

describe('estadoPlanillaAvances por rol, instancia y cierre', () => {
  test.each([
    [
      Rol.Docente,
      '2026-09-25',
      false,
      { puedeEditar: true, puedeCerrar: true, quedoAbierta: false },
    ],
    [
      Rol.Docente,
      '2026-10-05',
      false,
      { puedeEditar: true, puedeCerrar: true, quedoAbierta: true },
    ],
    [
      Rol.Docente,
      '2026-10-05',
      true,
      { puedeEditar: false, puedeCerrar: false, quedoAbierta: false },
    ],
    [
      Rol.Docente,
      '2026-10-09',
      false,
      { puedeEditar: false, puedeCerrar: false, quedoAbierta: true },
    ],
    [
      Rol.Docente,
      '2026-09-20',
      false,
      { puedeEditar: false, puedeCerrar: false, quedoAbierta: false },
    ],
    [Rol.JefeDepartamento, '2026-09-25', false, { puedeEditar: false, puedeCerrar: true }],
    [Rol.Coordinador, '2026-09-25', false, { puedeEditar: false, puedeCerrar: false }],
    [Rol.Regente, '2026-09-25', false, { puedeEditar: false, puedeCerrar: false }],
  ] as const)('rol %i, hoy %s, cerrada %s', (rol, hoy, cerrada, esperado) => {
    const modo = modoAvances(rol)!;
    expect(estadoPlanillaAvances({ modo, instancia: I, cerrada, hoy })).toMatchObject(esperado);
  });

  test.each([Rol.Preceptor, Rol.Alumno, Rol.Admin, Rol.Alumnado])(
    'el rol %i no tiene planilla de avances',
    (rol) => {
      expect(modoAvances(rol)).toBeNull();
    },
  );
});
