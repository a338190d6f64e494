import {
  CIRCUNSTANCIAS,
  COLOR_ESTADO_ASISTENCIA,
  COLOR_REINCORPORACION,
  DIAS_ATRAS_ASISTENCIA_PROTEGIDO,
  DIAS_ATRAS_MODO_COMPLETO,
  ERROR_REINCORPORAR,
  ETIQUETA_ESTADO_ASISTENCIA,
  LIMITE_INASISTENCIAS,
  PESO_INASISTENCIA,
  TIPOS_ASISTENCIA,
  UMBRAL_CERCA_DE_LIBRE,
  cambiosAsistencias,
  cantidadReincorporacionValida,
  circunstanciaVisible,
  claveGuardada,
  conJustificada,
  entradaNueva,
  entradasHastaAyer,
  esCircunstancia,
  esFechaValida,
  esTipoAsistencia,
  estadoAsistencia,
  fechaAsistenciaValida,
  fechaMinimaAsistencia,
  hayCambiosAsistencias,
  listaLegajo,
  pesoInasistencia,
  puedeBorrarEntrada,
  reducirAsistencias,
  entradasHasta,
  resumenAsistencia,
  sumarDias,
  textoJustificacion,
  textoJustificadas,
  textoReincorporacion,
  textoTotalAsistencia,
  totalInasistencias,
  totalReincorporaciones,
  type EntradaAsistencia,
  type EntradaEditable,
  type EntradaLegajo,
  type ModoFechas,
  type Reincorporacion,
} from '@/domain/asistencias';

