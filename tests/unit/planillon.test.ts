/**
 * El planillón (spec 01 §2 Overview, §9): meses del ciclo, columnas del mes con los domingos
 * angostos, las celdas y los totales de los modos asistencias y medidas, y el registro de modos
 * (el modo avances, en planillon-avances.test.ts).
 */
import {
  columnasDelMes,
  fechaLarga,
  mesInicial,
  mesesDelCiclo,
  nombreMes,
} from '@/components/planillon/calendario';
import { modosDeRuta } from '@/components/planillon/modos';
import {
  celdaDelDia as celdaAsistencias,
  describirEntrada,
  modeloAsistencias,
} from '@/components/planillon/modos/asistencias';
import { celdaDelDia as celdaMedidas, modeloMedidas } from '@/components/planillon/modos/medidas';
import {
  abreviarMateria,
  celdaNotas,
  columnasNotas,
  materiaDelCursado,
  modeloNotas,
  notaActual,
  totalesNotas,
} from '@/components/planillon/modos/notas';
import type { ModoPlanillon } from '@/components/planillon/tipos';

const LUNES = { fecha: '2026-11-02', diaSemana: 1 };

describe('meses del ciclo', () => {
  test.each([
    [2026, '2026-11-21', 11, '2026-11'],
    [2026, '2026-01-05', 1, '2026-01'],
    [2025, '2026-11-21', 12, '2025-12'],
  ])('ciclo %i con hoy %s: %i meses, inicial %s', (ciclo, hoy, cantidad, inicial) => {
    const meses = mesesDelCiclo(ciclo, hoy);
    expect(meses).toHaveLength(cantidad);
    expect(meses[0]).toEqual({ value: `${ciclo}-01`, label: 'Enero' });
    expect(mesInicial(ciclo, hoy)).toBe(inicial);
  });

  test('nombres', () => {
    expect(nombreMes('2026-09')).toBe('Septiembre 2026');
    expect(fechaLarga('2026-11-01', 0)).toBe('domingo 1 de noviembre de 2026');
  });
});

describe('columnas del mes', () => {
  test('una por día; los domingos angostos y hoy destacado', () => {
    const dias = [
      { fecha: '2026-11-01', diaSemana: 0 },
      LUNES,
      { fecha: '2026-11-04', diaSemana: 3 },
    ];
    const columnas = columnasDelMes(dias, '2026-11-02');
    expect(columnas.map((c) => [c.titulo, c.subtitulo, !!c.angosta, !!c.destacada])).toEqual([
      ['1', 'D', true, false],
      ['2', 'L', false, true],
      ['4', 'X', false, false],
    ]);
    expect(columnas[1]!.descripcion).toBe('lunes 2 de noviembre de 2026');
  });
});

const entrada = (
  tipo: string,
  justificada: boolean,
  extra: Partial<{ turno: 'Mañana' | 'Tarde'; circunstancia: string; justificacion: string }> = {},
) => ({
  orden: 1,
  tipo,
  circunstancia: extra.circunstancia ?? 'Normal',
  justificada,
  justificacion: extra.justificacion ?? null,
  fecha: LUNES.fecha,
  turno: extra.turno ?? ('Mañana' as const),
});

