/**
 * El planillón en modo avances (issue 15 §4, §5): columnas por materia con el estado de la
 * planilla, una celda con un código y un color por tipo (el texto dice lo mismo que el color),
 * '–' para 'Sin Observaciones', vacía sin nada guardado, el total 'Materias con dificultades' en
 * rojo desde 3, la leyenda, el selector de instancias y la fecha pedida según el ciclo.
 */
import { MATERIAS_PARA_MARCA } from '@/domain/avances';
import {
  CODIGO_TIPO,
  LEYENDA_AVANCES,
  TEXTO_SIN_OBSERVACIONES,
  celdaAvances,
  columnasAvances,
  fechaPedida,
  modeloAvances,
  modoAvances,
  nombreInstancia,
  opcionesAvances,
  totalAvances,
} from '@/components/planillon/modos/avances';
import {
  SIN_OBSERVACIONES,
  TIPOS_AVANCE,
  nombresDeTipos,
  tiposDeMascara,
  type CodigoAvance,
} from '@/domain/avances';

const MAYO = { fecha: '2026-05-15', apertura: '2026-05-04', publicacion: '2026-05-22', numero: 1 };
const OCTUBRE = {
  fecha: '2026-10-02',
  apertura: '2026-09-21',
  publicacion: '2026-10-09',
  numero: 2,
};

/** Lo guardado con esa máscara, como lo da el servidor. */
const avance = (mascara: number, cerrada = true, observaciones: string | null = null) => ({
  tipos: tiposDeMascara(mascara),
  nombres: nombresDeTipos(mascara),
  observaciones,
  cerrada,
});

const cursado = (
  id: number,
  nombre: string,
  planilla: 'sinPlanilla' | 'abierta' | 'cerrada' = 'cerrada',
) => ({ id, nombre, planilla });

describe('códigos y colores de los tipos', () => {
  test('cada tipo tiene un código distinto y un color distinto (el texto no depende del color)', () => {
    const codigos = TIPOS_AVANCE.map((t) => CODIGO_TIPO[t.codigo].codigo);
    const colores = TIPOS_AVANCE.map((t) => CODIGO_TIPO[t.codigo].color);
    expect(codigos).toEqual(['E', 'T', 'P']);
    expect(new Set(colores).size).toBe(3);
    expect(colores).not.toContain('gray');
  });
});

describe('la celda de una materia', () => {
  test.each([
    // [máscara, texto, códigos con su color]
    [1, 'E', [['E', 'red']]],
    [2, 'T', [['T', 'orange']]],
    [4, 'P', [['P', 'blue']]],
    [
      3,
      'E T',
      [
        ['E', 'red'],
        [' ', undefined],
        ['T', 'orange'],
      ],
    ],
    [
      6,
      'T P',
      [
        ['T', 'orange'],
        [' ', undefined],
        ['P', 'blue'],
      ],
    ],
    [
      7,
      'E T P',
      [
        ['E', 'red'],
        [' ', undefined],
        ['T', 'orange'],
        [' ', undefined],
        ['P', 'blue'],
      ],
    ],
  ] as const)('máscara %i: "%s", un código por tipo con su color', (mascara, texto, partes) => {
    const c = celdaAvances(cursado(1, 'Matemática 2° 1°'), avance(mascara))!;
    expect(c.texto).toBe(texto);
    expect(c.partes!.map((p) => [p.texto, p.color])).toEqual(partes);
    // El texto es la concatenación de las partes (lo que se imprime y se lee).
    expect(c.partes!.map((p) => p.texto).join('')).toBe(c.texto);
    expect(c.color).toBe(CODIGO_TIPO[tiposDeMascara(mascara)[0]!].color);
    expect(c.relleno).toBeFalsy();
  });

  test.each([
    // [lo guardado, texto, color, descripción]
    [null, null, null, null],
    [avance(0), TEXTO_SIN_OBSERVACIONES, 'gray', `Física 2° 1°\n${SIN_OBSERVACIONES}`],
    [
      avance(0, false),
      TEXTO_SIN_OBSERVACIONES,
      'gray',
      `Física 2° 1°\n${SIN_OBSERVACIONES}\nPlanilla abierta: todavía puede cambiar`,
    ],
    [
      avance(3, true, 'Debe el TP 3.'),
      'E T',
      'red',
      'Física 2° 1°\nEvaluaciones no Aprobadas\nAdeuda Trabajos\nObservaciones: Debe el TP 3.',
    ],
    [
      avance(4, false, 'Participa poco.'),
      'P',
      'blue',
      'Física 2° 1°\nFalta de Participación\nObservaciones: Participa poco.\nPlanilla abierta: todavía puede cambiar',
    ],
  ] as const)('%o: "%s" (%s)', (guardado, texto, color, descripcion) => {
    const c = celdaAvances(cursado(1, 'Física 2° 1°'), guardado);
    if (texto == null) return expect(c).toBeNull();
    expect(c).toMatchObject({ texto, color, descripcion });
  });
});

