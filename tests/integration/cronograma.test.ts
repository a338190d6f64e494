/**
 * Cronograma (issue 14 §4, §5, §7; spec 01 §3 Logbook entry, §6, §7): el libro de temas de las
 * clases pasadas (el docente escribe en los suyos, el jefe de departamento lee, dos pestañas no
 * se pisan), las fechas que no son clase o son futuras, y los detalles del cursado.
 */
import { and, count, eq } from 'drizzle-orm';
import { fechasDeClase } from '@/domain/cronograma';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import {
  CLASE_FUTURA,
  NO_ES_CLASE,
  TEMAS_CAMBIADOS,
} from '@/server/api/routers/cronograma/service';
import {
  PLANIFICACION_CAMBIADA,
  PLANIFICACION_INEXISTENTE,
  YA_TIENE_PLANIFICACION,
} from '@/server/api/routers/cronograma/planificaciones';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

/** Un día fijo del año lectivo (lunes): hay clases pasadas y futuras. */
const ciclo = 2026;
const hoy = '2026-06-15';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const docente = () => como(EMAIL_DEMO.docente, Rol.Docente);
let cursado = 0;
let ajeno = 0;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  const yo = await idDeUsuario(db, EMAIL_DEMO.docente);
  const [propio] = await db
    .select({ id: s.cursadosDocentes.cursadoId })
    .from(s.cursadosDocentes)
    .where(eq(s.cursadosDocentes.usuarioId, yo))
    .orderBy(s.cursadosDocentes.cursadoId)
    .limit(1);
  cursado = propio!.id;
  const [otro] = await db
    .select({ id: s.cursados.id })
    .from(s.cursados)
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(s.cursados.id)
    .limit(1);
  ajeno = otro!.id === cursado ? otro!.id + 1 : otro!.id;
});
afterAll(() => c?.cerrar());

describe('los cursados y las pestañas', () => {
  test('el docente ve los suyos y escribe; el regente ve todos, sólo detalles', async () => {
    const d = await (await docente()).cronograma.cursados();
    expect(d).toMatchObject({ pestanas: ['clases', 'planificacion', 'detalles'], edita: true });
    expect(d.cursados.map((x) => x.cursadoId)).toContain(cursado);
    expect(d.cursados.length).toBe(4);
    const r = await (await como(EMAIL_DEMO.regente, Rol.Regente)).cronograma.cursados();
    expect(r.pestanas).toEqual(['detalles']);
    expect(r.cursados.length).toBeGreaterThan(100);
  });
});