describe('modo asistencias', () => {
  test.each([
    [[entrada('Falta', false)], '1', 'red'],
    [[entrada('Tardanza Ingreso', true)], '0,5', 'teal'],
    [[entrada('Falta', true), entrada('Retiro con Permiso (Media)', false)], '1,5', 'red'],
    [[entrada('Falta', true), entrada('Ingreso Autorizado (Falta)', true)], '2', 'teal'],
  ])('la celda suma los pesos del día (%#)', (entradas, texto, color) => {
    const c = celdaAsistencias(entradas, LUNES);
    expect(c.texto).toBe(texto);
    expect(c.color).toBe(color);
    expect(c.descripcion!.split('\n')).toHaveLength(entradas.length + 1);
  });

  test('la descripción de una entrada: turno, tipo, circunstancia (no Normal) y justificación', () => {
    expect(describirEntrada(entrada('Falta', false))).toBe('Mañana · Falta · Injustificada');
    expect(
      describirEntrada(
        entrada('Retiro con Permiso (Media)', true, {
          turno: 'Tarde',
          circunstancia: 'Educación Física',
          justificacion: 'Turno médico',
        }),
      ),
    ).toBe('Tarde · Retiro con Permiso (Media) · Educación Física · Justificada: Turno médico');
  });

  test('el modelo: celdas en su día, totales y colores del servidor', () => {
    const alumno = {
      orden: 7,
      apellido: 'Pérez',
      nombre: 'Ana',
      entradas: [entrada('Falta', false)],
      totalMes: 1,
      total: 31,
      reincorporaciones: 0,
      estado: 'libre' as const,
      etiqueta: 'Condición libre',
      color: 'red' as const,
      textoTotal: '31 / 30 (+ 0)',
      justificadas: 3,
      cantidadEntradas: 20,
    };
    const m = modeloAsistencias({
      curso: { orden: 1, anio: 2, division: 2, especialidad: 'Básico', nombre: '2° 2°' },
      mes: '2026-11',
      ciclo: 2026,
      hoy: '2026-11-21',
      dias: [{ fecha: '2026-11-01', diaSemana: 0 }, LUNES],
      alumnos: [alumno],
    });
    expect(m.curso).toBe('2° 2°');
    expect(m.periodo).toBe('Noviembre 2026');
    expect(m.columnas[0]!.angosta).toBe(true);
    const [fila] = m.filas;
    expect(fila!.nombre).toBe('Pérez, Ana');
    expect(fila!.celdas[0]).toBeNull();
    expect(fila!.celdas[1]!.texto).toBe('1');
    expect(fila!.totales[1]).toMatchObject({ texto: '31 / 30 (+ 0)', color: 'red', relleno: true });
    expect(fila!.totales[1]!.descripcion).toMatch(/^Condición libre\n/);
    expect(fila!.totales[1]!.descripcion).toContain('3 / 20 Justificadas');
    // Una sola inasistencia del mes va en singular; las del año, en plural.
    expect(fila!.totales[0]!.descripcion).toBe('1 inasistencia en noviembre 2026');
    expect(fila!.totales[1]!.descripcion).toContain('\n31 inasistencias en el año\n');
  });
});

const medida = (tipo: string, cantidad: number | null) => ({
  orden: 1,
  alumno: 7,
  tipo,
  fecha: LUNES.fecha,
  turno: 'Mañana',
  cantidad,
  motivo: 'Falta de respeto a un docente',
});

describe('modo medidas', () => {
  test.each([
    [[medida('amonestacion', 2)], '2', 'orange'],
    [[medida('apercibimiento', null)], 'Ap', 'grape'],
    [[medida('amonestacion', 1.5), medida('apercibimiento', null)], '1,5+Ap', 'orange'],
    [[medida('amonestacion', 1), medida('amonestacion', 0.5)], '1,5', 'orange'],
  ])('la celda suma las amonestaciones; los apercibimientos no (%#)', (medidas, texto, color) => {
    const c = celdaMedidas(medidas, LUNES);
    expect(c.texto).toBe(texto);
    expect(c.color).toBe(color);
  });

  test('descripción y totales', () => {
    const m = modeloMedidas({
      curso: { orden: 1, anio: 2, division: 1, especialidad: 'Básico', nombre: '2° 1°' },
      mes: '2026-11',
      ciclo: 2026,
      dias: [LUNES],
      alumnos: [
        {
          orden: 7,
          apellido: 'Pérez',
          nombre: 'Ana',
          medidas: [medida('amonestacion', 2)],
          totalMes: 2,
          total: 16,
          color: 'red',
        },
      ],
    });
    const [fila] = m.filas;
    expect(fila!.celdas[0]!.descripcion).toBe(
      'lunes 2 de noviembre de 2026\nAmonestación · 2 · Mañana · Falta de respeto a un docente',
    );
    expect(fila!.totales[1]).toMatchObject({ texto: '16', color: 'red', relleno: true });
  });
});

