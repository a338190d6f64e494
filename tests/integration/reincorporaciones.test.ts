/**
 * Reincorporaciones (spec 02 §2 /reincorporaciones, §4, §5, §8; spec 01 §7, §9): reincorporar
 * con cantidad ≥ 1 en pasos de 0,5, 'Error reincorporando alumno' si falla, auditoría, efecto en
 * el estado de asistencia, listas por alumno con alcance, REST.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { estadoAsistencia } from '@/domain/asistencias';

import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { resumenDesdeLaBase } from '../fixtures/asistencias';
import { falloConCodigo } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
const hoy = momentoEscolar().hoy;
const ERROR_CANTIDAD =
  'Error reincorporando alumno: la cantidad debe ser un número mayor o igual a 1, en pasos de 0,5.';

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });

const contar = async () => [
  (await db.select({ n: count() }).from(s.reincorporaciones))[0]!.n,
  (
    await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(eq(s.auditoria.entidad, 'reincorporaciones'))
  )[0]!.n,
];

async function cursoPorAnio(anio: number, division: number) {
  const [x] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return x!.id;
}

async function alumnosDe(cursoId: number) {
  return (
    await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
      .where(and(eq(s.alumnosCursos.cursoId, cursoId), eq(s.alumnosCursos.ciclolectivo, ciclo)))
      .orderBy(asc(s.alumnos.dni))
  ).map((a) => a.id);
}

const resumenDe = (alumnoId: number) => resumenDesdeLaBase(db, alumnoId, ciclo, hoy);

/** Un alumno libre (sin reincorporaciones) de los cursos del preceptor de demostración. */
async function alumnoLibre() {
  const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
  const ids = (
    await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .innerJoin(
        s.preceptoresCursos,
        and(
          eq(s.preceptoresCursos.cursoId, s.alumnosCursos.cursoId),
          eq(s.preceptoresCursos.ciclolectivo, s.alumnosCursos.ciclolectivo),
        ),
      )
      .where(
        and(eq(s.preceptoresCursos.usuarioId, preceptor), eq(s.alumnosCursos.ciclolectivo, ciclo)),
      )
      .orderBy(asc(s.alumnosCursos.alumnoId))
  ).map((f) => f.id);
  for (const id of ids) {
    const r = await resumenDe(id);
    if (r.estado === 'libre' && r.reincorporaciones === 0) return { id, resumen: r };
  }
  throw new Error('La siembra no dejó un alumno libre');
}

