/**
 * Lo que la pantalla /importar calcula sin servidor (src/app/(staff)/importar/_components/textos.ts):
 * la frase de la confirmación de "Aplicar", las columnas repetidas del mapeo, el filtro por acción
 * y el tamaño del archivo.
 */
import {
  camposRepetidos,
  esPlanilla,
  filtrarFilas,
  hayParaAplicar,
  resumenDeAplicar,
  tamanio,
  type Accion,
  type FilaDeResultado,
  type TipoEntidad,
} from '@/app/(staff)/importar/_components/textos';

const fila = (
  n: number,
  entidades: [TipoEntidad, Accion][],
  errores: string[] = [],
): FilaDeResultado => ({
  fila: n,
  entidades: entidades.map(([tipo, accion]) => ({ tipo, accion })),
  errores,
});

describe('resumenDeAplicar', () => {
  test.each<[string, FilaDeResultado[], string]>([
    [
      'el ejemplo del issue',
      [
        fila(2, [
          ['alumno', 'crear'],
          ['tutor', 'crear'],
          ['tutor', 'crear'],
        ]),
        fila(3, [
          ['alumno', 'crear'],
          ['tutor', 'crear'],
        ]),
        fila(4, [
          ['alumno', 'crear'],
          ['tutor', 'crear'],
          ['tutor', 'crear'],
        ]),
        fila(5, [['alumno', 'actualizar']]),
        fila(6, [['alumno', 'actualizar']]),
        fila(7, [['alumno', 'omitir']], ['DNI inválido']),
      ],
      'Se crearán 3 alumnos y 5 tutores; se actualizarán 2 alumnos; 1 fila se omite.',
    ],
    [
      'singular, tres tipos y filas sin cambios',
      [
        fila(2, [
          ['alumno', 'crear'],
          ['tutor', 'actualizar'],
          ['vinculo', 'crear'],
        ]),
        fila(3, [['alumno', 'sin cambios']]),
        fila(4, [['alumno', 'sin cambios']]),
      ],
      'Se crearán 1 alumno y 1 vínculo con un alumno; se actualizará 1 tutor; 2 filas quedan sin cambios.',
    ],
    [
      'personal y cursos, varias filas omitidas',
      [
        fila(2, [['personal', 'crear']]),
        fila(3, [['curso', 'crear']]),
        fila(4, [['curso', 'crear']]),
        fila(5, [['personal', 'omitir']]),
        fila(6, [['personal', 'omitir']], ['x']),
      ],
      'Se crearán 1 usuario del personal y 2 cursos; 2 filas se omiten.',
    ],
    [
      'nada para escribir',
      [
        fila(2, [
          ['alumno', 'sin cambios'],
          ['tutor', 'sin cambios'],
        ]),
      ],
      'No hay nada para crear ni actualizar; 1 fila queda sin cambios.',
    ],
    [
      'un solo alta: singular',
      [fila(2, [['tutor', 'crear']]), fila(3, [['curso', 'actualizar']])],
      'Se creará 1 tutor; se actualizará 1 curso.',
    ],
    ['sin filas', [], 'No hay nada para crear ni actualizar.'],
  ])('%s', (_caso, filas, esperado) => {
    expect(resumenDeAplicar(filas)).toBe(esperado);
  });

  test('hayParaAplicar: sólo con algo para crear o actualizar', () => {
    expect(
      hayParaAplicar([fila(2, [['alumno', 'sin cambios']]), fila(3, [['tutor', 'omitir']])]),
    ).toBe(false);
    expect(hayParaAplicar([fila(2, [['vinculo', 'crear']])])).toBe(true);
    expect(hayParaAplicar([fila(2, [['tutor', 'actualizar']])])).toBe(true);
  });
});

describe('camposRepetidos', () => {
  test('las columnas de cada campo repetido, en el orden del archivo; null no cuenta', () => {
    expect([
      ...camposRepetidos([
        'alumno.dni',
        null,
        'tutor1.email',
        'alumno.dni',
        null,
        'tutor1.email',
        'alumno.dni',
      ]),
    ]).toEqual([
      ['alumno.dni', [0, 3, 6]],
      ['tutor1.email', [2, 5]],
    ]);
    expect(camposRepetidos(['alumno.dni', 'alumno.apellido', null, null]).size).toBe(0);
  });
});

describe('filtrarFilas', () => {
  const filas = [
    fila(2, [
      ['alumno', 'crear'],
      ['tutor', 'sin cambios'],
    ]),
    fila(3, [['alumno', 'actualizar']]),
    fila(4, [['alumno', 'omitir']], ['error']),
    fila(5, [['tutor', 'sin cambios']]),
  ];
  test.each<[Parameters<typeof filtrarFilas>[1], number[]]>([
    ['todas', [2, 3, 4, 5]],
    ['crear', [2]],
    ['actualizar', [3]],
    ['sin cambios', [2, 5]],
    ['omitir', [4]],
    ['errores', [4]],
  ])('%s', (filtro, esperadas) => {
    expect(filtrarFilas(filas, filtro).map((f) => f.fila)).toEqual(esperadas);
  });
});

describe('tamanio y esPlanilla', () => {
  test.each([
    [1, '1 byte'],
    [834, '834 bytes'],
    [12_800, '12,5 KB'],
    [1_258_291, '1,2 MB'],
  ])('%d → %s', (bytes, texto) => {
    expect(tamanio(bytes)).toBe(texto);
  });
  test.each([
    ['alumnos.xlsx', true],
    ['ALUMNOS.CSV', true],
    ['alumnos.xls', false],
    ['alumnos.xlsx.pdf', false],
    ['alumnos', false],
  ])('%s: %s', (nombre, si) => {
    expect(esPlanilla(nombre)).toBe(si);
  });
});
