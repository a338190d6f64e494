/**
 * La semana de la escuela y los horarios (spec 01 §2 Timetables, §5, §9; issue 14 §1–§2):
 * bloques de 07:30 a 18:50, el sábado a la tarde bloqueado, más bloques que horas, y los choques
 * de docente, curso y aula.
 */
import {
  BLOQUES,
  BLOQUES_POR_DIA,
  bloqueBloqueado,
  choquesDeHorario,
  DIAS_DE_LA_SEMANA,
  problemasDeBloques,
  type OcupacionAjena,
} from '@/domain/horario';
import { repartirHorarios } from '@/server/db/seed/horarios';

describe('la grilla', () => {
  test('16 bloques por día, 6 días, de 07:30 a 18:50', () => {
    expect(BLOQUES_POR_DIA).toBe(16);
    expect(DIAS_DE_LA_SEMANA).toBe(6);
    expect(BLOQUES).toHaveLength(16);
    expect(BLOQUES[0]).toEqual({ bloque: 1, inicio: '07:30', fin: '08:10', turno: 'Mañana' });
    expect(BLOQUES[15]!.fin).toBe('18:50');
    // Mañana hasta las 11:50 (spec 01 §9): los bloques 1 a 6.
    expect(BLOQUES.filter((b) => b.turno === 'Mañana').map((b) => b.bloque)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    // Cada bloque empieza cuando termina el anterior o después de un recreo de 10 minutos.
    for (let i = 1; i < BLOQUES.length; i++)
      expect(BLOQUES[i]!.inicio >= BLOQUES[i - 1]!.fin).toBe(true);
  });

  test.each([
    [1, 1, false],
    [5, 16, false],
    [6, 1, false],
    [6, 6, false],
    [6, 7, true],
    [6, 16, true],
    [7, 1, true],
  ])('día %i, bloque %i: bloqueado %s', (dia, bloque, bloqueado) =>
    expect(bloqueBloqueado(dia, bloque)).toBe(bloqueado),
  );
});

describe('los bloques de un cursado', () => {
  const b = (dia: number, bloque: number) => ({ dia, bloque, aula: null });
  test.each([
    ['dentro de las horas', [b(1, 1), b(3, 2)], 2, []],
    ['sin bloques', [], 3, []],
    [
      'más bloques que horas',
      [b(1, 1), b(1, 2), b(1, 3)],
      2,
      ['El cursado tiene 2 horas semanales: no puede tener 3 bloques.'],
    ],
    [
      'una hora',
      [b(1, 1), b(2, 1)],
      1,
      ['El cursado tiene 1 hora semanal: no puede tener 2 bloques.'],
    ],
    [
      'sábado a la tarde',
      [b(6, 8)],
      2,
      ['El bloque Sábado 8 es del sábado a la tarde: está bloqueado.'],
    ],
    ['domingo', [b(7, 1)], 2, ['El domingo no tiene bloques.']],
    ['fuera de la grilla', [b(1, 17)], 2, ['El bloque Lunes 17 está fuera de la grilla.']],
    ['repetido', [b(2, 3), b(2, 3)], 2, ['El bloque Martes 3 está repetido.']],
  ])('%s', (_, bloques, horas, problemas) =>
    expect(problemasDeBloques(bloques, horas)).toEqual(problemas),
  );
});

describe('choques con otros cursados', () => {
  const ajeno = (extra: Partial<OcupacionAjena>): OcupacionAjena => ({
    cursadoId: 9,
    cursado: 'Física 2° 1°',
    dia: 1,
    bloque: 1,
    aula: null,
    docentes: [{ id: 100, nombre: 'Pérez, Ana' }],
    cursos: [{ id: 21, nombre: '2° 1°' }],
    ...extra,
  });
  const propio = (aula: string | null = null) => ({
    bloques: [{ dia: 1, bloque: 1, aula }],
    docentes: [100],
    cursos: [22],
  });

  test('el mismo docente en el mismo bloque: bloquea', () => {
    expect(choquesDeHorario(propio(), [ajeno({})])).toEqual([
      {
        dia: 1,
        bloque: 1,
        tipo: 'docente',
        bloquea: true,
        mensaje: 'Lunes 07:30: Pérez, Ana ya da Física 2° 1°.',
      },
    ]);
  });
  test('el mismo curso: bloquea', () => {
    const r = choquesDeHorario(
      { bloques: [{ dia: 1, bloque: 1, aula: null }], docentes: [], cursos: [21] },
      [ajeno({})],
    );
    expect(r.map((c) => [c.tipo, c.bloquea, c.mensaje])).toEqual([
      ['curso', true, 'Lunes 07:30: 2° 1° ya tiene Física 2° 1°.'],
    ]);
  });
  test('la misma aula (sin mayúsculas ni espacios): sólo avisa', () => {
    const r = choquesDeHorario(
      { bloques: [{ dia: 1, bloque: 1, aula: ' laboratorio ' }], docentes: [], cursos: [] },
      [ajeno({ aula: 'Laboratorio' })],
    );
    expect(r.map((c) => [c.tipo, c.bloquea])).toEqual([['aula', false]]);
  });
  test('otro bloque, o sin aula: nada', () => {
    expect(choquesDeHorario(propio(), [ajeno({ bloque: 2 })])).toEqual([]);
    expect(
      choquesDeHorario({ bloques: [{ dia: 1, bloque: 1, aula: null }], docentes: [], cursos: [] }, [
        ajeno({ aula: null }),
      ]),
    ).toEqual([]);
  });
});

describe('el reparto de la semilla', () => {
  test('respeta las horas, no repite curso ni docente en un bloque y nunca el sábado a la tarde', () => {
    const cursados = Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      horas: 2 + (i % 5),
      cursos: [1 + (i % 3)],
      docentes: [100 + (i % 4)],
    }));
    const filas = repartirHorarios(cursados, (c) => `Aula ${c}`);
    for (const c of cursados)
      expect(filas.filter((f) => f.cursadoId === c.id).length).toBeLessThanOrEqual(c.horas);
    const porCurso = new Set<string>();
    const porDocente = new Set<string>();
    for (const f of filas) {
      const c = cursados.find((x) => x.id === f.cursadoId)!;
      expect(bloqueBloqueado(f.dia, f.bloque)).toBe(false);
      const kc = `${c.cursos[0]}-${f.dia}-${f.bloque}`;
      const kd = `${c.docentes[0]}-${f.dia}-${f.bloque}`;
      expect(porCurso.has(kc)).toBe(false);
      expect(porDocente.has(kd)).toBe(false);
      porCurso.add(kc);
      porDocente.add(kd);
    }
    // Con lugar de sobra, todas las horas quedan puestas.
    expect(filas.length).toBe(cursados.reduce((t, c) => t + c.horas, 0));
  });
});
