/**
 * Avances (issue 15; spec 01 §2, §4, §6, §7): las instancias del calendario, la planilla del
 * docente (guardar con `anterior`, 409, cerrar), el jefe de departamento que sólo cierra, el
 * regente que lee, los rechazos (tipo desconocido, alumno ajeno, cursado ajeno, planilla cerrada,
 * instancia publicada) sin escribir nada, dos guardados a la vez y la vista de alumnos y
 * referentes (sólo planillas cerradas). La demostración tiene instancias el 15/5 (publicada el
 * 22/5) y el 2/10 (de la apertura del 21/9 a la publicación del 9/10).
 */
import { count, eq } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { codigoDe, fallo } from '../fixtures/errores';

const ciclo = 2026;
const INSTANCIA = '2026-10-02';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number, hoy = '2026-09-25') =>
  callerComo(db, email, rol, { ciclo, hoy });
const docente = (hoy?: string) => como(EMAIL_DEMO.docente, Rol.Docente, hoy);
/** Un cursado del docente con alumnos, y sus dos primeros alumnos. */
const ids = { cursado: 0, a1: 0, a2: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, '2026-09-25');
  db = c.db;
  const d = await docente();
  const { cursados } = await d.avances.cursados({ fecha: INSTANCIA });
  const conAlumnos = cursados.find((x) => x.inscriptos >= 2)!;
  ids.cursado = conAlumnos.cursadoId;
  const p = await d.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
  ids.a1 = p.alumnos[0]!.alumnoId;
  ids.a2 = p.alumnos[1]!.alumnoId;
});
afterAll(() => c?.cerrar());

const filas = async () => (await db.select({ n: count() }).from(s.avances))[0]!.n;

describe('instancias', () => {
  test('del calendario: la abierta es la del 2/10, elegida por la fecha; la de mayo ya se publicó', async () => {
    const i = await (await docente()).avances.instancias();
    expect(i.instancias.map((x) => x.fecha)).toEqual(['2026-05-15', INSTANCIA]);
    expect(i.abiertas.map((x) => x.fecha)).toEqual([INSTANCIA]);
    expect(i.elegida).toBe(INSTANCIA);
    expect(i).toMatchObject({ modo: 'docente', conFiltro: false });
    await expect(
      (await como(EMAIL_DEMO.regente, Rol.Regente)).avances.instancias(),
    ).resolves.toMatchObject({ modo: 'lectura', conFiltro: true });
    // Después de la publicación, ninguna abierta.
    await expect((await docente('2026-10-09')).avances.instancias()).resolves.toMatchObject({
      abiertas: [],
      elegida: null,
    });
  });

  test('una fecha que no es una instancia: 404; una mal escrita: 400', async () => {
    const d = await docente();
    expect(await codigoDe(d.avances.planilla({ fecha: '2026-10-01', cursado: ids.cursado }))).toBe(
      'NOT_FOUND',
    );
    for (const fecha of ['2026-02-30', '02/10/2026', '', 'x'.repeat(10_000), '2026-10-0\u0000'])
      expect(await codigoDe(d.avances.planilla({ fecha, cursado: ids.cursado }))).toBe(
        'BAD_REQUEST',
      );
  });
});

