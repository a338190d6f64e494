/**
 * Exportar las asistencias (issue 34 §2): el mes de un curso y el año de un alumno, en .xlsx y
 * .csv, celda por celda contra la salida del procedimiento de la pantalla para la misma entrada;
 * el acceso y el alcance son los del procedimiento (403 a quien no ve la pantalla, la negativa
 * del procedimiento al preceptor con el curso de otro). También los errores del núcleo
 * (/api/exportar): lista desconocida, sin sesión, formato y entrada inválidos.
 */
import {
  circunstanciaVisible,
  pesoInasistencia,
  textoJustificacion,
  totalInasistencias,
} from '@/domain/asistencias';
import { MENSAJE_FORMATO, MENSAJE_LISTA_DESCONOCIDA } from '@/server/api/exportar';
import { NO_AUTENTICADO, NO_AUTORIZADO } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { fallo } from '../fixtures/errores';
import {
  exportador,
  QUIEN,
  cursosDelPreceptor,
  csvDe,
  mismoContenido,
  nombreDeArchivo,
  xlsxDe,
  type Quien,
} from '../fixtures/exportar';

const { ciclo, hoy } = momentoEscolar();
const mes = hoy.slice(0, 7);
let c: Conexion;
let db: Db;
const { pedir } = exportador(() => db, ciclo);

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const caller = (quien: Quien) => callerComo(db, quien.email, quien.rol, { ciclo });

describe('asistencia-curso (asistencias.reporte)', () => {
  test('el .xlsx: un alumno por fila, un día por columna, celda por celda contra el reporte', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const r = await (await caller(QUIEN.preceptor)).asistencias.reporte({ curso: suyo, mes });
    const res = await pedir(QUIEN.preceptor, 'asistencia-curso', { curso: suyo, mes });
    const nombre = nombreDeArchivo(res);
    const h = await xlsxDe(res);
    expect(nombre).toMatch(new RegExp(`^asistencia-[A-Za-z0-9-]+-${mes}\\.xlsx$`));
    expect(h.encabezado).toEqual([
      'Apellido',
      'Nombre',
      ...r.dias.map((d) => `${d.fecha.slice(8, 10)}/${d.fecha.slice(5, 7)}`),
      'Mes',
      'Total del año',
      'Reincorporaciones',
      'Total',
      'Estado',
    ]);
    expect(h.filas).toHaveLength(r.alumnos.length);
    expect(r.alumnos.length).toBeGreaterThan(0);
    // La demostración tiene inasistencias en el mes de algún alumno del curso.
    expect(r.alumnos.some((a) => a.entradas.length > 0)).toBe(true);
    r.alumnos.forEach((a, i) => {
      const dias = r.dias.map((d) => {
        const del = a.entradas.filter((e) => e.fecha === d.fecha);
        return del.length ? totalInasistencias(del) : null;
      });
      expect(h.filas[i]).toEqual([
        a.apellido,
        a.nombre,
        ...dias,
        a.totalMes,
        a.total,
        a.reincorporaciones,
        a.textoTotal,
        a.etiqueta,
      ]);
    });
    expect(h.formulas).toEqual([]);
  });

  test('el .csv dice lo mismo que el .xlsx', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const x = await xlsxDe(
      await pedir(QUIEN.jefePreceptores, 'asistencia-curso', { curso: suyo, mes }),
    );
    const res = await pedir(QUIEN.jefePreceptores, 'asistencia-curso', {
      curso: suyo,
      mes,
      formato: 'csv',
    });
    expect(nombreDeArchivo(res)).toMatch(new RegExp(`^asistencia-[A-Za-z0-9-]+-${mes}\\.csv$`));
    mismoContenido(x, await csvDe(res));
  });

  test('un docente no ve la pantalla: 403', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const res = await pedir(QUIEN.docente, 'asistencia-curso', { curso: suyo, mes });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: true, message: NO_AUTORIZADO });
  });

  test('el curso de otro preceptor: la negativa del procedimiento', async () => {
    const { ajeno } = await cursosDelPreceptor(db, ciclo);
    const esperado = await fallo(
      (await caller(QUIEN.preceptor)).asistencias.reporte({ curso: ajeno, mes }),
    );
    const res = await pedir(QUIEN.preceptor, 'asistencia-curso', { curso: ajeno, mes });
    expect({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
    }).toEqual(esperado);
  });

  test('una entrada inválida: el 400 del procedimiento, en castellano', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const esperado = await fallo(
      (await caller(QUIEN.preceptor)).asistencias.reporte({ curso: suyo, mes: '2026-13' }),
    );
    expect(esperado.status).toBe(400);
    const res = await pedir(QUIEN.preceptor, 'asistencia-curso', { curso: suyo, mes: '2026-13' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, message: esperado.message });
  });
});

