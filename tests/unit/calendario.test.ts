import {
  AREAS_CALENDARIO,
  ETIQUETA_TIPO,
  GRILLAS_CALENDARIO,
  TIPOS_CALENDARIO,
  TIPOS_POR_AREA,
  abierto,
  alternarFecha,
  armarPeriodos,
  calendarioGuardado,
  cambiosCalendario,
  cierreVencido,
  editorCalendario,
  esAreaCalendario,
  esFechaISO,
  estadoFecha,
  fechasMarcadas,
  hayCambiosCalendario,
  periodoAbierto,
  periodosDeArea,
  publicado,
  reducirCalendario,
  tipoDeArea,
  type AreaCalendario,
  type EditorCalendario,
  type FechaCalendario,
  type MarcaCalendario,
  type Periodo,
  type TipoCalendario,
} from '@/domain/calendario';

describe('áreas y tipos (spec 02 §9)', () => {
  test('áreas', () => {
    expect(AREAS_CALENDARIO).toEqual(['restriccion', 'avance', 'nota', 'jcd', 'pic']);
  });

  test('tipos por área: restriccion; avance apertura/cierre/publicacion; nota lo mismo y lo mismo para PIC; JCD; PIC evaluacion/descanso', () => {
    expect(TIPOS_POR_AREA).toEqual({
      restriccion: [null],
      avance: ['apertura', 'cierre', 'publicacion'],
      nota: ['apertura', 'cierre', 'publicacion', 'apertura_pic', 'cierre_pic', 'publicacion_pic'],
      jcd: [null],
      pic: ['evaluacion', 'descanso'],
    });
    expect([...TIPOS_CALENDARIO].sort()).toEqual(Object.keys(ETIQUETA_TIPO).sort());
  });

  test('las 13 grillas del editor, en orden', () => {
    expect(GRILLAS_CALENDARIO.map((g) => [g.area, g.tipo, g.etiqueta])).toEqual([
      ['restriccion', null, 'Restricciones'],
      ['avance', 'apertura', 'Avances: Apertura'],
      ['avance', 'cierre', 'Avances: Cierre'],
      ['avance', 'publicacion', 'Avances: Publicación'],
      ['nota', 'apertura', 'Notas: Apertura'],
      ['nota', 'cierre', 'Notas: Cierre'],
      ['nota', 'publicacion', 'Notas: Publicación'],
      ['nota', 'apertura_pic', 'Notas: Apertura PIC'],
      ['nota', 'cierre_pic', 'Notas: Cierre PIC'],
      ['nota', 'publicacion_pic', 'Notas: Publicación PIC'],
      ['jcd', null, 'JCD'],
      ['pic', 'evaluacion', 'PIC: Evaluación'],
      ['pic', 'descanso', 'PIC: Descanso'],
    ]);
  });

  test.each([
    ['restriccion', true],
    ['avance', true],
    ['nota', true],
    ['jcd', true],
    ['pic', true],
    ['JCD', false],
    ['notas', false],
    ['', false],
    [null, false],
    [1, false],
  ])('esAreaCalendario(%p) → %p', (valor, esperado) => {
    expect(esAreaCalendario(valor)).toBe(esperado);
  });

  test.each([
    ['restriccion', null, true],
    ['restriccion', 'apertura', false],
    ['avance', 'apertura', true],
    ['avance', 'publicacion', true],
    ['avance', 'apertura_pic', false],
    ['avance', null, false],
    ['nota', 'cierre', true],
    ['nota', 'cierre_pic', true],
    ['nota', 'evaluacion', false],
    ['jcd', null, true],
    ['jcd', 'apertura', false],
    ['pic', 'evaluacion', true],
    ['pic', 'descanso', true],
    ['pic', 'apertura', false],
    ['pic', undefined, false],
  ] as [AreaCalendario, unknown, boolean][])('tipoDeArea(%p, %p) → %p', (area, tipo, esperado) => {
    expect(tipoDeArea(area, tipo)).toBe(esperado);
  });
});

