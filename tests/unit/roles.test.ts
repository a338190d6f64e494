import {
  ADMINISTRACION,
  ALTA_ADMINISTRACION,
  ANY,
  BAJA_ADMINISTRACION,
  ETIQUETA_ROL,
  MASCARA_ROLES,
  PUBLICO,
  Rol,
  TODOS_LOS_ROLES,
  esAdministracion,
  esAltaAdministracion,
  esBajaAdministracion,
  esPublico,
  esRolBit,
  mascara,
  mascaraValida,
  nombreDeRol,
  rolInicial,
  rolPorNombre,
  rolesDe,
  tieneRol,
} from '@/domain/roles';

/** Tabla de la especificación, escrita a mano (no derivada de `Rol`). */
const TABLA_ROLES: ReadonlyArray<readonly [string, number, string]> = [
  ['Docente', 1, 'Docente'],
  ['Admin', 2, 'Administrador'],
  ['Preceptor', 4, 'Preceptor'],
  ['JefeDepartamento', 8, 'Jefe de Departamento'],
  ['JefePreceptor', 16, 'Jefe de Preceptores'],
  ['Regente', 32, 'Regente'],
  ['Alumno', 64, 'Alumno'],
  ['Alumnado', 128, 'Alumnado'],
  ['ReferenteParental', 256, 'Referente Parental'],
  ['Coordinador', 512, 'Coordinador'],
];
const BITS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] as const;

/**
 * Oráculo independiente: los bits de `m` calculados con aritmética (división y módulo),
 * sin operadores de bits ni funciones del módulo bajo prueba.
 */
function bitsEsperados(m: number): number[] {
  return BITS.filter((b) => Math.floor(m / b) % 2 === 1);
}

const MASCARAS = Array.from({ length: 1024 }, (_, m) => m);

describe('constantes de roles', () => {
  test.each(TABLA_ROLES)('Rol.%s === %i', (nombre, bit) => {
    expect((Rol as Record<string, number>)[nombre]).toBe(bit);
  });

  test('Rol tiene exactamente los 10 roles de la especificación', () => {
    expect(Object.keys(Rol).sort()).toEqual(TABLA_ROLES.map(([n]) => n).sort());
  });

  test('ANY === -1', () => {
    expect(ANY).toBe(-1);
  });

  test('TODOS_LOS_ROLES está en orden ascendente de bit', () => {
    expect(TODOS_LOS_ROLES).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });

  test('MASCARA_ROLES === 1023', () => {
    expect(MASCARA_ROLES).toBe(1023);
  });

  test.each(TABLA_ROLES)('etiqueta de %s (%i) es "%s"', (_n, bit, etiqueta) => {
    expect(ETIQUETA_ROL[bit as keyof typeof ETIQUETA_ROL]).toBe(etiqueta);
  });

  test.each(TABLA_ROLES)('nombreDeRol(%i) es "%s"', (nombre, bit) => {
    expect(nombreDeRol(bit)).toBe(nombre);
  });

  test.each([0, 3, 1024, -1, 2.5, NaN])('nombreDeRol(%p) es null', (v) => {
    expect(nombreDeRol(v)).toBeNull();
  });
});

describe('grupos de roles', () => {
  test('alta administración', () => {
    expect([...ALTA_ADMINISTRACION].sort((a, b) => a - b)).toEqual([2, 8, 16, 32, 128, 512]);
  });
  test('baja administración', () => {
    expect([...BAJA_ADMINISTRACION].sort((a, b) => a - b)).toEqual([1, 4]);
  });
  test('administración = alta + baja', () => {
    expect([...ADMINISTRACION].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 128, 512]);
  });
  test('público', () => {
    expect([...PUBLICO].sort((a, b) => a - b)).toEqual([64, 256]);
  });

  // [bit, alta, baja, administración, público]
  test.each([
    [1, false, true, true, false],
    [2, true, false, true, false],
    [4, false, true, true, false],
    [8, true, false, true, false],
    [16, true, false, true, false],
    [32, true, false, true, false],
    [64, false, false, false, true],
    [128, true, false, true, false],
    [256, false, false, false, true],
    [512, true, false, true, false],
    [0, false, false, false, false],
    [3, false, false, false, false],
    [1024, false, false, false, false],
    [-1, false, false, false, false],
  ])('rol %i: alta=%p baja=%p administración=%p público=%p', (bit, alta, baja, admin, publico) => {
    expect(esAltaAdministracion(bit)).toBe(alta);
    expect(esBajaAdministracion(bit)).toBe(baja);
    expect(esAdministracion(bit)).toBe(admin);
    expect(esPublico(bit)).toBe(publico);
  });
});

describe('esRolBit', () => {
  test.each(BITS.map((b) => [b]))('%i es un rol', (b) => {
    expect(esRolBit(b)).toBe(true);
  });

  test.each([
    [0],
    [3],
    [5],
    [1023],
    [1024],
    [2048],
    [-1],
    [-2],
    [3.5],
    [1.0000001],
    [NaN],
    [Infinity],
    ['1'],
    [null],
    [undefined],
    [true],
  ])('%p no es un rol', (v) => {
    expect(esRolBit(v)).toBe(false);
  });
});

