/**
 * La libreta (spec 01 §2 Grade booklet, §5 Display, §9): columnas, qué muestra cada celda y de
 * qué color en el contexto del legajo (rojo bajo 4, amarillo bajo 6, 'A' gris), el año elegido
 * y el título de la impresión.
 */
import {
  anioElegido,
  aniosOrdenados,
  celdaCuatrimestre,
  celdaExamen,
  celdaFinal,
  columnasLibreta,
  filaLibreta,
  tituloImpresion,
  type MateriaLibreta,
} from '@/components/vistas/libreta';

type Valor = number | 'ausente' | null;

const materia = (
  modalidad: number,
  primera: Valor,
  segunda: Valor,
  extra: Partial<Pick<MateriaLibreta, 'final' | 'examenes'>> = {},
): MateriaLibreta => ({
  cursado: 1,
  materia: 'Matemática',
  modalidad,
  notas: { 1: primera, 2: segunda },
  final: extra.final ?? null,
  examenes: extra.examenes ?? {},
});

test('columnas: C1, C2, Nota Final y las mesas con su nombre corto', () => {
  expect(
    columnasLibreta(['Complementaria Noviembre/Diciembre', 'Final Febrero/Marzo', 'Rara']).map(
      (c) => [c.titulo, c.descripcion],
    ),
  ).toEqual([
    ['C1', 'Cuatrimestre 1°'],
    ['C2', 'Cuatrimestre 2°'],
    ['Nota Final', 'Nota Final'],
    ['Diciembre', 'Complementaria Noviembre/Diciembre'],
    ['Marzo', 'Final Febrero/Marzo'],
    ['Rara', 'Rara'],
  ]);
});

describe('celdas de cuatrimestre', () => {
  test.each([
    // [modalidad, 1°, 2°, cuatrimestre, texto, color]
    [0, 7, null, 1, '7', null],
    [0, 3, null, 1, '3', 'red'],
    [0, 5, null, 1, '5', 'yellow'],
    [0, 4, null, 1, '4', 'yellow'],
    [0, 6, null, 1, '6', null],
    [0, 'ausente', null, 1, 'A', 'gray'],
    [0, -1, null, 1, '-', null],
    [0, 7, null, 2, '', null],
    // Una materia de un solo cuatrimestre: el otro muestra '-' y no lleva color.
    [1, 8, null, 2, '-', null],
    [2, 3, 9, 1, '-', null],
    [2, null, 2, 2, '2', 'red'],
    [3, 5, 7, 1, '5', 'yellow'],
  ] as const)('modalidad %i, notas %p/%p, C%i: "%s" %p', (m, p, s, c, texto, color) => {
    expect(celdaCuatrimestre(materia(m, p, s), c)).toEqual({ texto, color });
  });

  test('una modalidad desconocida lanza', () => {
    expect(() => celdaCuatrimestre(materia(9, 7, null), 1)).toThrow('Modalidad desconocida');
  });
});

test.each([
  [null, '', null],
  [8, '8', null],
  [5, '5', 'yellow'],
  [2, '2', 'red'],
  [-1, '-', null],
])('nota final %p: "%s" %p', (final, texto, color) => {
  expect(celdaFinal(materia(0, 7, 8, { final }))).toEqual({ texto, color });
});

test.each([
  [undefined, '', null],
  [{ nota: 7, tipoNota: 'normal' as const }, '7', null],
  [{ nota: 3, tipoNota: 'normal' as const }, '3', 'red'],
  [{ nota: 5, tipoNota: 'normal' as const }, '5', 'yellow'],
  [{ nota: null, tipoNota: 'ausente' as const }, 'A', 'gray'],
  [{ nota: null, tipoNota: 'adeuda_correlativa' as const }, 'AC', null],
])('acta %p: "%s" %p', (acta, texto, color) => {
  const m = materia(0, 2, 3, { examenes: acta ? { 'Final Febrero/Marzo': acta } : {} });
  expect(celdaExamen(m, 'Final Febrero/Marzo')).toEqual({ texto, color });
});

test('la fila: la modalidad (salvo Anual) y una celda por columna', () => {
  const instancias = ['Complementaria Noviembre/Diciembre'];
  const acta = { nota: null, tipoNota: 'ausente' as const };
  const fila = filaLibreta(
    materia(3, 4, 6, { final: 5, examenes: { [instancias[0]!]: acta } }),
    instancias,
  );
  expect(fila.modalidad).toBe('Bicuatrimestral');
  expect(fila.celdas.map((c) => c.texto)).toEqual(['4', '6', '5', 'A']);
  expect(fila.celdas.map((c) => c.color)).toEqual(['yellow', null, 'yellow', 'gray']);
  expect(filaLibreta(materia(0, 7, null), []).modalidad).toBeNull();
  expect(filaLibreta(materia(1, 7, null), []).modalidad).toBe('1° Cuatrimestre');
});

test.each([
  [[2024, 2026, 2025], null, 2026],
  [[2024, 2026, 2025], 2024, 2024],
  [[2024, 2026, 2025], 2021, 2026],
  [[], null, null],
])('años %p, pedido %p: se muestra %p', (ciclos, pedido, esperado) => {
  const anios = ciclos.map((ciclo) => ({ ciclo }));
  expect(anioElegido(anios, pedido)?.ciclo ?? null).toBe(esperado);
  expect(aniosOrdenados(anios).map((a) => a.ciclo)).toEqual([...ciclos].sort());
});

test.each([
  [[2025, 2026, 2027], [2025, 2026], null, 2026],
  [[2025, 2026, 2027], [2025, 2026], 2027, 2027],
  [[2026, 2027], [], null, 2027],
  [[2027, 2026], [2026], undefined, 2026],
])(
  'años %p (con materias %p), pedido %p: se muestra %p',
  (ciclos, conMaterias, pedido, esperado) => {
    const anios = ciclos.map((ciclo) => ({
      ciclo,
      materias: conMaterias.includes(ciclo) ? [{}] : [],
    }));
    expect(anioElegido(anios, pedido)?.ciclo).toBe(esperado);
  },
);

test('el título de la impresión', () => {
  expect(tituloImpresion({ apellido: 'Pérez', nombre: 'Ana' }, 2026)).toBe(
    'Planilla de calificaciones - Pérez, Ana - 2026',
  );
});
