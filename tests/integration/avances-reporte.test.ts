/**
 * El planillón en modo avances (issue 15 §4, §5): `avances.reporte` da los alumnos del curso ×
 * los cursados del curso en una instancia, con lo guardado de cada uno (tipos, observaciones,
 * planilla cerrada o no) y cuántas materias tienen dificultades. Alcance: el preceptor sólo sus
 * cursos, el docente nada. La instancia sin pedirla: la elegida por la fecha o la última pasada.
 * Un número fijo de consultas. Lo esperado sale de consultas propias a la base sembrada (la
 * demostración llena las instancias pasadas: 15/5 y 2/10).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { nombresDeTipos, tiposDeMascara } from '@/domain/avances';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';
import { contarConsultas } from '../fixtures/consultas';

const ciclo = 2026;
/** Después de la publicación de las dos instancias: ninguna abierta. */
const HOY = '2026-11-20';
const MAYO = '2026-05-15';
const OCTUBRE = '2026-10-02';

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, HOY);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number, hoy = HOY) => callerComo(db, email, rol, { ciclo, hoy });
const preceptor = (hoy?: string) => como(EMAIL_DEMO.preceptor, Rol.Preceptor, hoy);

async function cursoId(anio: number, division: number) {
  const [x] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return x!.id;
}

/** Lo esperado, desde la base: alumnos, cursados y lo guardado en la instancia. */
async function esperado(curso: number, fecha: string) {
  const alumnos = await db
    .select({ orden: s.alumnos.id })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
  const cursados = await db
    .select({ id: s.cursados.id, nombre: s.cursados.nombre })
    .from(s.cursadosCursos)
    .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosCursos.cursadoId))
    .where(and(eq(s.cursadosCursos.cursoId, curso), eq(s.cursados.ciclolectivo, ciclo)))
    .orderBy(asc(s.cursados.nombre), asc(s.cursados.id));
  const planillas = await db
    .select({ id: s.avancesPlanillas.id, cursado: s.avancesPlanillas.cursadoId })
    .from(s.avancesPlanillas)
    .where(
      and(
        eq(s.avancesPlanillas.fecha, fecha),
        inArray(
          s.avancesPlanillas.cursadoId,
          cursados.map((x) => x.id),
        ),
      ),
    );
  const filas = await db
    .select({
      planilla: s.avances.planillaId,
      alumno: s.avances.alumnoId,
      tipos: s.avances.tipos,
      observaciones: s.avances.observaciones,
    })
    .from(s.avances)
    .where(
      inArray(
        s.avances.planillaId,
        planillas.map((p) => p.id),
      ),
    );
  return { alumnos, cursados, planillas, filas };
}

