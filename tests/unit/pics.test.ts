/**
 * Reglas de las PIC (spec 02 §5, §9; issue 16): los horarios fijos, el comienzo en la zona de la
 * escuela, quién está en la PIC (la regla y los ajustes a mano), la nota de la PIC y el estado de
 * la planilla según las fechas '_pic' del calendario.
 */
import type { FechaCalendario } from '@/domain/calendario';
import {
  ajustarAlumno,
  alumnosDePic,
  comienzoEnZona,
  ErrorPic,
  esHorarioPic,
  esNotaPicValida,
  estadoPlanillaPic,
  fechaDelCiclo,
  HORARIOS_PIC,
  instanteDeComienzo,
  leerComienzo,
  MATERIAS_POR_PAGINA_PIC,
  notaPicPublicada,
  periodosPic,
  columnasDeValor,
  valorDeFila,
  type FilaPic,
} from '@/domain/pics';

const ZONA = 'America/Argentina/Cordoba';

describe('horarios fijos (spec 02 §9)', () => {
  test('son los siete de la spec, en orden; el selector de materias, 4 por página', () => {
    expect(HORARIOS_PIC).toEqual(['07:30', '09:00', '10:30', '12:00', '13:30', '15:00', '16:30']);
    expect(MATERIAS_POR_PAGINA_PIC).toBe(4);
  });
  test.each([
    ['07:30', true],
    ['16:30', true],
    ['7:30', false],
    ['08:00', false],
    ['18:00', false],
    ['', false],
    [730, false],
    [null, false],
  ])('esHorarioPic(%p) = %p', (h, esperado) => expect(esHorarioPic(h)).toBe(esperado));
});

describe('leerComienzo', () => {
  test.each([
    ['2026-12-09T09:00', { fecha: '2026-12-09', hora: '09:00' }],
    ['2026-12-09 13:30', { fecha: '2026-12-09', hora: '13:30' }],
    ['2026-12-09T16:30:00', { fecha: '2026-12-09', hora: '16:30' }],
    ['  2026-08-03T07:30  ', { fecha: '2026-08-03', hora: '07:30' }],
    ['2026-12-09T08:00', { error: ErrorPic.horario }],
    ['2026-12-09T09:15', { error: ErrorPic.horario }],
    ['2026-02-30T09:00', { error: ErrorPic.comienzo }],
    ['2026-12-09', { error: ErrorPic.comienzo }],
    ['09:00', { error: ErrorPic.comienzo }],
    ['2026-12-09T09:00Z', { error: ErrorPic.comienzo }],
    ['', { error: ErrorPic.comienzo }],
  ])('%p → %p', (texto, esperado) => expect(leerComienzo(texto)).toEqual(esperado));

  test('el mensaje de la hora nombra los horarios', () => {
    expect(ErrorPic.horario).toBe(
      'La hora de la PIC debe ser uno de los horarios fijos: 07:30, 09:00, 10:30, 12:00, 13:30, 15:00, 16:30.',
    );
  });
});

describe('comienzo en la zona de la escuela (UTC−3)', () => {
  test.each([
    [{ fecha: '2026-12-09', hora: '07:30' }, '2026-12-09T10:30:00.000Z'],
    [{ fecha: '2026-08-03', hora: '16:30' }, '2026-08-03T19:30:00.000Z'],
  ])('%p → %s y vuelta', (c, iso) => {
    const instante = instanteDeComienzo(c, ZONA);
    expect(instante.toISOString()).toBe(iso);
    expect(comienzoEnZona(instante, ZONA)).toEqual(c);
  });
  test.each([
    ['2026-12-09', 2026, true],
    ['2027-02-15', 2026, true],
    ['2028-01-01', 2026, false],
    ['2025-12-09', 2026, false],
  ])('fechaDelCiclo(%s, %i) = %p', (f, a, e) => expect(fechaDelCiclo(f, a)).toBe(e));
});