describe('fechas', () => {
  test.each([
    ['2026-03-02', true],
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-3-2', false],
    ['02/03/2026', false],
    ['2026-03-02T00:00:00Z', false],
    ['', false],
    [null, false],
    [20260302, false],
  ])('esFechaISO(%p) → %p', (fecha, esperado) => {
    expect(esFechaISO(fecha)).toBe(esperado);
  });
});

describe('períodos: aperturas, cierres y publicaciones ordenados y emparejados en orden (spec 01 §4)', () => {
  test.each([
    [
      'desordenadas',
      {
        apertura: ['2026-09-01', '2026-03-02'],
        cierre: ['2026-12-05', '2026-07-10'],
        publicacion: ['2026-12-20', '2026-07-20'],
      },
      [
        { numero: 1, apertura: '2026-03-02', cierre: '2026-07-10', publicacion: '2026-07-20' },
        { numero: 2, apertura: '2026-09-01', cierre: '2026-12-05', publicacion: '2026-12-20' },
      ],
    ],
    [
      'cada lista se ordena por separado',
      {
        apertura: ['2026-05-01', '2026-03-01', '2026-04-01'],
        cierre: ['2026-03-15', '2026-05-15', '2026-04-15'],
        publicacion: ['2026-04-20', '2026-05-20', '2026-03-20'],
      },
      [
        { numero: 1, apertura: '2026-03-01', cierre: '2026-03-15', publicacion: '2026-03-20' },
        { numero: 2, apertura: '2026-04-01', cierre: '2026-04-15', publicacion: '2026-04-20' },
        { numero: 3, apertura: '2026-05-01', cierre: '2026-05-15', publicacion: '2026-05-20' },
      ],
    ],
    [
      'falta el 2° cierre y la 2ª publicación',
      {
        apertura: ['2026-09-01', '2026-03-02'],
        cierre: ['2026-07-10'],
        publicacion: ['2026-07-20'],
      },
      [
        { numero: 1, apertura: '2026-03-02', cierre: '2026-07-10', publicacion: '2026-07-20' },
        { numero: 2, apertura: '2026-09-01', cierre: null, publicacion: null },
      ],
    ],
    [
      'más cierres que aperturas',
      { apertura: ['2026-03-02'], cierre: ['2026-12-05', '2026-07-10'] },
      [
        { numero: 1, apertura: '2026-03-02', cierre: '2026-07-10', publicacion: null },
        { numero: 2, apertura: null, cierre: '2026-12-05', publicacion: null },
      ],
    ],
    [
      'fechas repetidas cuentan una vez',
      { apertura: ['2026-03-02', '2026-03-02'], cierre: ['2026-07-10'], publicacion: [] },
      [{ numero: 1, apertura: '2026-03-02', cierre: '2026-07-10', publicacion: null }],
    ],
    ['sin fechas', {}, []],
    ['listas vacías', { apertura: [], cierre: [], publicacion: [] }, []],
  ] as [string, Parameters<typeof armarPeriodos>[0], Periodo[]][])(
    '%s',
    (_nombre, fechas, esperado) => {
      expect(armarPeriodos(fechas)).toEqual(esperado);
    },
  );

  test.each([[['2026-02-30']], [['2026-3-2']], [['']]])(
    'una fecha inválida (%p) lanza',
    (apertura) => {
      expect(() => armarPeriodos({ apertura })).toThrow('Fecha inválida');
    },
  );

  const FECHAS: FechaCalendario[] = [
    { area: 'nota', tipo: 'apertura', fecha: '2026-09-21' },
    { area: 'nota', tipo: 'apertura', fecha: '2026-06-22' },
    { area: 'nota', tipo: 'cierre', fecha: '2026-07-03' },
    { area: 'nota', tipo: 'cierre', fecha: '2026-12-04' },
    { area: 'nota', tipo: 'publicacion', fecha: '2026-07-08' },
    { area: 'nota', tipo: 'apertura_pic', fecha: '2026-11-30' },
    { area: 'nota', tipo: 'cierre_pic', fecha: '2026-12-11' },
    { area: 'avance', tipo: 'apertura', fecha: '2026-05-04' },
    { area: 'avance', tipo: 'cierre', fecha: '2026-05-15' },
    { area: 'avance', tipo: 'publicacion', fecha: '2026-05-18' },
    { area: 'restriccion', tipo: null, fecha: '2026-07-09' },
    { area: 'pic', tipo: 'evaluacion', fecha: '2026-12-01' },
  ];

  test.each([
    [
      'nota',
      false,
      [
        { numero: 1, apertura: '2026-06-22', cierre: '2026-07-03', publicacion: '2026-07-08' },
        { numero: 2, apertura: '2026-09-21', cierre: '2026-12-04', publicacion: null },
      ],
    ],
    [
      'nota',
      true,
      [{ numero: 1, apertura: '2026-11-30', cierre: '2026-12-11', publicacion: null }],
    ],
    [
      'avance',
      false,
      [{ numero: 1, apertura: '2026-05-04', cierre: '2026-05-15', publicacion: '2026-05-18' }],
    ],
  ] as ['avance' | 'nota', boolean, Periodo[]][])(
    'periodosDeArea(%p, pic %p)',
    (area, pic, esperado) => {
      expect(periodosDeArea(FECHAS, area, pic)).toEqual(esperado);
    },
  );

  test('sólo el área nota tiene períodos de PIC', () => {
    expect(() => periodosDeArea(FECHAS, 'avance', true)).toThrow();
  });
});

