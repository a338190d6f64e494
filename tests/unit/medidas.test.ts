import {
  CANTIDAD_MAXIMA,
  CANTIDAD_POR_DEFECTO,
  CONFIRMAR_AMONESTACION,
  CONFIRMAR_APERCIBIMIENTO,
  CONFIRMAR_BORRAR_MEDIDA,
  DIAS_ATRAS_MEDIDA_PROTEGIDO,
  ERROR_BORRAR_MEDIDA,
  ERROR_CREAR_AMONESTACION,
  ERROR_CREAR_APERCIBIMIENTO,
  ERROR_GUARDAR_AMONESTACION,
  ERROR_GUARDAR_APERCIBIMIENTO,
  ETIQUETA_TIPO_MEDIDA,
  PASO_CANTIDAD,
  TIPOS_MEDIDA,
  TIPOS_MEDIDA_LECTURA,
  alternarSeleccion,
  cantidadEnGrilla,
  colorMedidas,
  cuentaEnTotal,
  debeEnviarse,
  esTipoMedida,
  esTipoMedidaEditable,
  fechaMedidaValida,
  fechaMinimaMedida,
  mensajeErrorMedida,
  modoFormularioMedida,
  normalizarCantidad,
  puedeModificarMedidaGuardada,
  textoConfirmacion,
  totalMedidas,
  type OperacionMedida,
  type TipoMedidaEditable,
  detalleConfirmacionMedida,
} from '@/domain/medidas';
import type { ModoFechas } from '@/domain/asistencias';

describe('tipos (spec 01 §3, §5)', () => {
  test('se crean amonestaciones y apercibimientos; colectiva sólo al leer', () => {
    expect(TIPOS_MEDIDA).toEqual(['amonestacion', 'apercibimiento']);
    expect(TIPOS_MEDIDA_LECTURA).toEqual(['amonestacion', 'apercibimiento', 'colectiva']);
    expect(ETIQUETA_TIPO_MEDIDA).toEqual({
      amonestacion: 'Amonestación',
      apercibimiento: 'Apercibimiento',
      colectiva: 'Colectiva',
    });
  });

  test.each([
    ['amonestacion', true, true],
    ['apercibimiento', true, true],
    ['colectiva', false, true],
    ['Amonestacion', false, false],
    ['amonestación', false, false],
    ['sancion', false, false],
    ['', false, false],
    [null, false, false],
    [3, false, false],
  ])('%p: editable %p, conocido %p', (tipo, editable, conocido) => {
    expect(esTipoMedidaEditable(tipo)).toBe(editable);
    expect(esTipoMedida(tipo)).toBe(conocido);
  });
});

describe('cantidad (spec 01 §5, §9)', () => {
  test('constantes', () => {
    expect(CANTIDAD_POR_DEFECTO).toBe('0');
    expect(CANTIDAD_MAXIMA).toBe(15);
    expect(PASO_CANTIDAD).toBe(0.5);
  });

  test.each([
    // números
    [0, 0],
    [1, 1],
    [0.5, 0.5],
    [0.2, 0],
    [0.24, 0],
    [0.25, 0.5],
    [0.3, 0.5],
    [0.74, 0.5],
    [0.75, 1],
    [1.3, 1.5],
    [2.6, 2.5],
    [7.49, 7.5],
    [14.5, 14.5],
    [14.74, 14.5],
    [14.75, 15],
    [15, 15],
    [15.2, 15],
    [15.5, 15],
    [16, 15],
    [100, 15],
    [-0.2, 0],
    [-1, 0],
    [-100, 0],
    [NaN, 0],
    [Infinity, 15],
    [-Infinity, 0],
    // texto
    ['0', 0],
    ['3', 3],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['2,3', 2.5],
    ['  4  ', 4],
    ['0.25', 0.5],
    ['15', 15],
    ['20', 15],
    ['-3', 0],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['3 cosas', 0],
    [null, 0],
    [undefined, 0],
  ])('normalizarCantidad(%p) → %p', (valor, esperado) => {
    expect(normalizarCantidad(valor)).toBe(esperado);
  });

  test('normalizarCantidad nunca devuelve -0', () => {
    expect(Object.is(normalizarCantidad(-0.2), 0)).toBe(true);
    expect(Object.is(normalizarCantidad(-0), 0)).toBe(true);
  });

  test.each([
    [0, true],
    [0.5, true],
    [1, true],
    [14.5, true],
    [15, true],
    [15.5, false],
    [16, false],
    [-0.5, false],
    [0.25, false],
    [1.3, false],
    [NaN, false],
    [Infinity, false],
    ['1', false],
    [null, false],
  ])('cantidadEnGrilla(%p) → %p', (cantidad, esperado) => {
    expect(cantidadEnGrilla(cantidad)).toBe(esperado);
  });

  test.each([
    ['amonestacion', 0, false],
    ['amonestacion', '0', false],
    ['amonestacion', '', false],
    ['amonestacion', null, false],
    ['amonestacion', 0.2, false],
    ['amonestacion', -2, false],
    ['amonestacion', 'abc', false],
    ['amonestacion', 0.25, true],
    ['amonestacion', 0.5, true],
    ['amonestacion', '1', true],
    ['amonestacion', 15, true],
    ['amonestacion', 20, true],
    ['apercibimiento', 0, true],
    ['apercibimiento', '', true],
    ['apercibimiento', null, true],
    ['apercibimiento', 3, true],
  ])('debeEnviarse(%p, %p) → %p (amonestación con 0 no hace nada)', (tipo, cantidad, esperado) => {
    expect(debeEnviarse(tipo as TipoMedidaEditable, cantidad)).toBe(esperado);
  });
});

