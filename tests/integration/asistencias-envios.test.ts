/**
 * La planilla de asistencia sin conexión, del lado del servidor (issue 36): `envio` hace el
 * guardado idempotente (un reenvío, también simultáneo, no aplica nada otra vez: ni entradas, ni
 * auditoría, ni avisos encolados) y sólo lo manda su autor; `anterior` por alumno convierte "el
 * último gana" en un conflicto (409) si otra persona cambió ese alumno, sin guardar nada de
 * ningún alumno del pedido. También por REST (409, 400 y 413 en castellano).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Circunstancia, TipoAsistencia } from '@/domain/asistencias';
import type { DetalleConflictoPlanilla } from '@/domain/asistencias-conflictos';
import { Rol } from '@/domain/roles';
import { atenderPeticion } from '@/server/api/rest';
import { atenderTrpc } from '@/server/api/trpc-http';
import { crearContexto } from '@/server/api/trpc';
import { COLAS } from '@/server/avisos/cola';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { detalleDe } from '@/server/errores';
import { momentoEscolar } from '@/server/reloj';
import { trabajosEnCola } from '../fixtures/avisos-eventos';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';
import { codigoYMensaje, errorDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const { ciclo, hoy } = momentoEscolar();
const OTRA_PERSONA =
  'Este cambio lo hizo otra persona en este teléfono: sólo esa persona puede enviarlo.';
const conflicto = (quienes: string) =>
  `Otra persona cambió la asistencia de ${quienes} mientras tanto. Nada se guardó: revise y elija qué queda.`;

let c: Conexion;
let db: Db;
let idPreceptor: number;
let idJefe: number;
let curso: number;
let lista: { orden: number; apellido: string; nombre: string }[];
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  idPreceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
  idJefe = await idDeUsuario(db, EMAIL_DEMO.jefePreceptores);
  const [primero] = await db
    .select({ id: s.preceptoresCursos.cursoId })
    .from(s.preceptoresCursos)
    .where(
      and(
        eq(s.preceptoresCursos.usuarioId, idPreceptor),
        eq(s.preceptoresCursos.ciclolectivo, ciclo),
      ),
    )
    .orderBy(asc(s.preceptoresCursos.cursoId));
  curso = primero!.id;
  lista = await db
    .select({ orden: s.alumnos.id, apellido: s.alumnos.apellido, nombre: s.alumnos.nombre })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
});
afterAll(() => c?.cerrar());

const preceptor = () => callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor, { ciclo });
const jefe = () => callerComo(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, { ciclo });
const nombre = (i: number) => `${lista[i]!.apellido}, ${lista[i]!.nombre}`;

/** Las entradas de esos alumnos hoy en ese turno, como las manda la pantalla en `anterior`. */
async function entradas(alumnos: number[], turno: 'Mañana' | 'Tarde') {
  return db
    .select({
      alumno: s.asistencias.alumnoId,
      orden: s.asistencias.id,
      tipo: s.asistencias.tipo,
      circunstancia: s.asistencias.circunstancia,
      justificada: s.asistencias.justificada,
      justificacion: s.asistencias.justificacion,
    })
    .from(s.asistencias)
    .where(
      and(
        inArray(s.asistencias.alumnoId, alumnos),
        eq(s.asistencias.fecha, hoy),
        eq(s.asistencias.turno, turno),
      ),
    )
    .orderBy(asc(s.asistencias.alumnoId), asc(s.asistencias.id));
}
const deAlumno = async (alumno: number, turno: 'Mañana' | 'Tarde') =>
  (await entradas([alumno], turno)).map(({ alumno: _a, ...e }) => ({
    ...e,
    tipo: e.tipo as TipoAsistencia,
    circunstancia: e.circunstancia as Circunstancia,
  }));