describe('el total: materias con dificultades', () => {
  test.each([
    // [cantidad, texto, color, relleno]
    [0, '0', 'gray', false],
    [1, '1', null, false],
    [2, '2', null, false],
    [3, '3', 'red', true],
    [5, '5', 'red', true],
  ])('%i: "%s", color %p, relleno %p (marca desde 3)', (n, texto, color, relleno) => {
    const materias = Array.from({ length: n }, (_, i) => ({
      materia: `Materia ${i + 1}`,
      nombres: ['Adeuda Trabajos'],
    }));
    const c = totalAvances(n, materias);
    expect(c).toMatchObject({ texto, color, relleno });
    const lineas = c.descripcion!.split('\n');
    expect(lineas).toHaveLength(n + 1);
    expect(lineas[0]).toBe(
      `${n} ${n === 1 ? 'materia' : 'materias'} con dificultades${n >= MATERIAS_PARA_MARCA ? ' (3 o más)' : ''}`,
    );
    if (n) expect(lineas[1]).toBe('Materia 1: Adeuda Trabajos');
  });
});

describe('columnas, selector e instancia pedida', () => {
  test('columnas: abreviatura de la materia y el estado de la planilla en la descripción', () => {
    const columnas = columnasAvances(
      [
        cursado(11, 'Matemática 2° 1°'),
        cursado(12, 'Lengua y Literatura 2° 1°', 'abierta'),
        cursado(13, 'Mate 2° 1°', 'sinPlanilla'),
      ],
      '2° 1°',
    );
    expect(columnas.map((c) => [c.clave, c.titulo, c.descripcion])).toEqual([
      ['11', 'Mat', 'Matemática 2° 1° · planilla cerrada'],
      ['12', 'LL', 'Lengua y Literatura 2° 1° · planilla abierta (sin cerrar)'],
      ['13', 'Mat 2', 'Mate 2° 1° · sin planilla en la instancia'],
    ]);
  });

  test('opciones: las instancias del ciclo; se muestra la del reporte', () => {
    expect(opcionesAvances({ instancias: [MAYO, OCTUBRE], instancia: MAYO })).toEqual({
      lista: [
        { value: '2026-05-15', label: 'Cierre 15/05/2026' },
        { value: '2026-10-02', label: 'Cierre 02/10/2026' },
      ],
      valor: '2026-05-15',
    });
    expect(opcionesAvances({ instancias: [], instancia: null })).toEqual({
      lista: [],
      valor: null,
    });
    expect(nombreInstancia('2026-10-02')).toBe('Cierre 02/10/2026');
  });

  test.each([
    [null, 2026, undefined],
    ['2026-05-15', 2026, '2026-05-15'],
    // Elegida en otro ciclo: el servidor elige la del ciclo de la barra.
    ['2025-05-15', 2026, undefined],
    ['', 2026, undefined],
  ])('fechaPedida(%p, %i) = %p', (opcion, ciclo, esperada) => {
    expect(fechaPedida(opcion, ciclo)).toBe(esperada);
  });

  test('el modo: sin mes, con su selector de instancia', () => {
    expect(modoAvances).toMatchObject({
      id: 'avances',
      etiqueta: 'Avances',
      necesitaMes: false,
      selector: { etiqueta: 'Instancia', parametro: 'instancia' },
    });
  });
});

