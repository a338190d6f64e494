/**
 * La regla única de la fila de una materia (issue 32, punto 3): `condicionDeMateria` decide si
 * aprobó (spec 01 §5), la nota final y la condición (spec 02 §4, §9), y si adeuda (lo que
 * proponen las mesas). Recorre cada modalidad × cada par de notas posibles de la planilla
 * (vacía, ausente, -1, 1 a 10) y comprueba las invariantes; después, los ejemplos de la spec.
 */
import {
  AUSENTE,
  CUATRIMESTRES,
  ETIQUETA_MODALIDAD,
  MODALIDADES,
  Modalidad,
  aplicaCuatrimestre,
  aprobada,
  condicionDeMateria,
  esNotaValida,
  reglamentoEvaluacion,
  type ValorNota,
} from '@/domain/notas';
import { adeudaMateria } from '@/domain/mesas';

const VALORES: (ValorNota | null)[] = [null, AUSENTE, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const MESA = new Set(['Rinde en mesa', 'Marzo', 'Diciembre', 'En riesgo']);
const numero = (v: ValorNota | null) => (typeof v === 'number' ? v : null);

const CASOS = MODALIDADES.flatMap((m) =>
  VALORES.flatMap((a) => VALORES.map((b) => [ETIQUETA_MODALIDAD[m], m, a, b] as const)),
);

describe('condicionDeMateria: cada modalidad × cada par de notas', () => {
  test('son 4 modalidades × 13 × 13 pares', () => {
    expect(CASOS).toHaveLength(4 * 13 * 13);
  });

  test.each(CASOS)('%s (%p): 1° %p, 2° %p', (_nombre, m, a, b) => {
    const r = condicionDeMateria(m, a, b);
    const usadas = CUATRIMESTRES.filter((c) => aplicaCuatrimestre(m, c)).map((c) =>
      c === 1 ? a : b,
    );
    const completas = usadas.every(esNotaValida);

    // Aprobar es la regla de la modalidad (spec 01 §5), nada más.
    expect(r.aprobada).toBe(aprobada(m, numero(a), numero(b)));
    // Aprobada ⇔ tiene nota final, y esa nota aprueba; aprobada ⇒ sin condición ni mesa.
    expect(r.final != null).toBe(r.aprobada);
    if (r.aprobada) {
      expect(r.final).toBeGreaterThanOrEqual(6);
      expect(r.condicion).toBeNull();
      expect(r.adeuda).toBe(false);
    }
    // Toda condición dice que rinde (o puede rendir) mesa: la tiene quien adeuda.
    if (r.condicion != null) {
      expect(MESA.has(r.condicion)).toBe(true);
      expect(r.adeuda).toBe(true);
    }
    // Con las notas de la modalidad cargadas (1 a 10): aprobada ⇔ sin condición ⇔ no adeuda.
    if (completas) {
      expect(r.condicion == null).toBe(r.aprobada);
      expect(r.adeuda).toBe(!r.aprobada);
    }
    // "Marzo" y "Diciembre" sólo con dos notas, y son las del reglamento (spec 02 §9).
    if (r.condicion === 'Marzo' || r.condicion === 'Diciembre') {
      expect(usadas).toHaveLength(2);
      expect(reglamentoEvaluacion(usadas[0] as number, usadas[1] as number)).toBe(r.condicion);
    }
    // "Rinde en mesa" y "En riesgo" sólo con una nota (spec 02 §4).
    if (r.condicion === 'Rinde en mesa' || r.condicion === 'En riesgo') {
      expect(usadas.filter(esNotaValida)).toHaveLength(1);
    }
    // -1 (no corresponde) en un cuatrimestre de la modalidad: ni condición ni mesa.
    if (usadas.includes(-1)) {
      expect(r.condicion).toBeNull();
      expect(r.adeuda).toBe(false);
    }
    // Las mesas proponen exactamente a quien la fila dice que adeuda (sin mesas rendidas).
    expect(adeudaMateria({ modalidad: m, primera: a, segunda: b, examenes: [] })).toBe(r.adeuda);
  });

  test('modalidad desconocida', () => {
    expect(() => condicionDeMateria(4, 7, 7)).toThrow('Modalidad desconocida');
  });
});

describe('condicionDeMateria: los ejemplos de la spec y del issue', () => {
  const { Anual, PrimerCuatrimestre, SegundoCuatrimestre, BiCuatrimestral } = Modalidad;
  test.each([
    // El issue: una anual con 6 y 1, o 9 y 4, está aprobada (spec 01 §5): sin "Marzo"/"Diciembre".
    [Anual, 6, 1, true, 6, null],
    [Anual, 9, 4, true, 9, null],
    [Anual, 4, 8, true, 8, null],
    [Anual, 1, 7, true, 7, null],
    [Anual, AUSENTE, 7, true, 7, null],
    // Las mismas notas en una bicuatrimestral: el reglamento (spec 02 §9).
    [BiCuatrimestral, 6, 1, false, null, 'Marzo'],
    [BiCuatrimestral, 9, 4, false, null, 'Diciembre'],
    [BiCuatrimestral, 2, 10, false, null, 'Diciembre'],
    [BiCuatrimestral, 4, 8, true, 6, null],
    [BiCuatrimestral, 7, 8, true, 8, null],
    [BiCuatrimestral, 6, null, false, null, null],
    [BiCuatrimestral, 5, null, false, null, 'En riesgo'],
    // Anual sin aprobar ninguno: el reglamento.
    [Anual, 3, 4, false, null, 'Marzo'],
    [Anual, 5, 5, false, null, 'Diciembre'],
    // Una nota (spec 02 §4).
    [Anual, 1, null, false, null, 'Rinde en mesa'],
    [Anual, 5, null, false, null, 'En riesgo'],
    [Anual, null, 3, false, null, 'En riesgo'],
    [Anual, 6, null, true, 6, null],
    [PrimerCuatrimestre, 1, 10, false, null, 'Rinde en mesa'],
    [PrimerCuatrimestre, 7, 1, true, 7, null],
    [SegundoCuatrimestre, 1, 10, true, 10, null],
    [SegundoCuatrimestre, 10, 4, false, null, 'En riesgo'],
    [Anual, AUSENTE, null, false, null, null],
    [Anual, null, null, false, null, null],
  ] as const)('%p, %p y %p → aprobada %p, final %p, %p', (m, a, b, ok, final, condicion) => {
    expect(condicionDeMateria(m, a, b)).toMatchObject({ aprobada: ok, final, condicion });
  });

  test('un ausente no aprueba: adeuda aunque no haya condición (spec 02 §4: "none if absent")', () => {
    expect(condicionDeMateria(Modalidad.Anual, AUSENTE, AUSENTE)).toEqual({
      aprobada: false,
      final: null,
      condicion: null,
      adeuda: true,
    });
  });
});