describe('la planilla', () => {
  test('el docente guarda con lo que mostraba; un anterior viejo es 409 y no escribe nada', async () => {
    const d = await docente();
    const vacia = await d.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
    expect(vacia).toMatchObject({
      puedeEditar: true,
      puedeCerrar: true,
      cerrada: false,
      aviso: null,
    });
    expect(vacia.alumnos.every((a) => a.guardado === null)).toBe(true);

    await d.avances.guardar({
      fecha: INSTANCIA,
      cursado: ids.cursado,
      cambios: [
        {
          alumno: ids.a1,
          tipos: ['trabajos', 'evaluaciones'],
          observaciones: 'Debe el TP 3.',
          anterior: null,
        },
        { alumno: ids.a2, tipos: [], observaciones: null, anterior: null },
      ],
    });
    const p = await d.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
    expect(p.alumnos.find((a) => a.alumnoId === ids.a1)!.guardado).toEqual({
      tipos: ['evaluaciones', 'trabajos'],
      observaciones: 'Debe el TP 3.',
    });
    expect(p.alumnos.find((a) => a.alumnoId === ids.a2)!.guardado).toEqual({
      tipos: [],
      observaciones: null,
    });

    const antes = await filas();
    const viejo = await fallo(
      d.avances.guardar({
        fecha: INSTANCIA,
        cursado: ids.cursado,
        cambios: [
          { alumno: ids.a1, tipos: ['participacion'], observaciones: null, anterior: null },
        ],
      }),
    );
    expect(viejo.status).toBe(409);
    expect(viejo.message).toMatch(/^Otra persona guardó cambios en .+, .+ mientras editaba/);
    expect(await filas()).toBe(antes);

    await d.avances.guardar({
      fecha: INSTANCIA,
      cursado: ids.cursado,
      cambios: [
        {
          alumno: ids.a1,
          tipos: ['participacion'],
          observaciones: null,
          anterior: { tipos: ['trabajos', 'evaluaciones'], observaciones: 'Debe el TP 3.' },
        },
      ],
    });
  });

  test('tipo desconocido, alumno de otro cursado, cursado ajeno, duplicados: error y nada escrito', async () => {
    const d = await docente();
    const antes = await filas();
    const base = { fecha: INSTANCIA, cursado: ids.cursado };
    expect(
      await fallo(
        d.avances.guardar({
          ...base,
          cambios: [
            { alumno: ids.a1, tipos: ['nada' as 'trabajos'], observaciones: null, anterior: null },
          ],
        }),
      ),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining('Tipo de avance desconocido'),
    });
    const [ajeno] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.habilitado, true))
      .orderBy(s.alumnos.id);
    const inscriptos = (await d.avances.planilla(base)).alumnos.map((a) => a.alumnoId);
    const fuera = inscriptos.includes(ajeno!.id) ? 2_000_000_000 : ajeno!.id;
    expect(
      await fallo(
        d.avances.guardar({
          ...base,
          cambios: [
            {
              alumno: ids.a2,
              tipos: ['trabajos'],
              observaciones: null,
              anterior: { tipos: [], observaciones: null },
            },
            { alumno: fuera, tipos: [], observaciones: null, anterior: null },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringContaining('no está inscripto') });
    expect(
      await codigoDe(
        d.avances.guardar({
          ...base,
          cambios: [
            { alumno: ids.a2, tipos: [], observaciones: null, anterior: null },
            { alumno: ids.a2, tipos: [], observaciones: null, anterior: null },
          ],
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codigoDe(
        d.avances.guardar({
          ...base,
          cambios: [{ alumno: ids.a2, tipos: [], observaciones: 'x'.repeat(1001), anterior: null }],
        }),
      ),
    ).toBe('BAD_REQUEST');
    // Un cursado que no es del docente.
    const regente = await como(EMAIL_DEMO.regente, Rol.Regente);
    const todos = (await regente.avances.cursados({ fecha: INSTANCIA })).cursados;
    const propios = new Set(
      (await d.avances.cursados({ fecha: INSTANCIA })).cursados.map((x) => x.cursadoId),
    );
    const otro = todos.find((x) => !propios.has(x.cursadoId))!;
    expect(await codigoDe(d.avances.planilla({ fecha: INSTANCIA, cursado: otro.cursadoId }))).toBe(
      'FORBIDDEN',
    );
    expect(
      await codigoDe(d.avances.guardar({ fecha: INSTANCIA, cursado: otro.cursadoId, cambios: [] })),
    ).toBe('FORBIDDEN');
    expect(await filas()).toBe(antes);
    // El regente lee cualquiera, pero no guarda ni cierra.
    const leida = await regente.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
    expect(leida).toMatchObject({ puedeEditar: false, puedeCerrar: false });
    expect(await codigoDe(regente.avances.cerrar({ fecha: INSTANCIA, cursado: ids.cursado }))).toBe(
      'FORBIDDEN',
    );
  });

  test('dos guardados a la vez con el mismo anterior: uno solo entra, el otro es 409', async () => {
    const d1 = await docente();
    const d2 = await docente();
    const p = await d1.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
    const a = p.alumnos.find((x) => x.alumnoId === ids.a2)!;
    const cambio = (observaciones: string) => ({
      fecha: INSTANCIA,
      cursado: ids.cursado,
      cambios: [{ alumno: ids.a2, tipos: [], observaciones, anterior: a.guardado }],
    });
    const r = await Promise.allSettled([
      d1.avances.guardar(cambio('Primera')),
      d2.avances.guardar(cambio('Segunda')),
    ]);
    expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const rechazo = r.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((rechazo.reason as { code: string }).code).toBe('CONFLICT');
  });

  test('REST: el cuerpo es la lista de dificultades (o { cambios }); un texto o un número, 400', async () => {
    const pedido = { db, email: EMAIL_DEMO.docente, rol: Rol.Docente, ciclo, hoy: '2026-09-25' };
    const camino = `/api/avances/planilla/${INSTANCIA}/${ids.cursado}`;
    const leida = await pedirRest<{ alumnos: { alumnoId: number; guardado: unknown }[] }>(
      'GET',
      camino,
      pedido,
    );
    expect(leida.status).toBe(200);
    const anterior = leida.body.alumnos.find((a) => a.alumnoId === ids.a1)!.guardado;
    const lista = [{ alumno: ids.a1, tipos: ['evaluaciones'], observaciones: null, anterior }];
    expect((await pedirRest('PUT', camino, pedido, lista)).status).toBe(200);
    const objeto = {
      cambios: [
        {
          alumno: ids.a1,
          tipos: ['participacion'],
          observaciones: null,
          anterior: { tipos: ['evaluaciones'], observaciones: null },
        },
      ],
    };
    expect((await pedirRest('PUT', camino, pedido, objeto)).status).toBe(200);
    for (const malo of ['texto', 5, null, [[1]], { cambios: 'x' }])
      expect((await pedirRest('PUT', camino, pedido, malo)).status).toBe(400);
    const cerrar = await pedirRest(
      'PUT',
      `/api/avances/planilla/cerrar/2026-10-01/${ids.cursado}`,
      pedido,
    );
    expect(cerrar.status).toBe(404);
  });

  test('pasada la fecha, la planilla abierta avisa; el jefe de departamento la cierra y nadie la edita', async () => {
    const tarde = await docente('2026-10-05');
    const p = await tarde.avances.planilla({ fecha: INSTANCIA, cursado: ids.cursado });
    expect(p.aviso).toContain('quedó abierta');
    const jefe = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento, '2026-10-05');
    const suyos = (await jefe.avances.cursados({ fecha: INSTANCIA, soloAbiertas: true })).cursados;
    expect(suyos.length).toBeGreaterThan(0);
    expect(suyos.every((x) => x.estado !== 'cerrada' && x.quedoAbierta)).toBe(true);
    const delJefe = suyos[0]!.cursadoId;
    const vista = await jefe.avances.planilla({ fecha: INSTANCIA, cursado: delJefe });
    expect(vista).toMatchObject({ puedeEditar: false, puedeCerrar: true });
    await jefe.avances.cerrar({ fecha: INSTANCIA, cursado: delJefe });
    expect(
      (await jefe.avances.cursados({ fecha: INSTANCIA, soloAbiertas: true })).cursados.map(
        (x) => x.cursadoId,
      ),
    ).not.toContain(delJefe);
    expect(await fallo(jefe.avances.cerrar({ fecha: INSTANCIA, cursado: delJefe }))).toMatchObject({
      status: 412,
      message: 'La planilla de avances está cerrada: no se puede modificar.',
    });

    // El docente cierra la suya; cerrada, no se guarda nada más.
    await tarde.avances.cerrar({ fecha: INSTANCIA, cursado: ids.cursado });
    const antes = await filas();
    expect(
      await fallo(
        tarde.avances.guardar({
          fecha: INSTANCIA,
          cursado: ids.cursado,
          cambios: [{ alumno: ids.a1, tipos: [], observaciones: null, anterior: null }],
        }),
      ),
    ).toMatchObject({ status: 412 });
    expect(await filas()).toBe(antes);
  });

  test('publicada la instancia, una planilla abierta ya no se edita', async () => {
    const d = await docente('2026-10-09');
    const { cursados } = await d.avances.cursados({ fecha: INSTANCIA });
    const abierta = cursados.find((x) => x.estado !== 'cerrada')!;
    expect(
      await fallo(d.avances.guardar({ fecha: INSTANCIA, cursado: abierta.cursadoId, cambios: [] })),
    ).toEqual({ status: 412, message: 'La instancia de avances no está abierta.' });
  });
});

describe('alumnos y referentes: sólo las planillas cerradas', () => {
  test('el alumno de la planilla cerrada ve sus tipos; otra familia no ve a ese alumno', async () => {
    const a = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const vista = await a.avances.delAlumno({ alumno: ids.a1 });
    const fecha = vista.fechas.find((f) => f.fecha === INSTANCIA)!;
    const materia = fecha.materias.find((m) => m.cursadoId === ids.cursado)!;
    expect(materia).toMatchObject({
      tipos: ['Falta de Participación'],
      sinObservaciones: false,
    });
    expect(vista.fechas.map((f) => f.fecha)).toEqual(['2026-05-15', INSTANCIA]);
    // La demostración cerró casi todas las planillas de mayo (una de cada diez quedó abierta).
    const mayo = await db
      .select({ cerrada: s.avancesPlanillas.cerrada, n: count() })
      .from(s.avancesPlanillas)
      .where(eq(s.avancesPlanillas.fecha, '2026-05-15'))
      .groupBy(s.avancesPlanillas.cerrada);
    const cerradas = mayo.find((m) => m.cerrada)?.n ?? 0;
    const abiertas = mayo.find((m) => !m.cerrada)?.n ?? 0;
    expect(cerradas).toBeGreaterThan(abiertas * 5);
    expect(abiertas).toBeGreaterThan(0);
    expect(vista.fechas[0]!.materias.length).toBeGreaterThan(0);
    const otro = (await a.avances.delAlumno({ alumno: ids.a2 })).fechas
      .find((f) => f.fecha === INSTANCIA)!
      .materias.find((m) => m.cursadoId === ids.cursado)!;
    expect(otro.observaciones === 'Primera' || otro.observaciones === 'Segunda').toBe(true);
    expect(otro.tipos).toEqual(['Sin Observaciones']);

    const ref = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const hijos = (await ref.sesion.hijos()).map((h) => h.id);
    expect(hijos).not.toContain(ids.a1);
    expect(await codigoDe(ref.avances.mias({ alumno: ids.a1 }))).toBe('FORBIDDEN');
    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    expect(await codigoDe(alumno.avances.mias({ alumno: 2_000_000_000 }))).toBe('FORBIDDEN');
    expect((await alumno.avances.mias({})).anio).toBe(ciclo);
  });
});
