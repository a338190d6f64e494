/**
 * Exportar las planillas de notas, medidas y avances y el planillón en cada modo (issue 34 §2):
 * cada lista en .xlsx, celda por celda contra la salida del procedimiento de su pantalla para la
 * misma entrada (y el .csv igual al .xlsx); 403 a un rol que no ve la pantalla; fuera del
 * alcance, la negativa del propio procedimiento (mismo estado y mensaje).
 */
import { TIPOS_AVANCE } from '@/domain/avances';
import { ETIQUETA_TIPO_MEDIDA, esTipoMedida } from '@/domain/medidas';
import { condicionDeMateria, resumenPromedio } from '@/domain/notas';
import { CODIGO_TIPO, TEXTO_SIN_OBSERVACIONES } from '@/server/api/routers/avances/exportar';
import { celdaDeMedidas } from '@/server/api/routers/medidas/exportar';
import { valorDeNota } from '@/server/api/routers/notas/exportar';
import type { Conexion, Db } from '@/server/db';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import {
  exportador,
  QUIEN,
  cursosDelPreceptor,
  mismaNegativa,
  prohibido,
  type Quien,
} from '../fixtures/exportar';

const { ciclo } = momentoEscolar();
let c: Conexion;
let db: Db;
const { pedir, exportar } = exportador(() => db, ciclo);

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const caller = (quien: Quien) => callerComo(db, quien.email, quien.rol, { ciclo });

describe('notas-cursado (notas.planilla)', () => {
  async function cursados() {
    const suyos = await (await caller(QUIEN.docente)).notas.cursados({});
    const todos = await (await caller(QUIEN.alumnado)).notas.cursados({});
    const ids = new Set(suyos.map((x) => x.id));
    return { suyo: suyos[0]!.id, ajeno: todos.find((x) => !ids.has(x.id))!.id };
  }

  test('el .xlsx: alumnos, notas de los cuatrimestres, nota final y condición', async () => {
    const { suyo } = await cursados();
    const p = await (await caller(QUIEN.docente)).notas.planilla({ cursado: suyo });
    const { hoja: h, nombre } = await exportar(QUIEN.docente, 'notas-cursado', { cursado: suyo });
    expect(nombre).toMatch(new RegExp(`^notas-[A-Za-z0-9-]+-${p.cursado.ciclolectivo}\\.xlsx$`));
    const aplicados = p.estados.filter((e) => e.aplica);
    const conCurso = p.cursado.cursos.length > 1;
    expect(h.encabezado).toEqual([
      'N°',
      'Apellido',
      'Nombre',
      ...(conCurso ? ['Curso'] : []),
      ...aplicados.map((e) => e.nombre),
      'Nota final',
      'Condición',
    ]);
    expect(p.alumnos.length).toBeGreaterThan(0);
    // La demostración tiene notas cargadas en la planilla del docente.
    expect(p.alumnos.some((a) => typeof a.notas[1] === 'number')).toBe(true);
    expect(h.filas).toEqual(
      p.alumnos.map((a, i) => {
        const r = condicionDeMateria(p.cursado.modalidad, a.notas[1], a.notas[2]);
        return [
          i + 1,
          a.apellido,
          a.nombre,
          ...(conCurso ? [a.curso?.nombre ?? null] : []),
          ...aplicados.map((e) => valorDeNota(a.notas[e.cuatrimestre])),
          valorDeNota(r.final),
          r.condicion,
        ];
      }),
    );
    // Las notas son números de Excel.
    const col = h.encabezado.indexOf(aplicados[0]!.nombre);
    expect(h.filas.some((f) => typeof f[col] === 'number')).toBe(true);
  });

  test('un alumno no ve la planilla: 403', async () => {
    const { suyo } = await cursados();
    await prohibido(await pedir(QUIEN.alumno, 'notas-cursado', { cursado: suyo }));
  });

  test('el cursado de otro docente: la negativa del procedimiento', async () => {
    const { ajeno } = await cursados();
    await mismaNegativa(
      await pedir(QUIEN.docente, 'notas-cursado', { cursado: ajeno }),
      (await caller(QUIEN.docente)).notas.planilla({ cursado: ajeno }),
    );
  });
});

