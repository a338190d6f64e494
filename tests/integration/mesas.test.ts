/**
 * Mesas de examen (issue 16; spec 02 §2, §5, §7, §8): la demostración (mesas del año anterior con
 * actas cerradas, diciembre del ciclo abiertas), el alta y los cambios por rol con versión, las
 * materias y el tribunal por altas y bajas, los alumnos que adeudan la materia (propuestos y
 * anotados), el acta (guardar con `anterior`, 409, cerrar → libreta), las superposiciones, el
 * alcance (jefe de departamento ajeno, docente fuera del tribunal) y la entrada inválida sin
 * escribir nada. Día escolar: 24/11/2026.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje, fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = 2026;
const hoy = '2026-11-24';
let c: Conexion;
let db: Db;
/** El instante de las pruebas: 24/11/2026 a las 12:00 en Córdoba (las mesas de diciembre, por venir). */
const ahora = new Date('2026-11-24T15:00:00Z');
const como = (email: string, rol: number, cuando = ahora) =>
  callerComo(db, email, rol, { ciclo, hoy, ahora: cuando });
const alumnado = (cuando?: Date) => como(EMAIL_DEMO.alumnado, Rol.Alumnado, cuando);
const admin = (cuando?: Date) => como(EMAIL_DEMO.admin, Rol.Admin, cuando);
const jefe = () => como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
const docente = (cuando?: Date) => como(EMAIL_DEMO.docente, Rol.Docente, cuando);

/** Una materia del departamento del jefe de demostración, otra de otro, y docentes. */
const ids = {
  materiaJefe: 0,
  materiaOtra: 0,
  docente: 0,
  otroDocente: 0,
  alumnoDemo: 0,
  materiaDemo: 0,
};

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  ids.docente = await idDeUsuario(db, EMAIL_DEMO.docente);
  const jefeId = await idDeUsuario(db, EMAIL_DEMO.jefeDepartamento);
  const [dep] = await db
    .select({ id: s.jefesDepartamento.departamentoId })
    .from(s.jefesDepartamento)
    .where(eq(s.jefesDepartamento.usuarioId, jefeId));
  const [mj] = await db
    .select({ id: s.materias.id })
    .from(s.materias)
    .where(eq(s.materias.departamentoId, dep!.id))
    .limit(1);
  const [mo] = await db
    .select({ id: s.materias.id })
    .from(s.materias)
    .where(ne(s.materias.departamentoId, dep!.id))
    .limit(1);
  ids.materiaJefe = mj!.id;
  ids.materiaOtra = mo!.id;
  const [otro] = await db
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(and(sql`(${s.usuarios.rls} & ${Rol.Docente}) <> 0`, ne(s.usuarios.id, ids.docente)))
    .limit(1);
  ids.otroDocente = otro!.id;
  // El alumno de demostración adeuda una materia del año anterior (3, 4, diciembre 3, marzo 4).
  const [a] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  ids.alumnoDemo = a!.id;
  const [marzo4] = await db
    .select({ materia: s.inscripciones.materiaId })
    .from(s.examenes)
    .innerJoin(
      s.inscripciones,
      and(
        eq(s.inscripciones.alumnoId, s.examenes.alumnoId),
        eq(s.inscripciones.cursadoId, s.examenes.cursadoId),
      ),
    )
    .where(
      and(
        eq(s.examenes.alumnoId, ids.alumnoDemo),
        eq(s.examenes.instancia, 'Final Febrero/Marzo'),
        eq(s.examenes.nota, 4),
      ),
    );
  ids.materiaDemo = marzo4!.materia;
});
afterAll(() => c?.cerrar());

const cuantas = async (tabla: typeof s.mesas | typeof s.mesasAlumnos | typeof s.examenes) =>
  (await db.select({ n: count() }).from(tabla))[0]!.n;

