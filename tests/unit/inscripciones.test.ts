import {
  ERROR_VINCULAR_CURSADOS,
  ERROR_VINCULAR_CURSO,
  cambiosInscripcion,
  cursadosAgregables,
  cursoSiguiente,
  hayCambiosInscripcion,
  listaInicial,
  primeraMateria,
  promocion,
  puedeInscribirse,
  reducirInscripciones,
  type AccionInscripciones,
  type CursadoInscribible,
  type EstadoItemInscripcion,
  type ItemInscripcion,
} from '@/domain/inscripciones';

describe('mensajes de error (spec 01 §8)', () => {
  test('textos', () => {
    expect(ERROR_VINCULAR_CURSO).toBe('No se pudo vincular el alumno al curso');
    expect(ERROR_VINCULAR_CURSADOS).toBe('No se pudo vincular el alumno a los cursados');
  });
});

describe('puedeInscribirse: primero un curso (spec 01 §5)', () => {
  test.each([
    [1, true],
    [42, true],
    [null, false],
    [undefined, false],
    [0, false],
    [-3, false],
    [1.5, false],
    [NaN, false],
  ])('puedeInscribirse(%p) → %p', (cursoId, esperado) => {
    expect(puedeInscribirse(cursoId)).toBe(esperado);
  });
});

// Cursados de ejemplo: id y materias permitidas (la primera es la de inscripción).
const MAT = { cursadoId: 10, nombre: 'Matemática 2° 1°', materiasPermitidas: [100, 101] };
const LEN = { cursadoId: 11, nombre: 'Lengua 2° 1°', materiasPermitidas: [110] };
const HIS = { cursadoId: 12, nombre: 'Historia 2° 1°', materiasPermitidas: [120, 121, 122] };
const FIS = { cursadoId: 13, nombre: 'Física 2° 1°', materiasPermitidas: [130] };
const VACIO = { cursadoId: 14, nombre: 'Sin materias', materiasPermitidas: [] as number[] };
type Cursado = typeof MAT;

describe('primeraMateria (spec 01 §5)', () => {
  test.each([
    [MAT, 100],
    [LEN, 110],
    [HIS, 120],
    [VACIO, null],
  ])('%j → %p', (cursado, materia) => {
    expect(primeraMateria(cursado)).toBe(materia);
  });
});