describe('el libro de temas', () => {
  test('las clases son los días del horario; las pasadas llevan temas', async () => {
    const l = await (await docente()).cronograma.libro({ cursado });
    const dias = await db
      .selectDistinct({ dia: s.horarios.dia })
      .from(s.horarios)
      .where(eq(s.horarios.cursadoId, cursado));
    expect(l.clases.map((x) => x.fecha)).toEqual(
      fechasDeClase(
        ciclo,
        dias.map((d) => d.dia),
        new Set(
          (
            await db
              .select({ fecha: s.calendario.fecha })
              .from(s.calendario)
              .where(eq(s.calendario.area, 'restriccion'))
          ).map((f) => f.fecha),
        ),
      ),
    );
    expect(l.puedeEscribir).toBe(true);
    expect(l.clases.some((x) => x.pasada)).toBe(true);
    expect(l.clases.some((x) => !x.pasada)).toBe(true);
    expect(l.clases.every((x) => x.pasada === x.fecha <= hoy)).toBe(true);
  });

  test('escribir, corregir y vaciar una clase pasada; auditado', async () => {
    const d = await docente();
    const { clases } = await d.cronograma.libro({ cursado });
    const pasada = clases.filter((x) => x.pasada).at(-1)!.fecha;
    expect(
      await d.cronograma.escribir({ cursado, fecha: pasada, texto: 'Fracciones', anterior: null }),
    ).toEqual({ cursado, fecha: pasada, texto: 'Fracciones' });
    await d.cronograma.escribir({
      cursado,
      fecha: pasada,
      texto: 'Fracciones equivalentes',
      anterior: 'Fracciones',
    });
    const despues = (await d.cronograma.libro({ cursado })).clases.find((x) => x.fecha === pasada)!;
    expect(despues).toMatchObject({ texto: 'Fracciones equivalentes', autor: expect.any(String) });
    // Otra pestaña con lo de antes: 409 y no pisa.
    expect(
      await fallo(
        d.cronograma.escribir({
          cursado,
          fecha: pasada,
          texto: 'Otra cosa',
          anterior: 'Fracciones',
        }),
      ),
    ).toEqual({ status: 409, message: TEMAS_CAMBIADOS });
    // Vaciar borra la entrada.
    await d.cronograma.escribir({
      cursado,
      fecha: pasada,
      texto: '',
      anterior: 'Fracciones equivalentes',
    });
    const [n] = await db
      .select({ n: count() })
      .from(s.libroTemas)
      .where(and(eq(s.libroTemas.cursadoId, cursado), eq(s.libroTemas.fecha, pasada)));
    expect(n!.n).toBe(0);
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(eq(s.auditoria.entidad, 'libro_temas'));
    expect(aud!.n).toBe(3);
  });

  test('una clase futura, un día sin clase, un cursado ajeno: rechazados y nada escrito', async () => {
    const d = await docente();
    const { clases } = await d.cronograma.libro({ cursado });
    const futura = clases.find((x) => !x.pasada)!.fecha;
    const antes = (await db.select({ n: count() }).from(s.libroTemas))[0]!.n;
    expect(
      await fallo(d.cronograma.escribir({ cursado, fecha: futura, texto: 'x', anterior: null })),
    ).toEqual({ status: 400, message: CLASE_FUTURA });
    const domingo = '2026-06-14';
    expect(
      await fallo(d.cronograma.escribir({ cursado, fecha: domingo, texto: 'x', anterior: null })),
    ).toEqual({ status: 400, message: NO_ES_CLASE });
    expect(
      await codigoDe(
        d.cronograma.escribir({ cursado: ajeno, fecha: hoy, texto: 'x', anterior: null }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await fallo(
        d.cronograma.escribir({ cursado, fecha: '2026-02-30', texto: 'x', anterior: null }),
      ),
    ).toMatchObject({ status: 400 });
    expect((await db.select({ n: count() }).from(s.libroTemas))[0]!.n).toBe(antes);
  });

  test('el jefe de departamento lee sin escribir; el preceptor no entra', async () => {
    const j = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
    const l = await j.cronograma.libro({ cursado });
    expect(l.puedeEscribir).toBe(false);
    expect(
      await codigoDe(j.cronograma.escribir({ cursado, fecha: hoy, texto: 'x', anterior: null })),
    ).toBe('FORBIDDEN');
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(await codigoDe(p.cronograma.libro({ cursado }))).toBe('FORBIDDEN');
  });

  test('un cursado con temas en el libro no se borra', async () => {
    const d = await docente();
    const pasada = (await d.cronograma.libro({ cursado })).clases.find((x) => x.pasada)!.fecha;
    await d.cronograma.escribir({ cursado, fecha: pasada, texto: 'Repaso', anterior: null });
    const r = await fallo(
      (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).cursados.borrar({ id: cursado }),
    );
    expect(r.status).toBe(409);
    expect(r.message).toMatch(/clases? en el libro de temas/);
  });
});

describe('planificaciones', () => {
  test('crear, editar con la versión, compartir y que otro cursado la elija una sola vez', async () => {
    const d = await docente();
    const mios = (await d.cronograma.cursados()).cursados.map((x) => x.cursadoId);
    const otro = mios.find((x) => x !== cursado)!;
    const vacia = await d.cronograma.planificacion({ cursado });
    expect(vacia.planificacion).toBeNull();
    const materia = vacia.cursado.materias[0]!.orden;
    const creada = await d.cronograma.guardarPlanificacion({
      cursado,
      materias: [materia],
      items: [
        { itemNumber: 2, texto: 'Ecuaciones' },
        { itemNumber: 1, texto: 'Números racionales' },
      ],
      version: null,
    });
    expect(creada.planificacion).toMatchObject({
      version: 1,
      publicado: false,
      materias: [materia],
      entradas: [
        { itemNumber: 1, texto: 'Números racionales' },
        { itemNumber: 2, texto: 'Ecuaciones' },
      ],
      usuarioAutor: { apellido: expect.any(String) },
      cursadoOrigen: { cursadoId: cursado },
    });
    const v2 = await d.cronograma.guardarPlanificacion({
      cursado,
      materias: [materia],
      items: [{ itemNumber: 1, texto: 'Números racionales y proporcionalidad' }],
      version: 1,
    });
    expect(v2.planificacion!.version).toBe(2);
    // Otra pestaña con la versión 1: 409, nada se pisa.
    expect(
      await fallo(
        d.cronograma.guardarPlanificacion({
          cursado,
          materias: [],
          items: [{ itemNumber: 1, texto: 'x' }],
          version: 1,
        }),
      ),
    ).toEqual({ status: 409, message: PLANIFICACION_CAMBIADA });
    // Una materia que no es del cursado, ítems vacíos o repetidos: 400.
    for (const mal of [
      { materias: [999_999], items: [{ itemNumber: 1, texto: 'x' }] },
      { materias: [], items: [] },
      { materias: [], items: [{ itemNumber: 1, texto: '  ' }] },
      {
        materias: [],
        items: [
          { itemNumber: 1, texto: 'a' },
          { itemNumber: 1, texto: 'b' },
        ],
      },
    ])
      expect(
        await fallo(d.cronograma.guardarPlanificacion({ cursado, version: 2, ...mal })),
      ).toMatchObject({ status: 400 });

    // El otro cursado del docente la ve (es suya) y la elige: una copia; elegir otra vez, 409.
    expect(
      (await d.cronograma.planificaciones({ cursado: otro })).map((x) => x.planificacionId),
    ).toContain(creada.planificacion!.planificacionId);
    const elegida = await d.cronograma.importar({
      cursado: otro,
      plan: creada.planificacion!.planificacionId,
    });
    expect(elegida.planificacion).toMatchObject({
      importadaDe: creada.planificacion!.planificacionId,
      entradas: [{ itemNumber: 1, texto: 'Números racionales y proporcionalidad' }],
      // El origen de una elegida es el cursado de la planificación de la que se copió.
      cursadoOrigen: { cursadoId: cursado },
    });
    expect(
      await fallo(
        d.cronograma.importar({ cursado: otro, plan: creada.planificacion!.planificacionId }),
      ),
    ).toEqual({ status: 409, message: YA_TIENE_PLANIFICACION });

    // Compartirla la publica; el jefe de departamento la lee pero no la edita.
    expect(await d.cronograma.exportar({ cursado })).toMatchObject({ publicado: true });
    const j = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
    expect((await j.cronograma.planificacion({ cursado })).puedeEditar).toBe(false);
    expect(
      await codigoDe(
        j.cronograma.guardarPlanificacion({
          cursado,
          materias: [],
          items: [{ itemNumber: 1, texto: 'x' }],
          version: 2,
        }),
      ),
    ).toBe('FORBIDDEN');
    // Una planificación que no es elegible: 404.
    expect(await fallo(d.cronograma.importar({ cursado, plan: 999_999 }))).toEqual({
      status: 404,
      message: PLANIFICACION_INEXISTENTE,
    });
  });
});

describe('los detalles del cursado', () => {
  test('el docente los escribe; el regente los lee; vacío es null; REST', async () => {
    const d = await docente();
    expect(
      await d.cronograma.guardarDetalles({
        id: cursado,
        texto: 'Trabajos prácticos y dos evaluaciones por trimestre.',
      }),
    ).toEqual({
      cursadoId: cursado,
      detalles: 'Trabajos prácticos y dos evaluaciones por trimestre.',
    });
    const r = await (
      await como(EMAIL_DEMO.regente, Rol.Regente)
    ).cronograma.detalles({ id: cursado });
    expect(r).toMatchObject({
      detalles: 'Trabajos prácticos y dos evaluaciones por trimestre.',
      puedeEditar: false,
    });
    const rest = await pedirRest(
      'PUT',
      `/api/cursados/${cursado}/detalles`,
      { db, email: EMAIL_DEMO.docente, rol: Rol.Docente, ciclo, hoy },
      { texto: '   ' },
    );
    expect(rest).toMatchObject({ status: 200, body: { detalles: null } });
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.regente, Rol.Regente)).cronograma.guardarDetalles({
          id: cursado,
          texto: 'x',
        }),
      ),
    ).toBe('FORBIDDEN');
    expect(await codigoDe(d.cronograma.guardarDetalles({ id: ajeno, texto: 'x' }))).toBe(
      'FORBIDDEN',
    );
  });
});
