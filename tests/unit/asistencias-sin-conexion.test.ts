/**
 * Reglas de la cola de la planilla sin conexión (issue 36 §2 y §3): juntar guardados, lo que se
 * envía, lo que muestra el teléfono y la resolución de conflictos.
 */
import {
  alumnosEnConflicto,
  aplicarCola,
  contarCambios,
  deseadoDePantalla,
  envioDe,
  envioDeCambio,
  estadoTrasError,
  fusionarGuardado,
  mismasGuardadas,
  planillaDelCambio,
  rebasarDeseado,
  resolverConflicto,
  textoPendientes,
  type CambioAlumno,
  type CambioEnCola,
  type EntradaDeseada,
  type EntradaGuardada,
} from '@/domain/asistencias-sin-conexion';

const g = (
  orden: number,
  tipo = 'Falta',
  extra: Partial<EntradaGuardada> = {},
): EntradaGuardada => ({
  orden,
  tipo,
  circunstancia: 'Normal',
  justificada: false,
  justificacion: null,
  ...extra,
});
const n = (tipo = 'Falta', extra: Partial<EntradaDeseada> = {}): EntradaDeseada => ({
  orden: null,
  tipo,
  circunstancia: 'Normal',
  justificada: false,
  justificacion: null,
  ...extra,
});
const item = (alumnos: CambioAlumno[], extra: Partial<CambioEnCola> = {}): CambioEnCola => ({
  id: 'id-1',
  autor: 7,
  curso: 3,
  cursoNombre: '1° 1°',
  fecha: '2026-05-12',
  turno: 'Mañana',
  alumnos,
  creado: '2026-05-12T11:00:00.000Z',
  estado: 'pendiente',
  ...extra,
});

describe('envioDe: deseado contra anterior', () => {
  test.each<[string, CambioAlumno, ReturnType<typeof envioDe>]>([
    [
      'una falta nueva',
      { alumno: 1, anterior: [], deseado: [n()] },
      {
        alumno: 1,
        crear: [
          { tipo: 'Falta', circunstancia: 'Normal', justificada: false, justificacion: null },
        ],
        actualizar: [],
        borrar: [],
        anterior: [],
      },
    ],
    [
      'una guardada justificada',
      {
        alumno: 1,
        anterior: [g(5)],
        deseado: [{ ...g(5), justificada: true, justificacion: 'Médico' }],
      },
      {
        alumno: 1,
        crear: [],
        actualizar: [g(5, 'Falta', { justificada: true, justificacion: 'Médico' })],
        borrar: [],
        anterior: [g(5)],
      },
    ],
    [
      'una guardada borrada',
      {
        alumno: 1,
        anterior: [g(5), g(6, 'Tardanza Ingreso')],
        deseado: [g(6, 'Tardanza Ingreso')],
      },
      {
        alumno: 1,
        crear: [],
        actualizar: [],
        borrar: [5],
        anterior: [g(5), g(6, 'Tardanza Ingreso')],
      },
    ],
    [
      'sin cambios',
      { alumno: 1, anterior: [g(5)], deseado: [g(5)] },
      { alumno: 1, crear: [], actualizar: [], borrar: [], anterior: [g(5)] },
    ],
    [
      'una justificación sin marcar justificada no se envía',
      { alumno: 1, anterior: [g(5)], deseado: [{ ...g(5), justificacion: 'x' }] },
      { alumno: 1, crear: [], actualizar: [], borrar: [], anterior: [g(5)] },
    ],
  ])('%s', (_, cambio, esperado) => expect(envioDe(cambio)).toEqual(esperado));

  test('anterior va en orden de `orden`', () =>
    expect(
      envioDe({ alumno: 1, anterior: [g(9), g(2, 'Tardanza Recreo')], deseado: [] }).anterior.map(
        (e) => e.orden,
      ),
    ).toEqual([2, 9]));
});