describe('registro de modos', () => {
  const modo = (id: ModoPlanillon['id']): ModoPlanillon => ({
    id,
    etiqueta: id,
    necesitaMes: false,
    useDatos: () => ({ modelo: undefined, cargando: true, actualizando: false, error: null }),
  });

  test('cada ruta ofrece sus modos registrados, en el orden de la spec', () => {
    for (const ruta of ['/planillon', '/planillon-protected']) {
      expect(modosDeRuta(ruta).map((m) => [m.id, m.necesitaMes, m.selector?.parametro])).toEqual([
        ['asistencias', true, undefined],
        ['notas', false, undefined],
        ['medidas', true, undefined],
        // Avances no pide mes: elige la instancia en su propio selector (?instancia=).
        ['avances', false, 'instancia'],
      ]);
    }
    // Departamento y coordinación: sólo notas, sin mes.
    for (const ruta of ['/planillon-departamento', '/planillon-coordinador']) {
      const modos = modosDeRuta(ruta);
      expect(modos.map((m) => [m.id, m.etiqueta, m.necesitaMes])).toEqual([
        ['notas', 'Notas', false],
      ]);
    }
    // Un modo nuevo aparece con sólo registrarlo.
    const registrados = [modo('medidas'), modo('notas'), modo('asistencias'), modo('avances')];
    expect(modosDeRuta('/planillon', registrados).map((m) => m.id)).toEqual([
      'asistencias',
      'notas',
      'medidas',
      'avances',
    ]);
    expect(modosDeRuta('/planillon-departamento', registrados).map((m) => m.id)).toEqual(['notas']);
    // Sin modos: la pantalla muestra 'No hay modos'.
    expect(modosDeRuta('/planillon-departamento', [modo('asistencias')])).toEqual([]);
    expect(modosDeRuta('/otra-ruta')).toEqual([]);
  });
});