describe('lista de inscripciones (spec 01 §4)', () => {
  /** Inscripto en MAT (por la materia 101, no la primera) y en LEN (materia desconocida). */
  const inicial = () => listaInicial<Cursado>([{ cursado: MAT, materiaId: 101 }, { cursado: LEN }]);
  const resumen = (l: ItemInscripcion[]) =>
    l.map((i) => [i.cursado.cursadoId, i.materiaId, i.estado]);
  const aplicar = (l: ItemInscripcion<Cursado>[], ...acciones: AccionInscripciones<Cursado>[]) =>
    acciones.reduce(reducirInscripciones, l);

  test('listaInicial: todas sin cambios; materia guardada o la primera permitida', () => {
    expect(resumen(inicial())).toEqual([
      [10, 101, 'sinCambios'],
      [11, 110, 'sinCambios'],
    ]);
  });

  test('listaInicial descarta repetidos y cursados sin materias', () => {
    const l = listaInicial<Cursado>([
      { cursado: MAT },
      { cursado: MAT, materiaId: 101 },
      { cursado: VACIO },
    ]);
    expect(resumen(l)).toEqual([[10, 100, 'sinCambios']]);
  });

  test('cargar reemplaza la lista', () => {
    const l = aplicar(
      inicial(),
      { accion: 'agregar', cursado: HIS },
      { accion: 'cargar', inscripciones: [{ cursado: FIS }] },
    );
    expect(resumen(l)).toEqual([[13, 130, 'sinCambios']]);
  });

  // Tabla de transiciones: [estado antes, acción, estado después ('fuera': no está en la lista)]
  test.each<
    [EstadoItemInscripcion | 'fuera', 'alternar' | 'agregar', EstadoItemInscripcion | 'fuera']
  >([
    ['sinCambios', 'alternar', 'quitado'],
    ['quitado', 'alternar', 'sinCambios'],
    ['agregado', 'alternar', 'fuera'],
    ['fuera', 'alternar', 'fuera'],
    ['fuera', 'agregar', 'agregado'],
    ['sinCambios', 'agregar', 'sinCambios'],
    ['quitado', 'agregar', 'sinCambios'],
    ['agregado', 'agregar', 'agregado'],
  ])('%s + %s → %s', (antes, accion, despues) => {
    // Prepara HIS en el estado "antes", junto a MAT sin cambios.
    const base = listaInicial<Cursado>([{ cursado: MAT }]);
    const preparada: Record<typeof antes, ItemInscripcion<Cursado>[]> = {
      fuera: base,
      sinCambios: listaInicial<Cursado>([{ cursado: MAT }, { cursado: HIS }]),
      quitado: aplicar(listaInicial<Cursado>([{ cursado: MAT }, { cursado: HIS }]), {
        accion: 'alternar',
        cursadoId: 12,
      }),
      agregado: aplicar(base, { accion: 'agregar', cursado: HIS }),
    };
    const l = aplicar(
      preparada[antes],
      accion === 'alternar'
        ? { accion: 'alternar', cursadoId: 12 }
        : { accion: 'agregar', cursado: HIS },
    );
    const his = l.find((i) => i.cursado.cursadoId === 12);
    expect(his ? his.estado : 'fuera').toBe(despues);
    // MAT no se toca.
    expect(resumen(l.filter((i) => i.cursado.cursadoId !== 12))).toEqual([[10, 100, 'sinCambios']]);
  });

  test('agregar usa la primera materia permitida y va al final', () => {
    expect(resumen(aplicar(inicial(), { accion: 'agregar', cursado: HIS }))).toEqual([
      [10, 101, 'sinCambios'],
      [11, 110, 'sinCambios'],
      [12, 120, 'agregado'],
    ]);
  });

  test('un cursado sin materias permitidas no se agrega', () => {
    expect(resumen(aplicar(inicial(), { accion: 'agregar', cursado: VACIO }))).toEqual([
      [10, 101, 'sinCambios'],
      [11, 110, 'sinCambios'],
    ]);
  });

  test('restaurar un quitado conserva su materia guardada', () => {
    const l = aplicar(
      inicial(),
      { accion: 'alternar', cursadoId: 10 },
      { accion: 'alternar', cursadoId: 10 },
    );
    expect(resumen(l)).toEqual([
      [10, 101, 'sinCambios'],
      [11, 110, 'sinCambios'],
    ]);
  });

  test('no muta la lista recibida', () => {
    const l = inicial();
    const copia = JSON.parse(JSON.stringify(l));
    reducirInscripciones(l, { accion: 'alternar', cursadoId: 10 });
    reducirInscripciones(l, { accion: 'agregar', cursado: HIS });
    expect(l).toEqual(copia);
  });

  test('cursadosAgregables: los disponibles que no están en la lista y tienen materias', () => {
    let l = aplicar(
      inicial(),
      { accion: 'agregar', cursado: HIS },
      { accion: 'alternar', cursadoId: 11 },
    );
    expect(cursadosAgregables(l, [MAT, LEN, HIS, FIS, VACIO]).map((c) => c.cursadoId)).toEqual([
      13,
    ]);
    l = aplicar(l, { accion: 'alternar', cursadoId: 12 });
    expect(cursadosAgregables(l, [MAT, LEN, HIS, FIS, VACIO]).map((c) => c.cursadoId)).toEqual([
      12, 13,
    ]);
    expect(cursadosAgregables([], [MAT, VACIO]).map((c) => c.cursadoId)).toEqual([10]);
  });
});

