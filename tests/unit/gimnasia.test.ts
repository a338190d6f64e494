/** Gimnasia electiva (issue 17 §2): las tres opciones y la asignación con semilla. */
import {
  ErrorGimnasia,
  OPCIONES_GIMNASIA,
  asignarGimnasia,
  problemaDeOpciones,
} from '@/domain/gimnasia';

describe('las tres opciones: obligatorias, de 1 a 12, sin repetir', () => {
  test.each([
    [[1, 2, 3], null],
    [[12, 5, 7], null],
    [[1, 1, 2], ErrorGimnasia.repetidas],
    [[4, 5, 4], ErrorGimnasia.repetidas],
    [[1, 2], ErrorGimnasia.faltan],
    [[1, 2, null], ErrorGimnasia.faltan],
    [[0, 2, 3], ErrorGimnasia.fueraDeRango],
    [[1, 2, 13], ErrorGimnasia.fueraDeRango],
    [[1.5, 2, 3], ErrorGimnasia.fueraDeRango],
  ])('%j → %s', (opciones, problema) => {
    expect(problemaDeOpciones(opciones)).toBe(problema);
  });
  test('hay 12 opciones, numeradas de 1 a 12, con cupo', () => {
    expect(OPCIONES_GIMNASIA.map((o) => o.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(OPCIONES_GIMNASIA.every((o) => o.cupo > 0)).toBe(true);
  });
});

describe('la asignación: la mejor opción con cupo, en un orden al azar con semilla', () => {
  const elecciones = Array.from({ length: 10 }, (_, i) => ({
    alumno: i + 1,
    opciones: [1, 2, 3],
  }));
  const cupos = { 1: 4, 2: 3, 3: 2 };

  test('respeta el cupo y el ranking: 4 en la 1ª, 3 en la 2ª, 2 en la 3ª, 1 sin cupo', () => {
    const r = asignarGimnasia(elecciones, 42, cupos);
    const cuenta = (o: number | null) => [...r.values()].filter((x) => x === o).length;
    expect([cuenta(1), cuenta(2), cuenta(3), cuenta(null)]).toEqual([4, 3, 2, 1]);
  });

  test('la misma semilla da la misma asignación, sin importar el orden de entrada', () => {
    const a = asignarGimnasia(elecciones, 7, cupos);
    const b = asignarGimnasia([...elecciones].reverse(), 7, cupos);
    expect([...b].sort((x, y) => x[0] - y[0])).toEqual([...a].sort((x, y) => x[0] - y[0]));
  });

  test('otra semilla cambia quién queda sin cupo (el desempate es el azar)', () => {
    const sinCupo = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map(
        (s) => [...asignarGimnasia(elecciones, s, cupos)].find(([, o]) => o == null)![0],
      ),
    );
    expect(sinCupo.size).toBeGreaterThan(1);
  });

  test('con cupo de sobra, todos reciben su primera opción', () => {
    const r = asignarGimnasia(
      [
        { alumno: 1, opciones: [5, 6, 7] },
        { alumno: 2, opciones: [6, 5, 7] },
      ],
      1,
    );
    expect(Object.fromEntries(r)).toEqual({ 1: 5, 2: 6 });
  });
});