describe('total y colores (spec 01 §9)', () => {
  test.each([
    ['amonestacion', true],
    ['colectiva', true],
    ['apercibimiento', false],
  ])('cuentaEnTotal(%p) → %p', (tipo, esperado) => {
    expect(cuentaEnTotal(tipo)).toBe(esperado);
  });

  test.each([
    [[], 0],
    [[{ tipo: 'amonestacion', cantidad: 2 }], 2],
    [
      [
        { tipo: 'amonestacion', cantidad: 2 },
        { tipo: 'amonestacion', cantidad: 0.5 },
      ],
      2.5,
    ],
    [[{ tipo: 'apercibimiento', cantidad: 5 }], 0],
    [[{ tipo: 'apercibimiento', cantidad: null }], 0],
    [[{ tipo: 'apercibimiento' }, { tipo: 'amonestacion', cantidad: 3 }], 3],
    [
      [
        { tipo: 'colectiva', cantidad: 1.5 },
        { tipo: 'amonestacion', cantidad: 3 },
      ],
      4.5,
    ],
    [[{ tipo: 'amonestacion', cantidad: null }], 0],
    [
      [
        { tipo: 'amonestacion', cantidad: 10 },
        { tipo: 'apercibimiento', cantidad: 10 },
        { tipo: 'amonestacion', cantidad: 5 },
      ],
      15,
    ],
  ])('totalMedidas(%j) → %p', (medidas, total) => {
    expect(totalMedidas(medidas)).toBe(total);
  });

  test.each([
    [0, null],
    [9, null],
    [9.5, null],
    [10, 'yellow'],
    [12, 'yellow'],
    [14.5, 'yellow'],
    [15, 'red'],
    [15.5, 'red'],
    [30, 'red'],
  ])('colorMedidas(%p) → %p', (total, color) => {
    expect(colorMedidas(total)).toBe(color);
  });
});

describe('fechas (spec 01 §5)', () => {
  test('en modo protegido la mínima es 5 días antes de hoy', () => {
    expect(DIAS_ATRAS_MEDIDA_PROTEGIDO).toBe(5);
  });

  test.each([
    ['2026-05-20', 'protegido', '2026-05-15'],
    ['2026-03-03', 'protegido', '2026-02-26'],
    ['2024-03-03', 'protegido', '2024-02-27'],
    ['2026-01-02', 'protegido', '2025-12-28'],
    ['2026-05-20', 'completo', '2025-05-20'],
  ])('fechaMinimaMedida(%p, %p) → %p', (hoy, modo, minima) => {
    expect(fechaMinimaMedida(hoy, modo as ModoFechas)).toBe(minima);
  });

  test.each([
    ['2026-05-20', 'protegido', true],
    ['2026-05-16', 'protegido', true],
    ['2026-05-15', 'protegido', true],
    ['2026-05-14', 'protegido', false],
    ['2026-05-21', 'protegido', false],
    ['2026-05-14', 'completo', true],
    ['2025-05-20', 'completo', true],
    ['2025-05-19', 'completo', false],
    ['2026-05-21', 'completo', false],
    ['2026-02-30', 'completo', false],
    ['', 'protegido', false],
    [undefined, 'protegido', false],
  ])('fechaMedidaValida(%p) con hoy 2026-05-20 en modo %s → %p', (fecha, modo, esperado) => {
    expect(fechaMedidaValida(fecha, '2026-05-20', modo as ModoFechas)).toBe(esperado);
  });

  test.each([
    ['protegido', false],
    ['completo', true],
  ])('puedeModificarMedidaGuardada(%p) → %p', (modo, esperado) => {
    expect(puedeModificarMedidaGuardada(modo as ModoFechas)).toBe(esperado);
  });
});