/** Lo que un guardado deja en la base: entradas, auditoría, avisos encolados, envíos, tomadas. */
async function huella() {
  const n = async (t: typeof s.asistencias | typeof s.auditoria | typeof s.asistenciasEnvios) =>
    (await db.select({ n: count() }).from(t))[0]!.n;
  const tomadas = await db.select().from(s.asistenciasTomadas);
  return {
    asistencias: await n(s.asistencias),
    auditoria: await n(s.auditoria),
    envios: await n(s.asistenciasEnvios),
    avisos: await trabajosEnCola(db, COLAS.evento),
    tomadas: JSON.stringify(
      tomadas.map((t) => [t.cursoId, t.fecha, t.turno, t.usuarioId, t.en.toISOString()]).sort(),
    ),
  };
}

describe('envio: idempotente por su id', () => {
  test('el mismo envío dos veces seguidas: el segundo no aplica nada (ni auditoría ni aviso) y responde repetido con la planilla', async () => {
    const a = lista[0]!.orden;
    const envio = { id: randomUUID(), autor: idPreceptor };
    const pedido = {
      curso,
      fecha: hoy,
      turno: 'Tarde' as const,
      envio,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' as const }], anterior: [] }],
    };
    const antes = await huella();
    const p = await preceptor();
    const r1 = await p.asistencias.guardarPlanilla(pedido);
    expect(r1.repetido).toBe(false);
    expect(r1.cambios).toEqual({ creadas: 1, modificadas: 0, borradas: 0 });
    const despues = await huella();
    expect(despues.asistencias).toBe(antes.asistencias + 1);
    // La entrada y la marca de tomada.
    expect(despues.auditoria).toBe(antes.auditoria + 2);
    expect(despues.avisos).toBe(antes.avisos + 1);
    expect(despues.envios).toBe(antes.envios + 1);
    const [fila] = await db
      .select()
      .from(s.asistenciasEnvios)
      .where(eq(s.asistenciasEnvios.id, envio.id));
    expect(fila).toMatchObject({
      usuarioId: idPreceptor,
      cursoId: curso,
      fecha: hoy,
      turno: 'Tarde',
    });

    const r2 = await p.asistencias.guardarPlanilla(pedido);
    expect(r2.repetido).toBe(true);
    expect(r2.cambios).toEqual({ creadas: 0, modificadas: 0, borradas: 0 });
    expect(r2.alumnos.find((x) => x.orden === a)!.entradas.map((e) => e.tipo)).toEqual(['Falta']);
    expect(await huella()).toEqual(despues);
  });

  test('cuatro envíos iguales a la vez: uno se aplica, los otros responden repetido, ninguno falla', async () => {
    const a = lista[1]!.orden;
    const envio = { id: randomUUID(), autor: idPreceptor };
    const pedido = {
      curso,
      fecha: hoy,
      turno: 'Tarde' as const,
      envio,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' as const }], anterior: [] }],
    };
    const antes = await huella();
    const callers = await Promise.all([preceptor(), preceptor(), preceptor(), preceptor()]);
    const rs = await Promise.all(callers.map((p) => p.asistencias.guardarPlanilla(pedido)));
    expect(rs.map((r) => r.repetido).sort()).toEqual([false, true, true, true]);
    expect(rs.filter((r) => !r.repetido)[0]!.cambios.creadas).toBe(1);
    for (const r of rs.filter((x) => x.repetido))
      expect(r.cambios).toEqual({ creadas: 0, modificadas: 0, borradas: 0 });
    const despues = await huella();
    expect(despues.asistencias).toBe(antes.asistencias + 1);
    expect(despues.auditoria).toBe(antes.auditoria + 2);
    expect(despues.avisos).toBe(antes.avisos + 1);
    expect(despues.envios).toBe(antes.envios + 1);
    expect((await deAlumno(a, 'Tarde')).map((e) => e.tipo)).toEqual(['Falta']);
  });

  test('un autor que no es el de la sesión, o un id que ya usó otra persona: FORBIDDEN y nada escrito', async () => {
    const a = lista[2]!.orden;
    const pedido = (id: string, autor: number) => ({
      curso,
      fecha: hoy,
      turno: 'Tarde' as const,
      envio: { id, autor },
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' as const }] }],
    });
    const antes = await huella();
    const p = await preceptor();
    expect(
      await codigoYMensaje(p.asistencias.guardarPlanilla(pedido(randomUUID(), idJefe))),
    ).toEqual({ code: 'FORBIDDEN', message: OTRA_PERSONA });
    expect(await huella()).toEqual(antes);

    // El jefe guarda con su id; el preceptor manda el mismo id como propio.
    const id = randomUUID();
    const j = await jefe();
    await j.asistencias.guardarPlanilla({ ...pedido(id, idJefe), alumnos: [] });
    const conElDelJefe = await huella();
    expect(await codigoYMensaje(p.asistencias.guardarPlanilla(pedido(id, idPreceptor)))).toEqual({
      code: 'FORBIDDEN',
      message: OTRA_PERSONA,
    });
    expect(await huella()).toEqual(conElDelJefe);
    expect(await deAlumno(a, 'Tarde')).toEqual([]);
  });

  test('el mismo id para otra planilla: 400 y nada escrito', async () => {
    const id = randomUUID();
    const p = await preceptor();
    await p.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno: 'Tarde',
      envio: { id, autor: idPreceptor },
      alumnos: [],
    });
    const antes = await huella();
    expect(
      await codigoYMensaje(
        p.asistencias.guardarPlanilla({
          curso,
          fecha: hoy,
          turno: 'Mañana',
          envio: { id, autor: idPreceptor },
          alumnos: [{ alumno: lista[3]!.orden, crear: [{ tipo: 'Falta' }] }],
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Ese envío ya se usó para otra planilla: cada cambio lleva un id nuevo.',
    });
    expect(await huella()).toEqual(antes);
  });
});