describe('reincorporaciones.reincorporar', () => {
  test('reincorpora con fecha de hoy, lo audita y el alumno libre pasa a estar cerca', async () => {
    const { id, resumen } = await alumnoLibre();
    expect(resumen.total).toBeGreaterThanOrEqual(30);
    // Lo justo para dejar de estar libre: total < 30 + cantidad, en pasos de 0,5.
    const cantidad = Math.floor((resumen.total - 30) * 2) / 2 + 0.5;
    expect(estadoAsistencia(resumen.total, cantidad)).toBe('cerca');
    const antes = await contar();
    const r = await (
      await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor)
    ).reincorporaciones.reincorporar({ alumno: id, cantidad });
    expect(r.reincorporacion).toMatchObject({ alumno: id, fecha: hoy, cantidad });
    expect(r.resumen).toMatchObject({
      total: resumen.total,
      reincorporaciones: cantidad,
      estado: 'cerca',
      etiqueta: 'Cerca de condición libre',
      color: 'yellow',
    });
    expect(r.resumen).toEqual(await resumenDe(id));
    const [fila] = await db
      .select()
      .from(s.reincorporaciones)
      .where(eq(s.reincorporaciones.id, r.reincorporacion.orden));
    expect(fila).toMatchObject({
      alumnoId: id,
      fecha: hoy,
      cantidad,
      creadoPor: await idDeUsuario(db, EMAIL_DEMO.jefePreceptores),
    });
    expect(await contar()).toEqual([antes[0]! + 1, antes[1]! + 1]);
    const [registro] = await db
      .select()
      .from(s.auditoria)
      .where(eq(s.auditoria.entidad, 'reincorporaciones'))
      .orderBy(desc(s.auditoria.id))
      .limit(1);
    expect(registro).toMatchObject({
      accion: 'crear',
      entidadId: String(fila!.id),
      rol: Rol.JefePreceptor,
      despues: { alumno: id, cantidad, fecha: hoy },
    });

    // El planillón del curso refleja la reincorporación.
    const [ac] = await db
      .select({ curso: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.alumnoId, id), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    const rep = await (
      await como(EMAIL_DEMO.preceptor, Rol.Preceptor)
    ).asistencias.reporte({ curso: ac!.curso, mes: hoy.slice(0, 7) });
    expect(rep.alumnos.find((a) => a.orden === id)).toMatchObject({
      reincorporaciones: cantidad,
      estado: 'cerca',
    });
  });

  test.each([
    ['0,5', 0.5],
    ['cero', 0],
    ['negativa', -2],
    ['fuera de la grilla', 1.25],
    ['texto', 'muchas'],
    ['infinita', Infinity],
  ])('cantidad %s: "Error reincorporando alumno" y nada escrito', async (_n, cantidad) => {
    const [alumno] = await alumnosDe(await cursoPorAnio(1, 1));
    const antes = await contar();
    expect(
      await falloConCodigo(
        (await como(EMAIL_DEMO.regente, Rol.Regente)).reincorporaciones.reincorporar({
          alumno: alumno!,
          cantidad: cantidad as number,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', status: 400, message: ERROR_CANTIDAD });
    expect(await contar()).toEqual(antes);
  });

  test('cantidad como texto con coma o punto; tope; alumno inexistente o mal escrito', async () => {
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const [alumno] = await alumnosDe(await cursoPorAnio(1, 2));
    const r = await alumnado.reincorporaciones.reincorporar({
      alumno: String(alumno) as never,
      cantidad: '2,5' as never,
    });
    expect(r.reincorporacion.cantidad).toBe(2.5);
    expect(
      (await alumnado.reincorporaciones.reincorporar({ alumno: alumno!, cantidad: '1.5' as never }))
        .reincorporacion.cantidad,
    ).toBe(1.5);
    const antes = await contar();
    expect(
      await falloConCodigo(
        alumnado.reincorporaciones.reincorporar({ alumno: alumno!, cantidad: 100.5 }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'Error reincorporando alumno: la cantidad es como máximo 100.',
    });
    expect(
      await falloConCodigo(
        alumnado.reincorporaciones.reincorporar({ alumno: 999_999, cantidad: 1 }),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Error reincorporando alumno: el alumno no existe.',
    });
    expect(
      await falloConCodigo(
        alumnado.reincorporaciones.reincorporar({ alumno: 'x' as never, cantidad: 1 }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'Error reincorporando alumno: el alumno debe ser un número.',
    });
    expect(await contar()).toEqual(antes);
  });

  test('sólo Jefe de Preceptores, Regente, Alumnado y Admin reincorporan', async () => {
    const [alumno] = await alumnosDe(await cursoPorAnio(2, 1));
    for (const [email, rol] of [
      [EMAIL_DEMO.preceptor, Rol.Preceptor],
      [EMAIL_DEMO.docente, Rol.Docente],
      [EMAIL_DEMO.alumno, Rol.Alumno],
      [EMAIL_DEMO.referente, Rol.ReferenteParental],
    ] as const) {
      expect(
        (
          await falloConCodigo(
            (await como(email, rol)).reincorporaciones.reincorporar({
              alumno: alumno!,
              cantidad: 1,
            }),
          )
        ).code,
      ).toBe('FORBIDDEN');
    }
    expect(
      (
        await (
          await como(EMAIL_DEMO.admin, Rol.Admin)
        ).reincorporaciones.reincorporar({ alumno: alumno!, cantidad: 1 })
      ).reincorporacion.cantidad,
    ).toBe(1);
  });
});

describe('reincorporaciones.listar', () => {
  async function demo() {
    const [a] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
      .where(eq(s.usuarios.email, EMAIL_DEMO.alumno));
    return a!.id;
  }

  test('las de un alumno del año, más nueva primero, con su total (personal, el propio alumno y su referente)', async () => {
    const id = await demo();
    await (
      await como(EMAIL_DEMO.regente, Rol.Regente)
    ).reincorporaciones.reincorporar({ alumno: id, cantidad: 3 });
    const esperadas = await db
      .select({
        orden: s.reincorporaciones.id,
        fecha: s.reincorporaciones.fecha,
        cantidad: s.reincorporaciones.cantidad,
      })
      .from(s.reincorporaciones)
      .where(eq(s.reincorporaciones.alumnoId, id))
      .orderBy(desc(s.reincorporaciones.fecha), desc(s.reincorporaciones.id));
    // La siembra le dio 2; ahora se sumaron 3.
    expect(esperadas.map((r) => r.cantidad)).toEqual([3, 2]);
    for (const caller of [
      await como(EMAIL_DEMO.preceptor, Rol.Preceptor),
      await como(EMAIL_DEMO.alumno, Rol.Alumno),
      await como(EMAIL_DEMO.referente, Rol.ReferenteParental),
    ]) {
      const r = await caller.reincorporaciones.listar({ alumno: id });
      expect(r.items.map(({ orden, fecha, cantidad }) => ({ orden, fecha, cantidad }))).toEqual(
        esperadas,
      );
      expect(r.total).toBe(5);
      expect(r.alumno?.orden).toBe(id);
    }
    // Sin id, el alumno ve las suyas.
    expect(
      (await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).reincorporaciones.listar()).alumno?.orden,
    ).toBe(id);
  });

  test('alcance: un docente o preceptor no ve las de alumnos ajenos; un referente no ve las de otra familia', async () => {
    const ajeno = (await alumnosDe(await cursoPorAnio(6, 3)))[0]!;
    expect(
      (
        await falloConCodigo(
          (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).reincorporaciones.listar({
            alumno: ajeno,
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await falloConCodigo(
          (await como(EMAIL_DEMO.docente, Rol.Docente)).reincorporaciones.listar({ alumno: ajeno }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await falloConCodigo(
          (await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental)).reincorporaciones.listar({
            alumno: await demo(),
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await falloConCodigo(
          (await como(EMAIL_DEMO.alumno, Rol.Alumno)).reincorporaciones.listar({ alumno: ajeno }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await falloConCodigo(
          (await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor)).reincorporaciones.listar({
            alumno: 999_999,
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });

  test('sin alumno, el personal ve las del año dentro de su alcance', async () => {
    const todas = await db
      .select({ orden: s.reincorporaciones.id, alumno: s.reincorporaciones.alumnoId })
      .from(s.reincorporaciones)
      .where(
        and(
          gte(s.reincorporaciones.fecha, `${ciclo}-01-01`),
          lte(s.reincorporaciones.fecha, `${ciclo}-12-31`),
        ),
      );
    expect(todas.length).toBeGreaterThan(2);
    const jefe = await (
      await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor)
    ).reincorporaciones.listar();
    expect(jefe.items.map((i) => i.orden).sort((a, b) => a - b)).toEqual(
      todas.map((t) => t.orden).sort((a, b) => a - b),
    );
    const fechas = jefe.items.map((i) => i.fecha);
    expect(fechas).toEqual([...fechas].sort().reverse());

    const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const suyos = new Set(
      (
        await db
          .select({ id: s.alumnosCursos.alumnoId })
          .from(s.alumnosCursos)
          .innerJoin(
            s.preceptoresCursos,
            and(
              eq(s.preceptoresCursos.cursoId, s.alumnosCursos.cursoId),
              eq(s.preceptoresCursos.ciclolectivo, s.alumnosCursos.ciclolectivo),
            ),
          )
          .where(
            and(
              eq(s.preceptoresCursos.usuarioId, preceptor),
              eq(s.alumnosCursos.ciclolectivo, ciclo),
            ),
          )
      ).map((f) => f.id),
    );
    const delPreceptor = await (
      await como(EMAIL_DEMO.preceptor, Rol.Preceptor)
    ).reincorporaciones.listar();
    const esperadas = todas
      .filter((t) => suyos.has(t.alumno))
      .map((t) => t.orden)
      .sort((a, b) => a - b);
    expect(esperadas.length).toBeGreaterThan(0);
    expect(esperadas.length).toBeLessThan(todas.length);
    expect(delPreceptor.items.map((i) => i.orden).sort((a, b) => a - b)).toEqual(esperadas);
    expect(delPreceptor.total).toBeNull();
  });
});

describe('REST', () => {
  async function pedir(metodo: string, camino: string, email: string | null, rol?: number) {
    return pedirRest<never>(metodo, camino, { db, email, rol, ciclo });
  }

  test('POST /api/reincorporar/{alumno}/{cantidad} y GET /api/reincorporaciones[/{id}]', async () => {
    const [alumno] = await alumnosDe(await cursoPorAnio(3, 3));
    const ok = await pedir('POST', `/api/reincorporar/${alumno}/1.5`, EMAIL_DEMO.jefePreceptores);
    expect(ok.status).toBe(200);
    expect((ok.body as { reincorporacion: { cantidad: number } }).reincorporacion.cantidad).toBe(
      1.5,
    );
    expect(
      await pedir('POST', `/api/reincorporar/${alumno}/0`, EMAIL_DEMO.jefePreceptores),
    ).toEqual({
      status: 400,
      body: { error: true, message: ERROR_CANTIDAD },
    });
    expect(
      (await pedir('POST', `/api/reincorporar/${alumno}/1`, EMAIL_DEMO.preceptor)).status,
    ).toBe(403);
    const lista = await pedir('GET', `/api/reincorporaciones/${alumno}`, EMAIL_DEMO.regente);
    expect(lista.status).toBe(200);
    const sumadas = await db
      .select({ cantidad: s.reincorporaciones.cantidad })
      .from(s.reincorporaciones)
      .where(inArray(s.reincorporaciones.alumnoId, [alumno!]));
    expect((lista.body as { total: number }).total).toBe(
      sumadas.reduce((t, r) => t + r.cantidad, 0),
    );
    expect((await pedir('GET', `/api/reincorporaciones/${alumno}`, EMAIL_DEMO.alumno)).status).toBe(
      403,
    );
    expect(
      (await pedir('GET', '/api/reincorporaciones?anio=2021', EMAIL_DEMO.alumno)).body,
    ).toMatchObject({ anio: 2021, items: [], total: 0 });
  });
});