describe('cambiosInscripcion (PUT /cursados/inscripciones, spec 01 §7)', () => {
  const aplicar = (l: ItemInscripcion<CursadoInscribible>[], ...acciones: AccionInscripciones[]) =>
    acciones.reduce(reducirInscripciones, l);
  const base = () =>
    listaInicial([{ cursado: MAT, materiaId: 101 }, { cursado: LEN }, { cursado: HIS }]);

  test.each<[string, AccionInscripciones[], unknown[]]>([
    ['sin cambios', [], []],
    [
      'agregar FIS',
      [{ accion: 'agregar', cursado: FIS }],
      [{ action: 'set', alumnoId: 7, cursadoId: 13, materiaId: 130 }],
    ],
    [
      'quitar MAT (con su materia guardada 101)',
      [{ accion: 'alternar', cursadoId: 10 }],
      [{ action: 'unset', alumnoId: 7, cursadoId: 10, materiaId: 101 }],
    ],
    [
      'quitar LEN y HIS, agregar FIS',
      [
        { accion: 'alternar', cursadoId: 11 },
        { accion: 'agregar', cursado: FIS },
        { accion: 'alternar', cursadoId: 12 },
      ],
      [
        { action: 'unset', alumnoId: 7, cursadoId: 11, materiaId: 110 },
        { action: 'unset', alumnoId: 7, cursadoId: 12, materiaId: 120 },
        { action: 'set', alumnoId: 7, cursadoId: 13, materiaId: 130 },
      ],
    ],
    [
      'agregar y volver a alternar FIS no deja cambios',
      [
        { accion: 'agregar', cursado: FIS },
        { accion: 'alternar', cursadoId: 13 },
      ],
      [],
    ],
    [
      'quitar y restaurar MAT no deja cambios',
      [
        { accion: 'alternar', cursadoId: 10 },
        { accion: 'alternar', cursadoId: 10 },
      ],
      [],
    ],
  ])('%s', (_nombre, acciones, esperado) => {
    const l = aplicar(base(), ...acciones);
    expect(cambiosInscripcion(7, l)).toEqual(esperado);
    expect(hayCambiosInscripcion(l)).toBe(esperado.length > 0);
  });
});