describe('anterior: lo que mostraba la pantalla', () => {
  test('si coincide con lo guardado (en cualquier orden), se guarda', async () => {
    const a = lista[4]!.orden;
    const p = await preceptor();
    await p.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno: 'Mañana',
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }, { tipo: 'Tardanza Ingreso' }] }],
    });
    const vistas = await deAlumno(a, 'Mañana');
    expect(vistas).toHaveLength(2);
    const falta = vistas.find((e) => e.tipo === 'Falta')!;
    const r = await p.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno: 'Mañana',
      envio: { id: randomUUID(), autor: idPreceptor },
      alumnos: [
        {
          alumno: a,
          actualizar: [{ ...falta, justificada: true, justificacion: 'Turno médico' }],
          // '' es null, como lo normaliza la entrada.
          anterior: [...vistas]
            .reverse()
            .map((e) => ({ ...e, justificacion: e.justificacion ?? '' })),
        },
      ],
    });
    expect(r.cambios).toEqual({ creadas: 0, modificadas: 1, borradas: 0 });
    expect((await deAlumno(a, 'Mañana')).find((e) => e.orden === falta.orden)).toMatchObject({
      justificada: true,
      justificacion: 'Turno médico',
    });
  });

  test('otra persona cambió el tipo, agregó, borró o justificó: CONFLICT con los alumnos, nada guardado de ningún alumno, y el detalle con lo guardado ahora', async () => {
    const al = (i: number) => lista[i]!.orden;
    const [tipo, agrego, borro, justifico, modificoBorrada, limpio] = [
      al(5),
      al(6),
      al(7),
      al(8),
      al(9),
      al(10),
    ];
    const j = await jefe();
    const p = await preceptor();
    const turno = 'Tarde' as const;
    // Lo que ve el preceptor en la pantalla.
    await p.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno,
      alumnos: [tipo, borro, justifico, modificoBorrada].map((alumno) => ({
        alumno,
        crear: [{ tipo: 'Falta' as const }],
      })),
    });
    const pantalla = new Map(
      await Promise.all(
        [tipo, agrego, borro, justifico, modificoBorrada, limpio].map(
          async (a) => [a, await deAlumno(a, turno)] as const,
        ),
      ),
    );
    const orden = (a: number) => pantalla.get(a)![0]!.orden;
    // Mientras tanto, el jefe.
    await j.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno,
      alumnos: [
        { alumno: tipo, actualizar: [{ orden: orden(tipo), tipo: 'Tardanza Ingreso' }] },
        { alumno: agrego, crear: [{ tipo: 'Falta' }] },
        { alumno: borro, borrar: [orden(borro)] },
        {
          alumno: justifico,
          actualizar: [
            { orden: orden(justifico), tipo: 'Falta', justificada: true, justificacion: 'Médico' },
          ],
        },
        { alumno: modificoBorrada, borrar: [orden(modificoBorrada)] },
      ],
    });
    const antes = await huella();
    const guardadoAntes = await entradas(
      [tipo, agrego, borro, justifico, modificoBorrada, limpio],
      turno,
    );

    // Cada caso solo: un conflicto que nombra a ese alumno.
    const casos: [number, number, object][] = [
      [tipo, 5, { actualizar: [{ orden: orden(tipo), tipo: 'Falta', circunstancia: 'Normal' }] }],
      [agrego, 6, { crear: [{ tipo: 'Falta' }] }],
      [borro, 7, { borrar: [orden(borro)] }],
      [justifico, 8, { crear: [{ tipo: 'Tardanza Ingreso' }] }],
      [
        modificoBorrada,
        9,
        { actualizar: [{ orden: orden(modificoBorrada), tipo: 'Tardanza Recreo' }] },
      ],
    ];
    for (const [alumno, i, cambio] of casos) {
      const envio = { id: randomUUID(), autor: idPreceptor };
      const e = await errorDe(
        p.asistencias.guardarPlanilla({
          curso,
          fecha: hoy,
          turno,
          envio,
          alumnos: [{ alumno, ...cambio, anterior: pantalla.get(alumno)! }],
        }),
      );
      expect({ alumno, code: e.code, message: e.message }).toEqual({
        alumno,
        code: 'CONFLICT',
        message: conflicto(nombre(i)),
      });
    }
    expect(await huella()).toEqual(antes);

    // Todos juntos, con uno que no cambió: nada de nadie.
    const e = await errorDe(
      p.asistencias.guardarPlanilla({
        curso,
        fecha: hoy,
        turno,
        envio: { id: randomUUID(), autor: idPreceptor },
        alumnos: [
          { alumno: limpio, crear: [{ tipo: 'Falta' }], anterior: [] },
          {
            alumno: tipo,
            crear: [{ tipo: 'Retiro con Permiso (Media)' }],
            anterior: pantalla.get(tipo)!,
          },
          { alumno: agrego, crear: [{ tipo: 'Tardanza Ingreso' }], anterior: [] },
        ],
      }),
    );
    expect(e.code).toBe('CONFLICT');
    // Los alumnos por apellido, como la planilla.
    expect(e.message).toBe(conflicto(`${nombre(5)} y ${nombre(6)}`));
    const detalle = detalleDe(e) as DetalleConflictoPlanilla;
    const ahora = await entradas([tipo, agrego], turno);
    expect(detalle).toEqual({
      tipo: 'conflicto-asistencias',
      curso,
      fecha: hoy,
      turno,
      alumnos: [5, 6].map((i) => ({
        alumno: lista[i]!.orden,
        apellido: lista[i]!.apellido,
        nombre: lista[i]!.nombre,
        actuales: ahora
          .filter((x) => x.alumno === lista[i]!.orden)
          .map(({ alumno: _a, ...x }) => x),
      })),
    });
    expect(detalle.alumnos[0]!.actuales.map((x) => x.tipo)).toEqual(['Tardanza Ingreso']);
    expect(await huella()).toEqual(antes);
    expect(
      await entradas([tipo, agrego, borro, justifico, modificoBorrada, limpio], turno),
    ).toEqual(guardadoAntes);

    // Sin anterior, lo de siempre: borrar lo que otro ya borró no es un error.
    const r = await p.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno,
      alumnos: [{ alumno: borro, borrar: [orden(borro)] }],
    });
    expect(r.cambios).toEqual({ creadas: 0, modificadas: 0, borradas: 0 });
  });

  test('un envío rechazado por conflicto no queda registrado: el mismo id vale con el anterior nuevo', async () => {
    const a = lista[11]!.orden;
    const j = await jefe();
    const p = await preceptor();
    await j.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno: 'Mañana',
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    const envio = { id: randomUUID(), autor: idPreceptor };
    const pedido = (anterior: Awaited<ReturnType<typeof deAlumno>>) => ({
      curso,
      fecha: hoy,
      turno: 'Mañana' as const,
      envio,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Tardanza Ingreso' as const }], anterior }],
    });
    expect((await errorDe(p.asistencias.guardarPlanilla(pedido([])))).code).toBe('CONFLICT');
    const r = await p.asistencias.guardarPlanilla(pedido(await deAlumno(a, 'Mañana')));
    expect(r.repetido).toBe(false);
    expect((await deAlumno(a, 'Mañana')).map((e) => e.tipo)).toEqual(['Falta', 'Tardanza Ingreso']);
  });

  test('dos guardados con anterior del mismo alumno a la vez: uno entra y el otro es un conflicto', async () => {
    const a = lista[12]!.orden;
    const [p, j] = [await preceptor(), await jefe()];
    const pedido = (autor: number, tipo: 'Falta' | 'Tardanza Ingreso') => ({
      curso,
      fecha: hoy,
      turno: 'Mañana' as const,
      envio: { id: randomUUID(), autor },
      alumnos: [{ alumno: a, crear: [{ tipo }], anterior: [] }],
    });
    const rs = await Promise.allSettled([
      p.asistencias.guardarPlanilla(pedido(idPreceptor, 'Falta')),
      j.asistencias.guardarPlanilla(pedido(idJefe, 'Tardanza Ingreso')),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rechazo = rs.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rechazo.reason as { code: string }).code).toBe('CONFLICT');
    expect(await deAlumno(a, 'Mañana')).toHaveLength(1);
  });
});