describe('modo notas', () => {
  const cursado = (id: number, nombre: string, modalidad = 0) => ({ id, nombre, modalidad });
  const notas = (primera: number | 'ausente' | null, segunda: number | 'ausente' | null) => ({
    1: primera,
    2: segunda,
  });

  test.each([
    ['Matemática 2° 1°', '2° 1°', 'Matemática'],
    ['Taller de Electrónica I 4° Electrónica', '4° Electrónica', 'Taller de Electrónica I'],
    ['Matemática', '2° 1°', 'Matemática'],
    ['2° 1°', '2° 1°', '2° 1°'],
  ])('materiaDelCursado(%s, %s) = %s', (nombre, curso, esperado) => {
    expect(materiaDelCursado(nombre, curso)).toBe(esperado);
  });

  test.each([
    ['Matemática', 'Mat'],
    ['Inglés', 'Ing'],
    ['Lengua y Literatura', 'LL'],
    ['Formación Ética y Ciudadana', 'FEC'],
    ['Ética', 'Éti'],
    ['Economía y Gestión de las Organizaciones', 'EGO'],
    ['Taller de Electrónica I', 'TE I'],
    ['Electrónica Analógica II', 'EA II'],
    ['Estructuras II', 'Est II'],
    ['Marco Jurídico y Derechos del Trabajo', 'MJDT'],
  ])('abreviarMateria(%s) = %s', (nombre, esperado) => {
    expect(abreviarMateria(nombre)).toBe(esperado);
  });

  test('columnas: abreviatura, nombre completo y abreviaturas repetidas numeradas', () => {
    const columnas = columnasNotas(
      [
        cursado(11, 'Matemática 2° 1°'),
        cursado(12, 'Lengua y Literatura 2° 1°'),
        cursado(13, 'Matemática Aplicada 2° 1°'),
        cursado(14, 'Mate 2° 1°'),
      ],
      '2° 1°',
    );
    expect(columnas.map((c) => [c.clave, c.titulo, c.descripcion])).toEqual([
      ['11', 'Mat', 'Matemática 2° 1°'],
      ['12', 'LL', 'Lengua y Literatura 2° 1°'],
      ['13', 'MA', 'Matemática Aplicada 2° 1°'],
      ['14', 'Mat 2', 'Mate 2° 1°'],
    ]);
  });

  test.each([
    [notas(7, null), 7],
    [notas(7, 5), 5],
    [notas(null, 5), 5],
    [notas('ausente', null), 'ausente'],
    [notas(8, 'ausente'), 'ausente'],
    [notas('ausente', 6), 6],
    [notas(-1, null), -1],
    [notas(null, null), null],
  ])('notaActual(%o) = %p: la del 2° si está, si no la del 1°', (n, esperada) => {
    expect(notaActual(n)).toBe(esperada);
  });

  test.each([
    // [1°, 2°, texto, color]
    [7, null, '7', null],
    [7, 3, '3', 'red'],
    [2, null, '2', 'red'],
    [8, 4, '4', 'blue'],
    [5, null, '5', 'blue'],
    [3, 6, '6', null],
    ['ausente', null, 'A', 'gray'],
    [9, 'ausente', 'A', 'gray'],
    [-1, null, '-', null],
  ] as const)(
    'celda con 1° %p y 2° %p: "%s", color %p (rojo bajo 4, azul bajo 6, A gris)',
    (primera, segunda, texto, color) => {
      const c = celdaNotas(cursado(1, 'Matemática 2° 1°'), notas(primera, segunda));
      expect(c).toMatchObject({ texto, color });
    },
  );

  test('la descripción: la materia y las dos notas', () => {
    expect(celdaNotas(cursado(1, 'Matemática 2° 1°'), notas(7, 5))!.descripcion).toBe(
      'Matemática 2° 1°\n1° Cuatrimestre: 7\n2° Cuatrimestre: 5',
    );
    expect(celdaNotas(cursado(1, 'Física 2° 1°'), notas('ausente', null))!.descripcion).toBe(
      'Física 2° 1°\n1° Cuatrimestre: A\n2° Cuatrimestre: sin nota',
    );
    // Una materia del 1° cuatrimestre: el 2° no corresponde ('-').
    expect(celdaNotas(cursado(1, 'Taller 2° 1°', 1), notas(8, null))!.descripcion).toBe(
      'Taller 2° 1°\n1° Cuatrimestre: 8\n2° Cuatrimestre: -',
    );
    // Sin ninguna nota, la celda queda vacía.
    expect(celdaNotas(cursado(1, 'Taller 2° 1°'), notas(null, null))).toBeNull();
  });

  test.each([
    // [notas que se ven, promedio, color del promedio, bajas, color de bajas]
    [[7, 8], '7,50', null, '0', null],
    [[7, 2, 'ausente', 5], '4,67', 'blue', '1', 'red'],
    [[1, 3, null], '2,00', 'red', '2', 'red'],
    [[10, 9, 9], '9,33', null, '0', null],
    [[6, -1, 'ausente'], '6,00', null, '0', null],
  ] as const)(
    'totales de %p: Promedio %s (color %p), Bajas %s (color %p)',
    (valores, promedio, colorPromedio, bajas, colorBajas) => {
      const [p, b] = totalesNotas(valores);
      expect(p).toMatchObject({ texto: promedio, color: colorPromedio });
      expect(b).toMatchObject({ texto: bajas, color: colorBajas });
    },
  );

  test('sin notas numéricas: promedio vacío y 0 bajas', () => {
    const [p, b] = totalesNotas(['ausente', null]);
    expect(p).toBeNull();
    expect(b).toMatchObject({ texto: '0', color: null });
  });

  test('el modelo: columnas por cursado, filas por alumno, totales, leyenda y nota', () => {
    const m = modeloNotas({
      curso: { orden: 3, nombre: '2° 1°' },
      ciclo: 2026,
      cursados: [cursado(11, 'Matemática 2° 1°'), cursado(12, 'Historia 2° 1°', 2)],
      alumnos: [
        { orden: 7, apellido: 'Pérez', nombre: 'Ana', notas: [notas(8, 3), notas(null, 5)] },
        {
          orden: 8,
          apellido: 'Sosa',
          nombre: 'Juan',
          notas: [notas(null, null), notas(null, null)],
        },
      ],
    });
    expect(m.curso).toBe('2° 1°');
    expect(m.periodo).toBe('Ciclo lectivo 2026');
    expect(m.columnas.map((c) => c.titulo)).toEqual(['Mat', 'His']);
    expect(m.totales.map((c) => c.titulo)).toEqual(['Promedio', 'Bajas']);
    const [ana, juan] = m.filas;
    expect(ana!.nombre).toBe('Pérez, Ana');
    expect(ana!.celdas.map((c) => c?.texto)).toEqual(['3', '5']);
    expect(ana!.celdas.map((c) => c?.color)).toEqual(['red', 'blue']);
    expect(ana!.celdas[1]!.descripcion).toBe(
      'Historia 2° 1°\n1° Cuatrimestre: -\n2° Cuatrimestre: 5',
    );
    expect(ana!.totales.map((c) => c?.texto)).toEqual(['4,00', '1']);
    expect(juan!.celdas).toEqual([null, null]);
    expect(juan!.totales.map((c) => c?.texto ?? null)).toEqual([null, '0']);
    expect(m.leyenda!.map((l) => [l.color, l.muestra])).toEqual([
      ['red', '3'],
      ['blue', '5'],
      ['gray', 'A'],
    ]);
    expect(String(m.nota)).toMatch(/2° cuatrimestre si ya está cargada; si no, la del 1°/);
  });
});