describe('abierto, publicado y cierre vencido (spec 01 §4)', () => {
  const P: Periodo = {
    numero: 1,
    apertura: '2026-03-02',
    cierre: '2026-07-10',
    publicacion: '2026-07-20',
  };
  const SIN_CIERRE: Periodo = {
    numero: 2,
    apertura: '2026-09-01',
    cierre: null,
    publicacion: null,
  };
  const SIN_APERTURA: Periodo = {
    numero: 3,
    apertura: null,
    cierre: '2026-12-05',
    publicacion: '2026-12-20',
  };

  test.each([
    // [período, hoy, abierto, publicado, cierre vencido]
    [P, '2026-03-01', false, false, false],
    [P, '2026-03-02', true, false, false],
    [P, '2026-05-15', true, false, false],
    [P, '2026-07-10', true, false, false],
    [P, '2026-07-11', false, false, true],
    [P, '2026-07-19', false, false, true],
    [P, '2026-07-20', false, true, true],
    [P, '2027-01-01', false, true, true],
    [SIN_CIERRE, '2026-08-31', false, false, false],
    [SIN_CIERRE, '2026-09-01', true, false, false],
    [SIN_CIERRE, '2027-06-01', true, false, false],
    [SIN_APERTURA, '2026-11-01', false, false, false],
    [SIN_APERTURA, '2026-12-06', false, false, true],
    [SIN_APERTURA, '2026-12-20', false, true, true],
  ] as [Periodo, string, boolean, boolean, boolean][])(
    'período %#, hoy %s → abierto %p, publicado %p, cierre vencido %p',
    (periodo, hoy, esAbierto, esPublicado, vencido) => {
      expect(abierto(periodo, hoy)).toBe(esAbierto);
      expect(publicado(periodo, hoy)).toBe(esPublicado);
      expect(cierreVencido(periodo, hoy)).toBe(vencido);
    },
  );

  test.each([['2026-7-10'], [''], ['hoy']])('un "hoy" inválido (%p) lanza', (hoy) => {
    expect(() => abierto(P, hoy)).toThrow('Fecha inválida');
    expect(() => publicado(P, hoy)).toThrow('Fecha inválida');
    expect(() => cierreVencido(P, hoy)).toThrow('Fecha inválida');
  });

  const PERIODOS: Periodo[] = [
    { numero: 1, apertura: '2026-06-22', cierre: '2026-07-03', publicacion: '2026-07-08' },
    { numero: 2, apertura: '2026-09-21', cierre: '2026-12-04', publicacion: null },
    { numero: 3, apertura: '2026-11-30', cierre: null, publicacion: null },
  ];

  test.each([
    ['2026-06-21', null],
    ['2026-06-22', 1],
    ['2026-07-03', 1],
    ['2026-07-04', null],
    ['2026-09-21', 2],
    ['2026-11-29', 2],
    // 2 y 3 abiertos a la vez: el de apertura más reciente.
    ['2026-11-30', 3],
    ['2026-12-31', 3],
  ])('periodoAbierto(hoy %s) → %p', (hoy, numero) => {
    expect(periodoAbierto(PERIODOS, hoy)?.numero ?? null).toBe(numero);
  });

  test('periodoAbierto sin períodos → null', () => {
    expect(periodoAbierto([], '2026-05-01')).toBeNull();
  });
});