describe('asistencia-alumno (asistencias.delAlumno)', () => {
  /** Un alumno del curso del preceptor con entradas en el año. */
  async function alumnoConEntradas() {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const r = await (await caller(QUIEN.preceptor)).asistencias.reporte({ curso: suyo, mes });
    const a = r.alumnos.find((x) => x.entradas.length > 0)!;
    return a.orden;
  }

  test('el .xlsx: una fila por entrada, celda por celda contra el legajo', async () => {
    const alumno = await alumnoConEntradas();
    const r = await (await caller(QUIEN.preceptor)).asistencias.delAlumno({ alumno, anio: ciclo });
    const res = await pedir(QUIEN.preceptor, 'asistencia-alumno', { alumno, anio: ciclo });
    expect(nombreDeArchivo(res)).toMatch(new RegExp(`^asistencia-[A-Za-z-]+-${ciclo}\\.xlsx$`));
    const h = await xlsxDe(res);
    expect(h.encabezado).toEqual([
      'Fecha',
      'Turno',
      'Tipo',
      'Circunstancia',
      'Justificación',
      'Inasistencias',
    ]);
    expect(r.entradas.length).toBeGreaterThan(0);
    expect(h.filas).toEqual(
      r.entradas.map((e) => [
        e.fecha,
        e.turno,
        e.tipo,
        circunstanciaVisible(e.circunstancia),
        textoJustificacion(e),
        pesoInasistencia(e.tipo),
      ]),
    );
    expect(h.formatos.every((f) => f[0] === 'dd/mm/yyyy')).toBe(true);
    mismoContenido(
      h,
      await csvDe(await pedir(QUIEN.preceptor, 'asistencia-alumno', { alumno, formato: 'csv' })),
    );
  });

  test('un alumno no ve la pantalla: 403', async () => {
    const alumno = await alumnoConEntradas();
    const res = await pedir(QUIEN.alumno, 'asistencia-alumno', { alumno });
    expect(res.status).toBe(403);
  });

  test('un alumno fuera del alcance del preceptor: la negativa del procedimiento', async () => {
    const { ajeno } = await cursosDelPreceptor(db, ciclo);
    const r = await (
      await caller(QUIEN.jefePreceptores)
    ).asistencias.reporte({ curso: ajeno, mes });
    const alumno = r.alumnos[0]!.orden;
    const esperado = await fallo((await caller(QUIEN.preceptor)).asistencias.delAlumno({ alumno }));
    const res = await pedir(QUIEN.preceptor, 'asistencia-alumno', { alumno });
    expect({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
    }).toEqual(esperado);
  });
});

describe('/api/exportar: errores del núcleo', () => {
  test('una lista que no existe: 404 en castellano', async () => {
    for (const lista of ['no-existe', 'toString', '__proto__']) {
      const res = await pedir(QUIEN.preceptor, lista, {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: true, message: MENSAJE_LISTA_DESCONOCIDA });
    }
  });

  test('sin sesión: 401', async () => {
    const res = await pedir(null, 'asistencia-curso', { curso: 1, mes });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: true, message: NO_AUTENTICADO });
  });

  test('un formato que no es xlsx ni csv: 400', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const res = await pedir(QUIEN.preceptor, 'asistencia-curso', {
      curso: suyo,
      mes,
      formato: 'pdf',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, message: MENSAJE_FORMATO });
  });
});