describe('planillon-notas (notas.reporte)', () => {
  test('el .xlsx: la nota actual de cada materia, promedio y bajas', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const r = await (await caller(QUIEN.preceptor)).notas.reporte({ curso: suyo, ciclo });
    const { hoja: h, nombre } = await exportar(QUIEN.preceptor, 'planillon-notas', {
      curso: suyo,
      ciclo,
    });
    expect(nombre).toBe(
      `planillon-notas-${nombre.split('-').slice(2, -1).join('-')}-${ciclo}.xlsx`,
    );
    expect(h.encabezado).toEqual([
      'Apellido',
      'Nombre',
      ...r.cursados.map((x) => x.nombre),
      'Promedio',
      'Bajas',
    ]);
    expect(r.cursados.length).toBeGreaterThan(0);
    expect(h.filas).toEqual(
      r.alumnos.map((a) => {
        const actuales = r.cursados.map((_, i) => a.notas[i]?.[2] ?? a.notas[i]?.[1] ?? null);
        const resumen = resumenPromedio(actuales);
        return [
          a.apellido,
          a.nombre,
          ...actuales.map(valorDeNota),
          resumen.promedio,
          resumen.bajas,
        ];
      }),
    );
    expect(h.filas.some((f) => typeof f.at(-2) === 'number')).toBe(true);
    expect(h.formatos[0]!.at(-2)).toBe('0.00');
  });

  test('un docente no ve el planillón: 403', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    await prohibido(await pedir(QUIEN.docente, 'planillon-notas', { curso: suyo }));
  });

  test('el curso de otro preceptor: la negativa del procedimiento', async () => {
    const { ajeno } = await cursosDelPreceptor(db, ciclo);
    await mismaNegativa(
      await pedir(QUIEN.preceptor, 'planillon-notas', { curso: ajeno }),
      (await caller(QUIEN.preceptor)).notas.reporte({ curso: ajeno }),
    );
  });
});

/** Los meses del ciclo hasta hoy, del más reciente al más viejo. */
function meses(): string[] {
  const hasta = Number(momentoEscolar().hoy.slice(5, 7));
  return Array.from({ length: hasta }, (_, i) => `${ciclo}-${String(hasta - i).padStart(2, '0')}`);
}

describe('planillon-medidas (medidas.reporte) y medidas-alumno (medidas.delAlumno)', () => {
  /** Un mes del curso del preceptor con medidas (la demostración las reparte en el año). */
  async function mesConMedidas(curso: number) {
    const p = await caller(QUIEN.preceptor);
    for (const mes of meses()) {
      const r = await p.medidas.reporte({ curso, mes });
      if (r.alumnos.some((a) => a.medidas.length > 0)) return { mes, r };
    }
    throw new Error('La demostración no tiene medidas en el curso del preceptor');
  }

  test('planillón: lo de cada día (número, o con apercibimientos el texto) y los totales', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const { mes, r } = await mesConMedidas(suyo);
    const { hoja: h, nombre } = await exportar(QUIEN.preceptor, 'planillon-medidas', {
      curso: suyo,
      mes,
    });
    expect(nombre.endsWith(`-${mes}.xlsx`)).toBe(true);
    expect(h.encabezado).toEqual([
      'Apellido',
      'Nombre',
      ...r.dias.map((d) => `${d.fecha.slice(8, 10)}/${d.fecha.slice(5, 7)}`),
      'Mes',
      'Total del ciclo',
    ]);
    expect(h.filas).toEqual(
      r.alumnos.map((a) => [
        a.apellido,
        a.nombre,
        ...r.dias.map((d) => celdaDeMedidas(a.medidas.filter((m) => m.fecha === d.fecha))),
        a.totalMes,
        a.total,
      ]),
    );
  });

  test('las de un alumno: una fila por medida del ciclo pedido', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    const { r } = await mesConMedidas(suyo);
    const alumno = r.alumnos.find((a) => a.medidas.length > 0)!.orden;
    const m = await (await caller(QUIEN.jefePreceptores)).medidas.delAlumno({ alumno });
    const { hoja: h, nombre } = await exportar(QUIEN.jefePreceptores, 'medidas-alumno', {
      alumno,
      ciclo,
    });
    expect(nombre).toMatch(new RegExp(`^medidas-[A-Za-z-]+-${ciclo}\\.xlsx$`));
    const anio = m.anios.find((a) => a.ciclo === ciclo)!;
    expect(anio.medidas.length).toBeGreaterThan(0);
    expect(h.filas).toEqual(
      anio.medidas.map((x) => [
        ciclo,
        anio.curso?.nombre ?? null,
        x.fecha,
        x.turno,
        esTipoMedida(x.tipo) ? ETIQUETA_TIPO_MEDIDA[x.tipo] : x.tipo,
        x.cantidad,
        x.motivo,
        x.creadoPor ? `${x.creadoPor.nombre} ${x.creadoPor.apellido}` : null,
      ]),
    );
  });

  test('un docente no ve el planillón ni un alumno las medidas: 403', async () => {
    const { suyo } = await cursosDelPreceptor(db, ciclo);
    await prohibido(
      await pedir(QUIEN.docente, 'planillon-medidas', { curso: suyo, mes: meses()[0]! }),
    );
    const { r } = await mesConMedidas(suyo);
    await prohibido(await pedir(QUIEN.alumno, 'medidas-alumno', { alumno: r.alumnos[0]!.orden }));
  });

  test('el curso o un alumno de otro preceptor: la negativa del procedimiento', async () => {
    const { ajeno } = await cursosDelPreceptor(db, ciclo);
    const mes = meses()[0]!;
    const p = await caller(QUIEN.preceptor);
    await mismaNegativa(
      await pedir(QUIEN.preceptor, 'planillon-medidas', { curso: ajeno, mes }),
      p.medidas.reporte({ curso: ajeno, mes }),
    );
    const otro = (
      await (await caller(QUIEN.jefePreceptores)).medidas.reporte({ curso: ajeno, mes })
    ).alumnos[0]!;
    await mismaNegativa(
      await pedir(QUIEN.preceptor, 'medidas-alumno', { alumno: otro.orden }),
      p.medidas.delAlumno({ alumno: otro.orden }),
    );
  });
});

