/**
 * Reglas de la planificación (spec 02 §3, §5, §9; issue 13): código de materia, nombres de las
 * modalidades, horas por curso contra los 96 bloques, el plan de "Replicar ciclo anterior" y el
 * CSV de materias.
 */
import { archivoCsv, leerCsv, lineaCsv } from '@/domain/csv';
import { ETIQUETA_MODALIDAD, Modalidad } from '@/domain/notas';
import {
  BLOQUES_SEMANALES,
  ENCABEZADO_MATERIAS_CSV,
  HORAS_POR_DEFECTO,
  horasPorCurso,
  leerMateriasCsv,
  PAGINA_CURSADOS,
  PAGINA_MATERIAS,
  planDeReplicacion,
  problemaCodigoMateria,
  cursoDeOtroAnio,
  type CursadoReplicable,
} from '@/domain/planificacion';

describe('constantes de la spec', () => {
  test.each([
    ['páginas de materias', PAGINA_MATERIAS, 30],
    ['páginas de cursados', PAGINA_CURSADOS, 20],
    ['horas por defecto', HORAS_POR_DEFECTO, 2],
    ['bloques de la semana (16 × 6)', BLOQUES_SEMANALES, 96],
  ])('%s', (_, valor, esperado) => expect(valor).toBe(esperado));

  test.each([
    [Modalidad.Anual, 0, 'Anual'],
    [Modalidad.PrimerCuatrimestre, 1, '1° Cuatrimestre'],
    [Modalidad.SegundoCuatrimestre, 2, '2° Cuatrimestre'],
    [Modalidad.BiCuatrimestral, 3, 'Bicuatrimestral'],
  ])('modalidad %i = %i: %s', (m, valor, nombre) => {
    expect(m).toBe(valor);
    expect(ETIQUETA_MODALIDAD[m]).toBe(nombre);
  });
});

describe('código de materia: 1 a 8 caracteres', () => {
  test.each([
    ['MAT1', null],
    ['A', null],
    ['ABCDEFGH', null],
    ['  TAL4  ', null],
    ['ÑAN-1.b_', null],
    ['', 'Código: no puede estar vacío.'],
    ['   ', 'Código: no puede estar vacío.'],
    ['ABCDEFGHI', 'Código: entre 1 y 8 caracteres.'],
    ['MAT 1', 'Código: sólo letras, números, punto, guion y guion bajo.'],
    ['MAT;1', 'Código: sólo letras, números, punto, guion y guion bajo.'],
    ['=SUMA', 'Código: sólo letras, números, punto, guion y guion bajo.'],
  ])('%j → %j', (codigo, problema) => expect(problemaCodigoMateria(codigo)).toBe(problema));
});

describe('los cursos de un cursado son del año de sus materias', () => {
  const c = (anio: number) => ({ anio, nombre: `${anio}°` });
  test.each([
    [[2], [c(2), c(2)], undefined],
    [[2, 3], [c(2), c(3)], undefined],
    [[], [c(4)], undefined],
    [[2], [], undefined],
    [[2], [c(2), c(4)], '4°'],
    [[4, 5], [c(3)], '3°'],
  ])('materias de %j, cursos %j → %j', (anios, cursos, otro) =>
    expect(cursoDeOtroAnio(anios, cursos)?.nombre).toBe(otro),
  );
});

describe('horas semanales por curso', () => {
  test('suma las horas de los cursados de cada curso y marca las que pasan de 96', () => {
    const filas = [
      { cursoId: 1, nombre: '1° 1°', horas: 40 },
      { cursoId: 1, nombre: '1° 1°', horas: 56 },
      { cursoId: 2, nombre: '4° Electrónica', horas: 90 },
      { cursoId: 2, nombre: '4° Electrónica', horas: 7 },
      { cursoId: 3, nombre: '2° 1°', horas: 3 },
    ];
    expect(horasPorCurso(filas)).toEqual([
      { cursoId: 1, nombre: '1° 1°', horas: 96, cursados: 2, excedido: false },
      { cursoId: 2, nombre: '4° Electrónica', horas: 97, cursados: 2, excedido: true },
      { cursoId: 3, nombre: '2° 1°', horas: 3, cursados: 1, excedido: false },
    ]);
  });
  test('sin cursados, ningún curso', () => expect(horasPorCurso([])).toEqual([]));
});

