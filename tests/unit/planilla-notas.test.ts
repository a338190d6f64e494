/**
 * La planilla de notas (spec 02 §2, §4, §8): qué cuatrimestres usa cada modalidad, la condición
 * de cada fila, quién carga, cierra y reabre cada cuatrimestre según el calendario y el cierre,
 * y los avisos. Tablas exhaustivas sobre modalidad × modo × momento del período.
 */
import {
  AUSENTE,
  CUATRIMESTRES,
  MODALIDADES,
  Modalidad,
  aplicaCuatrimestre,
  rindePic,
  type Cuatrimestre,
} from '@/domain/notas';
import {
  AVISO_CIERRE_VENCIDO,
  AVISO_CIERRE_VENCIDO_ALUMNADO,
  AVISO_PLANILLAS_FIRMADAS,
  ErrorPlanilla,
  avisosPlanilla,
  bitCuatrimestre,
  estadoPeriodoNotas,
  motivoNoCarga,
  periodoCerrado,
  presentacionPeriodo,
  type FasePeriodo,
  type ModoPlanilla,
} from '@/domain/periodos-notas';

const NOTAS = [null, AUSENTE, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

describe('aplicaCuatrimestre', () => {
  test.each([
    [Modalidad.Anual, 1, true],
    [Modalidad.Anual, 2, true],
    [Modalidad.PrimerCuatrimestre, 1, true],
    [Modalidad.PrimerCuatrimestre, 2, false],
    [Modalidad.SegundoCuatrimestre, 1, false],
    [Modalidad.SegundoCuatrimestre, 2, true],
    [Modalidad.BiCuatrimestral, 1, true],
    [Modalidad.BiCuatrimestral, 2, true],
  ] as const)('modalidad %p, cuatrimestre %p → %p', (m, c, esperado) => {
    expect(aplicaCuatrimestre(m, c)).toBe(esperado);
  });
  test('modalidad desconocida lanza', () => {
    expect(() => aplicaCuatrimestre(4, 1)).toThrow('Modalidad desconocida');
  });
});

describe('quién rinde la PIC: cada modalidad × cuatrimestre × nota', () => {
  const NO_APLICA = -1;
  const casos = MODALIDADES.flatMap((m) =>
    CUATRIMESTRES.flatMap((c) => [...NOTAS, NO_APLICA].map((v) => [m, c, v] as const)),
  );
  test.each(casos)('modalidad %p, cuatrimestre %p, nota %p', (m, c, v) => {
    const noAprobo = v === AUSENTE || (typeof v === 'number' && v >= 1 && v <= 5);
    expect(rindePic(m, c, v)).toBe(aplicaCuatrimestre(m, c) && noAprobo);
  });
  test.each([
    [Modalidad.Anual, 1, 5, true],
    [Modalidad.Anual, 1, 6, false],
    [Modalidad.Anual, 2, AUSENTE, true],
    [Modalidad.Anual, 2, null, false],
    [Modalidad.PrimerCuatrimestre, 2, 3, false],
    [Modalidad.SegundoCuatrimestre, 2, 1, true],
    [Modalidad.BiCuatrimestral, 1, -1, false],
  ] as const)('ejemplos: %p, cuatrimestre %p, nota %p → %p', (m, c, v, esperado) => {
    expect(rindePic(m, c, v)).toBe(esperado);
  });
  test('modalidad desconocida lanza', () => {
    expect(() => rindePic(9, 1, 3)).toThrow('Modalidad desconocida');
  });
});

describe('máscara de períodos cerrados', () => {
  test.each([
    [0, 1, false],
    [0, 2, false],
    [1, 1, true],
    [1, 2, false],
    [2, 1, false],
    [2, 2, true],
    [3, 1, true],
    [3, 2, true],
  ] as const)('cerrados %p, cuatrimestre %p → %p', (mascara, c, esperado) => {
    expect(periodoCerrado(mascara, c)).toBe(esperado);
  });
  test('bits', () => {
    expect(CUATRIMESTRES.map(bitCuatrimestre)).toEqual([1, 2]);
  });
});

const FECHAS = { apertura: '2026-11-09', cierre: '2026-11-27', publicacion: '2026-12-04' };
/** Momentos del período y qué son: [hoy, iniciado, enFechas, publicado, pasóCierre]. */
const MOMENTOS = [
  ['2026-11-08', false, false, false, false],
  ['2026-11-09', true, true, false, false],
  ['2026-11-20', true, true, false, false],
  ['2026-11-27', true, true, false, false],
  ['2026-11-28', true, false, false, true],
  ['2026-12-04', true, false, true, true],
  ['2027-01-10', true, false, true, true],
] as const;
const MODOS: ModoPlanilla[] = ['docente', 'alumnado', 'lectura'];

describe('estado del período: modalidad × cuatrimestre × modo × momento × cerrado', () => {
  const casos = MODALIDADES.flatMap((m) =>
    CUATRIMESTRES.flatMap((c) =>
      MODOS.flatMap((modo) =>
        MOMENTOS.flatMap((momento) =>
          [false, true].map((cerrado) => [m, c, modo, momento, cerrado] as const),
        ),
      ),
    ),
  );
  test.each(casos)(
    'modalidad %p, %p° cuatrimestre, %p, %p, cerrado %p',
    (m, c, modo, momento, cerrado) => {
      const [hoy, iniciado, enFechas, publicado, pasoCierre] = momento;
      const e = estadoPeriodoNotas({
        modalidad: m,
        cuatrimestre: c as Cuatrimestre,
        fechas: FECHAS,
        cerrados: cerrado ? bitCuatrimestre(c) : 0,
        hoy,
        modo,
      });
      const aplica = aplicaCuatrimestre(m, c);
      expect(e).toMatchObject({ aplica, iniciado, enFechas, publicado, cerrado });
      // Un solo estado por cuatrimestre: publicada manda (cerrada o no), después cerrada.
      const fase: FasePeriodo = publicado
        ? 'publicada'
        : cerrado
          ? 'cerrada'
          : !iniciado
            ? 'porAbrir'
            : pasoCierre
              ? 'vencida'
              : 'abierta';
      expect(e.fase).toBe(fase);
      expect(e.cierreVencido).toBe(fase === 'vencida');
      // Y sólo sus acciones: nadie carga, cierra ni reabre una planilla publicada.
      const cargaYCierra =
        aplica &&
        ((modo === 'docente' && fase === 'abierta') ||
          (modo === 'alumnado' && (fase === 'abierta' || fase === 'vencida')));
      expect(e.puedeCargar).toBe(cargaYCierra);
      expect(e.puedeCerrar).toBe(cargaYCierra);
      expect(e.puedeReabrir).toBe(modo === 'alumnado' && aplica && fase === 'cerrada');
      if (publicado)
        expect([e.puedeCargar, e.puedeCerrar, e.puedeReabrir]).toEqual([false, false, false]);
      expect(motivoNoCarga(e) == null).toBe(e.puedeCargar);
    },
  );

  test('el otro cuatrimestre cerrado no cierra éste', () => {
    const e = estadoPeriodoNotas({
      modalidad: Modalidad.Anual,
      cuatrimestre: 2,
      fechas: FECHAS,
      cerrados: bitCuatrimestre(1),
      hoy: '2026-11-20',
      modo: 'docente',
    });
    expect(e.cerrado).toBe(false);
    expect(e.puedeCargar).toBe(true);
  });

  test('sin fechas en el calendario: nunca abierto ni publicado', () => {
    for (const modo of MODOS) {
      const e = estadoPeriodoNotas({
        modalidad: Modalidad.Anual,
        cuatrimestre: 1,
        fechas: null,
        cerrados: 0,
        hoy: '2026-11-20',
        modo,
      });
      expect(e).toMatchObject({
        fase: 'sinFechas',
        iniciado: false,
        publicado: false,
        puedeCargar: false,
        puedeCerrar: false,
      });
    }
  });

  test('fecha de hoy inválida lanza', () => {
    expect(() =>
      estadoPeriodoNotas({
        modalidad: 0,
        cuatrimestre: 1,
        fechas: FECHAS,
        cerrados: 0,
        hoy: '20/11/2026',
        modo: 'docente',
      }),
    ).toThrow();
  });
});

describe('motivo por el que no se carga', () => {
  const estado = (
    hoy: string,
    cerrados: number,
    modo: ModoPlanilla,
    modalidad: number = Modalidad.Anual,
  ) => estadoPeriodoNotas({ modalidad, cuatrimestre: 2, fechas: FECHAS, cerrados, hoy, modo });
  test.each([
    [
      'antes de la apertura',
      estado('2026-11-01', 0, 'docente'),
      ErrorPlanilla.fueraDeFechas('2° Cuatrimestre'),
    ],
    [
      'pasado el cierre, docente',
      estado('2026-11-28', 0, 'docente'),
      ErrorPlanilla.fueraDeFechas('2° Cuatrimestre'),
    ],
    ['cerrada', estado('2026-11-20', 2, 'docente'), ErrorPlanilla.cerrada('2° Cuatrimestre')],
    [
      'publicada, Alumnado',
      estado('2026-12-05', 0, 'alumnado'),
      ErrorPlanilla.publicada('2° Cuatrimestre'),
    ],
    [
      'materia del 1° cuatrimestre',
      estado('2026-11-20', 0, 'docente', Modalidad.PrimerCuatrimestre),
      ErrorPlanilla.noAplica('2° Cuatrimestre'),
    ],
    [
      'sólo lectura',
      estado('2026-11-20', 0, 'lectura'),
      ErrorPlanilla.fueraDeFechas('2° Cuatrimestre'),
    ],
    ['en fechas, docente', estado('2026-11-20', 0, 'docente'), null],
    ['pasado el cierre, Alumnado', estado('2026-11-28', 0, 'alumnado'), null],
  ])('%s', (_nombre, e, esperado) => {
    expect(motivoNoCarga(e)).toBe(esperado);
  });
});

describe('avisos de la planilla (spec 02 §8)', () => {
  const estado = (hoy: string, cerrados: number, modalidad: number = Modalidad.Anual) =>
    CUATRIMESTRES.map((c) =>
      estadoPeriodoNotas({
        modalidad,
        cuatrimestre: c,
        fechas:
          c === 1
            ? { apertura: '2026-06-15', cierre: '2026-07-03', publicacion: '2026-07-10' }
            : FECHAS,
        cerrados,
        hoy,
        modo: 'docente',
      }),
    );
  test.each([
    ['todo cerrado a tiempo', estado('2026-11-20', 1), 'docente', [AVISO_PLANILLAS_FIRMADAS]],
    ['el 1° quedó abierto (5/7)', estado('2026-07-05', 0), 'docente', [AVISO_CIERRE_VENCIDO]],
    ['el 1° quedó abierto, supervisor', estado('2026-07-05', 0), 'lectura', [AVISO_CIERRE_VENCIDO]],
    // A Alumnado no se le dice "pasar por Alumnado": se le dice que la cierre.
    [
      'el 1° quedó abierto, Alumnado',
      estado('2026-07-05', 0),
      'alumnado',
      [AVISO_CIERRE_VENCIDO_ALUMNADO],
    ],
    // Publicado, el 1° ya no está "abierto con el cierre vencido": está publicado.
    ['el 1° quedó abierto y ya se publicó', estado('2026-11-20', 0), 'docente', []],
    ['el 1° quedó abierto y ya se publicó, Alumnado', estado('2026-11-20', 0), 'alumnado', []],
    ['el 1° cerrado, supervisor', estado('2026-11-20', 1), 'lectura', []],
    ['los dos abiertos y vencidos', estado('2026-12-01', 0), 'docente', [AVISO_CIERRE_VENCIDO]],
    ['antes de todo', estado('2026-03-01', 0), 'docente', []],
    [
      'materia del 2° cuatrimestre: el 1° no cuenta',
      estado('2026-07-05', 0, Modalidad.SegundoCuatrimestre),
      'docente',
      [],
    ],
  ] as const)('%s', (_n, estados, modo, esperado) => {
    expect(avisosPlanilla(estados, modo)).toEqual(esperado);
  });
});

describe('lo que se muestra de cada cuatrimestre: un estado y sus acciones (issue 11 §7)', () => {
  const CERRADO = bitCuatrimestre(2);
  test.each([
    // [hoy, cerrados, modo, fase, texto, tono, [cargar, cerrar, reabrir]]
    ['2026-11-08', 0, 'docente', 'porAbrir', 'Abre el 09/11', 'neutro', [false, false, false]],
    [
      '2026-11-20',
      0,
      'docente',
      'abierta',
      'Abierta hasta el 27/11',
      'abierta',
      [true, true, false],
    ],
    [
      '2026-11-20',
      0,
      'alumnado',
      'abierta',
      'Abierta hasta el 27/11',
      'abierta',
      [true, true, false],
    ],
    [
      '2026-11-20',
      0,
      'lectura',
      'abierta',
      'Abierta hasta el 27/11',
      'abierta',
      [false, false, false],
    ],
    [
      '2026-11-20',
      CERRADO,
      'docente',
      'cerrada',
      'Cerrada, se publica el 04/12',
      'neutro',
      [false, false, false],
    ],
    [
      '2026-11-20',
      CERRADO,
      'alumnado',
      'cerrada',
      'Cerrada, se publica el 04/12',
      'neutro',
      [false, false, true],
    ],
    [
      '2026-11-30',
      0,
      'docente',
      'vencida',
      'Abierta, cierre vencido el 27/11',
      'alerta',
      [false, false, false],
    ],
    [
      '2026-11-30',
      0,
      'alumnado',
      'vencida',
      'Abierta, cierre vencido el 27/11',
      'alerta',
      [true, true, false],
    ],
    [
      '2026-11-30',
      0,
      'lectura',
      'vencida',
      'Abierta, cierre vencido el 27/11',
      'alerta',
      [false, false, false],
    ],
    // Publicada: un solo estado, cerrada o no, y ninguna acción para nadie.
    [
      '2026-12-05',
      0,
      'docente',
      'publicada',
      'Publicada el 04/12',
      'neutro',
      [false, false, false],
    ],
    [
      '2026-12-05',
      0,
      'alumnado',
      'publicada',
      'Publicada el 04/12',
      'neutro',
      [false, false, false],
    ],
    [
      '2026-12-05',
      CERRADO,
      'alumnado',
      'publicada',
      'Publicada el 04/12',
      'neutro',
      [false, false, false],
    ],
    [
      '2026-12-05',
      0,
      'lectura',
      'publicada',
      'Publicada el 04/12',
      'neutro',
      [false, false, false],
    ],
  ] as const)(
    '%s, cerrados %p, %s → %s: "%s"',
    (hoy, cerrados, modo, fase, texto, tono, acciones) => {
      const e = estadoPeriodoNotas({
        modalidad: Modalidad.Anual,
        cuatrimestre: 2,
        fechas: FECHAS,
        cerrados,
        hoy,
        modo,
      });
      expect(e.fase).toBe(fase);
      expect(presentacionPeriodo(e)).toEqual({ texto, tono });
      expect([e.puedeCargar, e.puedeCerrar, e.puedeReabrir]).toEqual(acciones);
    },
  );

  test('sin fechas, sin cierre y cerrada sin publicación en el calendario', () => {
    const e = (fechas: Parameters<typeof estadoPeriodoNotas>[0]['fechas'], cerrados = 0) =>
      presentacionPeriodo(
        estadoPeriodoNotas({
          modalidad: Modalidad.Anual,
          cuatrimestre: 1,
          fechas,
          cerrados,
          hoy: '2026-11-20',
          modo: 'alumnado',
        }),
      );
    expect(e(null)).toEqual({ texto: 'Sin fechas en el calendario', tono: 'neutro' });
    expect(e({ apertura: '2026-11-01', cierre: null, publicacion: null })).toEqual({
      texto: 'Abierta',
      tono: 'abierta',
    });
    expect(e({ apertura: '2026-11-01', cierre: null, publicacion: null }, 1)).toEqual({
      texto: 'Cerrada',
      tono: 'neutro',
    });
  });

  test('el servidor explica por qué no se cierra una planilla publicada', () => {
    expect(ErrorPlanilla.cerrarPublicada('1° Cuatrimestre')).toBe(
      'No se puede cerrar la planilla del 1° Cuatrimestre: sus notas ya están publicadas.',
    );
  });
});