describe('quién está en la PIC', () => {
  // Anual (0), 1° cuatrimestre (1), 2° cuatrimestre (2).
  const insc = [
    { alumnoId: 1, modalidad: 0, valor: 3 }, // desaprobó: rinde
    { alumnoId: 2, modalidad: 0, valor: 7 }, // aprobó
    { alumnoId: 3, modalidad: 0, valor: 'ausente' as const }, // ausente: rinde
    { alumnoId: 4, modalidad: 0, valor: null }, // sin nota: no rinde
    { alumnoId: 5, modalidad: 2, valor: 2 }, // el 1° no aplica a la modalidad
    { alumnoId: 6, modalidad: 0, valor: 5 }, // 5: rinde
    { alumnoId: 7, modalidad: 0, valor: -1 }, // no corresponde
  ];
  const sinFilas = alumnosDePic({
    cuatrimestre: 1,
    cerrada: false,
    inscripciones: insc,
    filas: [],
  });
  test('por la regla: nota de 1 a 5 o ausente, en un cuatrimestre que la modalidad usa', () => {
    expect([...sinFilas.entries()]).toEqual([
      [1, 'regla'],
      [3, 'regla'],
      [6, 'regla'],
    ]);
  });

  const fila = (alumnoId: number, extra: Partial<FilaPic>): FilaPic => ({
    alumnoId,
    ajuste: null,
    nota: null,
    ausente: false,
    ...extra,
  });
  test.each([
    ['quitado a mano no está', [fila(1, { ajuste: 'quitado' })], false, [3, 6]],
    ['agregado a mano está', [fila(2, { ajuste: 'agregado' })], false, [1, 2, 3, 6]],
    [
      'con nota de la PIC se queda aunque aprobó después',
      [fila(2, { nota: 8 })],
      false,
      [1, 2, 3, 6],
    ],
    ['una fila sin nota ni ajuste no agrega', [fila(4, {})], false, [1, 3, 6]],
    [
      'cerrada: sólo los que tienen fila',
      [fila(1, {}), fila(2, { ajuste: 'agregado' })],
      true,
      [1, 2],
    ],
    ['cerrada: un quitado no está', [fila(1, { ajuste: 'quitado' }), fila(3, {})], true, [3]],
  ] as [string, FilaPic[], boolean, number[]][])('%s', (_, filas, cerrada, ids) => {
    const r = alumnosDePic({
      cuatrimestre: 1,
      cerrada,
      inscripciones: insc,
      filas,
    });
    expect([...r.keys()]).toEqual(ids);
  });

  test('con dos inscripciones en la materia, basta que una no haya aprobado', () => {
    const r = alumnosDePic({
      cuatrimestre: 2,
      cerrada: false,
      inscripciones: [
        { alumnoId: 9, modalidad: 1, valor: null },
        { alumnoId: 9, modalidad: 2, valor: 4 },
      ],
      filas: [],
    });
    expect(r.get(9)).toBe('regla');
  });
});

describe('ajustes a mano', () => {
  test.each([
    [
      'agregar a quien no rinde',
      { accion: 'agregar', rinde: false, esta: false, fila: null },
      { tipo: 'fila', ajuste: 'agregado', conservaNota: false },
    ],
    [
      'volver a agregar a un quitado que rinde',
      {
        accion: 'agregar',
        rinde: true,
        esta: false,
        fila: { alumnoId: 1, ajuste: 'quitado', nota: null, ausente: false },
      },
      { tipo: 'fila', ajuste: null, conservaNota: false },
    ],
    [
      'agregar a quien ya está',
      { accion: 'agregar', rinde: true, esta: true, fila: null },
      { tipo: 'error', mensaje: ErrorPic.yaEstaEnLaPic },
    ],
    [
      'quitar a quien rinde',
      { accion: 'quitar', rinde: true, esta: true, fila: null },
      { tipo: 'fila', ajuste: 'quitado', conservaNota: false },
    ],
    [
      'quitar a un agregado',
      {
        accion: 'quitar',
        rinde: false,
        esta: true,
        fila: { alumnoId: 1, ajuste: 'agregado', nota: 7, ausente: false },
      },
      { tipo: 'borrar' },
    ],
    [
      'quitar a quien no está',
      { accion: 'quitar', rinde: false, esta: false, fila: null },
      { tipo: 'error', mensaje: 'El alumno no está en la PIC.' },
    ],
  ] as const)('%s', (_, entrada, esperado) => {
    expect(ajustarAlumno({ ...entrada, fila: entrada.fila ? { ...entrada.fila } : null })).toEqual(
      esperado,
    );
  });
});