describe('plan de "Replicar ciclo anterior"', () => {
  const c = (
    id: number,
    nombre: string,
    materias: number[],
    cursos: number[],
    docentes: number[] = [],
    origenId: number | null = null,
  ): CursadoReplicable => ({
    id,
    nombre,
    modalidad: 0,
    horas: 3,
    materias,
    cursos,
    docentes,
    origenId,
  });
  const habilitados = new Set([100, 101]);

  type Caso = [string, CursadoReplicable[], CursadoReplicable[], string[]];
  const casos: Caso[] = [
    ['destino vacío: se crea todo', [c(1, 'Matemática', [10], [1], [100])], [], ['crear 1']],
    [
      'ya replicado (origen): existe',
      [c(1, 'Matemática', [10], [1])],
      [c(50, 'Otro nombre', [11], [2], [], 1)],
      ['existe 1→50'],
    ],
    [
      'creado a mano igual (nombre sin mayúsculas, mismas materias y cursos): existe',
      [c(1, 'Matemática', [10, 11], [1, 2])],
      [c(60, '  matemática ', [11, 10], [2, 1])],
      ['existe 1→60'],
    ],
    [
      'mismo nombre y curso, otras materias: conflicto',
      [c(1, 'Matemática', [10], [1])],
      [c(61, 'Matemática', [12], [1])],
      ['conflicto 1 mismo-nombre 61'],
    ],
    [
      'mismo nombre en otro curso: se crea',
      [c(1, 'Matemática', [10], [1])],
      [c(62, 'Matemática', [10], [2])],
      ['crear 1'],
    ],
    ['sin materias: conflicto', [c(1, 'Taller', [], [1])], [], ['conflicto 1 sin-materias -']],
    ['sin cursos: conflicto', [c(1, 'Taller', [10], [])], [], ['conflicto 1 sin-cursos -']],
    [
      'varios, en orden de id',
      [c(3, 'C', [1], [1]), c(1, 'A', [1], [1]), c(2, 'B', [1], [1])],
      [c(70, 'B', [1], [1])],
      ['crear 1', 'existe 2→70', 'crear 3'],
    ],
  ];

  test.each(casos)('%s', (_, origen, destino, esperado) => {
    const plan = planDeReplicacion(origen, destino, habilitados);
    const lineas = [
      ...plan.crear.map((r) => [r.origen.id, `crear ${r.origen.id}`] as const),
      ...plan.existentes.map((e) => [e.origen.id, `existe ${e.origen.id}→${e.destinoId}`] as const),
      ...plan.conflictos.map(
        (x) => [x.origen.id, `conflicto ${x.origen.id} ${x.motivo} ${x.destinoId ?? '-'}`] as const,
      ),
    ]
      .sort((a, b) => a[0] - b[0])
      .map(([, t]) => t);
    expect(lineas).toEqual(esperado);
  });

  test('copia sólo los docentes habilitados y dice cuáles omite', () => {
    const plan = planDeReplicacion([c(1, 'Física', [10], [1], [100, 200, 101])], [], habilitados);
    expect(plan.crear[0]).toMatchObject({ docentes: [100, 101], docentesOmitidos: [200] });
  });

  test('aplicarlo dos veces no crea nada nuevo: lo creado la primera vez ya existe', () => {
    const origen = [c(1, 'A', [1], [1]), c(2, 'B', [2], [2]), c(3, 'C', [], [3])];
    const primero = planDeReplicacion(origen, [], habilitados);
    const creados = primero.crear.map((r, i) => ({
      ...r.origen,
      id: 900 + i,
      origenId: r.origen.id,
    }));
    const segundo = planDeReplicacion(origen, creados, habilitados);
    expect(primero.crear).toHaveLength(2);
    expect(segundo.crear).toHaveLength(0);
    expect(segundo.existentes.map((e) => e.origen.id)).toEqual([1, 2]);
    expect(segundo.conflictos.map((e) => e.origen.id)).toEqual([3]);
  });
});