describe('tipos y circunstancias (spec 01 §4)', () => {
  test('los tipos, escritos como en la spec y en su orden', () => {
    expect(TIPOS_ASISTENCIA).toEqual([
      'Falta',
      'Tardanza Ingreso',
      'Tardanza Recreo',
      'Retiro con Permiso (Falta)',
      'Retiro con Permiso (Media)',
      'Ingreso Autorizado (Falta)',
    ]);
  });

  test('las circunstancias', () => {
    expect(CIRCUNSTANCIAS).toEqual(['Normal', 'Educación Física']);
  });

  test.each([
    ['Falta', true],
    ['Tardanza Ingreso', true],
    ['Tardanza Recreo', true],
    ['Retiro con Permiso (Falta)', true],
    ['Retiro con Permiso (Media)', true],
    ['Ingreso Autorizado (Falta)', true],
    ['falta', false],
    ['Falta ', false],
    ['Tardanza', false],
    ['Retiro con Permiso', false],
    ['Presente', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('esTipoAsistencia(%p) → %p', (valor, esperado) => {
    expect(esTipoAsistencia(valor)).toBe(esperado);
  });

  test.each([
    ['Normal', true],
    ['Educación Física', true],
    ['Educacion Fisica', false],
    ['normal', false],
    ['', false],
    [null, false],
  ])('esCircunstancia(%p) → %p', (valor, esperado) => {
    expect(esCircunstancia(valor)).toBe(esperado);
  });

  test.each([
    ['Normal', null],
    ['Educación Física', 'Educación Física'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('circunstanciaVisible(%p) → %p (oculta cuando es Normal)', (c, esperado) => {
    expect(circunstanciaVisible(c)).toBe(esperado);
  });
});

describe('peso de cada tipo (spec 01 §9)', () => {
  test.each([
    ['Falta', 1],
    ['Retiro con Permiso (Falta)', 1],
    ['Ingreso Autorizado (Falta)', 1],
    ['Retiro con Permiso (Media)', 0.5],
    ['Tardanza Ingreso', 0.5],
    ['Tardanza Recreo', 0.5],
    ['Presente', 0],
    ['falta', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ])('pesoInasistencia(%p) → %p', (tipo, peso) => {
    expect(pesoInasistencia(tipo)).toBe(peso);
  });

  test('la tabla de pesos cubre todos los tipos', () => {
    expect(PESO_INASISTENCIA).toEqual({
      Falta: 1,
      'Tardanza Ingreso': 0.5,
      'Tardanza Recreo': 0.5,
      'Retiro con Permiso (Falta)': 1,
      'Retiro con Permiso (Media)': 0.5,
      'Ingreso Autorizado (Falta)': 1,
    });
  });
});

describe('totales', () => {
  const t = (tipo: string) => ({ tipo });
  test.each([
    [[], 0],
    [[t('Falta')], 1],
    [[t('Tardanza Ingreso')], 0.5],
    [[t('Falta'), t('Tardanza Recreo')], 1.5],
    [[t('Tardanza Ingreso'), t('Tardanza Recreo')], 1],
    [
      [
        t('Retiro con Permiso (Falta)'),
        t('Retiro con Permiso (Media)'),
        t('Ingreso Autorizado (Falta)'),
      ],
      2.5,
    ],
    [[t('Falta'), t('Presente'), t('Tardanza Ingreso')], 1.5],
    [
      [
        t('Falta'),
        t('Tardanza Ingreso'),
        t('Tardanza Recreo'),
        t('Retiro con Permiso (Falta)'),
        t('Retiro con Permiso (Media)'),
        t('Ingreso Autorizado (Falta)'),
      ],
      4.5,
    ],
  ])('totalInasistencias(%j) → %p', (entradas, total) => {
    expect(totalInasistencias(entradas)).toBe(total);
  });

  test('30 faltas suman 30; 60 tardanzas también', () => {
    expect(totalInasistencias(Array.from({ length: 30 }, () => t('Falta')))).toBe(30);
    expect(totalInasistencias(Array.from({ length: 60 }, () => t('Tardanza Recreo')))).toBe(30);
  });

  test.each([
    [[], 0],
    [[{ cantidad: 1 }], 1],
    [[{ cantidad: 1 }, { cantidad: 2 }], 3],
    [[{ cantidad: 1.5 }, { cantidad: 1 }], 2.5],
  ])('totalReincorporaciones(%j) → %p', (r, total) => {
    expect(totalReincorporaciones(r)).toBe(total);
  });
});

describe('estado, umbrales y colores (spec 01 §9, spec 02 §4)', () => {
  test('constantes', () => {
    expect(LIMITE_INASISTENCIAS).toBe(30);
    expect(UMBRAL_CERCA_DE_LIBRE).toBe(17);
    expect(ETIQUETA_ESTADO_ASISTENCIA).toEqual({
      libre: 'Condición libre',
      cerca: 'Cerca de condición libre',
      normal: null,
    });
    expect(COLOR_ESTADO_ASISTENCIA).toEqual({ libre: 'red', cerca: 'yellow', normal: null });
  });

  test.each([
    // [total, reincorporaciones, estado]
    [0, 0, 'normal'],
    [16.5, 0, 'normal'],
    [17, 0, 'cerca'],
    [17.5, 0, 'cerca'],
    [29.5, 0, 'cerca'],
    [30, 0, 'libre'],
    [30.5, 0, 'libre'],
    [45, 0, 'libre'],
    // con 1,5 reincorporado: cerca desde 18,5, libre desde 31,5
    [16.5, 1.5, 'normal'],
    [17, 1.5, 'normal'],
    [18, 1.5, 'normal'],
    [18.5, 1.5, 'cerca'],
    [29.5, 1.5, 'cerca'],
    [30, 1.5, 'cerca'],
    [31, 1.5, 'cerca'],
    [31.5, 1.5, 'libre'],
    // con 3 reincorporados: cerca desde 20, libre desde 33
    [16.5, 3, 'normal'],
    [17, 3, 'normal'],
    [19.5, 3, 'normal'],
    [20, 3, 'cerca'],
    [29.5, 3, 'cerca'],
    [30, 3, 'cerca'],
    [32.5, 3, 'cerca'],
    [33, 3, 'libre'],
  ])('estadoAsistencia(%p, %p) → %s', (total, reinc, estado) => {
    expect(estadoAsistencia(total, reinc)).toBe(estado);
  });
});

describe('reincorporaciones (spec 02 §5, §8)', () => {
  test('mensaje de error', () => {
    expect(ERROR_REINCORPORAR).toBe('Error reincorporando alumno');
  });

  test.each([
    [1, true],
    [1.5, true],
    [2, true],
    [30, true],
    [0, false],
    [0.5, false],
    [-1, false],
    [1.25, false],
    [NaN, false],
    [Infinity, false],
    ['2', false],
    [null, false],
  ])('cantidadReincorporacionValida(%p) → %p', (cantidad, esperado) => {
    expect(cantidadReincorporacionValida(cantidad)).toBe(esperado);
  });

  test.each([
    [1, '+ 1'],
    [2, '+ 2'],
    [1.5, '+ 1,5'],
  ])('textoReincorporacion(%p) → %p', (cantidad, texto) => {
    expect(textoReincorporacion(cantidad)).toBe(texto);
  });

  test('se muestran en verde', () => {
    expect(COLOR_REINCORPORACION).toBe('green');
  });
});

describe('textos del legajo (spec 01 §2)', () => {
  test.each([
    [{ justificada: true, justificacion: 'Certificado médico' }, 'Justificada: Certificado médico'],
    [{ justificada: true, justificacion: '  Turno dental  ' }, 'Justificada: Turno dental'],
    [{ justificada: true, justificacion: '' }, 'Justificada'],
    [{ justificada: true, justificacion: '   ' }, 'Justificada'],
    [{ justificada: true, justificacion: null }, 'Justificada'],
    [{ justificada: true }, 'Justificada'],
    [{ justificada: false, justificacion: null }, 'Injustificada'],
    [{ justificada: false, justificacion: '' }, 'Injustificada'],
    [{ justificada: false, justificacion: 'quedó un texto' }, 'Injustificada'],
  ])('textoJustificacion(%j) → %p', (e, texto) => {
    expect(textoJustificacion(e)).toBe(texto);
  });

  test.each([
    [0, 0, '0 / 30 (+ 0)'],
    [12.5, 2, '12,5 / 30 (+ 2)'],
    [17, 0, '17 / 30 (+ 0)'],
    [30, 1.5, '30 / 30 (+ 1,5)'],
    [31.5, 3, '31,5 / 30 (+ 3)'],
  ])('textoTotalAsistencia(%p, %p) → %p', (total, reinc, texto) => {
    expect(textoTotalAsistencia(total, reinc)).toBe(texto);
  });

  test.each([
    [0, 0, '0 / 0 Justificadas'],
    [3, 10, '3 / 10 Justificadas'],
    [10, 10, '10 / 10 Justificadas'],
  ])('textoJustificadas(%p, %p) → %p', (n, m, texto) => {
    expect(textoJustificadas(n, m)).toBe(texto);
  });
});

describe('fechas', () => {
  test.each([
    ['2026-05-20', true],
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-5-20', false],
    ['20-05-2026', false],
    ['2026-05-20T00:00:00Z', false],
    [' 2026-05-20', false],
    ['', false],
    [null, false],
    [20260520, false],
  ])('esFechaValida(%p) → %p', (fecha, esperado) => {
    expect(esFechaValida(fecha)).toBe(esperado);
  });

  test.each([
    ['2026-05-20', -15, '2026-05-05'],
    ['2026-05-20', -5, '2026-05-15'],
    ['2026-05-20', 0, '2026-05-20'],
    ['2026-05-20', 1, '2026-05-21'],
    ['2026-03-10', -15, '2026-02-23'],
    ['2024-03-10', -15, '2024-02-24'],
    ['2026-01-10', -15, '2025-12-26'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-05-20', -365, '2025-05-20'],
    ['2025-03-01', -365, '2024-03-01'],
  ])('sumarDias(%p, %p) → %p', (fecha, dias, esperado) => {
    expect(sumarDias(fecha, dias)).toBe(esperado);
  });

  test.each([
    ['2026-02-30', 1],
    ['ayer', -1],
    ['2026-05-20', 1.5],
  ])('sumarDias(%p, %p) lanza', (fecha, dias) => {
    expect(() => sumarDias(fecha, dias)).toThrow();
  });

  test('constantes de los modos', () => {
    expect(DIAS_ATRAS_ASISTENCIA_PROTEGIDO).toBe(15);
    expect(DIAS_ATRAS_MODO_COMPLETO).toBe(365);
  });

  test.each([
    ['2026-05-20', 'protegido', '2026-05-05'],
    ['2026-03-10', 'protegido', '2026-02-23'],
    ['2024-03-10', 'protegido', '2024-02-24'],
    ['2026-01-10', 'protegido', '2025-12-26'],
    ['2026-05-20', 'completo', '2025-05-20'],
    ['2026-01-10', 'completo', '2025-01-10'],
  ])('fechaMinimaAsistencia(%p, %p) → %p', (hoy, modo, minima) => {
    expect(fechaMinimaAsistencia(hoy, modo as ModoFechas)).toBe(minima);
  });

  test.each([
    // hoy 2026-05-20: protegido va del 05 al 20 de mayo
    ['2026-05-20', 'protegido', true],
    ['2026-05-19', 'protegido', true],
    ['2026-05-06', 'protegido', true],
    ['2026-05-05', 'protegido', true],
    ['2026-05-04', 'protegido', false],
    ['2026-05-21', 'protegido', false],
    ['2025-05-20', 'protegido', false],
    // completo: del 2025-05-20 al 2026-05-20
    ['2026-05-20', 'completo', true],
    ['2026-05-04', 'completo', true],
    ['2026-01-02', 'completo', true],
    ['2025-05-20', 'completo', true],
    ['2025-05-19', 'completo', false],
    ['2026-05-21', 'completo', false],
    // fechas mal formadas
    ['2026-02-30', 'completo', false],
    ['2026-5-10', 'completo', false],
    ['', 'protegido', false],
    [null, 'protegido', false],
  ])('fechaAsistenciaValida(%p) con hoy 2026-05-20 en modo %s → %p', (fecha, modo, esperado) => {
    expect(fechaAsistenciaValida(fecha, '2026-05-20', modo as ModoFechas)).toBe(esperado);
  });

  test('el 15° día atrás cruza el año', () => {
    expect(fechaAsistenciaValida('2025-12-26', '2026-01-10', 'protegido')).toBe(true);
    expect(fechaAsistenciaValida('2025-12-25', '2026-01-10', 'protegido')).toBe(false);
  });
});

describe('puedeBorrarEntrada (spec 01 §5)', () => {
  const HOY = '2026-05-20';
  test.each([
    // [orden, fecha, modo, puede]
    [null, '2026-05-10', 'protegido', true],
    [undefined, '2026-05-10', 'protegido', true],
    [null, '2026-05-20', 'protegido', true],
    [7, '2026-05-20', 'protegido', true],
    [7, '2026-05-21', 'protegido', true],
    [7, '2026-05-19', 'protegido', false],
    [7, '2026-05-05', 'protegido', false],
    [7, '2026-05-19', 'completo', true],
    [7, '2025-06-01', 'completo', true],
    [null, '2026-05-19', 'completo', true],
  ])('orden %p, fecha %s, modo %s → %p', (orden, fecha, modo, esperado) => {
    expect(puedeBorrarEntrada({ orden, fecha }, HOY, modo as ModoFechas)).toBe(esperado);
  });
});

describe('justificación', () => {
  test.each([
    [
      { justificada: true, justificacion: 'Médico' },
      false,
      { justificada: false, justificacion: null },
    ],
    [
      { justificada: true, justificacion: null },
      false,
      { justificada: false, justificacion: null },
    ],
    [{ justificada: false, justificacion: null }, true, { justificada: true, justificacion: null }],
    [
      { justificada: true, justificacion: 'Médico' },
      true,
      { justificada: true, justificacion: 'Médico' },
    ],
    [
      { justificada: false, justificacion: 'resto' },
      false,
      { justificada: false, justificacion: null },
    ],
  ])('conJustificada(%j, %p) → %j', (entrada, justificada, esperado) => {
    expect(conJustificada(entrada, justificada)).toEqual(esperado);
  });

  test('no modifica la entrada recibida', () => {
    const e = { justificada: true, justificacion: 'Médico' };
    conJustificada(e, false);
    expect(e).toEqual({ justificada: true, justificacion: 'Médico' });
  });

  test('entradaNueva: Falta, Normal, injustificada, turno Mañana por defecto', () => {
    expect(entradaNueva('2026-05-20')).toEqual({
      orden: null,
      tipo: 'Falta',
      circunstancia: 'Normal',
      justificada: false,
      justificacion: null,
      fecha: '2026-05-20',
      turno: 'Mañana',
    });
    expect(entradaNueva('2026-05-20', 'Tarde').turno).toBe('Tarde');
  });
});

describe('edición de entradas (spec 01 §4)', () => {
  const guardada = (
    orden: number,
    fecha: string,
    extra: Partial<EntradaAsistencia> = {},
  ): EntradaAsistencia => ({
    orden,
    tipo: 'Falta',
    circunstancia: 'Normal',
    justificada: false,
    justificacion: null,
    fecha,
    turno: 'Mañana',
    ...extra,
  });
  const cargada = () =>
    reducirAsistencias([], {
      accion: 'cargar',
      entradas: [
        guardada(10, '2026-05-18'),
        guardada(11, '2026-05-19', { tipo: 'Tardanza Ingreso' }),
      ],
    });
  const conNueva = () =>
    reducirAsistencias(cargada(), {
      accion: 'agregar',
      clave: 'nueva:1',
      entrada: entradaNueva('2026-05-20'),
    });
  const resumen = (l: EntradaEditable[]) =>
    l.map((e) => [e.clave, e.orden, e.borrar, e.modificada]);

  test('cargar: claves por orden, nada marcado', () => {
    expect(claveGuardada(10)).toBe('orden:10');
    expect(resumen(cargada())).toEqual([
      ['orden:10', 10, false, false],
      ['orden:11', 11, false, false],
    ]);
  });

  test('agregar: al final, sin orden; una clave repetida se ignora', () => {
    const l = conNueva();
    expect(resumen(l)).toEqual([
      ['orden:10', 10, false, false],
      ['orden:11', 11, false, false],
      ['nueva:1', null, false, false],
    ]);
    const otra = reducirAsistencias(l, {
      accion: 'agregar',
      clave: 'nueva:1',
      entrada: entradaNueva('2026-05-19'),
    });
    expect(otra).toEqual(l);
  });

  test('agregar con orden lo ignora (siempre es nueva) y limpia la justificación si no está justificada', () => {
    const l = reducirAsistencias([], {
      accion: 'agregar',
      clave: 'n',
      entrada: { ...entradaNueva('2026-05-20'), orden: 99, justificacion: 'x' },
    });
    expect(l[0]).toMatchObject({ orden: null, justificada: false, justificacion: null });
  });

  test.each([
    // [clave borrada, resultado]
    [
      'nueva:1',
      [
        ['orden:10', 10, false, false],
        ['orden:11', 11, false, false],
      ],
    ],
    [
      'orden:10',
      [
        ['orden:10', 10, true, false],
        ['orden:11', 11, false, false],
        ['nueva:1', null, false, false],
      ],
    ],
    [
      'orden:99',
      [
        ['orden:10', 10, false, false],
        ['orden:11', 11, false, false],
        ['nueva:1', null, false, false],
      ],
    ],
  ])('borrar %s: la nueva se quita en el acto; la guardada queda marcada', (clave, esperado) => {
    expect(resumen(reducirAsistencias(conNueva(), { accion: 'borrar', clave }))).toEqual(esperado);
  });

  test('borrar dos veces una guardada la desmarca', () => {
    const una = reducirAsistencias(cargada(), { accion: 'borrar', clave: 'orden:11' });
    const dos = reducirAsistencias(una, { accion: 'borrar', clave: 'orden:11' });
    expect(una.find((e) => e.clave === 'orden:11')?.borrar).toBe(true);
    expect(dos.find((e) => e.clave === 'orden:11')?.borrar).toBe(false);
  });

  test('modificar una guardada la marca como modificada; una nueva no', () => {
    const l1 = reducirAsistencias(conNueva(), {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { tipo: 'Tardanza Recreo', circunstancia: 'Educación Física' },
    });
    expect(l1[0]).toMatchObject({
      orden: 10,
      tipo: 'Tardanza Recreo',
      circunstancia: 'Educación Física',
      modificada: true,
    });
    const l2 = reducirAsistencias(l1, {
      accion: 'modificar',
      clave: 'nueva:1',
      cambios: { turno: 'Tarde' },
    });
    expect(l2[2]).toMatchObject({ orden: null, turno: 'Tarde', modificada: false });
  });

  test('modificar no cambia orden ni clave', () => {
    const l = reducirAsistencias(cargada(), {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { clave: 'otra', orden: 5 } as never,
    });
    expect(l[0]).toMatchObject({ clave: 'orden:10', orden: 10 });
  });

  test('justificar y desjustificar: desmarcar borra la justificación', () => {
    const j = reducirAsistencias(cargada(), {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { justificada: true, justificacion: 'Certificado' },
    });
    expect(j[0]).toMatchObject({ justificada: true, justificacion: 'Certificado' });
    const d = reducirAsistencias(j, {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { justificada: false },
    });
    expect(d[0]).toMatchObject({ justificada: false, justificacion: null });
    const sinMarca = reducirAsistencias(d, {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { justificacion: 'x' },
    });
    expect(sinMarca[0]).toMatchObject({ justificada: false, justificacion: null });
  });

  test('no muta la lista recibida', () => {
    const l = conNueva();
    const copia = JSON.parse(JSON.stringify(l));
    reducirAsistencias(l, { accion: 'borrar', clave: 'orden:10' });
    reducirAsistencias(l, { accion: 'borrar', clave: 'nueva:1' });
    reducirAsistencias(l, { accion: 'modificar', clave: 'orden:11', cambios: { tipo: 'Falta' } });
    expect(l).toEqual(copia);
  });

  test('cambiosAsistencias: crear las nuevas, actualizar las modificadas, borrar las marcadas', () => {
    let l = conNueva();
    l = reducirAsistencias(l, {
      accion: 'modificar',
      clave: 'orden:11',
      cambios: { justificada: true },
    });
    l = reducirAsistencias(l, { accion: 'borrar', clave: 'orden:10' });
    expect(hayCambiosAsistencias(l)).toBe(true);
    expect(cambiosAsistencias(l)).toEqual({
      crear: [
        {
          orden: null,
          tipo: 'Falta',
          circunstancia: 'Normal',
          justificada: false,
          justificacion: null,
          fecha: '2026-05-20',
          turno: 'Mañana',
        },
      ],
      actualizar: [
        {
          orden: 11,
          tipo: 'Tardanza Ingreso',
          circunstancia: 'Normal',
          justificada: true,
          justificacion: null,
          fecha: '2026-05-19',
          turno: 'Mañana',
        },
      ],
      borrar: [10],
    });
  });

  test('una modificada y marcada para borrar sólo se borra', () => {
    let l = cargada();
    l = reducirAsistencias(l, {
      accion: 'modificar',
      clave: 'orden:10',
      cambios: { tipo: 'Tardanza Recreo' },
    });
    l = reducirAsistencias(l, { accion: 'borrar', clave: 'orden:10' });
    expect(cambiosAsistencias(l)).toEqual({ crear: [], actualizar: [], borrar: [10] });
  });

  test('sin cambios', () => {
    expect(hayCambiosAsistencias(cargada())).toBe(false);
    expect(cambiosAsistencias(cargada())).toEqual({ crear: [], actualizar: [], borrar: [] });
    expect(hayCambiosAsistencias([])).toBe(false);
  });

  test('agregar y borrar la misma nueva no deja cambios', () => {
    const l = reducirAsistencias(conNueva(), { accion: 'borrar', clave: 'nueva:1' });
    expect(hayCambiosAsistencias(l)).toBe(false);
  });
});

describe('lista y pie del legajo (spec 01 §2)', () => {
  const HOY = '2026-05-20';
  const e = (
    orden: number,
    fecha: string,
    tipo: string,
    extra: Partial<EntradaLegajo> = {},
  ): EntradaLegajo => ({
    orden,
    tipo,
    circunstancia: 'Normal',
    justificada: false,
    justificacion: null,
    fecha,
    turno: 'Mañana',
    ...extra,
  });
  const r = (orden: number, fecha: string, cantidad: number): Reincorporacion => ({
    orden,
    fecha,
    cantidad,
  });

  const ENTRADAS = [
    e(1, '2026-05-04', 'Falta', { justificada: true, justificacion: 'Certificado médico' }),
    e(2, '2026-05-20', 'Falta'),
    e(3, '2026-05-11', 'Tardanza Ingreso', { circunstancia: 'Educación Física' }),
    e(4, '2026-05-11', 'Tardanza Recreo', { turno: 'Tarde', justificada: true }),
    e(5, '2026-05-19', 'Retiro con Permiso (Media)'),
  ];
  const REINC = [r(100, '2026-05-11', 2), r(101, '2026-05-15', 1)];

  test('más nueva primero, sin hoy, con reincorporaciones intercaladas', () => {
    const lista = listaLegajo(ENTRADAS, REINC, HOY);
    expect(
      lista.map((i) =>
        i.clase === 'asistencia'
          ? [i.fecha, i.entrada.orden, i.entrada.tipo, i.circunstancia, i.justificacion]
          : [i.fecha, 'reincorporacion', i.texto, i.color],
      ),
    ).toEqual([
      ['2026-05-19', 5, 'Retiro con Permiso (Media)', null, 'Injustificada'],
      ['2026-05-15', 'reincorporacion', '+ 1', 'green'],
      ['2026-05-11', 'reincorporacion', '+ 2', 'green'],
      ['2026-05-11', 4, 'Tardanza Recreo', null, 'Justificada'],
      ['2026-05-11', 3, 'Tardanza Ingreso', 'Educación Física', 'Injustificada'],
      ['2026-05-04', 1, 'Falta', null, 'Justificada: Certificado médico'],
    ]);
  });

  test('misma fecha y turno: el orden mayor primero', () => {
    const lista = listaLegajo(
      [e(1, '2026-05-11', 'Falta'), e(2, '2026-05-11', 'Tardanza Ingreso')],
      [],
      HOY,
    );
    expect(lista.map((i) => (i.clase === 'asistencia' ? i.entrada.orden : null))).toEqual([2, 1]);
  });

  test('entradasHastaAyer excluye hoy y las posteriores', () => {
    expect(
      entradasHastaAyer(
        [
          { fecha: '2026-05-19' },
          { fecha: '2026-05-20' },
          { fecha: '2026-05-21' },
          { fecha: '2025-12-01' },
        ],
        HOY,
      ),
    ).toEqual([{ fecha: '2026-05-19' }, { fecha: '2025-12-01' }]);
  });

  test('lista vacía', () => {
    expect(listaLegajo([], [], HOY)).toEqual([]);
  });

  test('resumen: cuenta lo listado (sin hoy) y todas las reincorporaciones', () => {
    // Listadas: Falta 1 + Tardanza Ingreso 0,5 + Tardanza Recreo 0,5 + Retiro (Media) 0,5 = 2,5; 2 justificadas de 4.
    expect(resumenAsistencia(ENTRADAS, REINC, HOY)).toEqual({
      total: 2.5,
      reincorporaciones: 3,
      estado: 'normal',
      etiqueta: null,
      color: null,
      justificadas: 2,
      entradas: 4,
      textoTotal: '2,5 / 30 (+ 3)',
      textoJustificadas: '2 / 4 Justificadas',
    });
  });

  const faltas = (n: number, fecha = '2026-04-01') =>
    Array.from({ length: n }, (_, i) => e(i + 1, fecha, 'Falta'));

  test.each([
    // [faltas antes de hoy, reincorporado, estado, etiqueta, color, texto]
    [16, 0, 'normal', null, null, '16 / 30 (+ 0)', '0 / 16 Justificadas'],
    [17, 0, 'cerca', 'Cerca de condición libre', 'yellow', '17 / 30 (+ 0)', '0 / 17 Justificadas'],
    [29, 0, 'cerca', 'Cerca de condición libre', 'yellow', '29 / 30 (+ 0)', '0 / 29 Justificadas'],
    [30, 0, 'libre', 'Condición libre', 'red', '30 / 30 (+ 0)', '0 / 30 Justificadas'],
    [30, 1, 'cerca', 'Cerca de condición libre', 'yellow', '30 / 30 (+ 1)', '0 / 30 Justificadas'],
    [31, 1, 'libre', 'Condición libre', 'red', '31 / 30 (+ 1)', '0 / 31 Justificadas'],
    [17, 1, 'normal', null, null, '17 / 30 (+ 1)', '0 / 17 Justificadas'],
  ])(
    'resumen con %p faltas y %p reincorporado → %s',
    (n, reinc, estado, etiqueta, color, texto, justificadas) => {
      const res = resumenAsistencia(faltas(n), reinc ? [r(1, '2026-04-02', reinc)] : [], HOY);
      expect([res.estado, res.etiqueta, res.color, res.textoTotal, res.textoJustificadas]).toEqual([
        estado,
        etiqueta,
        color,
        texto,
        justificadas,
      ]);
    },
  );

  test.each([
    // [corte, total, estado, texto, entradas]: 29 faltas antes de hoy y una Falta y una Tardanza hoy.
    ['ayer', 29, 'cerca', '29 / 30 (+ 0)', 29],
    ['hoy', 30.5, 'libre', '30,5 / 30 (+ 0)', 31],
  ] as const)(
    'corte %p (issue 11 §6): el personal cuenta lo guardado hoy; el legajo, hasta ayer',
    (corte, total, estado, texto, entradas) => {
      const lista = [...faltas(29), e(98, HOY, 'Falta'), e(99, HOY, 'Tardanza Ingreso')];
      const res = resumenAsistencia(lista, [], HOY, corte);
      expect([res.total, res.estado, res.textoTotal, res.entradas]).toEqual([
        total,
        estado,
        texto,
        entradas,
      ]);
      expect(entradasHasta(lista, HOY, corte)).toHaveLength(entradas);
    },
  );

  test('sin corte, el pie es el del legajo (hasta ayer)', () => {
    const lista = [...faltas(2), e(99, HOY, 'Falta')];
    expect(resumenAsistencia(lista, [], HOY)).toEqual(resumenAsistencia(lista, [], HOY, 'ayer'));
  });

  test('las faltas de hoy no cuentan en el pie hasta mañana', () => {
    const res = resumenAsistencia([...faltas(29), e(99, HOY, 'Falta')], [], HOY);
    expect([res.total, res.estado, res.textoTotal]).toEqual([29, 'cerca', '29 / 30 (+ 0)']);
    const manana = resumenAsistencia([...faltas(29), e(99, HOY, 'Falta')], [], '2026-05-21');
    expect([manana.total, manana.estado, manana.textoTotal]).toEqual([
      30,
      'libre',
      '30 / 30 (+ 0)',
    ]);
  });
});