describe('editor del calendario (spec 02 §4, §7)', () => {
  const m = (fecha: string, tipo: TipoCalendario | null = 'apertura'): MarcaCalendario => ({
    fecha,
    tipo,
  });
  const GUARDADAS = [m('2026-07-10'), m('2026-03-02')];

  test('recién cargado: guardadas ordenadas (sin repetidas) y sin pendientes', () => {
    expect(editorCalendario('nota', [...GUARDADAS, m('2026-03-02')])).toEqual({
      area: 'nota',
      guardadas: [m('2026-03-02'), m('2026-07-10')],
      nuevas: [],
      borradas: [],
    });
  });

  test.each([
    // [clics, nuevas, borradas, estado de cada fecha: 03-02, 05-01, 07-10]
    ['ninguno', [], [], [], ['guardada', null, 'guardada']],
    [
      'una fecha no guardada pasa a nueva',
      [m('2026-05-01')],
      [m('2026-05-01')],
      [],
      ['guardada', 'nueva', 'guardada'],
    ],
    [
      'dos clics en una no guardada la descartan',
      [m('2026-05-01'), m('2026-05-01')],
      [],
      [],
      ['guardada', null, 'guardada'],
    ],
    [
      'una guardada pasa a borrada',
      [m('2026-03-02')],
      [],
      [m('2026-03-02')],
      ['borrada', null, 'guardada'],
    ],
    [
      'dos clics en una guardada la restituyen',
      [m('2026-03-02'), m('2026-03-02')],
      [],
      [],
      ['guardada', null, 'guardada'],
    ],
    [
      'varias, ordenadas por fecha',
      [m('2026-07-10'), m('2026-05-01'), m('2026-04-01'), m('2026-03-02')],
      [m('2026-04-01'), m('2026-05-01')],
      [m('2026-03-02'), m('2026-07-10')],
      ['borrada', 'nueva', 'borrada'],
    ],
    [
      'el mismo día de otro tipo es otra fecha',
      [m('2026-03-02', 'cierre')],
      [m('2026-03-02', 'cierre')],
      [],
      ['guardada', null, 'guardada'],
    ],
  ] as [string, MarcaCalendario[], MarcaCalendario[], MarcaCalendario[], (string | null)[]][])(
    'clics: %s',
    (_nombre, clics, nuevas, borradas, estados) => {
      const editor = clics.reduce(alternarFecha, editorCalendario('nota', GUARDADAS));
      expect(cambiosCalendario(editor)).toEqual({ nuevas, borradas });
      expect(hayCambiosCalendario(editor)).toBe(nuevas.length + borradas.length > 0);
      expect(
        ['2026-03-02', '2026-05-01', '2026-07-10'].map((f) => estadoFecha(editor, m(f))),
      ).toEqual(estados);
    },
  );

  test('guardar: las nuevas pasan a guardadas, las borradas se van y las dos listas se vacían', () => {
    let editor = editorCalendario('nota', GUARDADAS);
    for (const c of [m('2026-03-02'), m('2026-05-01'), m('2026-01-15', 'cierre')]) {
      editor = alternarFecha(editor, c);
    }
    expect(fechasMarcadas(editor, 'apertura')).toEqual(['2026-05-01', '2026-07-10']);
    expect(fechasMarcadas(editor, 'cierre')).toEqual(['2026-01-15']);
    expect(cambiosCalendario(editor)).toEqual({
      nuevas: [m('2026-01-15', 'cierre'), m('2026-05-01')],
      borradas: [m('2026-03-02')],
    });
    const guardado = calendarioGuardado(editor);
    expect(guardado).toEqual({
      area: 'nota',
      guardadas: [m('2026-01-15', 'cierre'), m('2026-05-01'), m('2026-07-10')],
      nuevas: [],
      borradas: [],
    });
    expect(hayCambiosCalendario(guardado)).toBe(false);
    expect(cambiosCalendario(guardado)).toEqual({ nuevas: [], borradas: [] });
    expect(fechasMarcadas(guardado, 'apertura')).toEqual(['2026-05-01', '2026-07-10']);
  });

  test('no modifica el editor anterior', () => {
    const antes = editorCalendario('nota', GUARDADAS);
    const copia = JSON.parse(JSON.stringify(antes)) as EditorCalendario;
    alternarFecha(antes, m('2026-03-02'));
    alternarFecha(antes, m('2026-05-01'));
    calendarioGuardado(alternarFecha(antes, m('2026-05-01')));
    expect(antes).toEqual(copia);
  });

  test.each([
    ['restriccion', m('2026-07-09', null)],
    ['jcd', m('2026-09-21', null)],
    ['pic', m('2026-12-01', 'evaluacion')],
    ['pic', m('2026-12-02', 'descanso')],
    ['avance', m('2026-05-04', 'publicacion')],
  ] as [AreaCalendario, MarcaCalendario][])('área %s acepta %j', (area, marca) => {
    const editor = alternarFecha(editorCalendario(area, []), marca);
    expect(cambiosCalendario(editor)).toEqual({ nuevas: [marca], borradas: [] });
  });

  test.each([
    ['restriccion', m('2026-07-09', 'apertura')],
    ['jcd', m('2026-07-09', 'evaluacion')],
    ['pic', m('2026-12-01', 'apertura')],
    ['avance', m('2026-05-04', 'apertura_pic')],
    ['nota', m('2026-05-04', null)],
    ['nota', m('2026-02-30')],
    ['nota', m('2026-5-4')],
  ] as [AreaCalendario, MarcaCalendario][])('área %s rechaza %j', (area, marca) => {
    expect(() => alternarFecha(editorCalendario(area, []), marca)).toThrow();
  });

  test('al cargar, una fecha guardada de otro tipo del área lanza', () => {
    expect(() => editorCalendario('pic', [m('2026-12-01', 'apertura')])).toThrow();
  });

  test('reducirCalendario: cargar, alternar, guardado y recargar', () => {
    let editor = reducirCalendario(editorCalendario('avance', []), {
      accion: 'cargar',
      area: 'avance',
      guardadas: [m('2026-05-04')],
    });
    expect(editor).toEqual({
      area: 'avance',
      guardadas: [m('2026-05-04')],
      nuevas: [],
      borradas: [],
    });
    editor = reducirCalendario(editor, { accion: 'alternar', marca: m('2026-05-04') });
    editor = reducirCalendario(editor, { accion: 'alternar', marca: m('2026-08-03') });
    expect(cambiosCalendario(editor)).toEqual({
      nuevas: [m('2026-08-03')],
      borradas: [m('2026-05-04')],
    });
    editor = reducirCalendario(editor, { accion: 'guardado' });
    expect(editor).toEqual({
      area: 'avance',
      guardadas: [m('2026-08-03')],
      nuevas: [],
      borradas: [],
    });
    editor = reducirCalendario(editor, { accion: 'alternar', marca: m('2026-09-07') });
    editor = reducirCalendario(editor, { accion: 'cargar', area: 'nota', guardadas: [] });
    expect(editor).toEqual({ area: 'nota', guardadas: [], nuevas: [], borradas: [] });
  });
});