describe('promoción de curso ("Promover estudiantes de curso y autoinscribir")', () => {
  // La escuela de demostración: 1° a 3° con divisiones 1 a 3 (Básico); 4° a 6° con una
  // especialidad por división (1 Electrónica, 2 Mecánica, 3 Construcciones).
  const c = (id: number, anio: number, division: number, especialidad: string) => ({
    id,
    anio,
    division,
    especialidad,
  });
  const CURSOS = [
    c(11, 1, 1, 'Básico'),
    c(12, 1, 2, 'Básico'),
    c(13, 1, 3, 'Básico'),
    c(21, 2, 1, 'Básico'),
    c(22, 2, 2, 'Básico'),
    c(23, 2, 3, 'Básico'),
    c(31, 3, 1, 'Básico'),
    c(32, 3, 2, 'Básico'),
    c(33, 3, 3, 'Básico'),
    c(41, 4, 1, 'Electrónica'),
    c(42, 4, 2, 'Mecánica'),
    c(43, 4, 3, 'Construcciones'),
    c(51, 5, 1, 'Electrónica'),
    c(52, 5, 2, 'Mecánica'),
    c(53, 5, 3, 'Construcciones'),
    c(61, 6, 1, 'Electrónica'),
    c(62, 6, 2, 'Mecánica'),
    c(63, 6, 3, 'Construcciones'),
  ];

  test.each([
    // [año, división, especialidad, elegida, id del curso siguiente o resultado]
    [1, 1, 'Básico', undefined, 21],
    [1, 3, 'Básico', undefined, 23],
    [2, 2, 'Básico', undefined, 32],
    [2, 3, 'Básico', undefined, 33],
    // 3° → 4°: sin especialidad elegida lo asigna Alumnado
    [3, 1, 'Básico', undefined, 'asignaAlumnado'],
    [3, 2, 'Básico', null, 'asignaAlumnado'],
    // con especialidad elegida, su curso (aunque la división sea otra)
    [3, 1, 'Básico', 'Mecánica', 42],
    [3, 3, 'Básico', 'Electrónica', 41],
    [3, 2, 'Básico', 'Construcciones', 43],
    [3, 2, 'Básico', 'Química', 'sinCurso'],
    // 4° → 5° → 6°: la misma especialidad
    [4, 1, 'Electrónica', undefined, 51],
    [4, 2, 'Mecánica', undefined, 52],
    [5, 3, 'Construcciones', undefined, 63],
    [5, 1, 'Electrónica', 'Mecánica', 61],
    // 6°: egresa
    [6, 1, 'Electrónica', undefined, 'egresa'],
    [6, 3, 'Construcciones', undefined, 'egresa'],
  ])('%i° %i° %s (elegida %p) → %p', (anio, division, especialidad, elegida, esperado) => {
    const p = promocion({ anio, division, especialidad }, CURSOS, elegida);
    expect(p.resultado === 'promueve' ? p.curso.id : p.resultado).toBe(esperado);
    const siguiente = cursoSiguiente({ anio, division, especialidad }, CURSOS, elegida);
    expect(siguiente ? siguiente.id : null).toBe(typeof esperado === 'number' ? esperado : null);
  });

  test.each([
    // cursos faltantes o especialidades con varias divisiones
    [
      '2° 4° sin 3° 4°',
      { anio: 2, division: 4, especialidad: 'Básico' },
      CURSOS,
      undefined,
      'sinCurso',
    ],
    [
      '4° sin especialidad',
      { anio: 4, division: 1, especialidad: null },
      CURSOS,
      undefined,
      'asignaAlumnado',
    ],
    [
      '5° de una especialidad que no sigue',
      { anio: 5, division: 4, especialidad: 'Química' },
      CURSOS,
      undefined,
      'sinCurso',
    ],
    [
      '3° con un único 4°',
      { anio: 3, division: 2, especialidad: 'Básico' },
      [c(41, 4, 1, 'Electrónica')],
      undefined,
      41,
    ],
    [
      '3° sin ningún 4°',
      { anio: 3, division: 2, especialidad: 'Básico' },
      CURSOS.slice(0, 9),
      undefined,
      'sinCurso',
    ],
    ['1° sin cursos', { anio: 1, division: 1, especialidad: 'Básico' }, [], undefined, 'sinCurso'],
    [
      'Electrónica con dos divisiones: la misma división',
      { anio: 4, division: 4, especialidad: 'Electrónica' },
      [...CURSOS, c(54, 5, 4, 'Electrónica')],
      undefined,
      54,
    ],
    [
      'Electrónica con dos divisiones y ninguna de la misma división',
      { anio: 4, division: 5, especialidad: 'Electrónica' },
      [...CURSOS, c(54, 5, 4, 'Electrónica')],
      undefined,
      'asignaAlumnado',
    ],
    [
      '3° elige Electrónica, que tiene dos divisiones: la misma división',
      { anio: 3, division: 4, especialidad: 'Básico' },
      [...CURSOS, c(44, 4, 4, 'Electrónica')],
      'Electrónica',
      44,
    ],
  ])('%s → %p', (_nombre, actual, cursos, elegida, esperado) => {
    const p = promocion(actual, cursos, elegida);
    expect(p.resultado === 'promueve' ? p.curso.id : p.resultado).toBe(esperado);
  });

  test.each([[0], [7], [2.5], [NaN]])('año %p lanza', (anio) => {
    expect(() => promocion({ anio, division: 1, especialidad: 'Básico' }, CURSOS)).toThrow();
  });
});
