import {
  NO_COINCIDEN_HIJOS,
  diapositivasPendientes,
  errorTerminos,
  formaRespuesta,
  respuestaCompleta,
  respuestasPosiblesValidas,
  terminosSatisfechos,
  type RespuestaGuardada,
  type Termino,
} from '@/domain/reglamentos';
import { Rol, TODOS_LOS_ROLES } from '@/domain/roles';

const texto: Termino = { id: 1, nombre: 'Comentarios', respuestasPosibles: null };
const aceptar: Termino = { id: 2, nombre: 'Reglamento interno', respuestasPosibles: ['Acepto'] };
const elegir: Termino = { id: 3, nombre: 'Salidas', respuestasPosibles: ['Sí', 'No'] };
const foto: Termino = {
  id: 10,
  nombre: 'Uso de imagen',
  respuestasPosibles: ['Autorizo', 'No autorizo'],
};
const salida: Termino = { id: 11, nombre: 'Salidas educativas', respuestasPosibles: ['Autorizo'] };
const hijos = [
  { id: 100, nombre: 'Ana' },
  { id: 200, nombre: 'Luis' },
];
const r = (terminoId: number, alumnoId: number | null, respuesta = 'x'): RespuestaGuardada => ({
  terminoId,
  alumnoId,
  respuesta,
});

describe('forma de la respuesta (spec 02 §3)', () => {
  test.each([
    [null, 'texto'],
    [['Acepto'], 'aceptar'],
    [['Sí', 'No'], 'elegir'],
    [['a', 'b', 'c'], 'elegir'],
  ] as const)('%j → %s', (p, f) => expect(formaRespuesta(p as string[] | null)).toBe(f));

  test.each([
    [null, true],
    [['Acepto'], true],
    [[], false],
    [['Sí', 'Sí'], false],
    [['Sí', ' '], false],
  ])('respuestas posibles %j válidas: %s', (p, v) => expect(respuestasPosiblesValidas(p)).toBe(v));
});

describe('una diapositiva avanza sólo con la respuesta dada (spec 02 §4)', () => {
  test.each([
    [texto, 'Todo bien', true],
    [texto, '   ', false],
    [texto, '', false],
    [texto, null, false],
    [aceptar, 'Acepto', true],
    [aceptar, '', false],
    [aceptar, 'acepto', false],
    [elegir, 'No', true],
    [elegir, 'Sí', true],
    [elegir, 'Quizás', false],
    [elegir, undefined, false],
  ])('%j con %j: %s', (t, resp, ok) =>
    expect(respuestaCompleta(t.respuestasPosibles, resp)).toBe(ok),
  );
});

describe('cuándo se cumplió (spec 02 §4)', () => {
  const reglamentos = [aceptar, elegir];
  const autorizaciones = [foto, salida];

  test('los roles que no son alumno ni referente nunca quedan bloqueados', () => {
    for (const rol of TODOS_LOS_ROLES.filter(
      (x) => x !== Rol.Alumno && x !== Rol.ReferenteParental,
    )) {
      expect(terminosSatisfechos(rol, reglamentos, autorizaciones, [], 2)).toBe(true);
      expect(diapositivasPendientes(rol, reglamentos, autorizaciones, [], hijos)).toEqual([]);
    }
  });

  test.each([
    ['alumno sin respuestas', Rol.Alumno, [], 0, false],
    ['alumno con un reglamento de dos', Rol.Alumno, [r(2, null)], 0, false],
    ['alumno con todos', Rol.Alumno, [r(2, null), r(3, null)], 0, true],
    ['alumno: las autorizaciones no le cuentan', Rol.Alumno, [r(2, null), r(3, null)], 2, true],
    ['referente sólo con reglamentos', Rol.ReferenteParental, [r(2, null), r(3, null)], 2, false],
    [
      'referente con autorizaciones para un hijo de dos',
      Rol.ReferenteParental,
      [r(2, null), r(3, null), r(10, 100), r(11, 100)],
      2,
      false,
    ],
    [
      'referente con todo para sus dos hijos',
      Rol.ReferenteParental,
      [r(2, null), r(3, null), r(10, 100), r(11, 100), r(10, 200), r(11, 200)],
      2,
      true,
    ],
    [
      'dos respuestas del mismo hijo no cuentan por dos',
      Rol.ReferenteParental,
      [r(2, null), r(3, null), r(10, 100), r(10, 100, 'y'), r(11, 100), r(11, 200)],
      2,
      false,
    ],
    [
      'referente sin hijos: basta con los reglamentos',
      Rol.ReferenteParental,
      [r(2, null), r(3, null)],
      0,
      true,
    ],
  ] as const)('%s', (_d, rol, respuestas, cantidad, ok) => {
    expect(
      terminosSatisfechos(
        rol,
        reglamentos,
        autorizaciones,
        respuestas as readonly RespuestaGuardada[],
        cantidad,
      ),
    ).toBe(ok);
  });

  test('sin términos cargados nadie queda bloqueado', () => {
    expect(terminosSatisfechos(Rol.Alumno, [], [], [], 0)).toBe(true);
    expect(terminosSatisfechos(Rol.ReferenteParental, [], [], [], 3)).toBe(true);
  });
});

describe('diapositivas pendientes (spec 02 §4)', () => {
  test('el alumno ve sólo los reglamentos sin responder', () => {
    const d = diapositivasPendientes(Rol.Alumno, [aceptar, elegir], [foto], [r(2, null)], []);
    expect(d.map((x) => [x.termino.id, x.hijo])).toEqual([[3, null]]);
  });

  test('el referente ve cada autorización sin responder desplegada por hijo, y conserva las respondidas', () => {
    const d = diapositivasPendientes(
      Rol.ReferenteParental,
      [aceptar],
      [foto, salida],
      [r(2, null), r(10, 100)],
      hijos,
    );
    expect(d.map((x) => [x.termino.id, x.hijo?.id ?? null])).toEqual([
      [10, 200],
      [11, 100],
      [11, 200],
    ]);
  });

  test('cumplir ⇔ no quedan diapositivas (para todas las combinaciones de respuestas)', () => {
    const posibles = [r(2, null), r(10, 100), r(10, 200), r(11, 100), r(11, 200)];
    for (let m = 0; m < 1 << posibles.length; m++) {
      const respuestas = posibles.filter((_, i) => m & (1 << i));
      const pendientes = diapositivasPendientes(
        Rol.ReferenteParental,
        [aceptar],
        [foto, salida],
        respuestas,
        hijos,
      );
      expect(
        terminosSatisfechos(Rol.ReferenteParental, [aceptar], [foto, salida], respuestas, 2),
      ).toBe(pendientes.length === 0);
    }
  });

  test('una respuesta de autorización para un hijo ajeno: "No coinciden los datos de los hijos asociados"', () => {
    expect(() =>
      diapositivasPendientes(Rol.ReferenteParental, [], [foto], [r(10, 999)], hijos),
    ).toThrow(NO_COINCIDEN_HIJOS);
    expect(NO_COINCIDEN_HIJOS).toBe('No coinciden los datos de los hijos asociados');
  });

  test('los errores se muestran como "Error: {mensaje}"', () => {
    expect(errorTerminos('sin conexión')).toBe('Error: sin conexión');
  });
});