describe('confirmaciones y errores (spec 01 §5, §8)', () => {
  test('textos', () => {
    expect(CONFIRMAR_AMONESTACION).toBe('¿Pasar amonestación?');
    expect(CONFIRMAR_APERCIBIMIENTO).toBe('¿Pasar apercibimiento?');
    expect(CONFIRMAR_BORRAR_MEDIDA).toBe('¿Borrar medida disciplinaria?');
    expect(ERROR_GUARDAR_AMONESTACION).toBe('Error al guardar amonestación');
    expect(ERROR_CREAR_AMONESTACION).toBe('Error al crear amonestación');
    expect(ERROR_GUARDAR_APERCIBIMIENTO).toBe('Error al guardar apercibimiento');
    expect(ERROR_CREAR_APERCIBIMIENTO).toBe('Error al crear apercibimiento');
    expect(ERROR_BORRAR_MEDIDA).toBe('Error al borrar medida disciplinaria');
  });

  test.each([
    ['amonestacion', '¿Pasar amonestación?'],
    ['apercibimiento', '¿Pasar apercibimiento?'],
  ])('textoConfirmacion(%p) → %p', (tipo, texto) => {
    expect(textoConfirmacion(tipo as TipoMedidaEditable)).toBe(texto);
  });

  test.each([
    ['amonestacion', 'crear', 'Error al crear amonestación'],
    ['amonestacion', 'guardar', 'Error al guardar amonestación'],
    ['apercibimiento', 'crear', 'Error al crear apercibimiento'],
    ['apercibimiento', 'guardar', 'Error al guardar apercibimiento'],
  ])('mensajeErrorMedida(%p, %p) → %p', (tipo, operacion, texto) => {
    expect(mensajeErrorMedida(tipo as TipoMedidaEditable, operacion as OperacionMedida)).toBe(
      texto,
    );
  });
});

describe('selección de la lista y formulario (spec 01 §2, §4)', () => {
  test.each([
    [null, 5, 5],
    [5, 5, null],
    [5, 7, 7],
    [7, 5, 5],
    [0, 0, null],
    [null, 0, 0],
  ])('alternarSeleccion(%p, %p) → %p', (actual, elegido, esperado) => {
    expect(alternarSeleccion(actual, elegido)).toBe(esperado);
  });

  test('elegir, volver a elegir y elegir de nuevo', () => {
    let sel: string | null = null;
    sel = alternarSeleccion(sel, 'a');
    expect(sel).toBe('a');
    sel = alternarSeleccion(sel, 'b');
    expect(sel).toBe('b');
    sel = alternarSeleccion(sel, 'b');
    expect(sel).toBeNull();
    sel = alternarSeleccion(sel, 'b');
    expect(sel).toBe('b');
  });

  test.each([
    [null, 'completo', 'crear'],
    [undefined, 'completo', 'crear'],
    [5, 'completo', 'guardar'],
    [0, 'completo', 'guardar'],
    [null, 'protegido', 'crear'],
    [5, 'protegido', 'crear'],
  ])('modoFormularioMedida(%p, %p) → %p', (sel, modo, esperado) => {
    expect(modoFormularioMedida(sel, modo as ModoFechas)).toBe(esperado);
  });
});

describe('la confirmación nombra lo que se confirma (issue 11 §8)', () => {
  test.each([
    [
      { tipo: 'amonestacion', cantidad: 1.5, curso: '2° 1°', operacion: 'pasar' },
      'Amonestación de 1,5 a Pérez, Ana (2° 1°), el 12/05/2026, turno Mañana.',
    ],
    [
      { tipo: 'amonestacion', cantidad: 2, curso: null, operacion: 'pasar' },
      'Amonestación de 2 a Pérez, Ana, el 12/05/2026, turno Mañana.',
    ],
    [
      { tipo: 'apercibimiento', cantidad: 0, curso: '2° 1°', operacion: 'pasar' },
      'Apercibimiento a Pérez, Ana (2° 1°), el 12/05/2026, turno Mañana.',
    ],
    [
      { tipo: 'amonestacion', cantidad: 0.5, curso: '4° Electrónica', operacion: 'borrar' },
      'Amonestación de 0,5 a Pérez, Ana (4° Electrónica), del 12/05/2026, turno Mañana. Deja de contar en el total.',
    ],
    [
      { tipo: 'apercibimiento', cantidad: 0, curso: '2° 1°', operacion: 'borrar' },
      'Apercibimiento a Pérez, Ana (2° 1°), del 12/05/2026, turno Mañana.',
    ],
  ] as const)('%j → %p', (m, texto) => {
    expect(
      detalleConfirmacionMedida({
        ...m,
        alumno: 'Pérez, Ana',
        fecha: '2026-05-12',
        turno: 'Mañana',
      }),
    ).toBe(texto);
  });
});
