/**
 * Calendario escolar (spec 02 §2, §3 Calendar date, §4, §7, §9; DESIGN §5, §6, §7): las fechas
 * de un año, el guardado por área de nuevas y borradas en una transacción auditada, los tipos de
 * cada área con mensajes en castellano (y nada escrito si la entrada es mala), quién puede llamar
 * y el contrato REST. Lo esperado sale de consultas propias a la base sembrada.
 */
import { momentoEscolar } from '@/server/reloj';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { GRILLAS_CALENDARIO, TIPOS_POR_AREA, type AreaCalendario } from '@/domain/calendario';

import { Rol } from '@/domain/roles';
import { NO_AUTORIZADO, type Contexto } from '@/server/api/trpc';
import { MENSAJE_AREA, MENSAJE_FECHA } from '@/server/api/routers/calendario/schemas';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { encontrarRuta } from '@/server/api/rest';
import { errorDe, mensajeDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
/** Un año sin fechas sembradas: cada prueba que escribe usa su propio mes para no pisarse. */
const futuro = ciclo + 1;
const f = (mes: number, dia: number, anio = futuro) =>
  `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number, extra: Partial<Contexto> = {}) =>
  callerComo(db, email, rol, { ciclo, ip: '10.9.8.7', ...extra });
const admin = () => como(EMAIL_DEMO.admin, Rol.Admin);
const regente = () => como(EMAIL_DEMO.regente, Rol.Regente);
const alumnado = () => como(EMAIL_DEMO.alumnado, Rol.Alumnado);

/** Las filas crudas de la tabla (tipo '' para las áreas sin tipo). */
async function filas(area?: string) {
  return db
    .select({ fecha: s.calendario.fecha, tipo: s.calendario.tipo, area: s.calendario.area })
    .from(s.calendario)
    .where(area ? eq(s.calendario.area, area) : undefined)
    .orderBy(asc(s.calendario.fecha), asc(s.calendario.area), asc(s.calendario.tipo));
}

async function contar() {
  const [cal] = await db.select({ n: count() }).from(s.calendario);
  const [aud] = await db.select({ n: count() }).from(s.auditoria);
  return { calendario: cal!.n, auditoria: aud!.n };
}

async function ultimaAuditoria() {
  const [a] = await db
    .select()
    .from(s.auditoria)
    .where(eq(s.auditoria.entidad, 'calendario'))
    .orderBy(desc(s.auditoria.id))
    .limit(1);
  return a;
}

describe('calendario.anio (GET /calendario/{year})', () => {
  test('devuelve todas las fechas sembradas del año, ordenadas, como { fecha, tipo, area }', async () => {
    const r = await (await alumnado()).calendario.anio({ anio: ciclo });
    const esperado = (await filas()).filter((x) => x.fecha.startsWith(`${ciclo}-`));
    expect(esperado.length).toBeGreaterThanOrEqual(12);
    expect(r).toEqual(esperado.map((x) => ({ ...x, tipo: x.tipo || null })));
    // Ordenadas por fecha (y cada elemento sólo con las tres claves).
    expect(r.map((x) => x.fecha)).toEqual([...r.map((x) => x.fecha)].sort());
    for (const x of r) expect(Object.keys(x).sort()).toEqual(['area', 'fecha', 'tipo']);
    // Los períodos de notas que usan las planillas (2° cuatrimestre).
    expect(r).toEqual(
      expect.arrayContaining([
        { fecha: f(11, 9, ciclo), tipo: 'apertura', area: 'nota' },
        { fecha: f(11, 27, ciclo), tipo: 'cierre', area: 'nota' },
        { fecha: f(12, 4, ciclo), tipo: 'publicacion', area: 'nota' },
      ]),
    );
  });

  test('un año sin fechas responde una lista vacía; un año fuera de rango, un mensaje claro', async () => {
    const caller = await admin();
    expect(await caller.calendario.anio({ anio: 2021 })).toEqual([]);
    const e = await errorDe(caller.calendario.anio({ anio: 1999 }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensajeDe(e)).toBe(`El año debe estar entre 2021 y ${ciclo + 1}.`);
    expect(mensajeDe(await errorDe(caller.calendario.anio({ anio: 'dos mil' as never })))).toBe(
      'El año debe ser un número.',
    );
  });
});

describe('calendario.guardar (POST /calendario/save/{area})', () => {
  test('agrega y borra en una sola llamada; devuelve el año y deja una auditoría con antes y después', async () => {
    const caller = await regente();
    await caller.calendario.guardar({
      area: 'avance',
      nuevas: [
        { fecha: f(3, 2), tipo: 'apertura' },
        { fecha: f(3, 13), tipo: 'cierre' },
      ],
      borradas: [],
    });
    const antes = await contar();
    const r = await caller.calendario.guardar({
      area: 'avance',
      nuevas: [{ fecha: f(3, 20), tipo: 'publicacion' }],
      borradas: [{ fecha: f(3, 13), tipo: 'cierre' }],
    });
    expect(r).toEqual([
      { fecha: f(3, 2), tipo: 'apertura', area: 'avance' },
      { fecha: f(3, 20), tipo: 'publicacion', area: 'avance' },
    ]);
    expect((await filas('avance')).filter((x) => x.fecha.startsWith(`${futuro}-03`))).toEqual([
      { fecha: f(3, 2), tipo: 'apertura', area: 'avance' },
      { fecha: f(3, 20), tipo: 'publicacion', area: 'avance' },
    ]);
    // Una fila agregada, una borrada y una entrada de auditoría.
    expect(await contar()).toEqual({
      calendario: antes.calendario,
      auditoria: antes.auditoria + 1,
    });
    const a = await ultimaAuditoria();
    expect(a).toMatchObject({
      usuarioId: await idDeUsuario(db, EMAIL_DEMO.regente),
      rol: Rol.Regente,
      accion: 'guardar',
      entidad: 'calendario',
      entidadId: 'avance',
      ip: '10.9.8.7',
    });
    expect(a!.antes).toEqual({
      area: 'avance',
      anios: [futuro],
      fechas: [
        { fecha: f(3, 2), tipo: 'apertura' },
        { fecha: f(3, 13), tipo: 'cierre' },
      ],
    });
    expect(a!.despues).toEqual({
      area: 'avance',
      anios: [futuro],
      fechas: [
        { fecha: f(3, 2), tipo: 'apertura' },
        { fecha: f(3, 20), tipo: 'publicacion' },
      ],
      agregadas: [{ fecha: f(3, 20), tipo: 'publicacion' }],
      borradas: [{ fecha: f(3, 13), tipo: 'cierre' }],
    });
  });

  test('restriccion y jcd no llevan tipo: se guardan con tipo vacío y vuelven como null', async () => {
    const caller = await admin();
    const r = await caller.calendario.guardar({
      area: 'jcd',
      nuevas: [{ fecha: f(4, 17), tipo: null }],
      borradas: [],
    });
    expect(r).toContainEqual({ fecha: f(4, 17), tipo: null, area: 'jcd' });
    expect(await filas('jcd')).toEqual([{ fecha: f(4, 17), tipo: '', area: 'jcd' }]);
    // Otra vez la misma (con '' o sin tipo): no se repite ni se audita de nuevo.
    const antes = await contar();
    await caller.calendario.guardar({
      area: 'jcd',
      nuevas: [{ fecha: f(4, 17), tipo: '' as never }, { fecha: f(4, 17) } as never],
      borradas: [],
    });
    expect(await contar()).toEqual(antes);
    // Restricciones: también sin tipo; la misma fecha en otra área es otra fila.
    await caller.calendario.guardar({
      area: 'restriccion',
      nuevas: [{ fecha: f(4, 17), tipo: null }],
      borradas: [],
    });
    const anio = await caller.calendario.anio({ anio: futuro });
    expect(anio.filter((x) => x.fecha === f(4, 17))).toEqual([
      { fecha: f(4, 17), tipo: null, area: 'jcd' },
      { fecha: f(4, 17), tipo: null, area: 'restriccion' },
    ]);
    // Se borra por área: borrar la de jcd deja la de restriccion.
    await caller.calendario.guardar({
      area: 'jcd',
      nuevas: [],
      borradas: [{ fecha: f(4, 17), tipo: null }],
    });
    expect(await filas('jcd')).toEqual([]);
    // (la semilla trae además los feriados del ciclo en curso como restricciones)
    expect((await filas('restriccion')).filter((x) => x.fecha === f(4, 17))).toEqual([
      { fecha: f(4, 17), tipo: '', area: 'restriccion' },
    ]);
  });

  test('cada área acepta sus tipos (spec 02 §9), incluidos los de PIC del área nota', async () => {
    const caller = await alumnado();
    const nuevas = GRILLAS_CALENDARIO.map((g, i) => ({ ...g, fecha: f(5, i + 1) }));
    for (const g of nuevas) {
      await caller.calendario.guardar({
        area: g.area,
        nuevas: [{ fecha: g.fecha, tipo: g.tipo }],
        borradas: [],
      });
    }
    const mayo = (await caller.calendario.anio({ anio: futuro })).filter((x) =>
      x.fecha.startsWith(`${futuro}-05`),
    );
    expect(mayo).toEqual(nuevas.map((g) => ({ fecha: g.fecha, tipo: g.tipo, area: g.area })));
  });

  test('lo que ya estaba no se repite y lo que no estaba no cuenta; sin cambios no se audita', async () => {
    const caller = await admin();
    await caller.calendario.guardar({
      area: 'pic',
      nuevas: [{ fecha: f(6, 1), tipo: 'evaluacion' }],
      borradas: [],
    });
    const antes = await contar();
    const r = await caller.calendario.guardar({
      area: 'pic',
      nuevas: [{ fecha: f(6, 1), tipo: 'evaluacion' }],
      borradas: [{ fecha: f(6, 2), tipo: 'descanso' }],
    });
    expect(r.filter((x) => x.area === 'pic' && x.fecha.startsWith(`${futuro}-06`))).toEqual([
      { fecha: f(6, 1), tipo: 'evaluacion', area: 'pic' },
    ]);
    expect(await contar()).toEqual(antes);
    // Sin fechas: devuelve el año pedido sin escribir.
    expect(
      await caller.calendario.guardar({ area: 'pic', nuevas: [], borradas: [], anio: ciclo }),
    ).toEqual(await caller.calendario.anio({ anio: ciclo }));
    expect(await contar()).toEqual(antes);
  });

  test('borrar una fecha de otro tipo u otra área no toca la guardada', async () => {
    const caller = await admin();
    await caller.calendario.guardar({
      area: 'nota',
      nuevas: [{ fecha: f(7, 6), tipo: 'cierre_pic' }],
      borradas: [],
    });
    const antes = await contar();
    await caller.calendario.guardar({
      area: 'nota',
      nuevas: [],
      borradas: [{ fecha: f(7, 6), tipo: 'cierre' }],
    });
    await caller.calendario.guardar({
      area: 'avance',
      nuevas: [],
      borradas: [{ fecha: f(7, 6), tipo: 'cierre' }],
    });
    expect(await contar()).toEqual(antes);
    expect((await filas('nota')).filter((x) => x.fecha === f(7, 6))).toEqual([
      { fecha: f(7, 6), tipo: 'cierre_pic', area: 'nota' },
    ]);
  });

  describe('entrada inválida: mensaje en castellano y nada escrito', () => {
    const casos: [string, unknown, string][] = [
      [
        'área desconocida',
        { area: 'feriados', nuevas: [{ fecha: f(8, 3), tipo: null }], borradas: [] },
        MENSAJE_AREA,
      ],
      [
        'tipo de otra área',
        { area: 'nota', nuevas: [{ fecha: f(8, 3), tipo: 'evaluacion' }], borradas: [] },
        'El tipo "evaluacion" no corresponde al área nota: use apertura, cierre, publicacion, apertura_pic, cierre_pic o publicacion_pic.',
      ],
      [
        'tipo inexistente en una borrada',
        { area: 'pic', nuevas: [], borradas: [{ fecha: f(8, 3), tipo: 'feriado' }] },
        'El tipo "feriado" no corresponde al área pic: use evaluacion o descanso.',
      ],
      [
        'área con tipos sin tipo',
        { area: 'avance', nuevas: [{ fecha: f(8, 3), tipo: null }], borradas: [] },
        'Las fechas del área avance necesitan un tipo: apertura, cierre o publicacion.',
      ],
      [
        'jcd con tipo',
        { area: 'jcd', nuevas: [{ fecha: f(8, 3), tipo: 'apertura' }], borradas: [] },
        'Las fechas de JCD (jcd) no llevan tipo: se recibió "apertura".',
      ],
      [
        'fecha que no existe',
        { area: 'avance', nuevas: [{ fecha: `${futuro}-02-30`, tipo: 'apertura' }], borradas: [] },
        MENSAJE_FECHA,
      ],
      [
        'fecha con otro formato',
        { area: 'avance', nuevas: [{ fecha: `03/08/${futuro}`, tipo: 'apertura' }], borradas: [] },
        MENSAJE_FECHA,
      ],
      [
        'fecha fuera de los años del calendario',
        { area: 'avance', nuevas: [{ fecha: '1990-03-05', tipo: 'apertura' }], borradas: [] },
        `La fecha 1990-03-05 está fuera del calendario. El año debe estar entre 2021 y ${ciclo + 1}.`,
      ],
      [
        'la misma fecha nueva y borrada',
        {
          area: 'avance',
          nuevas: [{ fecha: f(8, 3), tipo: 'apertura' }],
          borradas: [{ fecha: f(8, 3), tipo: 'apertura' }],
        },
        `Una misma fecha no puede agregarse y borrarse a la vez: 03/08/${futuro} (apertura).`,
      ],
      [
        'nuevas que no son una lista',
        { area: 'avance', nuevas: 'hoy', borradas: [] },
        'Las fechas nuevas deben ser una lista de { fecha, tipo }.',
      ],
    ];

    test.each(casos)('%s', async (_, entrada, mensaje) => {
      const antes = await contar();
      // Una fecha válida junto a la mala: tampoco se guarda (todo o nada).
      const { area, nuevas } = entrada as { area: string; nuevas: unknown };
      const valida = { fecha: f(9, 1), tipo: TIPOS_POR_AREA[area as AreaCalendario]?.[0] ?? null };
      const conValida = Array.isArray(nuevas)
        ? { ...(entrada as object), nuevas: [valida, ...nuevas] }
        : entrada;
      const e = await errorDe((await admin()).calendario.guardar(conValida as never));
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajeDe(e)).toContain(mensaje);
      expect(await contar()).toEqual(antes);
    });
  });

  test('si la auditoría falla, no queda nada a medias (ni lo agregado ni lo borrado)', async () => {
    const caller = await admin();
    await caller.calendario.guardar({
      area: 'restriccion',
      nuevas: [{ fecha: f(12, 7), tipo: null }],
      borradas: [],
    });
    const antes = await contar();
    const restricciones = await filas('restriccion');
    // Una restricción temporal hace fallar la entrada de auditoría, que va después del INSERT y
    // del DELETE: la transacción entera se deshace.
    await db.execute(
      sql.raw(
        "alter table auditoria add constraint sin_calendario_prueba check (entidad <> 'calendario') not valid",
      ),
    );
    try {
      const e = await errorDe(
        caller.calendario.guardar({
          area: 'restriccion',
          nuevas: [{ fecha: f(12, 24), tipo: null }],
          borradas: [{ fecha: f(12, 7), tipo: null }],
        }),
      );
      expect(e.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await db.execute(sql.raw('alter table auditoria drop constraint sin_calendario_prueba'));
    }
    expect(await contar()).toEqual(antes);
    expect(await filas('restriccion')).toEqual(restricciones);
    expect(restricciones).toContainEqual({ fecha: f(12, 7), tipo: '', area: 'restriccion' });
  });
});

describe('quién puede (DESIGN §6: /calendario para Admin, Regente y Alumnado)', () => {
  test.each([
    ['Admin', EMAIL_DEMO.admin, Rol.Admin],
    ['Regente', EMAIL_DEMO.regente, Rol.Regente],
    ['Alumnado', EMAIL_DEMO.alumnado, Rol.Alumnado],
  ])('%s lee y guarda', async (_, email, rol) => {
    const caller = await como(email, rol);
    const fecha = f(10, 5 + (rol % 20));
    await caller.calendario.guardar({ area: 'jcd', nuevas: [{ fecha, tipo: null }], borradas: [] });
    expect(await caller.calendario.anio({ anio: futuro })).toContainEqual({
      fecha,
      tipo: null,
      area: 'jcd',
    });
    await caller.calendario.guardar({ area: 'jcd', nuevas: [], borradas: [{ fecha, tipo: null }] });
  });

  test.each([
    ['Docente', EMAIL_DEMO.docente, Rol.Docente],
    ['Preceptor', EMAIL_DEMO.preceptor, Rol.Preceptor],
    ['JefePreceptor', EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
    ['JefeDepartamento', EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento],
    ['Coordinador', EMAIL_DEMO.coordinador, Rol.Coordinador],
    ['Alumno', EMAIL_DEMO.alumno, Rol.Alumno],
    ['Referente', EMAIL_DEMO.referente, Rol.ReferenteParental],
  ])('%s no puede leer ni guardar (FORBIDDEN, nada escrito)', async (_, email, rol) => {
    const caller = await como(email, rol);
    const antes = await contar();
    const leer = await errorDe(caller.calendario.anio({ anio: ciclo }));
    expect(leer.code).toBe('FORBIDDEN');
    expect(leer.message).toBe(NO_AUTORIZADO);
    const guardar = await errorDe(
      caller.calendario.guardar({
        area: 'nota',
        nuevas: [],
        borradas: [{ fecha: f(11, 9, ciclo), tipo: 'apertura' }],
      }),
    );
    expect(guardar.code).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
  });
});

describe('contrato REST', () => {
  async function pedir(
    metodo: string,
    camino: string,
    email: string,
    rol: number,
    cuerpo?: unknown,
  ) {
    return pedirRest(metodo, camino, { db, email, rol, ciclo }, cuerpo);
  }

  test('GET /api/calendario/{year} responde las fechas del año', async () => {
    const r = await pedir('GET', `/api/calendario/${ciclo}`, EMAIL_DEMO.alumnado, Rol.Alumnado);
    expect(encontrarRuta('GET', `/api/calendario/${ciclo}`).ruta?.procedimiento).toBe(
      'calendario.anio',
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual(await (await alumnado()).calendario.anio({ anio: ciclo }));
    expect(r.body).toContainEqual({ fecha: f(11, 9, ciclo), tipo: 'apertura', area: 'nota' });
    expect(await pedir('GET', '/api/calendario/abc', EMAIL_DEMO.admin, Rol.Admin)).toMatchObject({
      status: 400,
      body: { error: true, message: 'El año debe ser un número.' },
    });
    expect(
      await pedir('GET', `/api/calendario/${ciclo}`, EMAIL_DEMO.docente, Rol.Docente),
    ).toMatchObject({ status: 403, body: { error: true, message: NO_AUTORIZADO } });
  });

  test('POST /api/calendario/save/{area} (nuevas, borradas) guarda; errores 400 y 403', async () => {
    const ok = await pedir(
      'POST',
      '/api/calendario/save/restriccion',
      EMAIL_DEMO.admin,
      Rol.Admin,
      { nuevas: [{ fecha: f(2, 16), tipo: null }], borradas: [] },
    );
    expect(encontrarRuta('POST', '/api/calendario/save/restriccion').ruta?.procedimiento).toBe(
      'calendario.guardar',
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toContainEqual({ fecha: f(2, 16), tipo: null, area: 'restriccion' });
    const quitar = await pedir(
      'POST',
      '/api/calendario/save/restriccion',
      EMAIL_DEMO.admin,
      Rol.Admin,
      { nuevas: [], borradas: [{ fecha: f(2, 16) }] },
    );
    expect(quitar.status).toBe(200);
    expect(quitar.body).not.toContainEqual({ fecha: f(2, 16), tipo: null, area: 'restriccion' });

    const antes = await contar();
    expect(
      await pedir('POST', '/api/calendario/save/feriados', EMAIL_DEMO.admin, Rol.Admin, {
        nuevas: [{ fecha: f(2, 16), tipo: null }],
      }),
    ).toMatchObject({ status: 400, body: { error: true, message: MENSAJE_AREA } });
    expect(
      await pedir('POST', '/api/calendario/save/avance', EMAIL_DEMO.admin, Rol.Admin, {
        nuevas: [{ fecha: '2026-13-01', tipo: 'apertura' }],
      }),
    ).toMatchObject({ status: 400, body: { error: true, message: MENSAJE_FECHA } });
    expect(
      await pedir('POST', '/api/calendario/save/jcd', EMAIL_DEMO.preceptor, Rol.Preceptor, {
        nuevas: [{ fecha: f(2, 16), tipo: null }],
      }),
    ).toMatchObject({ status: 403, body: { error: true, message: NO_AUTORIZADO } });
    expect(await contar()).toEqual(antes);
    // Otro método en la misma ruta: 405.
    expect(
      (await pedir('GET', '/api/calendario/save/jcd', EMAIL_DEMO.admin, Rol.Admin)).status,
    ).toBe(405);
  });
});