describe('el modelo', () => {
  test('filas por alumno, celdas por materia, total con la marca, leyenda y período', () => {
    const cursados = [
      cursado(11, 'Matemática 2° 1°'),
      cursado(12, 'Historia 2° 1°', 'abierta'),
      cursado(13, 'Física 2° 1°'),
      cursado(14, 'Inglés 2° 1°', 'sinPlanilla'),
    ];
    const m = modeloAvances({
      curso: { orden: 3, nombre: '2° 1°' },
      ciclo: 2026,
      hoy: '2026-11-20',
      instancias: [MAYO, OCTUBRE],
      instancia: MAYO,
      cursados,
      alumnos: [
        {
          orden: 7,
          apellido: 'Pérez',
          nombre: 'Ana',
          avances: [avance(1), avance(6, false), avance(2), null],
          conDificultades: 3,
        },
        {
          orden: 8,
          apellido: 'Sosa',
          nombre: 'Juan',
          avances: [avance(0), null, avance(4), null],
          conDificultades: 1,
        },
        {
          orden: 9,
          apellido: 'Vera',
          nombre: 'Luz',
          avances: [null, null, null, null],
          conDificultades: 0,
        },
      ],
    });
    expect(m.curso).toBe('2° 1°');
    expect(m.periodo).toBe('Cierre 15/05/2026');
    expect(m.columnas.map((c) => c.titulo)).toEqual(['Mat', 'His', 'Fís', 'Ing']);
    expect(m.totales.map((c) => c.titulo)).toEqual(['Materias con dificultades']);
    const [ana, juan, luz] = m.filas;
    expect(ana!.nombre).toBe('Pérez, Ana');
    expect(ana!.celdas.map((c) => c?.texto ?? null)).toEqual(['E', 'T P', 'T', null]);
    expect(ana!.totales[0]).toMatchObject({ texto: '3', color: 'red', relleno: true });
    expect(ana!.totales[0]!.descripcion).toBe(
      '3 materias con dificultades (3 o más)\nMatemática: Evaluaciones no Aprobadas\nHistoria: Adeuda Trabajos, Falta de Participación\nFísica: Adeuda Trabajos',
    );
    expect(juan!.celdas.map((c) => c?.texto ?? null)).toEqual([
      TEXTO_SIN_OBSERVACIONES,
      null,
      'P',
      null,
    ]);
    expect(juan!.totales[0]).toMatchObject({ texto: '1', relleno: false });
    expect(luz!.celdas).toEqual([null, null, null, null]);
    expect(luz!.totales[0]).toMatchObject({ texto: '0', color: 'gray' });
    expect(LEYENDA_AVANCES.map((l) => [l.muestra ?? null, l.color, !!l.relleno, l.texto])).toEqual([
      ['E', 'red', false, 'Evaluaciones no Aprobadas'],
      ['T', 'orange', false, 'Adeuda Trabajos'],
      ['P', 'blue', false, 'Falta de Participación'],
      [TEXTO_SIN_OBSERVACIONES, 'gray', false, SIN_OBSERVACIONES],
      [null, 'red', true, '3 o más materias con dificultades'],
    ]);
    expect(m.leyenda).toBe(LEYENDA_AVANCES);
    expect(String(m.nota)).toMatch(/E \(Evaluaciones no Aprobadas\), T \(Adeuda Trabajos\)/);
  });

  test('sin instancias en el ciclo: el período lo dice y la grilla queda vacía', () => {
    const m = modeloAvances({
      curso: { orden: 3, nombre: '2° 1°' },
      ciclo: 2025,
      hoy: '2026-11-20',
      instancias: [],
      instancia: null,
      cursados: [cursado(11, 'Matemática 2° 1°', 'sinPlanilla')],
      alumnos: [
        { orden: 7, apellido: 'Pérez', nombre: 'Ana', avances: [null], conDificultades: 0 },
      ],
    });
    expect(m.periodo).toBe('Sin instancias de avances');
    expect(m.filas[0]!.celdas).toEqual([null]);
  });

  test.each(TIPOS_AVANCE.map((t) => [t.codigo, t.bit] as [CodigoAvance, number]))(
    'la leyenda y la celda coinciden para %s',
    (codigo, bit) => {
      const c = celdaAvances(cursado(1, 'Matemática 2° 1°'), avance(bit))!;
      const l = LEYENDA_AVANCES.find((x) => x.muestra === c.texto)!;
      expect(l.color).toBe(CODIGO_TIPO[codigo].color);
      expect(c.descripcion!.split('\n')[1]).toBe(l.texto);
    },
  );
});