describe('la demostración', () => {
  test('el año anterior: mesas con actas cerradas que coinciden con las libretas', async () => {
    const a = await alumnado();
    const anterior = await a.mesas.lista({ anio: ciclo - 1, q: '', cursor: 0 });
    expect(anterior.items.length).toBeGreaterThan(0);
    expect(anterior.items.every((m) => m.materias.every((x) => x.cerrada))).toBe(true);
    expect(anterior.items.every((m) => m.corta === 'Diciembre')).toBe(true);
    const actual = await a.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    // Del ciclo: marzo (del año anterior, cerradas) y diciembre (abiertas), por fecha.
    expect(actual.items[0]!.corta).toBe('Marzo');
    expect(actual.items.some((m) => m.corta === 'Diciembre' && !m.materias[0]!.cerrada)).toBe(true);
    const fechas = actual.items.map((m) => m.comienzo.getTime());
    expect([...fechas].sort((x, y) => x - y)).toEqual(fechas);
  });

  test('el docente de demostración integra tribunales de diciembre; el alumno, anotado en una', async () => {
    const d = await docente();
    const suyas = await d.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    expect(suyas.items.filter((m) => m.corta === 'Diciembre').length).toBeGreaterThanOrEqual(2);
    expect(suyas.items.every((m) => m.tribunal.some((t) => t.id === ids.docente))).toBe(true);
    const [anotado] = await db
      .select({ mesa: s.mesasAlumnos.mesaId })
      .from(s.mesasAlumnos)
      .innerJoin(s.mesas, eq(s.mesas.id, s.mesasAlumnos.mesaId))
      .where(
        and(eq(s.mesasAlumnos.alumnoId, ids.alumnoDemo), sql`${s.mesas.comienzo} > '2026-12-01'`),
      );
    expect(anotado).toBeDefined();
  });

  test('búsqueda por materia, aula o docente, y páginas de 30', async () => {
    const a = await alumnado();
    const todas = await a.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    const una = todas.items.find((m) => m.corta === 'Diciembre')!;
    const porMateria = await a.mesas.lista({ anio: ciclo, q: una.materias[0]!.nombre, cursor: 0 });
    expect(porMateria.items.map((m) => m.id)).toContain(una.id);
    const porDocente = await a.mesas.lista({
      anio: ciclo,
      q: `${una.tribunal[0]!.apellido}`,
      cursor: 0,
    });
    expect(porDocente.items.map((m) => m.id)).toContain(una.id);
    expect((await a.mesas.lista({ anio: ciclo, q: 'zzzqqq', cursor: 0 })).items).toEqual([]);
    // Páginas de 30: con 31 mesas en el año, la primera trae 30 y la segunda 1.
    let total = 0;
    for (let cursor: number | null = 0; cursor != null;) {
      const pagina = await a.mesas.lista({ anio: ciclo, q: '', cursor });
      total += pagina.items.length;
      cursor = pagina.siguiente;
    }
    const faltan = Math.max(0, 31 - total);
    const extra = await db
      .insert(s.mesas)
      .values(
        Array.from({ length: faltan }, (_, i) => ({
          comienzo: new Date(Date.UTC(2026, 11, 30, 10, i)),
          instancia: 'Flotante Abril',
        })),
      )
      .returning({ id: s.mesas.id });
    const p1 = await a.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    expect(p1.items).toHaveLength(30);
    expect(p1.siguiente).toBe(30);
    const p2 = await a.mesas.lista({ anio: ciclo, q: '', cursor: 30 });
    expect(p2.items.length).toBeGreaterThanOrEqual(1);
    expect(p2.items.map((m) => m.id)).not.toContain(p1.items[0]!.id);
    if (extra.length)
      await db.delete(s.mesas).where(
        inArray(
          s.mesas.id,
          extra.map((x) => x.id),
        ),
      );
  });
});