describe('CSV', () => {
  test('una línea: separador ;, comillas cuando hace falta y sin fórmulas', () => {
    expect(lineaCsv(['a', 'b;c', 'd"e', null, 5, '=1+1', '-3', 'x\ny'])).toBe(
      `a;"b;c";"d""e";;5;'=1+1;'-3;"x\ny"`,
    );
  });
  test('leer lo que se escribió devuelve lo mismo (salvo el apóstrofo de las fórmulas)', () => {
    const archivo = archivoCsv(
      ['Uno', 'Dos'],
      [
        ['a;b', 'c"d'],
        ['', 'e\r\nf'],
      ],
    );
    expect(archivo.startsWith('\ufeff')).toBe(true);
    expect(leerCsv(archivo)).toEqual([
      ['Uno', 'Dos'],
      ['a;b', 'c"d'],
      ['', 'e\r\nf'],
    ]);
  });
  test('acepta comas si el encabezado no tiene punto y coma, y saltea líneas vacías', () => {
    expect(leerCsv('a,b\n\n1,"2,3"\n')).toEqual([
      ['a', 'b'],
      ['1', '2,3'],
    ]);
  });
});

describe('importar materias desde CSV', () => {
  const encabezado = [...ENCABEZADO_MATERIAS_CSV];
  const leer = (...filas: string[][]) => leerMateriasCsv([encabezado, ...filas]);

  test('sin el encabezado esperado: un error para todo el archivo', () => {
    expect(leerMateriasCsv([['Nombre', 'Código']]).error).toBe(
      'La primera fila debe ser el encabezado: Plan (año);Plan (código);Código;Nombre;Año;Departamento.',
    );
    expect(leerMateriasCsv([encabezado]).error).toBe('El archivo no tiene materias.');
  });

  test('el encabezado se reconoce sin acentos ni mayúsculas', () => {
    const r = leerMateriasCsv([
      ['plan (ano)', 'PLAN (CODIGO)', 'codigo', 'nombre', 'ano', 'departamento'],
      ['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas'],
    ]);
    expect(r.error).toBeNull();
    expect(r.filas[0]).toMatchObject({ linea: 2, planAnio: 2015, codigo: 'MAT1', errores: [] });
  });

  test.each([
    [['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas'], []],
    [
      ['', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas'],
      ['Plan: faltan el año o el código del plan.'],
    ],
    [
      ['2015', 'TEC', 'MATEMATICA1', 'Matemática', '1', 'Ciencias Exactas'],
      ['Código: entre 1 y 8 caracteres.'],
    ],
    [['2015', 'TEC', 'MAT1', '', '1', 'Ciencias Exactas'], ['Nombre: no puede estar vacío.']],
    [
      ['2015', 'TEC', 'MAT1', 'Matemática', '7', 'Ciencias Exactas'],
      ['Año: debe ser un número de 1 a 6.'],
    ],
    [['2015', 'TEC', 'MAT1', 'Matemática', '1', ''], ['Departamento: no puede estar vacío.']],
    [
      ['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas', 'de más'],
      ['Tiene 7 columnas; se esperan 6.'],
    ],
  ])('%j → %j', (fila, errores) => expect(leer(fila).filas[0]!.errores).toEqual(errores));

  test('el archivo exportado (con la columna "Cursados") se vuelve a leer', () => {
    const r = leerMateriasCsv([
      [...encabezado, 'Cursados'],
      ['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas', '3'],
    ]);
    expect(r.error).toBeNull();
    expect(r.filas[0]!.errores).toEqual([]);
    expect(
      leerMateriasCsv([
        [...encabezado, 'Cursados'],
        ['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas', '3', 'x'],
      ]).filas[0]!.errores,
    ).toEqual(['Tiene 8 columnas; se esperan 7.']);
  });

  test('un código repetido en el mismo plan es un error de la segunda línea', () => {
    const r = leer(
      ['2015', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas'],
      ['2015', 'tec', 'mat1', 'Otra', '1', 'Ciencias Exactas'],
      ['2020', 'TEC', 'MAT1', 'Matemática', '1', 'Ciencias Exactas'],
    );
    expect(r.filas.map((f) => f.errores)).toEqual([
      [],
      ['Repite el código mat1 del plan (línea 2).'],
      [],
    ]);
  });
});