describe('avances-cursado (avances.planilla) y planillon-avances (avances.reporte)', () => {
  /** La primera instancia del ciclo (pasada: la demostración la llena) y los cursados del docente. */
  async function instancia() {
    const d = await caller(QUIEN.docente);
    const { instancias } = await d.avances.instancias();
    const fecha = instancias[0]!.fecha;
    const suyos = (await d.avances.cursados({ fecha, soloAbiertas: false })).cursados;
    const todos = (
      await (await caller(QUIEN.regente)).avances.cursados({ fecha, soloAbiertas: false })
    ).cursados;
    const ids = new Set(suyos.map((x) => x.cursadoId));
    return {
      fecha,
      suyo: suyos.find((x) => x.estado !== 'sinPlanilla')!.cursadoId,
      ajeno: todos.find((x) => !ids.has(x.cursadoId))!.cursadoId,
    };
  }

  test('la planilla de un cursado: una columna por tipo, sin observaciones y las observaciones', async () => {
    const { fecha, suyo } = await instancia();
    const p = await (await caller(QUIEN.docente)).avances.planilla({ fecha, cursado: suyo });
    const { hoja: h, nombre } = await exportar(QUIEN.docente, 'avances-cursado', {
      fecha,
      cursado: suyo,
    });
    expect(nombre.endsWith(`-${fecha}.xlsx`)).toBe(true);
    expect(h.encabezado).toEqual([
      'Apellido',
      'Nombre',
      ...TIPOS_AVANCE.map((t) => t.nombre),
      'Sin Observaciones',
      'Observaciones',
    ]);
    expect(p.alumnos.some((a) => a.guardado && a.guardado.tipos.length > 0)).toBe(true);
    expect(h.filas).toEqual(
      p.alumnos.map((a) => [
        a.apellido,
        a.nombre,
        ...TIPOS_AVANCE.map((t) => (a.guardado?.tipos.includes(t.codigo) ? 'Sí' : null)),
        a.guardado && a.guardado.tipos.length === 0 ? 'Sí' : null,
        a.guardado?.observaciones || null,
      ]),
    );
  });

  test('el planillón: los códigos de cada materia y las materias con dificultades', async () => {
    const { suyo: curso } = await cursosDelPreceptor(db, ciclo);
    const r = await (await caller(QUIEN.preceptor)).avances.reporte({ curso, ciclo });
    const fecha = r.instancia!.fecha;
    const { hoja: h } = await exportar(QUIEN.preceptor, 'planillon-avances', {
      curso,
      ciclo,
      fecha,
    });
    expect(h.encabezado).toEqual([
      'Apellido',
      'Nombre',
      ...r.cursados.map((x) => x.nombre),
      'Materias con dificultades',
    ]);
    expect(r.alumnos.some((a) => a.conDificultades > 0)).toBe(true);
    expect(h.filas).toEqual(
      r.alumnos.map((a) => [
        a.apellido,
        a.nombre,
        ...r.cursados.map((_, i) => {
          const x = a.avances[i];
          if (!x) return null;
          return x.tipos.length
            ? x.tipos.map((t) => CODIGO_TIPO[t]).join(' ')
            : TEXTO_SIN_OBSERVACIONES;
        }),
        a.conDificultades,
      ]),
    );
  });

  test('un preceptor no ve /avances, un docente no ve el planillón: 403', async () => {
    const { fecha, suyo } = await instancia();
    await prohibido(await pedir(QUIEN.preceptor, 'avances-cursado', { fecha, cursado: suyo }));
    const { suyo: curso } = await cursosDelPreceptor(db, ciclo);
    await prohibido(await pedir(QUIEN.docente, 'planillon-avances', { curso }));
  });

  test('el cursado de otro docente y el curso de otro preceptor: la negativa del procedimiento', async () => {
    const { fecha, ajeno } = await instancia();
    await mismaNegativa(
      await pedir(QUIEN.docente, 'avances-cursado', { fecha, cursado: ajeno }),
      (await caller(QUIEN.docente)).avances.planilla({ fecha, cursado: ajeno }),
    );
    const { ajeno: curso } = await cursosDelPreceptor(db, ciclo);
    await mismaNegativa(
      await pedir(QUIEN.preceptor, 'planillon-avances', { curso }),
      (await caller(QUIEN.preceptor)).avances.reporte({ curso }),
    );
  });
});
