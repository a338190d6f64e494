import {
  AUSENTE,
  CUATRIMESTRES,
  ERROR_MODALIDAD_DESCONOCIDA,
  ETIQUETA_MODALIDAD,
  INSTANCIAS_MESA,
  MODALIDADES,
  Modalidad,
  NOMBRE_CORTO_INSTANCIA,
  NOMBRE_CUATRIMESTRE,
  NOMBRE_PERIODO_MESA,
  NOTA_APROBACION,
  NOTA_DESAPROBACION,
  NOTA_MAXIMA,
  NOTA_MINIMA,
  NOTA_NO_APLICA,
  PERIODO_DE_INSTANCIA,
  SUMA_BICUATRIMESTRAL,
  SUMA_MARZO,
  TABLA_REGLAMENTO,
  aplicaInstancia,
  aplicarEntradaNota,
  aprobada,
  apruebaCuatrimestre,
  apruebaExamen,
  cambiosPlanilla,
  celdaNota,
  colorNota,
  comprobarModalidad,
  condicionDeMateria,
  condicionUnaNota,
  cuatrimestreDeFecha,
  desapruebaCuatrimestre,
  editarCelda,
  esInstanciaConocida,
  esModalidad,
  esNotaValida,
  esValorNotaValido,
  faltanNotas,
  formatearNota,
  formatearPromedio,
  instanciasQueAplican,
  mostrarNota,
  mostrarNotaCuatrimestre,
  mostrarResultadoExamen,
  nombreCortoInstancia,
  nombrePeriodo,
  notaFinal,
  parsearNota,
  reglamentoEvaluacion,
  resumenPromedio,
  siguienteAccion,
  textoRango,
  type AccionNota,
  type CeldaNota,
  type Nota,
  type ResultadoExamen,
  type ValorNota,
} from '@/domain/notas';

const { Anual, PrimerCuatrimestre, SegundoCuatrimestre, BiCuatrimestral } = Modalidad;
const _ = null;

/**
 * Las columnas (2° cuatrimestre) y las filas (1° cuatrimestre) de las tablas exhaustivas:
 * las notas 1 a 10, -1 (no corresponde) y sin nota.
 */
const NOTAS: readonly Nota[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, null];
const etiqueta = (n: Nota) => (n == null ? '∅' : String(n));

/** Recorre una tabla literal de 12 × 12 y arma los casos [1ª, 2ª, esperado]. */
function casos<T>(filas: readonly (readonly T[])[]): [Nota, Nota, T][] {
  if (filas.length !== NOTAS.length) throw new Error(`La tabla tiene ${filas.length} filas`);
  return filas.flatMap((fila, i) => {
    if (fila.length !== NOTAS.length)
      throw new Error(`La fila ${i + 1} tiene ${fila.length} columnas`);
    return fila.map((esperado, j) => [NOTAS[i], NOTAS[j], esperado] as [Nota, Nota, T]);
  });
}
/** Filas escritas como texto: 'S' = sí, '.' = no. */
const siNo = (filas: readonly string[]) => filas.map((f) => [...f].map((c) => c === 'S'));

const MODALIDADES_INVALIDAS: unknown[] = [
  -1,
  4,
  5,
  1.5,
  NaN,
  Infinity,
  '0',
  '1',
  null,
  undefined,
  {},
];

describe('modalidades (spec 01 §4, spec 02 §3)', () => {
  test('valores: Anual 0, PrimerCuatrimestre 1, SegundoCuatrimestre 2, BiCuatrimestral 3', () => {
    expect(Modalidad).toEqual({
      Anual: 0,
      PrimerCuatrimestre: 1,
      SegundoCuatrimestre: 2,
      BiCuatrimestral: 3,
    });
    expect(MODALIDADES).toEqual([0, 1, 2, 3]);
  });

  test('etiquetas', () => {
    expect(ETIQUETA_MODALIDAD).toEqual({
      0: 'Anual',
      1: '1° Cuatrimestre',
      2: '2° Cuatrimestre',
      3: 'Bicuatrimestral',
    });
  });

  test.each([[0], [1], [2], [3]])('esModalidad(%p) y comprobarModalidad lo devuelven', (m) => {
    expect(esModalidad(m)).toBe(true);
    expect(comprobarModalidad(m)).toBe(m);
  });

  test.each(MODALIDADES_INVALIDAS.map((m) => [m]))(
    '%p no es modalidad: "Modalidad desconocida"',
    (m) => {
      expect(ERROR_MODALIDAD_DESCONOCIDA).toBe('Modalidad desconocida');
      expect(esModalidad(m)).toBe(false);
      expect(() => comprobarModalidad(m)).toThrow('Modalidad desconocida');
    },
  );

  test.each(MODALIDADES_INVALIDAS.filter((m) => typeof m === 'number').map((m) => [m as number]))(
    'toda regla por modalidad lanza "Modalidad desconocida" con %p',
    (m) => {
      expect(() => aprobada(m, 7, 7)).toThrow('Modalidad desconocida');
      expect(() => notaFinal(m, 7, 7)).toThrow('Modalidad desconocida');
      expect(() => faltanNotas(m, 7, 7)).toThrow('Modalidad desconocida');
      expect(() => mostrarNotaCuatrimestre(m, 1, 7)).toThrow('Modalidad desconocida');
      expect(() => condicionDeMateria(m, 7, 7)).toThrow('Modalidad desconocida');
      expect(() => aplicaInstancia(1, { modalidad: m, primera: 7, segunda: 7 })).toThrow(
        'Modalidad desconocida',
      );
      expect(() => instanciasQueAplican({ modalidad: m, primera: 2, segunda: 2 })).toThrow(
        'Modalidad desconocida',
      );
    },
  );
});