describe('fusionarGuardado: un cambio pendiente por planilla, relativo a la copia original', () => {
  const original = [g(5)];
  test('el primero entra tal cual, sin los alumnos que no cambian', () => {
    const r = fusionarGuardado(
      null,
      item([
        { alumno: 1, anterior: original, deseado: [g(5), n()] },
        { alumno: 2, anterior: [], deseado: [] },
      ]),
    );
    expect(r.alumnos.map((a) => a.alumno)).toEqual([1]);
  });

  test.each<
    [string, EntradaDeseada[], EntradaDeseada[], ReturnType<typeof envioDe>['crear'], number[]]
  >([
    [
      'una entrada creada sin conexión y después cambiada de tipo: se crea con el tipo final',
      [g(5), n()],
      [g(5), n('Tardanza Ingreso')],
      [
        {
          tipo: 'Tardanza Ingreso',
          circunstancia: 'Normal',
          justificada: false,
          justificacion: null,
        },
      ],
      [],
    ],
    [
      'una entrada creada sin conexión y después justificada: se crea justificada',
      [g(5), n()],
      [g(5), n('Falta', { justificada: true, justificacion: 'Turno médico' })],
      [
        {
          tipo: 'Falta',
          circunstancia: 'Normal',
          justificada: true,
          justificacion: 'Turno médico',
        },
      ],
      [],
    ],
    [
      'una entrada creada sin conexión y después borrada: no se envía nada de ella',
      [g(5), n()],
      [g(5)],
      [],
      [],
    ],
    [
      'una guardada borrada en el segundo guardado',
      [g(5), n()],
      [n()],
      [{ tipo: 'Falta', circunstancia: 'Normal', justificada: false, justificacion: null }],
      [5],
    ],
  ])('%s', (_, primero, segundo, crear, borrar) => {
    const a = fusionarGuardado(null, item([{ alumno: 1, anterior: original, deseado: primero }]));
    // El segundo guardado ve la planilla con la cola aplicada: su anterior sería otro, no cuenta.
    const b = fusionarGuardado(
      a,
      item([{ alumno: 1, anterior: [g(5, 'Falta', { justificada: true })], deseado: segundo }], {
        id: 'id-2',
        creado: 'otro',
      }),
    );
    expect(b.id).toBe('id-1');
    expect(b.creado).toBe(a.creado);
    const envio = envioDeCambio(b);
    expect(envio.flatMap((x) => x.crear)).toEqual(crear);
    expect(envio.flatMap((x) => x.borrar)).toEqual(borrar);
    expect(envio.map((x) => x.anterior)).toEqual(envio.map(() => original));
  });

  test('deshacer todo sin conexión deja el cambio sin alumnos (la asistencia sigue tomada)', () => {
    const a = fusionarGuardado(
      null,
      item([{ alumno: 1, anterior: original, deseado: [g(5), n()] }]),
    );
    const b = fusionarGuardado(a, item([{ alumno: 1, anterior: original, deseado: [g(5)] }]));
    expect(b.alumnos).toEqual([]);
    expect(contarCambios([b])).toBe(1);
  });

  test('un alumno nuevo en el segundo guardado se suma con su propio anterior', () => {
    const a = fusionarGuardado(null, item([{ alumno: 1, anterior: original, deseado: [] }]));
    const b = fusionarGuardado(
      { ...a, estado: 'enviando' },
      item([{ alumno: 2, anterior: [g(8)], deseado: [] }]),
    );
    expect(b.alumnos.map((x) => [x.alumno, x.anterior.map((e) => e.orden)])).toEqual([
      [1, [5]],
      [2, [8]],
    ]);
    expect(b.estado).toBe('pendiente');
  });
});

