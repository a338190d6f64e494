import {
  alternarMarca,
  asignacionesIniciales,
  cambiosAsignaciones,
  cantidadCambios,
  estadoMarca,
  idsFinales,
  marcado,
  reducirAsignaciones,
  type AccionAsignaciones,
  type ItemAsignacion,
} from '@/domain/asignaciones';

const guardados = [
  { id: 1, dato: 'a' },
  { id: 2, dato: 'b' },
];
const inicial = asignacionesIniciales(guardados);
const estados = (l: ItemAsignacion<string>[]) => l.map((i) => `${i.id}:${i.estado}`);
const aplicar = (...acciones: AccionAsignaciones<string>[]) =>
  acciones.reduce(reducirAsignaciones<string>, inicial);

describe('lista de asignaciones (spec 01 §4: sin cambios, agregado, quitado)', () => {
  test('la lista inicial es lo guardado, sin cambios y sin repetidos', () => {
    expect(estados(asignacionesIniciales([...guardados, { id: 1, dato: 'x' }]))).toEqual([
      '1:sinCambios',
      '2:sinCambios',
    ]);
  });

  test.each<[string, AccionAsignaciones<string>[], string[]]>([
    [
      'alternar uno guardado lo quita',
      [{ accion: 'alternar', id: 1 }],
      ['1:quitado', '2:sinCambios'],
    ],
    [
      'alternar uno quitado lo restaura',
      [
        { accion: 'alternar', id: 1 },
        { accion: 'alternar', id: 1 },
      ],
      ['1:sinCambios', '2:sinCambios'],
    ],
    [
      'agregar uno nuevo lo suma como agregado',
      [{ accion: 'agregar', id: 3, dato: 'c' }],
      ['1:sinCambios', '2:sinCambios', '3:agregado'],
    ],
    [
      'alternar uno agregado lo saca de la lista',
      [
        { accion: 'agregar', id: 3, dato: 'c' },
        { accion: 'alternar', id: 3 },
      ],
      ['1:sinCambios', '2:sinCambios'],
    ],
    [
      'agregar uno quitado lo restaura',
      [
        { accion: 'alternar', id: 2 },
        { accion: 'agregar', id: 2, dato: 'b' },
      ],
      ['1:sinCambios', '2:sinCambios'],
    ],
    [
      'agregar uno presente no cambia nada',
      [{ accion: 'agregar', id: 1, dato: 'otro' }],
      ['1:sinCambios', '2:sinCambios'],
    ],
    [
      'alternar uno que no está no cambia nada',
      [{ accion: 'alternar', id: 9 }],
      ['1:sinCambios', '2:sinCambios'],
    ],
    [
      'cargar vuelve a lo guardado',
      [
        { accion: 'agregar', id: 3, dato: 'c' },
        { accion: 'cargar', guardados: [{ id: 3, dato: 'c' }] },
      ],
      ['3:sinCambios'],
    ],
  ])('%s', (_, acciones, esperado) => {
    expect(estados(aplicar(...acciones))).toEqual(esperado);
  });

  test('cambios, cantidad e ids finales', () => {
    const l = aplicar({ accion: 'alternar', id: 1 }, { accion: 'agregar', id: 3, dato: 'c' });
    expect(cambiosAsignaciones(l)).toEqual({ agregar: [3], quitar: [1] });
    expect(cantidadCambios(l)).toBe(2);
    expect(idsFinales(l)).toEqual([2, 3]);
    expect(cantidadCambios(inicial)).toBe(0);
  });
});

describe('marcas sobre una lista fija (alumnos de un cursado)', () => {
  test('marcar uno no inscripto lo agrega; otra vez vuelve a lo guardado', () => {
    const p1 = alternarMarca(new Map(), 7, false);
    expect(estadoMarca(p1, 7)).toBe('agregado');
    expect(marcado(p1, 7, false)).toBe(true);
    const p2 = alternarMarca(p1, 7, false);
    expect(estadoMarca(p2, 7)).toBe('sinCambios');
    expect(marcado(p2, 7, false)).toBe(false);
  });

  test('desmarcar uno inscripto lo quita; otra vez lo restaura', () => {
    const p1 = alternarMarca(new Map(), 7, true);
    expect(estadoMarca(p1, 7)).toBe('quitado');
    expect(marcado(p1, 7, true)).toBe(false);
    const p2 = alternarMarca(p1, 7, true);
    expect(p2.size).toBe(0);
    expect(marcado(p2, 7, true)).toBe(true);
  });

  test('no modifica el mapa recibido', () => {
    const p = new Map<number, 'agregado' | 'quitado'>();
    alternarMarca(p, 1, false);
    expect(p.size).toBe(0);
  });
});