describe('alta, cambios y permisos por rol', () => {
  test('Alumnado crea (aula en blanco → null), edita con versión; una versión vieja es 409', async () => {
    const a = await alumnado();
    const { id } = await a.mesas.crear({
      fecha: '2026-12-16',
      hora: '09:30',
      instancia: 'Extraordinaria Noviembre',
      aula: '  ',
    });
    const m = await a.mesas.detalle({ id });
    expect(m).toMatchObject({
      fecha: '2026-12-16',
      hora: '09:30',
      aula: null,
      version: 1,
      pestana: 'materias',
      corta: 'Noviembre',
    });
    await a.mesas.modificar({
      id,
      version: 1,
      fecha: '2026-12-17',
      hora: '10:00',
      instancia: 'Especial',
      aula: 'Aula 9',
    });
    expect(
      await codigoYMensaje(
        a.mesas.modificar({
          id,
          version: 1,
          fecha: '2026-12-18',
          hora: '10:00',
          instancia: 'Especial',
          aula: null,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
    const despues = await a.mesas.detalle({ id });
    expect(despues).toMatchObject({ fecha: '2026-12-17', instancia: 'Especial', version: 2 });
    await a.mesas.borrar({ id });
  });

  test('Admin crea sin hora (07:30) y al cambiar la fecha conserva hora y aula', async () => {
    const a = await admin();
    const { id } = await a.mesas.crear({
      fecha: '2026-12-16',
      instancia: 'Flotante Abril',
      aula: 'Aula 1',
    });
    const m = await a.mesas.detalle({ id });
    expect(m).toMatchObject({ hora: '07:30', aula: 'Aula 1' });
    await a.mesas.modificar({
      id,
      version: 1,
      fecha: '2026-12-18',
      hora: '11:00',
      instancia: 'Flotante Abril',
      aula: 'otra',
    });
    expect(await a.mesas.detalle({ id })).toMatchObject({
      fecha: '2026-12-18',
      hora: '07:30',
      aula: 'Aula 1',
    });
    await a.mesas.borrar({ id });
  });

  test('Alumnado sin hora: 400; una mesa que no existe: "Mesa no encontrada, no se puede guardar."', async () => {
    const a = await alumnado();
    expect(
      await codigoDe(
        a.mesas.crear({ fecha: '2026-12-16', instancia: 'Flotante Abril', aula: null }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codigoYMensaje(
        a.mesas.modificar({
          id: 999_999,
          version: 1,
          fecha: '2026-12-16',
          hora: '08:00',
          instancia: 'Flotante Abril',
          aula: null,
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Mesa no encontrada, no se puede guardar.' });
  });

  test('jefe de departamento: ve sólo las de su departamento, cambia hora y aula; la de otro, 403 sin cambios', async () => {
    const a = await alumnado();
    const propia = await a.mesas.crear({
      fecha: '2026-12-16',
      hora: '08:00',
      instancia: 'Extraordinaria Noviembre',
      aula: null,
    });
    const ajena = await a.mesas.crear({
      fecha: '2026-12-16',
      hora: '08:00',
      instancia: 'Extraordinaria Noviembre',
      aula: null,
    });
    await a.mesas.guardarMaterias({ id: propia.id, agregar: [ids.materiaJefe], quitar: [] });
    await a.mesas.guardarMaterias({ id: ajena.id, agregar: [ids.materiaOtra], quitar: [] });
    const j = await jefe();
    const lista = await j.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    const visibles = lista.items.map((m) => m.id);
    expect(visibles).toContain(propia.id);
    expect(visibles).not.toContain(ajena.id);
    const detalle = await j.mesas.detalle({ id: propia.id });
    expect(detalle.permisos.pestanas).toEqual(['docentes']);
    expect(detalle.pestana).toBe('docentes');
    await j.mesas.modificarHorario({ id: propia.id, version: 1, hora: '10:30', aula: 'Aula 4' });
    expect(await j.mesas.detalle({ id: propia.id })).toMatchObject({
      hora: '10:30',
      aula: 'Aula 4',
      fecha: '2026-12-16',
    });
    expect(
      await codigoDe(
        j.mesas.modificarHorario({ id: ajena.id, version: 1, hora: '10:30', aula: 'X' }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await codigoDe(j.mesas.guardarTribunal({ id: ajena.id, agregar: [ids.docente], quitar: [] })),
    ).toBe('FORBIDDEN');
    expect(await a.mesas.detalle({ id: ajena.id })).toMatchObject({
      hora: '08:00',
      aula: null,
      tribunal: [],
    });
    // No crea ni elige materias (la tabla de acceso).
    expect(
      await codigoDe(
        j.mesas.crear({ fecha: '2026-12-16', hora: '08:00', instancia: 'X', aula: null }),
      ),
    ).toBe('FORBIDDEN');
    await j.mesas.guardarTribunal({ id: propia.id, agregar: [ids.docente], quitar: [] });
    expect((await a.mesas.detalle({ id: propia.id })).tribunal.map((t) => t.id)).toEqual([
      ids.docente,
    ]);
  });

  test('materias y tribunal: altas y bajas acumuladas; no docentes, 400; una materia con alumnos no se quita', async () => {
    const a = await alumnado();
    const { id } = await a.mesas.crear({
      fecha: '2026-12-21',
      hora: '08:00',
      instancia: 'Complementaria Noviembre/Diciembre',
      aula: 'Aula 2',
    });
    await a.mesas.guardarMaterias({ id, agregar: [ids.materiaDemo, ids.materiaOtra], quitar: [] });
    await a.mesas.guardarMaterias({ id, agregar: [], quitar: [ids.materiaOtra] });
    // Repetir un alta no duplica.
    await a.mesas.guardarMaterias({ id, agregar: [ids.materiaDemo], quitar: [] });
    expect((await a.mesas.detalle({ id })).materias.map((m) => m.id)).toEqual([ids.materiaDemo]);
    const alumnoId = ids.alumnoDemo;
    expect(
      await codigoDe(a.mesas.guardarTribunal({ id, agregar: [alumnoId, ids.docente], quitar: [] })),
    ).toBe('BAD_REQUEST');
    expect((await a.mesas.detalle({ id })).tribunal).toEqual([]);
    await a.mesas.guardarTribunal({ id, agregar: [ids.docente, ids.otroDocente], quitar: [] });
    await a.mesas.anotar({ id, materia: ids.materiaDemo, agregar: [ids.alumnoDemo], quitar: [] });
    expect(
      await codigoDe(a.mesas.guardarMaterias({ id, agregar: [], quitar: [ids.materiaDemo] })),
    ).toBe('PRECONDITION_FAILED');
    const d = await a.mesas.detalle({ id });
    expect(d.pestana).toBe('alumnos');
    expect(d.materias[0]).toMatchObject({ id: ids.materiaDemo, alumnos: 1, cerrada: false });
  });
});

describe('alumnos y acta', () => {
  let mesa = 0;
  let otros: number[] = [];
  /** La mesa es el 22/12/2026 a las 08:00 (11:00 UTC); a las 10:00 ya empezó. */
  const empezada = new Date('2026-12-22T13:00:00Z');
  beforeAll(async () => {
    const a = await alumnado();
    ({ id: mesa } = await a.mesas.crear({
      fecha: '2026-12-22',
      hora: '08:00',
      instancia: 'Complementaria Noviembre/Diciembre',
      aula: 'Aula 5',
    }));
    await a.mesas.guardarMaterias({ id: mesa, agregar: [ids.materiaDemo], quitar: [] });
    await a.mesas.guardarTribunal({ id: mesa, agregar: [ids.docente], quitar: [] });
    const cand = await a.mesas.candidatos({ id: mesa, materia: ids.materiaDemo });
    otros = cand.alumnos.filter((x) => x.alumno !== ids.alumnoDemo).map((x) => x.alumno);
  });

  test('candidatos: el alumno de demostración la adeuda y se lo propone (planilla cerrada, ya anotado en otra → no)', async () => {
    const a = await alumnado();
    const cand = await a.mesas.candidatos({ id: mesa, materia: ids.materiaDemo });
    const demo = cand.alumnos.find((x) => x.alumno === ids.alumnoDemo)!;
    expect(demo).toMatchObject({ anotado: false, ciclo: ciclo - 1 });
    // La semilla ya lo anotó en una mesa de diciembre de esa materia: no se lo propone otra vez.
    expect(demo.enOtraMesa).toBe(true);
    expect(demo.propuesto).toBe(false);
    // Quien no la adeuda no se anota.
    const [aprobado] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(
        sql`${s.alumnos.id} not in (${sql.join(
          [ids.alumnoDemo, ...otros].map((x) => sql`${x}`),
          sql`, `,
        )})`,
      )
      .limit(1);
    expect(
      await codigoDe(
        a.mesas.anotar({ id: mesa, materia: ids.materiaDemo, agregar: [aprobado!.id], quitar: [] }),
      ),
    ).toBe('BAD_REQUEST');
    await a.mesas.anotar({
      id: mesa,
      materia: ids.materiaDemo,
      agregar: [ids.alumnoDemo, ...otros.slice(0, 2)],
      quitar: [],
    });
    const despues = await a.mesas.candidatos({ id: mesa, materia: ids.materiaDemo });
    expect(despues.alumnos.filter((x) => x.anotado).length).toBe(1 + Math.min(2, otros.length));
    // Superposición: el alumno está en otra mesa de diciembre a la misma hora si coincide el día.
  });

  test('antes de que empiece la mesa no se cargan resultados ni se cierra el acta (tRPC y REST, por rol)', async () => {
    const mensaje =
      'La mesa todavía no empezó: los resultados se cargan y el acta se cierra desde el 22/12 a las 08:00.';
    const acta = { id: mesa, materia: ids.materiaDemo };
    const [primero] = (await (await alumnado()).mesas.acta(acta)).alumnos;
    const cambios = [
      {
        alumno: primero!.alumno,
        resultado: { tipoNota: 'ausente' as const, nota: null },
        anterior: null,
      },
    ];
    const base = { db, ciclo, hoy };
    for (const [quien, rol, caller] of [
      [EMAIL_DEMO.docente, Rol.Docente, docente],
      [EMAIL_DEMO.alumnado, Rol.Alumnado, alumnado],
      [EMAIL_DEMO.admin, Rol.Admin, admin],
    ] as const) {
      // 16 días antes y un minuto antes del comienzo.
      for (const cuando of [ahora, new Date('2026-12-22T10:59:00Z')]) {
        const c = await caller(cuando);
        expect(await c.mesas.acta(acta)).toMatchObject({
          cerrada: false,
          puedeCargar: false,
          cerrarDesde: 'Se puede cerrar desde el 22/12 a las 08:00',
        });
        expect(await codigoYMensaje(c.mesas.guardarActa({ ...acta, cambios }))).toEqual({
          code: 'PRECONDITION_FAILED',
          message: mensaje,
        });
        expect(await codigoYMensaje(c.mesas.cerrarActa(acta))).toEqual({
          code: 'PRECONDITION_FAILED',
          message: mensaje,
        });
        const pedido = { ...base, email: quien, rol, ahora: cuando };
        const camino = `/api/mesas/${mesa}/actas/${ids.materiaDemo}`;
        const guardada = await pedirRest<{ message: string }>('PUT', camino, pedido, cambios);
        expect([guardada.status, guardada.body.message]).toEqual([412, mensaje]);
        const cerrada = await pedirRest<{ message: string }>('PUT', `${camino}/cerrar`, pedido);
        expect([cerrada.status, cerrada.body.message]).toEqual([412, mensaje]);
      }
    }
    // Nada se escribió.
    const leida = await (await alumnado(empezada)).mesas.acta(acta);
    expect(leida.alumnos.every((x) => x.resultado == null)).toBe(true);
    expect(leida).toMatchObject({ puedeCargar: true, cerrarDesde: null });
  });

  test('el docente del tribunal carga: anterior viejo → 409 y nada escrito; nota 11 o alumno ajeno → 400', async () => {
    const d = await docente(empezada);
    const acta = await d.mesas.acta({ id: mesa, materia: ids.materiaDemo });
    expect(acta).toMatchObject({ cerrada: false, puedeCargar: true, puedeAnotar: false });
    const [primero] = acta.alumnos;
    await d.mesas.guardarActa({
      id: mesa,
      materia: ids.materiaDemo,
      cambios: [
        { alumno: primero!.alumno, resultado: { tipoNota: 'normal', nota: 7.5 }, anterior: null },
      ],
    });
    expect(
      await codigoDe(
        d.mesas.guardarActa({
          id: mesa,
          materia: ids.materiaDemo,
          cambios: [
            {
              alumno: primero!.alumno,
              resultado: { tipoNota: 'ausente', nota: null },
              anterior: null,
            },
          ],
        }),
      ),
    ).toBe('CONFLICT');
    for (const malo of [
      { tipoNota: 'normal' as const, nota: 11 },
      { tipoNota: 'normal' as const, nota: 0 },
      { tipoNota: 'normal' as const, nota: 6.3 },
      { tipoNota: 'ausente' as const, nota: 5 },
    ])
      expect(
        await codigoDe(
          d.mesas.guardarActa({
            id: mesa,
            materia: ids.materiaDemo,
            cambios: [
              {
                alumno: primero!.alumno,
                resultado: malo,
                anterior: { tipoNota: 'normal', nota: 7.5 },
              },
            ],
          }),
        ),
      ).toBe('BAD_REQUEST');
    expect(
      await codigoDe(
        d.mesas.guardarActa({
          id: mesa,
          materia: ids.materiaDemo,
          cambios: [
            { alumno: 999_999, resultado: { tipoNota: 'ausente', nota: null }, anterior: null },
          ],
        }),
      ),
    ).toBe('BAD_REQUEST');
    const leida = await d.mesas.acta({ id: mesa, materia: ids.materiaDemo });
    expect(leida.alumnos[0]!.resultado).toEqual({ tipoNota: 'normal', nota: 7.5 });
  });

  test('dos del tribunal guardan a la vez alumnos distintos: no se pierde nada; el mismo: uno gana', async () => {
    const a = await alumnado(empezada);
    const d = await docente(empezada);
    const acta = await d.mesas.acta({ id: mesa, materia: ids.materiaDemo });
    const sinCargar = acta.alumnos.filter((x) => x.resultado == null);
    if (sinCargar.length < 2) throw new Error('Se esperaban dos alumnos sin resultado');
    const [x, y] = sinCargar;
    await Promise.all([
      d.mesas.guardarActa({
        id: mesa,
        materia: ids.materiaDemo,
        cambios: [
          { alumno: x!.alumno, resultado: { tipoNota: 'normal', nota: 8 }, anterior: null },
        ],
      }),
      a.mesas.guardarActa({
        id: mesa,
        materia: ids.materiaDemo,
        cambios: [
          {
            alumno: y!.alumno,
            resultado: { tipoNota: 'adeuda_correlativa', nota: null },
            anterior: null,
          },
        ],
      }),
    ]);
    const despues = await d.mesas.acta({ id: mesa, materia: ids.materiaDemo });
    const de = (id: number) => despues.alumnos.find((f) => f.alumno === id)!.resultado;
    expect(de(x!.alumno)).toEqual({ tipoNota: 'normal', nota: 8 });
    expect(de(y!.alumno)).toEqual({ tipoNota: 'adeuda_correlativa', nota: null });
    const misma = (nota: number) =>
      d.mesas.guardarActa({
        id: mesa,
        materia: ids.materiaDemo,
        cambios: [
          {
            alumno: x!.alumno,
            resultado: { tipoNota: 'normal', nota },
            anterior: { tipoNota: 'normal', nota: 8 },
          },
        ],
      });
    const r = await Promise.allSettled([misma(9), misma(4)]);
    expect(r.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
  });

  test('un docente fuera del tribunal no ve el acta; el jefe no tiene la pestaña alumnos', async () => {
    const a = await alumnado(empezada);
    await a.mesas.guardarTribunal({ id: mesa, agregar: [], quitar: [ids.docente] });
    const d = await docente(empezada);
    expect(await codigoDe(d.mesas.acta({ id: mesa, materia: ids.materiaDemo }))).toBe('FORBIDDEN');
    expect(await codigoDe(d.mesas.detalle({ id: mesa }))).toBe('FORBIDDEN');
    await a.mesas.guardarTribunal({ id: mesa, agregar: [ids.docente], quitar: [] });
    expect(await codigoDe((await jefe()).mesas.acta({ id: mesa, materia: ids.materiaDemo }))).toBe(
      'FORBIDDEN',
    );
  });

  test('cerrar: con resultados faltantes, 412; completa, escribe la libreta y queda definitiva', async () => {
    const d = await docente(empezada);
    const acta = await d.mesas.acta({ id: mesa, materia: ids.materiaDemo });
    // Se borra un resultado: con uno faltante no se cierra.
    const primero = acta.alumnos[0]!;
    await d.mesas.guardarActa({
      id: mesa,
      materia: ids.materiaDemo,
      cambios: [{ alumno: primero.alumno, resultado: null, anterior: primero.resultado }],
    });
    expect(
      await codigoYMensaje(d.mesas.cerrarActa({ id: mesa, materia: ids.materiaDemo })),
    ).toEqual({
      code: 'PRECONDITION_FAILED',
      message: 'Falta cargar el resultado de 1 alumno: no se puede cerrar el acta.',
    });
    await d.mesas.guardarActa({
      id: mesa,
      materia: ids.materiaDemo,
      cambios: [
        { alumno: primero.alumno, resultado: { tipoNota: 'ausente', nota: null }, anterior: null },
      ],
    });
    const antes = await cuantas(s.examenes);
    await d.mesas.cerrarActa({ id: mesa, materia: ids.materiaDemo });
    expect(await cuantas(s.examenes)).toBe(antes + acta.alumnos.length);
    const libreta = await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).notas.libreta({ alumno: acta.alumnos[0]!.alumno });
    const filas = libreta.anios.flatMap((x) => x.materias);
    expect(
      filas.some(
        (f) =>
          f.cursado === acta.alumnos[0]!.cursado &&
          f.examenes['Complementaria Noviembre/Diciembre'] != null,
      ),
    ).toBe(true);
    // Definitiva: no se guarda, no se anota, no se cambia la fecha, no se borra.
    const a = await alumnado(empezada);
    expect(
      await codigoDe(
        d.mesas.guardarActa({
          id: mesa,
          materia: ids.materiaDemo,
          cambios: [
            {
              alumno: acta.alumnos[0]!.alumno,
              resultado: null,
              anterior: acta.alumnos[0]!.resultado,
            },
          ],
        }),
      ),
    ).toBe('PRECONDITION_FAILED');
    expect(await codigoDe(d.mesas.cerrarActa({ id: mesa, materia: ids.materiaDemo }))).toBe(
      'PRECONDITION_FAILED',
    );
    expect(
      await codigoDe(
        a.mesas.anotar({
          id: mesa,
          materia: ids.materiaDemo,
          agregar: [],
          quitar: [ids.alumnoDemo],
        }),
      ),
    ).toBe('PRECONDITION_FAILED');
    const m = await a.mesas.detalle({ id: mesa });
    expect(
      await codigoDe(
        a.mesas.modificar({
          id: mesa,
          version: m.version,
          fecha: '2026-12-23',
          hora: '08:00',
          instancia: m.instancia,
          aula: m.aula,
        }),
      ),
    ).toBe('PRECONDITION_FAILED');
    // El aula sí se puede cambiar.
    await a.mesas.modificar({
      id: mesa,
      version: m.version,
      fecha: m.fecha,
      hora: m.hora,
      instancia: m.instancia,
      aula: 'Aula 6',
    });
    expect(await codigoDe(a.mesas.borrar({ id: mesa }))).toBe('PRECONDITION_FAILED');
  });
});

describe('superposiciones', () => {
  test('un docente en dos tribunales a la vez y alumnos en dos mesas: avisos antes de guardar', async () => {
    const a = await alumnado();
    const uno = await a.mesas.crear({
      fecha: '2026-12-28',
      hora: '08:00',
      instancia: 'Extraordinaria Noviembre',
      aula: null,
    });
    const dos = await a.mesas.crear({
      fecha: '2026-12-28',
      hora: '11:00',
      instancia: 'Extraordinaria Noviembre',
      aula: null,
    });
    await a.mesas.guardarTribunal({ id: uno.id, agregar: [ids.docente], quitar: [] });
    await a.mesas.guardarTribunal({ id: dos.id, agregar: [ids.docente], quitar: [] });
    expect((await a.mesas.detalle({ id: dos.id })).choques).toEqual([]);
    const { choques } = await a.mesas.choques({ id: dos.id, fecha: '2026-12-28', hora: '09:00' });
    expect(choques).toHaveLength(1);
    expect(choques[0]).toMatch(/está en el tribunal de otra mesa a esa hora/);
    const picker = await a.mesas.docentes({ id: dos.id, q: '', cursor: 0 });
    expect(picker.items.find((x) => x.id === ids.docente)).toMatchObject({ enTribunal: true });
    await a.mesas.modificar({
      id: dos.id,
      version: 1,
      fecha: '2026-12-28',
      hora: '09:00',
      instancia: 'Extraordinaria Noviembre',
      aula: null,
    });
    expect((await a.mesas.detalle({ id: dos.id })).choques).toHaveLength(1);
  });
});

describe('entrada inválida: mensaje en castellano y nada escrito', () => {
  test('procedimientos', async () => {
    const a = await alumnado();
    const antes = await cuantas(s.mesas);
    for (const entrada of [
      { fecha: '2026-02-30', hora: '08:00', instancia: 'X', aula: null },
      { fecha: '2026-12-01', hora: '25:00', instancia: 'X', aula: null },
      { fecha: '2026-12-01', hora: '08:00', instancia: '', aula: null },
      { fecha: '2026-12-01', hora: '08:00', instancia: 'a\u0000b', aula: null },
      { fecha: '2026-12-01', hora: '08:00', instancia: 'a\uD800b', aula: null },
      { fecha: '2026-12-01', hora: '08:00', instancia: 'x'.repeat(100_000), aula: null },
      { fecha: '2026-12-01', hora: '08:00', instancia: 'X', aula: 'x'.repeat(51) },
      { fecha: ['2026-12-01'], hora: '08:00', instancia: 'X', aula: null },
    ])
      expect((await fallo(a.mesas.crear(entrada as never))).status).toBe(400);
    expect(await cuantas(s.mesas)).toBe(antes);
    const filas = await cuantas(s.mesasAlumnos);
    for (const cambios of ['x', [{ alumno: 'uno' }], { alumno: 1 }])
      expect(await codigoDe(a.mesas.guardarActa({ id: 1, materia: 1, cambios } as never))).toBe(
        'BAD_REQUEST',
      );
    expect(await cuantas(s.mesasAlumnos)).toBe(filas);
  });

  test('REST: listado, alta, acta con lista u objeto; formas equivocadas 400', async () => {
    const pedido = { db, email: EMAIL_DEMO.alumnado, rol: Rol.Alumnado, ciclo, hoy };
    const lista = await pedirRest<{ items: { id: number }[] }>(
      'GET',
      '/api/mesas?anio=2026',
      pedido,
    );
    expect(lista.status).toBe(200);
    expect(lista.body.items.length).toBeGreaterThan(0);
    const creada = await pedirRest<{ id: number }>('POST', '/api/mesas', pedido, {
      fecha: '2026-12-29',
      hora: '08:00',
      instancia: 'Extraordinaria Noviembre',
      aula: '',
    });
    expect(creada.status).toBe(200);
    const id = creada.body.id;
    expect(
      (await pedirRest('PUT', `/api/mesas/${id}/materias`, pedido, { agregar: [ids.materiaDemo] }))
        .status,
    ).toBe(200);
    expect(
      (await pedirRest('PUT', `/api/mesas/${id}/materias`, pedido, [ids.materiaDemo])).status,
    ).toBe(400);
    expect(
      (await pedirRest('PUT', `/api/mesas/${id}/tribunal`, pedido, { agregar: 'x' })).status,
    ).toBe(400);
    expect(
      (await pedirRest('GET', `/api/mesas/${id}/actas/${ids.materiaDemo}`, pedido)).status,
    ).toBe(200);
    expect(
      (await pedirRest('PUT', `/api/mesas/${id}/actas/${ids.materiaDemo}`, pedido, [])).status,
    ).toBe(200);
    expect(
      (await pedirRest('PUT', `/api/mesas/${id}/actas/${ids.materiaDemo}`, pedido, { cambios: [] }))
        .status,
    ).toBe(200);
    for (const malo of ['texto', 5, null, [[1]], { cambios: 'x' }])
      expect(
        (await pedirRest('PUT', `/api/mesas/${id}/actas/${ids.materiaDemo}`, pedido, malo)).status,
      ).toBe(400);
    expect((await pedirRest('GET', `/api/mesas/${id}/actas/abc`, pedido)).status).toBe(400);
    expect(
      (await pedirRest('GET', '/api/mesas/choques?fecha=2026-12-29&hora=08:00', pedido)).status,
    ).toBe(200);
    expect((await pedirRest('GET', '/api/mesas/999999', pedido)).status).toBe(404);
    const docentePide = { db, email: EMAIL_DEMO.docente, rol: Rol.Docente, ciclo, hoy };
    expect(
      (
        await pedirRest('POST', '/api/mesas', docentePide, {
          fecha: '2026-12-29',
          hora: '08:00',
          instancia: 'X',
        })
      ).status,
    ).toBe(403);
    expect((await pedirRest('DELETE', `/api/mesas/${id}`, pedido)).status).toBe(200);
  });
});