describe('aplicarCola: lo que muestra el teléfono', () => {
  const copia = new Map<number, EntradaGuardada[]>([
    [1, [g(5)]],
    [2, []],
    [3, [g(9, 'Tardanza Recreo')]],
  ]);
  test('las entradas de la cola reemplazan las de la copia; las nuevas con orden negativo', () => {
    const r = aplicarCola(copia, [
      item([
        { alumno: 1, anterior: [g(5)], deseado: [] },
        {
          alumno: 2,
          anterior: [],
          deseado: [n(), n('Tardanza Ingreso', { justificada: true, justificacion: 'Tren' })],
        },
      ]),
    ]);
    expect(r.get(1)).toEqual([]);
    expect(r.get(2)!.map((e) => [e.orden, e.tipo, e.local, e.justificacion])).toEqual([
      [-1, 'Falta', true, null],
      [-2, 'Tardanza Ingreso', true, 'Tren'],
    ]);
    expect(r.get(3)).toEqual([{ ...g(9, 'Tardanza Recreo'), local: false }]);
  });
  test('sin cola, la copia', () =>
    expect(aplicarCola(copia, []).get(1)).toEqual([{ ...g(5), local: false }]));
  test('al volver a guardar, las locales vuelven a ser nuevas', () =>
    expect(
      deseadoDePantalla([
        { ...g(-1), borrar: false },
        { ...g(5), borrar: true },
        { ...g(6), borrar: false },
      ]).map((e) => e.orden),
    ).toEqual([null, 6]));
});

describe('conflictos', () => {
  const cambio = item([
    { alumno: 1, anterior: [], deseado: [n()] },
    {
      alumno: 2,
      anterior: [g(5)],
      deseado: [{ ...g(5), justificada: true, justificacion: 'Médico' }],
    },
  ]);

  test('en conflicto: los alumnos cuyo anterior ya no está en el servidor', () => {
    const servidor = new Map([
      [1, [g(20, 'Tardanza Ingreso')]],
      [2, [g(5)]],
    ]);
    expect(alumnosEnConflicto(cambio, servidor)).toEqual([1]);
    expect(alumnosEnConflicto(cambio, new Map([[2, [g(5)]]]))).toEqual([]);
    expect(mismasGuardadas([g(5), g(6)], [g(6), g(5)])).toBe(true);
    expect(mismasGuardadas([g(5)], [g(5, 'Falta', { justificada: true })])).toBe(false);
  });

  test.each<[string, EntradaDeseada[], EntradaGuardada[], (number | null)[]]>([
    [
      'la guardada que sigue conserva su orden',
      [g(5)],
      [g(5, 'Falta', { justificada: true })],
      [5],
    ],
    ['una nueva toma la del mismo tipo que creó la otra persona', [n()], [g(20)], [20]],
    ['una nueva de otro tipo va nueva', [n('Tardanza Recreo')], [g(20)], [null]],
    ['la guardada que la otra persona borró va nueva', [g(5)], [], [null]],
  ])('rebasar: %s', (_, deseado, servidor, ordenes) =>
    expect(rebasarDeseado(deseado, servidor).map((e) => e.orden)).toEqual(ordenes),
  );

  test('Quedarme con lo mío: lo que queda es lo mío, calculado contra el servidor de ahora', () => {
    const servidor = new Map([
      [1, [g(20, 'Falta', { circunstancia: 'Educación Física' }), g(21, 'Tardanza Recreo')]],
      [2, [g(5)]],
    ]);
    const r = resolverConflicto(
      { ...cambio, estado: 'conflicto' },
      servidor,
      new Map([[1, 'mio' as const]]),
      'id-nuevo',
    );
    expect(r.id).toBe('id-nuevo');
    expect(r.estado).toBe('pendiente');
    expect(alumnosEnConflicto(r, servidor)).toEqual([]);
    const envio = envioDeCambio(r);
    expect(envio[0]).toEqual({
      alumno: 1,
      crear: [],
      actualizar: [g(20)],
      borrar: [21],
      anterior: servidor.get(1),
    });
    expect(envio[1]!.actualizar).toEqual([
      g(5, 'Falta', { justificada: true, justificacion: 'Médico' }),
    ]);
  });

  test('Dejar lo de la otra persona: ese alumno sale del cambio; los demás siguen', () => {
    const servidor = new Map([
      [1, [g(20, 'Tardanza Ingreso')]],
      [2, [g(5)]],
    ]);
    const r = resolverConflicto(cambio, servidor, new Map([[1, 'otro' as const]]), 'id-nuevo');
    expect(r.alumnos.map((a) => a.alumno)).toEqual([2]);
  });

  test('si la otra persona ya dejó lo mismo, no queda nada que enviar de ese alumno', () => {
    const servidor = new Map([
      [1, [g(20)]],
      [2, [g(5)]],
    ]);
    const r = resolverConflicto(cambio, servidor, new Map([[1, 'mio' as const]]), 'x');
    expect(r.alumnos.map((a) => a.alumno)).toEqual([2]);
  });

  test('dejar todo lo de la otra persona todavía toma la asistencia: un envío sin alumnos', () => {
    const servidor = new Map([[1, [g(20, 'Tardanza Ingreso')]]]);
    const soloUno = item([{ alumno: 1, anterior: [], deseado: [n()] }], {
      estado: 'conflicto',
    });
    const r = resolverConflicto(soloUno, servidor, new Map([[1, 'otro' as const]]), 'id-nuevo');
    expect(r).toMatchObject({ id: 'id-nuevo', estado: 'pendiente', alumnos: [] });
    expect(envioDeCambio(r)).toEqual([]);
    // En el aviso cuenta como un cambio: la planilla tomada ("Sin faltas").
    expect(contarCambios([r])).toBe(1);
  });
});