describe('rolesDe / mascara (las 1024 máscaras)', () => {
  test.each(MASCARAS)('rolesDe(%i) devuelve los bits encendidos en orden ascendente', (m) => {
    expect(rolesDe(m)).toEqual(bitsEsperados(m));
  });

  test.each(MASCARAS)('mascara(rolesDe(%i)) === %i', (m) => {
    expect(mascara(rolesDe(m))).toBe(m);
  });

  test.each([
    [0, []],
    [1, [1]],
    [3, [1, 2]],
    [5, [1, 4]],
    [64, [64]],
    [320, [64, 256]],
    [513, [1, 512]],
    [1023, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]],
    // Los bits desconocidos se ignoran.
    [1024, []],
    [1025, [1]],
    [2048 | 6, [2, 4]],
  ])('rolesDe(%i) → %p (tabla literal)', (m, esperado) => {
    expect(rolesDe(m)).toEqual(esperado);
  });

  test.each([
    [[], 0],
    [[1], 1],
    [[512, 1], 513],
    [[4, 4], 4],
    [[64, 256], 320],
    [[1, 2, 4, 8, 16, 32, 64, 128, 256, 512], 1023],
  ] as [number[], number][])('mascara(%p) → %i', (roles, m) => {
    expect(mascara(roles as never)).toBe(m);
  });
});

describe('tieneRol', () => {
  test.each(MASCARAS)('máscara %i: tieneRol coincide con (m & bit) !== 0 para cada bit', (m) => {
    const esperados = bitsEsperados(m);
    for (const b of BITS) {
      expect([b, tieneRol(m, b)]).toEqual([b, esperados.includes(b)]);
    }
  });

  test.each(MASCARAS)('máscara %i: tieneRol(m, 3) es false (3 no es un rol)', (m) => {
    expect(tieneRol(m, 3)).toBe(false);
  });

  test.each(MASCARAS)('máscara %i: tieneRol(m, ANY) ⇔ m tiene algún bit conocido', (m) => {
    expect(tieneRol(m, ANY)).toBe(m !== 0);
  });

  test.each([
    [1024, ANY, false],
    [2048, ANY, false],
    [1024 | 64, ANY, true],
    [-1, ANY, true],
    [1023, 1024, false],
    [1024, 1024, false],
    [1023, 0, false],
    [0, 0, false],
    [1023, -2, false],
    [1023, 3.5, false],
    [1023, NaN, false],
    [1023, 3, false],
    [1023, 6, false],
    [7, 3, false],
  ])('tieneRol(%i, %p) → %p', (m, rol, esperado) => {
    expect(tieneRol(m, rol)).toBe(esperado);
  });
});

describe('rolInicial', () => {
  test.each(MASCARAS)('rolInicial(%i) es el bit más bajo (null si 0)', (m) => {
    expect(rolInicial(m)).toBe(bitsEsperados(m)[0] ?? null);
  });

  test.each([
    [0, null],
    [1, 1],
    [6, 2],
    [12, 4],
    [320, 64],
    [512, 512],
    [1023, 1],
    [1024, null],
    [1024 | 256, 256],
  ])('rolInicial(%i) → %p (tabla literal)', (m, esperado) => {
    expect(rolInicial(m)).toBe(esperado);
  });
});

describe('mascaraValida', () => {
  test.each(MASCARAS)('mascaraValida(%i) ⇔ %i > 0', (m) => {
    expect(mascaraValida(m)).toBe(m > 0);
  });

  test.each([
    [1024, false],
    [1024 | 1, false],
    [2048, false],
    [2048 | 512, false],
    [-1, false],
    [-2, false],
    [0, false],
    [3.5, false],
    [NaN, false],
    [Infinity, false],
    // Los operadores de bits truncan a 32 bits: 2**32 se ve como 0 y 2**32 + 1 como 1.
    [2 ** 32, false],
    [2 ** 32 + 1, false],
    [2 ** 31, false],
    [1, true],
    [1023, true],
  ])('mascaraValida(%p) → %p', (m, esperado) => {
    expect(mascaraValida(m)).toBe(esperado);
  });
});

describe('rolPorNombre', () => {
  const casos: [string, number][] = [];
  for (const [nombre, bit, etiqueta] of TABLA_ROLES) {
    casos.push([nombre, bit]);
    casos.push([nombre.toLowerCase(), bit]);
    casos.push([nombre.toUpperCase(), bit]);
    // Mayúsculas y minúsculas alternadas: 'dOcEnTe'.
    casos.push([
      [...nombre].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
      bit,
    ]);
    casos.push([etiqueta, bit]);
    casos.push([etiqueta.toLowerCase(), bit]);
    casos.push([etiqueta.toUpperCase(), bit]);
    casos.push([`  ${etiqueta}  `, bit]);
  }

  test.each(casos)('rolPorNombre(%p) → %i', (nombre, bit) => {
    expect(rolPorNombre(nombre)).toBe(bit);
  });

  test.each([
    ['jefe de departamento', 8],
    ['JEFE DE DEPARTAMENTO', 8],
    ['Jefe  de   Departamento', 8],
    ['jefe de preceptores', 16],
    ['referente parental', 256],
    ['Administrador', 2],
    ['admin', 2],
  ])('rolPorNombre(%p) → %i (tabla literal)', (nombre, bit) => {
    expect(rolPorNombre(nombre)).toBe(bit);
  });

  test.each([['director'], [''], ['   '], ['docentes'], ['jefe'], ['1'], ['rol'], ['Jefe de']])(
    'rolPorNombre(%p) → null',
    (nombre) => {
      expect(rolPorNombre(nombre)).toBeNull();
    },
  );
});

describe('selector de rol', () => {
  // El selector lista sólo los roles cuyo bit está encendido, con su etiqueta.
  test.each([
    [0, []],
    [1, ['Docente']],
    [5, ['Docente', 'Preceptor']],
    [320, ['Alumno', 'Referente Parental']],
    [2 | 512, ['Administrador', 'Coordinador']],
    [8 | 16 | 32, ['Jefe de Departamento', 'Jefe de Preceptores', 'Regente']],
  ])('máscara %i → %p', (m, etiquetas) => {
    expect(rolesDe(m).map((r) => ETIQUETA_ROL[r])).toEqual(etiquetas);
  });
});