describe('avances.reporte', () => {
  test('preceptor de su curso: alumnos × cursados con lo guardado en la instancia pedida', async () => {
    const curso = await cursoId(2, 1);
    const r = await (await preceptor()).avances.reporte({ curso, fecha: MAYO });
    const e = await esperado(curso, MAYO);
    expect(r.curso).toEqual({ orden: curso, nombre: '2° 1°' });
    expect(r.ciclo).toBe(ciclo);
    expect(r.instancias.map((i) => i.fecha)).toEqual([MAYO, OCTUBRE]);
    expect(r.instancia?.fecha).toBe(MAYO);
    expect(r.cursados.map((x) => [x.id, x.nombre])).toEqual(
      e.cursados.map((x) => [x.id, x.nombre]),
    );
    expect(r.alumnos.map((a) => a.orden)).toEqual(e.alumnos.map((a) => a.orden));
    expect(r.alumnos.length).toBeGreaterThan(20);

    // La semilla: una planilla por cursado, abierta la de cada cursado con id terminado en 3.
    for (const col of r.cursados)
      expect(col.planilla).toBe(col.id % 10 === 3 ? 'abierta' : 'cerrada');

    const guardado = new Map(e.filas.map((f) => [`${f.alumno}:${f.planilla}`, f]));
    const planillaDe = new Map(e.planillas.map((p) => [p.cursado, p.id]));
    let conTipos = 0;
    for (const a of r.alumnos) {
      expect(a.avances).toHaveLength(r.cursados.length);
      a.avances.forEach((celda, i) => {
        const col = r.cursados[i]!;
        const f = guardado.get(`${a.orden}:${planillaDe.get(col.id)}`);
        if (!f) {
          // Sin fila: vacía si la planilla está abierta (o el alumno no cursa la materia).
          if (col.planilla === 'abierta') expect(celda).toBeNull();
          return;
        }
        expect(celda).toEqual({
          tipos: tiposDeMascara(f.tipos),
          nombres: nombresDeTipos(f.tipos),
          observaciones: f.observaciones,
          cerrada: col.planilla === 'cerrada',
        });
      });
      const n = a.avances.filter((x) => x && x.tipos.length > 0).length;
      expect(a.conDificultades).toBe(n);
      conTipos += n;
    }
    expect(conTipos).toBeGreaterThan(0);
    // La marca del §5 (3 o más materias) tiene casos en la demostración.
    expect(r.alumnos.some((a) => a.conDificultades >= 3)).toBe(true);
  });

  test('una planilla cerrada sin fila del alumno es "Sin Observaciones"; una abierta, vacía', async () => {
    const curso = await cursoId(2, 2);
    const p = await preceptor();
    const antes = await p.avances.reporte({ curso, fecha: OCTUBRE });
    const cerrada = antes.cursados.findIndex((x) => x.planilla === 'cerrada');
    const abierta = antes.cursados.findIndex((x) => x.planilla === 'abierta');
    expect(cerrada).toBeGreaterThanOrEqual(0);
    // La semilla deja abierta la planilla de cada cursado con id terminado en 3: 2° 2° tiene una.
    expect(abierta).toBeGreaterThanOrEqual(0);
    const alumno = antes.alumnos.find((a) => a.avances[cerrada] != null)!;
    const quitar = async (indice: number) => {
      const [pl] = await db
        .select({ id: s.avancesPlanillas.id })
        .from(s.avancesPlanillas)
        .where(
          and(
            eq(s.avancesPlanillas.cursadoId, antes.cursados[indice]!.id),
            eq(s.avancesPlanillas.fecha, OCTUBRE),
          ),
        );
      await db
        .delete(s.avances)
        .where(and(eq(s.avances.planillaId, pl!.id), eq(s.avances.alumnoId, alumno.orden)));
    };
    await quitar(cerrada);
    await quitar(abierta);
    const r = await p.avances.reporte({ curso, fecha: OCTUBRE });
    const fila = r.alumnos.find((a) => a.orden === alumno.orden)!;
    expect(fila.avances[cerrada]).toEqual({
      tipos: [],
      nombres: ['Sin Observaciones'],
      observaciones: null,
      cerrada: true,
    });
    expect(fila.avances[abierta]).toBeNull();
  });

  test('sin fecha: la instancia elegida por la fecha, si no la última pasada, si no la primera', async () => {
    const curso = await cursoId(2, 1);
    const instancia = async (hoy: string) =>
      (await (await preceptor(hoy)).avances.reporte({ curso })).instancia?.fecha;
    expect(await instancia(HOY)).toBe(OCTUBRE);
    // Del 21/9 al 9/10 la de octubre está abierta; en agosto, la última pasada es la de mayo.
    expect(await instancia('2026-09-25')).toBe(OCTUBRE);
    expect(await instancia('2026-08-01')).toBe(MAYO);
    expect(await instancia('2026-05-10')).toBe(MAYO);
    expect(await instancia('2026-03-01')).toBe(MAYO);
  });

  test('un cursado sin planilla en la instancia: su columna vacía y no cuenta', async () => {
    const curso = await cursoId(2, 2);
    const p = await preceptor();
    const antes = await p.avances.reporte({ curso, fecha: MAYO });
    const i = antes.cursados.findIndex((x) => x.planilla === 'cerrada');
    await db
      .delete(s.avancesPlanillas)
      .where(
        and(
          eq(s.avancesPlanillas.cursadoId, antes.cursados[i]!.id),
          eq(s.avancesPlanillas.fecha, MAYO),
        ),
      );
    const r = await p.avances.reporte({ curso, fecha: MAYO });
    expect(r.cursados[i]!.planilla).toBe('sinPlanilla');
    expect(r.alumnos.every((a) => a.avances[i] === null)).toBe(true);
    r.alumnos.forEach((a, k) => {
      const antesConTipos = (antes.alumnos[k]!.avances[i]?.tipos.length ?? 0) > 0;
      expect(a.conDificultades).toBe(antes.alumnos[k]!.conDificultades - (antesConTipos ? 1 : 0));
    });
  });

  test('un ciclo sin instancias: ninguna, todas las celdas vacías', async () => {
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const r = await jefe.avances.reporte({ curso: await cursoId(2, 1), ciclo: 2025 });
    expect(r).toMatchObject({ ciclo: 2025, instancias: [], instancia: null });
    expect(r.alumnos.every((a) => a.avances.every((x) => x === null))).toBe(true);
  });

  test('alcance: preceptor de otro curso FORBIDDEN, docente FORBIDDEN, jefe de preceptores todos', async () => {
    const ajeno = await cursoId(3, 1);
    expect(
      await codigoYMensaje((await preceptor()).avances.reporte({ curso: ajeno, fecha: MAYO })),
    ).toEqual({ code: 'FORBIDDEN', message: 'No tiene acceso a ese curso.' });
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.docente, Rol.Docente)).avances.reporte({
          curso: await cursoId(2, 1),
          fecha: MAYO,
        }),
      ),
    ).toBe('FORBIDDEN');
    for (const [email, rol] of [
      [EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
      [EMAIL_DEMO.regente, Rol.Regente],
    ] as const) {
      const r = await (await como(email, rol)).avances.reporte({ curso: ajeno, fecha: MAYO });
      expect(r.curso.orden).toBe(ajeno);
    }
  });

  test('entrada: curso inexistente 404, fecha que no es instancia 404, mal escrita 400', async () => {
    const p = await preceptor();
    const curso = await cursoId(2, 1);
    expect(await codigoDe(p.avances.reporte({ curso: 99_999, fecha: MAYO }))).toBe('NOT_FOUND');
    expect(await codigoYMensaje(p.avances.reporte({ curso, fecha: '2026-05-16' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No hay una instancia de avances en esa fecha.',
    });
    for (const fecha of ['2026-02-30', '15/05/2026', 'x'.repeat(10_000)])
      expect(await codigoDe(p.avances.reporte({ curso, fecha }))).toBe('BAD_REQUEST');
    expect(await codigoDe(p.avances.reporte(undefined as never))).toBe('BAD_REQUEST');
  });

  test('REST: GET /api/avances/reporte/{isoDate}/{curso}', async () => {
    const curso = await cursoId(2, 1);
    const pedido = { db, email: EMAIL_DEMO.preceptor, rol: Rol.Preceptor, ciclo, hoy: HOY };
    const r = await pedirRest<{ instancia: { fecha: string }; alumnos: unknown[] }>(
      'GET',
      `/api/avances/reporte/${MAYO}/${curso}`,
      pedido,
    );
    expect(r.status).toBe(200);
    expect(r.body.instancia.fecha).toBe(MAYO);
    expect(r.body.alumnos.length).toBeGreaterThan(20);
    const ajeno = await pedirRest(
      'GET',
      `/api/avances/reporte/${MAYO}/${await cursoId(3, 1)}`,
      pedido,
    );
    expect(ajeno.status).toBe(403);
  });

  test('un número fijo de consultas, sea cual sea el tamaño del curso', async () => {
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const cursos = await db.select({ id: s.cursos.id }).from(s.cursos);
    const tamanios = await Promise.all(
      cursos.map(async (x) => ({
        id: x.id,
        n: (
          await db
            .select({ id: s.alumnosCursos.id })
            .from(s.alumnosCursos)
            .where(and(eq(s.alumnosCursos.cursoId, x.id), eq(s.alumnosCursos.ciclolectivo, ciclo)))
        ).length,
      })),
    );
    tamanios.sort((a, b) => a.n - b.n);
    const chico = tamanios[0]!;
    const grande = tamanios.at(-1)!;
    expect(grande.n).toBeGreaterThan(chico.n);
    const a = await contarConsultas(db, () =>
      jefe.avances.reporte({ curso: chico.id, fecha: MAYO }),
    );
    const b = await contarConsultas(db, () =>
      jefe.avances.reporte({ curso: grande.id, fecha: MAYO }),
    );
    expect(b.r.alumnos).toHaveLength(grande.n);
    expect(a.n).toBe(b.n);
    expect(b.n).toBe(5);
    // El preceptor (alcance en la misma consulta del curso) y sin fecha: también cinco.
    const prec = await preceptor();
    const suyo = await cursoId(2, 1);
    const p = await contarConsultas(db, () => prec.avances.reporte({ curso: suyo }));
    expect(p.r.alumnos.length).toBeGreaterThan(0);
    expect(p.n).toBe(b.n);
  });
});