describe('errores del servidor al enviar la cola', () => {
  test.each<[string | null | undefined, string]>([
    ['CONFLICT', 'conflicto'],
    ['BAD_REQUEST', 'rechazado'],
    ['FORBIDDEN', 'rechazado'],
    ['NOT_FOUND', 'rechazado'],
    ['PRECONDITION_FAILED', 'rechazado'],
    ['PAYLOAD_TOO_LARGE', 'rechazado'],
    ['UNPROCESSABLE_CONTENT', 'rechazado'],
    // La sesión que venció espera a que su autor ingrese; el servidor caído o saturado, otra vez.
    ['UNAUTHORIZED', 'pendiente'],
    ['INTERNAL_SERVER_ERROR', 'pendiente'],
    ['TOO_MANY_REQUESTS', 'pendiente'],
    ['SERVICE_UNAVAILABLE', 'pendiente'],
    [undefined, 'pendiente'],
    [null, 'pendiente'],
  ])('%s → %s', (codigo, estado) => expect(estadoTrasError(codigo)).toBe(estado));

  test('volver a guardar la planilla de un cambio rechazado lo deja pendiente, sin el motivo', () => {
    const rechazado = item([{ alumno: 1, anterior: [], deseado: [n()] }], {
      estado: 'rechazado',
      motivo: 'La fecha debe estar entre el 09/11/2026 y hoy (24/11/2026).',
    });
    const r = fusionarGuardado(
      rechazado,
      item([{ alumno: 2, anterior: [], deseado: [n()] }], { id: 'id-2' }),
    );
    expect(r).toMatchObject({ id: 'id-1', estado: 'pendiente', motivo: undefined });
    expect(r.alumnos.map((a) => a.alumno)).toEqual([1, 2]);
  });

  test('planillaDelCambio nombra curso, fecha y turno', () =>
    expect(planillaDelCambio(item([]))).toBe('1° 1°, 12/05/2026, turno Mañana'));
});

test.each([
  [1, 'Sin conexión: 1 cambio guardado en este teléfono'],
  [3, 'Sin conexión: 3 cambios guardados en este teléfono'],
])('textoPendientes(%i)', (cantidad, texto) => expect(textoPendientes(cantidad)).toBe(texto));
