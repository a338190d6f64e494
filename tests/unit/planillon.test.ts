/**
 * El planillón (spec 01 §2 Overview, §9): meses del ciclo, columnas del mes con los domingos
 * angostos, las celdas y los totales de los modos asistencias y medidas, y el registro de modos.
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
    [[entrada('Tardanza Ingreso', true)], '0.5', 'teal'],
    [[entrada('Falta', true), entrada('Retiro con Permiso (Media)', false)], '1.5', 'red'],
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
    [[medida('amonestacion', 1.5), medida('apercibimiento', null)], '1.5+Ap', 'orange'],
    [[medida('amonestacion', 1), medida('amonestacion', 0.5)], '1.5', 'orange'],
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
    expect(modosDeRuta('/planillon').map((m) => m.id)).toEqual(['asistencias', 'medidas']);
    expect(modosDeRuta('/planillon-protected').map((m) => m.id)).toEqual([
      'asistencias',
      'medidas',
    ]);
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
    expect(modosDeRuta('/planillon-departamento')).toEqual([]);
  });
});