describe('la nota de la PIC (entero de 1 a 10 o ausente)', () => {
  test.each([
    [1, true],
    [10, true],
    [6, true],
    ['ausente', true],
    [0, false],
    [11, false],
    [7.5, false],
    [-1, false],
    ['7', false],
    [null, false],
    [Number.NaN, false],
  ])('esNotaPicValida(%p) = %p', (v, e) => expect(esNotaPicValida(v)).toBe(e));
  test.each([
    [8, { nota: 8, ausente: false }],
    ['ausente', { nota: null, ausente: true }],
    [null, { nota: null, ausente: false }],
  ] as const)('columnasDeValor(%p) y vuelta', (v, cols) => {
    expect(columnasDeValor(v)).toEqual(cols);
    expect(valorDeFila(cols)).toBe(v);
  });
});

describe('la planilla y el calendario', () => {
  const f = (fecha: string, tipo: string): FechaCalendario => ({
    fecha,
    tipo: tipo as never,
    area: 'nota',
  });
  const fechas = [
    f('2026-06-15', 'apertura'),
    f('2026-08-03', 'apertura_pic'),
    f('2026-08-14', 'cierre_pic'),
    f('2026-08-21', 'publicacion_pic'),
    f('2026-12-09', 'apertura_pic'),
    f('2026-12-18', 'cierre_pic'),
    f('2026-12-22', 'publicacion_pic'),
  ];
  const periodos = periodosPic(fechas);
  test('el 1er período de PIC es el del 1° cuatrimestre; el 2°, el del 2° (sin las fechas de notas)', () => {
    expect(periodos[1]).toMatchObject({
      apertura: '2026-08-03',
      cierre: '2026-08-14',
      publicacion: '2026-08-21',
    });
    expect(periodos[2]).toMatchObject({ apertura: '2026-12-09', cierre: '2026-12-18' });
    expect(periodosPic([])).toEqual({ 1: null, 2: null });
  });

  test.each([
    // hoy, modo, cerrada → fase, puedeCargar, puedeCerrar
    ['2026-12-01', 'alumnado', false, 'porAbrir', false, false],
    ['2026-12-09', 'docente', false, 'abierta', true, true],
    ['2026-12-18', 'alumnado', false, 'abierta', true, true],
    ['2026-12-19', 'docente', false, 'vencida', false, false],
    ['2026-12-19', 'alumnado', false, 'vencida', true, true],
    ['2026-12-10', 'alumnado', true, 'cerrada', false, false],
    ['2026-12-22', 'alumnado', false, 'publicada', false, false],
    ['2026-12-10', 'lectura', false, 'abierta', false, false],
  ] as const)('%s %s cerrada=%p → %s', (hoy, modo, cerrada, fase, carga, cierra) => {
    const e = estadoPlanillaPic({ cuatrimestre: 2, periodo: periodos[2], cerrada, hoy, modo });
    expect(e).toMatchObject({ fase, puedeCargar: carga, puedeCerrar: cierra });
  });

  test('los motivos y el texto del estado', () => {
    const e = (hoy: string, cerrada = false) =>
      estadoPlanillaPic({ cuatrimestre: 2, periodo: periodos[2], cerrada, hoy, modo: 'docente' });
    expect(e('2026-12-01')).toMatchObject({
      texto: 'Abre el 09/12',
      motivo:
        'El período de notas de PIC del 2° Cuatrimestre no está abierto: no se pueden cargar notas.',
    });
    expect(e('2026-12-10', true)).toMatchObject({ motivo: ErrorPic.cerrada });
    expect(e('2026-12-23')).toMatchObject({
      texto: 'Publicada el 22/12',
      motivo: ErrorPic.publicada,
    });
    expect(e('2026-12-10')).toMatchObject({ texto: 'Abierta hasta el 18/12', motivo: null });
    expect(
      estadoPlanillaPic({
        cuatrimestre: 1,
        periodo: null,
        cerrada: false,
        hoy: '2026-08-05',
        modo: 'alumnado',
      }),
    ).toMatchObject({
      fase: 'sinFechas',
      puedeCargar: false,
      texto: 'Sin fechas de PIC en el calendario',
    });
  });

  test.each([
    ['2026-12-21', false],
    ['2026-12-22', true],
  ])('la nota se publica desde la fecha de publicación de PIC (%s → %p)', (hoy, e) => {
    expect(notaPicPublicada(periodos[2], hoy)).toBe(e);
    expect(notaPicPublicada(null, hoy)).toBe(false);
  });
});