describe('REST: POST /api/asistencias/planilla/{curso}/{fecha}/{turno}', () => {
  const camino = () => `/api/asistencias/planilla/${curso}/${hoy}/Tarde`;
  const pedir = (cuerpo: unknown) =>
    pedirRest<{ error?: true; message?: string; detalle?: unknown; repetido?: boolean }>(
      'POST',
      camino(),
      { db, email: EMAIL_DEMO.preceptor, rol: Rol.Preceptor, ciclo },
      cuerpo,
    );

  test('envío repetido, 409 con el mensaje y el detalle, 403 de otra persona', async () => {
    const a = lista[13]!.orden;
    const envio = { id: randomUUID(), autor: idPreceptor };
    const cuerpo = { envio, alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }], anterior: [] }] };
    const r1 = await pedir(cuerpo);
    expect([r1.status, r1.body.repetido]).toEqual([200, false]);
    const r2 = await pedir(cuerpo);
    expect([r2.status, r2.body.repetido]).toEqual([200, true]);

    const otro = await pedir({ ...cuerpo, envio: { id: randomUUID(), autor: idPreceptor } });
    expect(otro.status).toBe(409);
    expect(otro.body).toEqual({
      error: true,
      message: conflicto(nombre(13)),
      detalle: {
        tipo: 'conflicto-asistencias',
        curso,
        fecha: hoy,
        turno: 'Tarde',
        alumnos: [
          {
            alumno: a,
            apellido: lista[13]!.apellido,
            nombre: lista[13]!.nombre,
            actuales: await deAlumno(a, 'Tarde'),
          },
        ],
      },
    });
    expect(await pedir({ ...cuerpo, envio: { id: randomUUID(), autor: idJefe } })).toEqual({
      status: 403,
      body: { error: true, message: OTRA_PERSONA },
    });
  });

  test('un envío o un anterior mal formados: 400 en castellano; un cuerpo de más de 1 MB, 413', async () => {
    const a = lista[14]!.orden;
    const antes = await huella();
    const malos: [unknown, string][] = [
      [
        { envio: { id: 'no-es-uuid', autor: idPreceptor }, alumnos: [] },
        'El id del envío debe ser un uuid.',
      ],
      [
        { envio: { id: randomUUID(), autor: 'Juan' }, alumnos: [] },
        'El identificador debe ser un número.',
      ],
      [{ envio: 'abc', alumnos: [] }, 'El envío debe ser { id, autor }.'],
      [
        {
          alumnos: [
            {
              alumno: a,
              anterior: Array.from({ length: 200 }, (_, i) => ({ orden: i + 1, tipo: 'Falta' })),
            },
          ],
        },
        'Como máximo 12 entradas anteriores por alumno.',
      ],
      [
        {
          alumnos: [
            {
              alumno: a,
              anterior: [
                { orden: 1, tipo: 'Falta' },
                { orden: 1, tipo: 'Falta' },
              ],
            },
          ],
        },
        'Una entrada aparece más de una vez entre las anteriores del alumno.',
      ],
      [
        { alumnos: [{ alumno: a, anterior: 'ninguna' }] },
        'Lo anterior debe ser la lista de entradas que mostraba la planilla.',
      ],
    ];
    for (const [cuerpo, message] of malos)
      expect({ cuerpo, r: await pedir(cuerpo) }).toEqual({
        cuerpo,
        r: { status: 400, body: { error: true, message } },
      });
    expect(await huella()).toEqual(antes);

    const sesion = await sesionDe(db, EMAIL_DEMO.preceptor, Rol.Preceptor);
    const grande = JSON.stringify({
      envio: { id: randomUUID(), autor: idPreceptor },
      alumnos: [
        { alumno: a, crear: [{ tipo: 'Falta', justificacion: 'x'.repeat(2 * 1024 * 1024) }] },
      ],
    });
    const r = await atenderPeticion(
      new Request(`http://portal.test${camino()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: grande,
      }),
      async () => crearContexto({ db, sesion, ciclo }),
    );
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toMatch(/^El cuerpo/);
    expect(await huella()).toEqual(antes);
  });
});

describe('tRPC por HTTP (lo que recibe la pantalla)', () => {
  test('el 409 trae el detalle en error.data.detalle; el 403 de otra persona, sin detalle', async () => {
    const a = lista[15]!.orden;
    const sesion = await sesionDe(db, EMAIL_DEMO.preceptor, Rol.Preceptor);
    const j = await jefe();
    await j.asistencias.guardarPlanilla({
      curso,
      fecha: hoy,
      turno: 'Tarde',
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    const llamar = async (envio: { id: string; autor: number }) => {
      const r = await atenderTrpc(
        new Request('http://portal.test/api/trpc/asistencias.guardarPlanilla', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            json: {
              curso,
              fecha: hoy,
              turno: 'Tarde',
              envio,
              alumnos: [{ alumno: a, crear: [{ tipo: 'Tardanza Ingreso' }], anterior: [] }],
            },
          }),
        }),
        async () => crearContexto({ db, sesion, ciclo }),
      );
      const cuerpo = (await r.json()) as {
        error: { json: { message: string; data: { code: string; detalle?: unknown } } };
      };
      return { status: r.status, ...cuerpo.error.json };
    };
    const r = await llamar({ id: randomUUID(), autor: idPreceptor });
    expect({ status: r.status, message: r.message, code: r.data.code }).toEqual({
      status: 409,
      message: conflicto(nombre(15)),
      code: 'CONFLICT',
    });
    expect(r.data.detalle).toEqual({
      tipo: 'conflicto-asistencias',
      curso,
      fecha: hoy,
      turno: 'Tarde',
      alumnos: [
        {
          alumno: a,
          apellido: lista[15]!.apellido,
          nombre: lista[15]!.nombre,
          actuales: await deAlumno(a, 'Tarde'),
        },
      ],
    });
    const ajeno = await llamar({ id: randomUUID(), autor: idJefe });
    expect([ajeno.status, ajeno.message, ajeno.data.detalle]).toEqual([
      403,
      OTRA_PERSONA,
      undefined,
    ]);
  });
});