describe('constantes (spec 01 §9, spec 02 §9)', () => {
  test('rango 1 a 10, aprueba 6, desaprueba debajo de 4, suma bicuatrimestral 12, Marzo debajo de 8, -1 no aplica', () => {
    expect([NOTA_MINIMA, NOTA_MAXIMA, NOTA_APROBACION, NOTA_DESAPROBACION]).toEqual([1, 10, 6, 4]);
    expect([SUMA_BICUATRIMESTRAL, SUMA_MARZO, NOTA_NO_APLICA]).toEqual([12, 8, -1]);
  });

  test('nombres de los cuatrimestres', () => {
    expect(CUATRIMESTRES).toEqual([1, 2]);
    expect(NOMBRE_CUATRIMESTRE).toEqual({ 1: '1° Cuatrimestre', 2: '2° Cuatrimestre' });
  });
});

describe('aprobación por cuatrimestre (spec 01 §5)', () => {
  test.each([
    // [nota, aprueba, desaprueba]
    [1, false, true],
    [2, false, true],
    [3, false, true],
    [3.5, false, true],
    [4, false, false],
    [5, false, false],
    [5.5, false, false],
    [6, true, false],
    [7, true, false],
    [8, true, false],
    [9, true, false],
    [10, true, false],
    [-1, false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%p → aprueba %p, desaprueba %p', (nota, aprueba, desaprueba) => {
    expect(apruebaCuatrimestre(nota)).toBe(aprueba);
    expect(desapruebaCuatrimestre(nota)).toBe(desaprueba);
  });
});

describe('aprobación por modalidad: cada modalidad × cada par de notas (spec 01 §5)', () => {
  // Columnas: 2° cuatrimestre 1 2 3 4 5 6 7 8 9 10 -1 ∅. 'S' aprueba.
  const TABLAS: Record<Modalidad, string[]> = {
    // Aprueba si aprueba cualquiera de los dos cuatrimestres.
    [Anual]: [
      /*  1 */ '.....SSSSS..',
      /*  2 */ '.....SSSSS..',
      /*  3 */ '.....SSSSS..',
      /*  4 */ '.....SSSSS..',
      /*  5 */ '.....SSSSS..',
      /*  6 */ 'SSSSSSSSSSSS',
      /*  7 */ 'SSSSSSSSSSSS',
      /*  8 */ 'SSSSSSSSSSSS',
      /*  9 */ 'SSSSSSSSSSSS',
      /* 10 */ 'SSSSSSSSSSSS',
      /* -1 */ '.....SSSSS..',
      /*  ∅ */ '.....SSSSS..',
    ],
    // Sólo cuenta el 1° cuatrimestre.
    [PrimerCuatrimestre]: [
      /*  1 */ '............',
      /*  2 */ '............',
      /*  3 */ '............',
      /*  4 */ '............',
      /*  5 */ '............',
      /*  6 */ 'SSSSSSSSSSSS',
      /*  7 */ 'SSSSSSSSSSSS',
      /*  8 */ 'SSSSSSSSSSSS',
      /*  9 */ 'SSSSSSSSSSSS',
      /* 10 */ 'SSSSSSSSSSSS',
      /* -1 */ '............',
      /*  ∅ */ '............',
    ],
    // Sólo cuenta el 2° cuatrimestre.
    [SegundoCuatrimestre]: [
      /*  1 */ '.....SSSSS..',
      /*  2 */ '.....SSSSS..',
      /*  3 */ '.....SSSSS..',
      /*  4 */ '.....SSSSS..',
      /*  5 */ '.....SSSSS..',
      /*  6 */ '.....SSSSS..',
      /*  7 */ '.....SSSSS..',
      /*  8 */ '.....SSSSS..',
      /*  9 */ '.....SSSSS..',
      /* 10 */ '.....SSSSS..',
      /* -1 */ '.....SSSSS..',
      /*  ∅ */ '.....SSSSS..',
    ],
    // Las dos notas (ni -1), la 1ª no menor que 4, la 2ª 6 o más y la suma 12 o más.
    [BiCuatrimestral]: [
      /*  1 */ '............',
      /*  2 */ '............',
      /*  3 */ '............',
      /*  4 */ '.......SSS..',
      /*  5 */ '......SSSS..',
      /*  6 */ '.....SSSSS..',
      /*  7 */ '.....SSSSS..',
      /*  8 */ '.....SSSSS..',
      /*  9 */ '.....SSSSS..',
      /* 10 */ '.....SSSSS..',
      /* -1 */ '............',
      /*  ∅ */ '............',
    ],
  };

  describe.each(MODALIDADES.map((m) => [ETIQUETA_MODALIDAD[m], m]))('%s', (_nombre, modalidad) => {
    test.each(
      casos(siNo(TABLAS[modalidad])).map(([a, b, e]) => [etiqueta(a), etiqueta(b), e, a, b]),
    )('1° %s, 2° %s → aprobada %p', (_a, _b, esperado, primera, segunda) => {
      expect(aprobada(modalidad, primera, segunda)).toBe(esperado);
    });
  });

  test('sin nota es lo mismo con null y con undefined', () => {
    expect(aprobada(Anual, undefined, 7)).toBe(true);
    expect(aprobada(BiCuatrimestral, 6, undefined)).toBe(false);
    expect(aprobada(PrimerCuatrimestre, undefined, undefined)).toBe(false);
  });
});

describe('nota final: cada modalidad × cada par de notas (spec 01 §5)', () => {
  // Columnas: 2° cuatrimestre 1 2 3 4 5 6 7 8 9 10 -1 ∅.
  const TABLAS: Record<Modalidad, (number | null)[][]> = {
    // La del 1° si es positiva (aprobada: 6 o más); si no, la del 2° tal cual.
    [Anual]: [
      /*  1 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  2 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  3 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  4 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  5 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  6 */ [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
      /*  7 */ [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
      /*  8 */ [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
      /*  9 */ [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9],
      /* 10 */ [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
      /* -1 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  ∅ */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
    ],
    [PrimerCuatrimestre]: [
      /*  1 */ [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      /*  2 */ [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
      /*  3 */ [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
      /*  4 */ [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      /*  5 */ [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
      /*  6 */ [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
      /*  7 */ [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
      /*  8 */ [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
      /*  9 */ [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9],
      /* 10 */ [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
      /* -1 */ [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
      /*  ∅ */ [_, _, _, _, _, _, _, _, _, _, _, _],
    ],
    [SegundoCuatrimestre]: [
      /*  1 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  2 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  3 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  4 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  5 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  6 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  7 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  8 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  9 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /* 10 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /* -1 */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
      /*  ∅ */ [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, _],
    ],
    // Promedio redondeado hacia arriba; sin promedio si falta una nota o es -1.
    [BiCuatrimestral]: [
      /*  1 */ [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, _, _],
      /*  2 */ [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, _, _],
      /*  3 */ [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, _, _],
      /*  4 */ [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, _, _],
      /*  5 */ [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, _, _],
      /*  6 */ [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, _, _],
      /*  7 */ [4, 5, 5, 6, 6, 7, 7, 8, 8, 9, _, _],
      /*  8 */ [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, _, _],
      /*  9 */ [5, 6, 6, 7, 7, 8, 8, 9, 9, 10, _, _],
      /* 10 */ [6, 6, 7, 7, 8, 8, 9, 9, 10, 10, _, _],
      /* -1 */ [_, _, _, _, _, _, _, _, _, _, _, _],
      /*  ∅ */ [_, _, _, _, _, _, _, _, _, _, _, _],
    ],
  };

  describe.each(MODALIDADES.map((m) => [ETIQUETA_MODALIDAD[m], m]))('%s', (_nombre, modalidad) => {
    test.each(casos(TABLAS[modalidad]).map(([a, b, e]) => [etiqueta(a), etiqueta(b), e, a, b]))(
      '1° %s, 2° %s → nota final %p',
      (_a, _b, esperado, primera, segunda) => {
        expect(notaFinal(modalidad, primera, segunda)).toBe(esperado);
      },
    );
  });

  test.each([
    // Anual: 0 y 5 no son positivas, pasa al 2°; medias en bicuatrimestral.
    [Anual, 5, 8, 8],
    [Anual, 0, 7, 7],
    [Anual, undefined, 8, 8],
    [Anual, undefined, undefined, null],
    [PrimerCuatrimestre, 7.5, 3, 7.5],
    [BiCuatrimestral, 7.5, 8, 8],
    [BiCuatrimestral, 6.5, 6.5, 7],
    [BiCuatrimestral, 7.5, 7, 8],
    [BiCuatrimestral, 6, 6.5, 7],
    [BiCuatrimestral, 7, undefined, null],
  ])('%p: notaFinal(%p, %p) → %p', (modalidad, primera, segunda, esperado) => {
    expect(notaFinal(modalidad, primera, segunda)).toBe(esperado);
  });
});

describe('notas faltantes: cada modalidad × cada par de notas (spec 01 §5)', () => {
  // 'S' = faltan notas. Anual: nunca; 1°/2°: falta ese cuatrimestre; bicuatrimestral: se
  // necesitan menos de dos faltantes, o sea, faltan sólo si no hay ninguna. -1 cuenta como cargada.
  const TABLAS: Record<Modalidad, string[]> = {
    [Anual]: Array(12).fill('............'),
    [PrimerCuatrimestre]: [...Array(11).fill('............'), 'SSSSSSSSSSSS'],
    [SegundoCuatrimestre]: Array(12).fill('...........S'),
    [BiCuatrimestral]: [...Array(11).fill('............'), '...........S'],
  };

  describe.each(MODALIDADES.map((m) => [ETIQUETA_MODALIDAD[m], m]))('%s', (_nombre, modalidad) => {
    test.each(
      casos(siNo(TABLAS[modalidad])).map(([a, b, e]) => [etiqueta(a), etiqueta(b), e, a, b]),
    )('1° %s, 2° %s → faltan %p', (_a, _b, esperado, primera, segunda) => {
      expect(faltanNotas(modalidad, primera, segunda)).toBe(esperado);
    });
  });

  test.each([
    [Anual, undefined, undefined, false],
    [PrimerCuatrimestre, undefined, 7, true],
    [SegundoCuatrimestre, 7, undefined, true],
    [BiCuatrimestral, undefined, undefined, true],
    [BiCuatrimestral, undefined, 7, false],
  ])('undefined es "sin nota": %p, %p, %p → %p', (modalidad, primera, segunda, esperado) => {
    expect(faltanNotas(modalidad, primera, segunda)).toBe(esperado);
  });
});

describe('instancias de recuperación (spec 01 §5)', () => {
  const normal = (nota: number): ResultadoExamen => ({ nota, tipoNota: 'normal' });
  const ausente: ResultadoExamen = { nota: null, tipoNota: 'ausente' };
  const adeuda: ResultadoExamen = { nota: null, tipoNota: 'adeuda_correlativa' };

  test.each([
    [normal(6), true],
    [normal(10), true],
    [normal(5), false],
    [normal(1), false],
    [{ nota: null, tipoNota: 'normal' } as ResultadoExamen, false],
    [{ nota: 8, tipoNota: 'ausente' } as ResultadoExamen, false],
    [{ nota: 8, tipoNota: 'adeuda_correlativa' } as ResultadoExamen, false],
    [ausente, false],
    [adeuda, false],
    [null, false],
    [undefined, false],
  ])('apruebaExamen(%p) → %p', (resultado, esperado) => {
    expect(apruebaExamen(resultado)).toBe(esperado);
  });

  test.each([
    // [modalidad, 1°, 2°, actas, instancias que corresponden de 1 a 7]
    // Aprobada: sólo los cuatrimestres.
    [Anual, 7, 8, {}, [1, 2]],
    [Anual, 3, 6, {}, [1, 2]],
    [PrimerCuatrimestre, 6, null, {}, [1, 2]],
    [SegundoCuatrimestre, null, 9, {}, [1, 2]],
    [BiCuatrimestral, 4, 8, {}, [1, 2]],
    // No aprobada y sin actas todavía: todas (ninguna anterior está aprobada).
    [Anual, 3, 4, {}, [1, 2, 3, 4, 5, 6, 7]],
    [PrimerCuatrimestre, 5, null, {}, [1, 2, 3, 4, 5, 6, 7]],
    [SegundoCuatrimestre, null, 2, {}, [1, 2, 3, 4, 5, 6, 7]],
    [BiCuatrimestral, 3, 9, {}, [1, 2, 3, 4, 5, 6, 7]],
    [BiCuatrimestral, 5, 6, {}, [1, 2, 3, 4, 5, 6, 7]],
    [BiCuatrimestral, null, null, {}, [1, 2, 3, 4, 5, 6, 7]],
    // Algún cuatrimestre con -1: no hay mesas.
    [Anual, -1, 4, {}, [1, 2]],
    [Anual, 4, -1, {}, [1, 2]],
    [PrimerCuatrimestre, 5, -1, {}, [1, 2]],
    [SegundoCuatrimestre, -1, 5, {}, [1, 2]],
    [BiCuatrimestral, -1, -1, {}, [1, 2]],
    // Se aprueba en una mesa: corresponden hasta ésa.
    [Anual, 3, 4, { 3: normal(6) }, [1, 2, 3]],
    [Anual, 3, 4, { 3: normal(5), 4: normal(7) }, [1, 2, 3, 4]],
    [Anual, 3, 4, { 3: ausente, 4: adeuda, 5: normal(8) }, [1, 2, 3, 4, 5]],
    [Anual, 3, 4, { 3: normal(2), 4: ausente, 5: normal(4), 6: normal(10) }, [1, 2, 3, 4, 5, 6]],
    [
      Anual,
      3,
      4,
      { 3: normal(2), 4: ausente, 5: normal(4), 6: normal(5), 7: normal(6) },
      [1, 2, 3, 4, 5, 6, 7],
    ],
    // Sin acta en la 3: no está aprobada, la 4 corresponde.
    [Anual, 3, 4, { 4: normal(10) }, [1, 2, 3, 4]],
    // Aprobada en la 3: las actas posteriores no hacen que correspondan.
    [Anual, 3, 4, { 3: normal(9), 4: normal(2), 5: normal(2) }, [1, 2, 3]],
    // La materia aprobada no tiene mesas aunque haya actas.
    [Anual, 8, 8, { 3: normal(2), 4: normal(2) }, [1, 2]],
  ] as [number, Nota, Nota, Record<number, ResultadoExamen>, number[]][])(
    '%p, 1° %p, 2° %p, actas %j → %p',
    (modalidad, primera, segunda, resultados, esperado) => {
      expect(instanciasQueAplican({ modalidad, primera, segunda, resultados })).toEqual(esperado);
    },
  );

  test.each([
    [0, false],
    [-1, false],
    [2.5, false],
    [NaN, false],
    [1, true],
    [2, true],
    [3, true],
    [7, true],
    [8, true],
  ])('aplicaInstancia(%p) para una materia desaprobada sin actas → %p', (numero, esperado) => {
    expect(aplicaInstancia(numero, { modalidad: Anual, primera: 2, segunda: 2 })).toBe(esperado);
  });

  test('sin `resultados` es lo mismo que sin actas', () => {
    expect(instanciasQueAplican({ modalidad: Anual, primera: 2, segunda: 2 }, 4)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  test('`hasta` acota la lista', () => {
    expect(instanciasQueAplican({ modalidad: Anual, primera: 2, segunda: 2 }, 3)).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('instancias de mesa: nombres cortos y períodos (spec 01 §9, spec 02 §5, §9)', () => {
  test('la lista del formulario de mesa', () => {
    expect(INSTANCIAS_MESA).toEqual([
      'Complementaria Noviembre/Diciembre',
      'Final Febrero/Marzo',
      'Extraordinaria Julio',
      'Extraordinaria Noviembre',
      'Extraordinaria Febrero',
      'Flotante Abril',
    ]);
    expect(Object.keys(NOMBRE_CORTO_INSTANCIA).sort()).toEqual([...INSTANCIAS_MESA].sort());
  });

  test.each([
    ['Complementaria Noviembre/Diciembre', 'Diciembre', 3],
    ['Final Febrero/Marzo', 'Marzo', 4],
    ['Extraordinaria Julio', 'Julio', 5],
    ['Extraordinaria Noviembre', 'Noviembre', 6],
    ['Extraordinaria Febrero', 'Febrero', 7],
    ['Flotante Abril', 'Abril', null],
  ])('%s → %s (período %p)', (instancia, corto, periodo) => {
    expect(esInstanciaConocida(instancia)).toBe(true);
    expect(nombreCortoInstancia(instancia)).toBe(corto);
    expect(PERIODO_DE_INSTANCIA[instancia as keyof typeof PERIODO_DE_INSTANCIA]).toBe(periodo);
  });

  test.each([
    ['  Flotante Abril ', true, 'Abril'],
    ['Mesa especial', false, 'Mesa especial'],
    [' Mesa especial ', false, 'Mesa especial'],
    ['final febrero/marzo', false, 'final febrero/marzo'],
    ['Final Febrero', false, 'Final Febrero'],
    ['', false, ''],
  ])('%p: conocida %p, se muestra %p', (instancia, conocida, corto) => {
    expect(esInstanciaConocida(instancia)).toBe(conocida);
    expect(nombreCortoInstancia(instancia)).toBe(corto);
  });

  test.each([[null], [undefined]])('esInstanciaConocida(%p) → false', (v) => {
    expect(esInstanciaConocida(v)).toBe(false);
  });

  test.each([
    [1, '1° Cuatrimestre'],
    [2, '2° Cuatrimestre'],
    [3, 'Mesa Noviembre/Diciembre'],
    [4, 'Mesa Febrero/Marzo'],
    [5, 'Mesa Julio'],
    [6, 'Mesa Noviembre'],
    [7, 'Mesa Febrero'],
  ])('nombrePeriodo(%i) → %s', (numero, nombre) => {
    expect(nombrePeriodo(numero)).toBe(nombre);
  });

  test('períodos de mesa 3 a 7', () => {
    expect(Object.keys(NOMBRE_PERIODO_MESA)).toEqual(['3', '4', '5', '6', '7']);
  });

  test.each([[0], [8], [-1], [2.5], [NaN]])('nombrePeriodo(%p) lanza', (n) => {
    expect(() => nombrePeriodo(n)).toThrow();
  });
});

describe('cómo se muestran (spec 01 §5 Display)', () => {
  test.each([
    [1, '1'],
    [7, '7'],
    [10, '10'],
    [0.5, '½'],
    [1.5, '1½'],
    [5.5, '5½'],
    [7.5, '7½'],
    [9.5, '9½'],
    [7.25, '7,25'],
  ])('formatearNota(%p) → %p', (nota, texto) => {
    expect(formatearNota(nota)).toBe(texto);
  });

  test.each([
    [7, '7'],
    [7.5, '7½'],
    [-1, '-'],
    [null, ''],
    [undefined, ''],
    [AUSENTE, 'A'],
  ] as [Nota | typeof AUSENTE, string][])('mostrarNota(%p) → %p', (nota, texto) => {
    expect(mostrarNota(nota)).toBe(texto);
  });

  test.each([
    // [modalidad, cuatrimestre, nota, texto]
    [Anual, 1, 7, '7'],
    [Anual, 2, 7, '7'],
    [Anual, 1, -1, '-'],
    [Anual, 2, null, ''],
    [Anual, 1, 8.5, '8½'],
    [PrimerCuatrimestre, 1, 7, '7'],
    [PrimerCuatrimestre, 1, -1, '-'],
    [PrimerCuatrimestre, 1, null, ''],
    [PrimerCuatrimestre, 1, AUSENTE, 'A'],
    [PrimerCuatrimestre, 2, 7, '-'],
    [PrimerCuatrimestre, 2, null, '-'],
    [PrimerCuatrimestre, 2, -1, '-'],
    [SegundoCuatrimestre, 1, 7, '-'],
    [SegundoCuatrimestre, 1, null, '-'],
    [SegundoCuatrimestre, 2, 7.5, '7½'],
    [SegundoCuatrimestre, 2, undefined, ''],
    [SegundoCuatrimestre, 2, -1, '-'],
    [BiCuatrimestral, 1, 4, '4'],
    [BiCuatrimestral, 2, 10, '10'],
    [BiCuatrimestral, 2, null, ''],
    [BiCuatrimestral, 1, -1, '-'],
    [BiCuatrimestral, 2, AUSENTE, 'A'],
  ] as [number, 1 | 2, Nota | typeof AUSENTE, string][])(
    'modalidad %p, cuatrimestre %p, nota %p → %p',
    (modalidad, cuatrimestre, nota, texto) => {
      expect(mostrarNotaCuatrimestre(modalidad, cuatrimestre, nota)).toBe(texto);
    },
  );

  test.each([
    [{ nota: null, tipoNota: 'ausente' }, 'A'],
    [{ nota: 7, tipoNota: 'ausente' }, 'A'],
    [{ nota: null, tipoNota: 'adeuda_correlativa' }, 'AC'],
    [{ nota: 9, tipoNota: 'adeuda_correlativa' }, 'AC'],
    [{ nota: 8, tipoNota: 'normal' }, '8'],
    [{ nota: 6.5, tipoNota: 'normal' }, '6½'],
    [{ nota: 1, tipoNota: 'normal' }, '1'],
    [{ nota: null, tipoNota: 'normal' }, ''],
    [null, ''],
    [undefined, ''],
  ] as [ResultadoExamen | null | undefined, string][])(
    'mostrarResultadoExamen(%j) → %p',
    (r, texto) => {
      expect(mostrarResultadoExamen(r)).toBe(texto);
    },
  );
});

describe('colores de las notas (spec 01 §9, spec 02 §9)', () => {
  test.each([
    // [valor, legajo, planillón]
    [1, 'red', 'red'],
    [2, 'red', 'red'],
    [3, 'red', 'red'],
    [3.5, 'red', 'red'],
    [4, 'yellow', 'blue'],
    [4.5, 'yellow', 'blue'],
    [5, 'yellow', 'blue'],
    [5.5, 'yellow', 'blue'],
    [6, null, null],
    [7, null, null],
    [8, null, null],
    [9, null, null],
    [10, null, null],
    ['A', 'gray', 'gray'],
    [AUSENTE, 'gray', 'gray'],
    ['AC', null, null],
    ['-', null, null],
    ['', null, null],
    ['3', null, null],
    [-1, null, null],
    [NaN, null, null],
    [null, null, null],
    [undefined, null, null],
  ])('%p → legajo %p, planillón %p', (valor, legajo, planillon) => {
    expect(colorNota(valor, 'legajo')).toBe(legajo);
    expect(colorNota(valor, 'planillon')).toBe(planillon);
  });
});

describe('condición del alumno con una nota (spec 02 §4)', () => {
  test.each([
    [1, 'Rinde en mesa'],
    [2, 'En riesgo'],
    [3, 'En riesgo'],
    [4, 'En riesgo'],
    [5, 'En riesgo'],
    [5.5, 'En riesgo'],
    [6, null],
    [7, null],
    [8, null],
    [9, null],
    [10, null],
    [null, null],
    [undefined, null],
    [AUSENTE, null],
    [-1, null],
  ] as [Nota | typeof AUSENTE, string | null][])('%p → %p', (nota, condicion) => {
    expect(condicionUnaNota(nota)).toBe(condicion);
  });
});

describe('reglamento de evaluación: cada nota del 1° × cada nota del 2° (spec 02 §9)', () => {
  // La tabla de spec 02 §9, tal cual: "1: 1–6 Marzo, 7–10 Diciembre; 2: 1–5 Marzo, 6–10
  // Diciembre; 3: 1–4 Marzo, 5–10 Diciembre; 4: 1–3 Marzo, 4–7 Diciembre; 5: 1–2 Marzo, 3–6
  // Diciembre; 6: 1 Marzo, 2–5 Diciembre; 7 to 10: 1–5 Diciembre". M = Marzo, D = Diciembre,
  // '.' = ninguna. Columnas: 2° cuatrimestre 1 a 10.
  const TABLA_SPEC = [
    /*  1 */ 'MMMMMMDDDD',
    /*  2 */ 'MMMMMDDDDD',
    /*  3 */ 'MMMMDDDDDD',
    /*  4 */ 'MMMDDDD...',
    /*  5 */ 'MMDDDD....',
    /*  6 */ 'MDDDD.....',
    /*  7 */ 'DDDDD.....',
    /*  8 */ 'DDDDD.....',
    /*  9 */ 'DDDDD.....',
    /* 10 */ 'DDDDD.....',
  ];
  const CONDICION = { M: 'Marzo', D: 'Diciembre', '.': null } as const;
  const PARES = TABLA_SPEC.flatMap((fila, i) =>
    [...fila].map((c, j) => [i + 1, j + 1, CONDICION[c as keyof typeof CONDICION]] as const),
  );

  test('son 100 pares', () => {
    expect(PARES).toHaveLength(100);
  });

  test.each(PARES)('1° %i, 2° %i → %p', (primera, segunda, esperado) => {
    expect(reglamentoEvaluacion(primera, segunda)).toBe(esperado);
  });

  test('la tabla para la pantalla (TABLA_REGLAMENTO) dice lo mismo que la spec', () => {
    const desplegada: string[] = [];
    for (let primera = 1; primera <= 10; primera++) {
      const fila = TABLA_REGLAMENTO.find((f) => f.primera[0] <= primera && primera <= f.primera[1]);
      expect(fila).toBeDefined();
      let texto = '';
      for (let segunda = 1; segunda <= 10; segunda++) {
        const en = (r: readonly [number, number] | null) =>
          !!r && r[0] <= segunda && segunda <= r[1];
        expect(en(fila!.marzo) && en(fila!.diciembre)).toBe(false);
        texto += en(fila!.marzo) ? 'M' : en(fila!.diciembre) ? 'D' : '.';
      }
      desplegada.push(texto);
    }
    expect(desplegada).toEqual(TABLA_SPEC);
  });

  test('los textos de la tabla para la pantalla', () => {
    expect(
      TABLA_REGLAMENTO.map(
        (f) => `${textoRango(f.primera)}: ${textoRango(f.marzo)} | ${textoRango(f.diciembre)}`,
      ),
    ).toEqual([
      '1: 1–6 | 7–10',
      '2: 1–5 | 6–10',
      '3: 1–4 | 5–10',
      '4: 1–3 | 4–7',
      '5: 1–2 | 3–6',
      '6: 1 | 2–5',
      '7–10:  | 1–5',
    ]);
  });

  test('la regla escrita de spec 02 §4, tomada al pie de la letra, difiere de la tabla sólo en (2, 10), (3, 9) y (3, 10); gana la tabla', () => {
    // spec 02 §4: "Marzo" si la suma es menor que 8, "Diciembre" si la 2ª es menor que 6 o la suma menor que 12.
    const reglaLiteral = (a: number, b: number) =>
      a + b < 8 ? 'Marzo' : b < 6 || a + b < 12 ? 'Diciembre' : null;
    const distintos = PARES.filter(([a, b, esperado]) => reglaLiteral(a, b) !== esperado).map(
      ([a, b, esperado]) => [a, b, esperado, reglaLiteral(a, b)],
    );
    expect(distintos).toEqual([
      [2, 10, 'Diciembre', null],
      [3, 9, 'Diciembre', null],
      [3, 10, 'Diciembre', null],
    ]);
  });

  test.each([
    [0, 5],
    [5, 0],
    [11, 5],
    [5, 11],
    [5.5, 5],
    [-1, 7],
    [NaN, 7],
  ])('reglamentoEvaluacion(%p, %p) lanza', (primera, segunda) => {
    expect(() => reglamentoEvaluacion(primera, segunda)).toThrow();
  });
});

describe('carga de notas (spec 02 §5)', () => {
  test.each([
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, true],
    [6, true],
    [7, true],
    [8, true],
    [9, true],
    [10, true],
    [0, false],
    [11, false],
    [7.5, false],
    [-1, false],
    [NaN, false],
    [Infinity, false],
    ['7', false],
    [AUSENTE, false],
    [null, false],
    [undefined, false],
  ])('esNotaValida(%p) → %p', (valor, esperado) => {
    expect(esNotaValida(valor)).toBe(esperado);
  });

  test.each([
    [7, true],
    [AUSENTE, true],
    ['A', false],
    [0, false],
    [null, false],
  ])('esValorNotaValido(%p) → %p', (valor, esperado) => {
    expect(esValorNotaValido(valor)).toBe(esperado);
  });

  test.each([
    ['7', 7],
    [' 7 ', 7],
    ['07', 7],
    ['1', 1],
    ['10', 10],
    ['0', 0],
    ['11', 11],
    ['7.5', 7.5],
    ['7,5', 7.5],
    ['-1', -1],
    ['+3', 3],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['7a', null],
    ['a7', null],
    ['1e1', null],
    ['.5', null],
    ['7.', null],
    ['NaN', null],
    ['Infinity', null],
    ['0x7', null],
    [null, null],
    [undefined, null],
  ])('parsearNota(%p) → %p', (texto, esperado) => {
    expect(parsearNota(texto)).toBe(esperado);
  });

  test.each([
    // [texto, valor actual, valor nuevo]
    ['7', null, 7],
    ['7', 5, 7],
    ['10', AUSENTE, 10],
    ['1', 10, 1],
    ['abc', 5, null],
    ['', 5, null],
    ['x', AUSENTE, null],
    ['0', 5, 5],
    ['11', 5, 5],
    ['7.5', 5, 5],
    ['7,5', null, null],
    ['-1', 8, 8],
  ] as [string, ValorNota | null, ValorNota | null][])(
    'aplicarEntradaNota(%p) sobre %p → %p',
    (texto, actual, esperado) => {
      expect(aplicarEntradaNota(texto, actual)).toBe(esperado);
    },
  );
});

describe('cambios de la planilla (spec 02 §4)', () => {
  test.each([
    // [guardado, actual, acción]
    [null, null, 'none'],
    [null, 7, 'add'],
    [null, AUSENTE, 'add'],
    [7, 7, 'none'],
    [7, 8, 'update'],
    [7, AUSENTE, 'update'],
    [AUSENTE, 7, 'update'],
    [AUSENTE, AUSENTE, 'none'],
    [7, null, 'delete'],
    [AUSENTE, null, 'delete'],
    [undefined, undefined, 'none'],
    [undefined, 7, 'add'],
    [7, undefined, 'delete'],
  ] as [ValorNota | null | undefined, ValorNota | null | undefined, AccionNota][])(
    'siguienteAccion(%p, %p) → %p',
    (original, actual, accion) => {
      expect(siguienteAccion(original, actual)).toBe(accion);
    },
  );

  test.each([
    // [guardado, valores escritos uno tras otro, [valor, acción] después de cada uno]
    ['nueva en celda vacía', null, [7], [[7, 'add']]],
    [
      'agregar y borrar se anulan',
      null,
      [7, null],
      [
        [7, 'add'],
        [null, 'none'],
      ],
    ],
    [
      'agregar y cambiar sigue siendo agregar, con el valor nuevo',
      null,
      [7, 9],
      [
        [7, 'add'],
        [9, 'add'],
      ],
    ],
    ['cambiar una guardada', 7, [8], [[8, 'update']]],
    [
      'volver al original',
      7,
      [8, 7],
      [
        [8, 'update'],
        [7, 'none'],
      ],
    ],
    ['borrar una guardada', 7, [null], [[null, 'delete']]],
    [
      'borrar y volver a escribir la misma',
      7,
      [null, 7],
      [
        [null, 'delete'],
        [7, 'none'],
      ],
    ],
    [
      'borrar y escribir otra',
      7,
      [null, 9],
      [
        [null, 'delete'],
        [9, 'update'],
      ],
    ],
    [
      'cambiar y después borrar',
      7,
      [8, null],
      [
        [8, 'update'],
        [null, 'delete'],
      ],
    ],
    ['ausente en una guardada', 7, [AUSENTE], [[AUSENTE, 'update']]],
    [
      'agregar, cambiar, borrar y volver a agregar',
      null,
      [7, 9, null, 5],
      [
        [7, 'add'],
        [9, 'add'],
        [null, 'none'],
        [5, 'add'],
      ],
    ],
  ] as [string, ValorNota | null, (ValorNota | null)[], [ValorNota | null, AccionNota][]][])(
    '%s',
    (_nombre, original, valores, esperados) => {
      let celda: CeldaNota = celdaNota(original);
      expect(celda).toEqual({ original, valor: original, accion: 'none' });
      const pasos = valores.map((v) => {
        celda = editarCelda(celda, v);
        expect(celda.original).toBe(original);
        return [celda.valor, celda.accion];
      });
      expect(pasos).toEqual(esperados);
    },
  );

  test('celdaNota(undefined) es una celda vacía', () => {
    expect(celdaNota(undefined)).toEqual({ original: null, valor: null, accion: 'none' });
  });

  test('sólo se guardan las celdas con acción distinta de none', () => {
    const celdas = [
      { alumnoId: 1, cuatrimestre: 1 as const, original: null, valor: 7, accion: 'add' as const },
      { alumnoId: 1, cuatrimestre: 2 as const, original: 5, valor: 5, accion: 'none' as const },
      { alumnoId: 2, cuatrimestre: 1 as const, original: 4, valor: 6, accion: 'update' as const },
      {
        alumnoId: 2,
        cuatrimestre: 2 as const,
        original: 8,
        valor: null,
        accion: 'delete' as const,
      },
      {
        alumnoId: 3,
        cuatrimestre: 1 as const,
        original: null,
        valor: null,
        accion: 'none' as const,
      },
      {
        alumnoId: 3,
        cuatrimestre: 2 as const,
        original: null,
        valor: AUSENTE,
        accion: 'add' as const,
      },
    ];
    expect(cambiosPlanilla(celdas)).toEqual([
      { alumnoId: 1, cuatrimestre: 1, nota: 7, action: 'add' },
      { alumnoId: 2, cuatrimestre: 1, nota: 6, action: 'update' },
      { alumnoId: 2, cuatrimestre: 2, nota: null, action: 'delete' },
      { alumnoId: 3, cuatrimestre: 2, nota: 'ausente', action: 'add' },
    ]);
    expect(cambiosPlanilla([])).toEqual([]);
  });
});

describe('columna de promedio del planillón (spec 01 §9)', () => {
  test.each([
    // [notas, promedio, bajas, cantidad, texto]
    [[7, 8, 3, -1, null, 'A', 2], 5, 2, 4, '5,00'],
    [[10, 9, 8], 9, 0, 3, '9,00'],
    [[7, 8, 8], 23 / 3, 0, 3, '7,67'],
    [[1, 2, 4], 7 / 3, 2, 3, '2,33'],
    [[4, 5], 4.5, 0, 2, '4,50'],
    [[6.5, 7], 6.75, 0, 2, '6,75'],
    [[3.5, 6], 4.75, 1, 2, '4,75'],
    [[1], 1, 1, 1, '1,00'],
    [[-1, null, undefined, 'A', 'AC'], null, 0, 0, ''],
    [[], null, 0, 0, ''],
  ] as [(number | string | null | undefined)[], number | null, number, number, string][])(
    '%p → promedio %p, bajas %p (de %p), "%s"',
    (notas, promedio, bajas, cantidad, texto) => {
      const r = resumenPromedio(notas);
      if (promedio == null) expect(r.promedio).toBeNull();
      else expect(r.promedio).toBeCloseTo(promedio, 10);
      expect(r.bajas).toBe(bajas);
      expect(r.cantidad).toBe(cantidad);
      expect(formatearPromedio(r.promedio)).toBe(texto);
    },
  );

  test.each([
    [7, '7,00'],
    [7.125, '7,13'],
    [10, '10,00'],
    [null, ''],
  ])('formatearPromedio(%p) → %p', (promedio, texto) => {
    expect(formatearPromedio(promedio)).toBe(texto);
  });
});

describe('cuatrimestre de una fecha: el 2° desde el 1 de octubre del año elegido (spec 02 §4)', () => {
  test.each([
    ['2026-01-01', 2026, 1],
    ['2026-03-02', 2026, 1],
    ['2026-09-30', 2026, 1],
    ['2026-10-01', 2026, 2],
    ['2026-10-02', 2026, 2],
    ['2026-12-31', 2026, 2],
    ['2027-01-15', 2026, 2],
    ['2025-11-01', 2026, 1],
    ['2026-10-01', 2025, 2],
    ['2025-09-30', 2025, 1],
    ['2024-02-29', 2024, 1],
  ])('cuatrimestreDeFecha(%p, %p) → %p', (fecha, anio, esperado) => {
    expect(cuatrimestreDeFecha(fecha, anio)).toBe(esperado);
  });

  test.each([
    ['2026-13-01', 2026],
    ['2026-02-30', 2026],
    ['01/10/2026', 2026],
    ['2026-10-1', 2026],
    ['', 2026],
    ['2026-10-01', 2026.5],
    ['2026-10-01', NaN],
  ])('cuatrimestreDeFecha(%p, %p) lanza', (fecha, anio) => {
    expect(() => cuatrimestreDeFecha(fecha, anio)).toThrow();
  });
});
