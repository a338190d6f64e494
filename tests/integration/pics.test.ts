/**
 * PIC (issue 16; spec 02 §2 /pics, §5, §7, §8, §9; spec 01 §7): programar (Alumnado, Admin, Jefe
 * de Departamento sólo su departamento), los alumnos (la regla `rindePic` y los ajustes a mano),
 * la planilla de notas de la PIC (Docente de la materia y Alumnado; `anterior` y 409; dos
 * guardados a la vez; cerrada no se edita; fechas '_pic' del calendario), las vistas de alumnos y
 * referentes (otra familia, un vínculo sin confirmar, un alumno inexistente) y el REST.
 *
 * La demostración sembrada al 10/12/2026: las PIC del 1° cuatrimestre (agosto) cerradas y
 * publicadas; las del 2° (9 al 15/12) con la planilla abierta (del 9/12 al 18/12, publicación 22/12).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { ErrorPic, ESTUDIANTE_NO_EXISTE, SELECCIONE_MATERIA } from '@/domain/pics';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerAnonimo, callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje, fallo, mensajeDe, errorDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = 2026;
const HOY = '2026-12-10';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number, hoy = HOY) => callerComo(db, email, rol, { ciclo, hoy });
const alumnado = (hoy?: string) => como(EMAIL_DEMO.alumnado, Rol.Alumnado, hoy);

/** La PIC nueva de las pruebas (una materia del jefe de departamento sin PIC del 2°). */
const nueva = { anio: ciclo, materia: 0, cuatrimestre: 2 as const };
/** Una materia de otro departamento. */
let ajena = 0;
/** Una materia sin ninguna PIC en el año. */
let sinPic = 0;
let alumnoDemo = 0;

const cantidad = async (tabla: typeof s.pics | typeof s.picsAlumnos) =>
  (await db.select({ n: count() }).from(tabla))[0]!.n;
const huella = async () =>
  JSON.stringify([
    await db.select().from(s.pics).orderBy(s.pics.id),
    await db.select().from(s.picsAlumnos).orderBy(s.picsAlumnos.picId, s.picsAlumnos.alumnoId),
  ]);

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, HOY);
  db = c.db;
  const jefe = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
  const propias = await jefe.pics.materias({ anio: ciclo, limit: 50 });
  nueva.materia = propias.items.find((m) => !m.pics.includes(2))!.id;
  const ids = new Set(propias.items.map((m) => m.id));
  const todas = await (await alumnado()).pics.materias({ anio: ciclo, limit: 50 });
  ajena = todas.items.find((m) => !ids.has(m.id))!.id;
  sinPic = todas.items.find((m) => !m.pics.length && m.id !== nueva.materia)!.id;
  const [a] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(s.usuarios.email, EMAIL_DEMO.alumno));
  alumnoDemo = a!.id;
});
afterAll(() => c?.cerrar());

describe('la demostración', () => {
  test('las PIC del año: las del 1° cerradas con notas; las del 2° abiertas, con la mitad cargada', async () => {
    const l = await (await alumnado()).pics.delAnio({ anio: ciclo });
    const primero = l.pics.filter((p) => p.cuatrimestre === 1);
    const segundo = l.pics.filter((p) => p.cuatrimestre === 2);
    expect(primero.length).toBeGreaterThanOrEqual(10);
    expect(segundo.length).toBeGreaterThanOrEqual(10);
    expect(primero.every((p) => p.cerrada && p.calificados === p.alumnos && p.alumnos > 0)).toBe(
      true,
    );
    expect(segundo.every((p) => !p.cerrada && p.calificados < p.alumnos)).toBe(true);
    for (const p of l.pics) {
      expect(['07:30', '09:00', '10:30', '12:00', '13:30', '15:00', '16:30']).toContain(
        p.comienzo.hora,
      );
      expect(p.aula).toBeTruthy();
    }
    expect(l.periodos[2]).toMatchObject({ apertura: '2026-12-09', publicacion: '2026-12-22' });
    // Ordenadas por comienzo.
    const instantes = l.pics.map((p) => p.instante);
    expect([...instantes].sort()).toEqual(instantes);
  });

  test('el alumno de demostración tiene alguna PIC', async () => {
    const m = await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).pics.mias({});
    expect(m.alumno).toBe(alumnoDemo);
    expect(m.pics.length).toBeGreaterThan(0);
  });
});

describe('programar', () => {
  test('el selector de materias: 4 por página, búsqueda; el jefe, sólo su departamento', async () => {
    const a = await alumnado();
    const p1 = await a.pics.materias({ anio: ciclo });
    expect(p1.items).toHaveLength(4);
    expect(p1.siguiente).toBe(4);
    const p2 = await a.pics.materias({ anio: ciclo, cursor: 4 });
    expect(p2.items.map((m) => m.id)).not.toContain(p1.items[0]!.id);
    const nombre = p1.items[0]!.nombre;
    const buscada = await a.pics.materias({ anio: ciclo, q: nombre.toUpperCase() });
    expect(buscada.items.every((m) => m.nombre.toLowerCase().includes(nombre.toLowerCase()))).toBe(
      true,
    );
    const jefe = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
    const deptos = new Set(
      (await jefe.pics.materias({ anio: ciclo, limit: 50 })).items.map((m) => m.departamento),
    );
    expect(deptos.size).toBe(1);
  });

  test('crear: hora fuera de los horarios fijos, sin materia, aula con NUL o enorme, otro año: 400 y nada escrito', async () => {
    const a = await alumnado();
    const antes = await huella();
    const malos: [unknown, string][] = [
      [{ ...nueva, comienzo: '2026-12-16T10:00', aula: '23' }, ErrorPic.horario],
      [{ ...nueva, comienzo: '2026-12-16T08:00', aula: '23' }, ErrorPic.horario],
      [{ ...nueva, comienzo: '16/12/2026 10:30', aula: '23' }, ErrorPic.comienzo],
      [{ ...nueva, materia: undefined, comienzo: '2026-12-16T10:30' }, SELECCIONE_MATERIA],
      [{ ...nueva, materia: '', comienzo: '2026-12-16T10:30' }, SELECCIONE_MATERIA],
      [
        { ...nueva, comienzo: '2026-12-16T10:30', aula: 'A\u0000' },
        'Aula: contiene caracteres no válidos.',
      ],
      [
        { ...nueva, comienzo: '2026-12-16T10:30', aula: '\uD800' },
        'Aula: contiene caracteres no válidos.',
      ],
      [
        { ...nueva, comienzo: '2026-12-16T10:30', aula: 'x'.repeat(100_000) },
        'Aula: como máximo 50 caracteres.',
      ],
      [{ ...nueva, cuatrimestre: 3, comienzo: '2026-12-16T10:30' }, ErrorPic.cuatrimestre],
      [{ ...nueva, comienzo: ['2026-12-16T10:30'] }, ErrorPic.comienzo],
      [{ ...nueva, comienzo: '2028-12-16T10:30' }, ErrorPic.fechaFueraDelCiclo(ciclo)],
    ];
    for (const [entrada, mensaje] of malos) {
      const e = await errorDe(a.pics.crear(entrada as never));
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajeDe(e)).toContain(mensaje);
    }
    expect(await huella()).toBe(antes);
  });

  test('el jefe de departamento: la de su departamento sí; la de otro, 403 y nada escrito', async () => {
    const jefe = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
    const antes = await huella();
    expect(
      await codigoYMensaje(
        jefe.pics.crear({ ...nueva, materia: ajena, comienzo: '2026-12-16T10:30', aula: '23' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: ErrorPic.otroDepartamento });
    expect(await huella()).toBe(antes);
    const creada = await jefe.pics.crear({ ...nueva, comienzo: '2026-12-16T10:30', aula: ' 23 ' });
    expect(creada).toMatchObject({
      materia: { id: nueva.materia },
      cuatrimestre: 2,
      comienzo: { fecha: '2026-12-16', hora: '10:30' },
      instante: '2026-12-16T13:30:00.000Z',
      aula: '23',
      cerrada: false,
    });
    // Ya existe: 409.
    expect(
      await codigoYMensaje(jefe.pics.crear({ ...nueva, comienzo: '2026-12-17T09:00', aula: null })),
    ).toEqual({ code: 'CONFLICT', message: ErrorPic.yaExiste });
    // Otro departamento no ve ni toca la PIC ajena; la lista del jefe es de su departamento.
    const lista = await jefe.pics.delAnio({ anio: ciclo });
    const suyas = new Set(
      (await jefe.pics.materias({ anio: ciclo, limit: 50 })).items.map((m) => m.id),
    );
    expect(lista.pics.every((p) => suyas.has(p.materia.id))).toBe(true);
    const deOtro = (await (await alumnado()).pics.delAnio({ anio: ciclo })).pics.find(
      (p) => !suyas.has(p.materia.id) && !p.cerrada,
    )!;
    const claveAjena = {
      anio: ciclo,
      materia: deOtro.materia.id,
      cuatrimestre: deOtro.cuatrimestre,
    };
    for (const llamada of [
      jefe.pics.modificar({ ...claveAjena, comienzo: '2026-12-16T07:30', aula: null }),
      jefe.pics.borrar(claveAjena),
      jefe.pics.alumnos(claveAjena),
      jefe.pics.planilla(claveAjena),
    ])
      expect(await codigoDe(llamada)).toBe('FORBIDDEN');
    expect(await huella()).not.toBe(antes);
  });

  test('modificar: cambia comienzo y aula (blanco → null); otra hora fuera de la lista, 400', async () => {
    const a = await alumnado();
    const m = await a.pics.modificar({ ...nueva, comienzo: '2026-12-16 13:30', aula: '  ' });
    expect(m).toMatchObject({ comienzo: { fecha: '2026-12-16', hora: '13:30' }, aula: null });
    expect(
      await codigoDe(a.pics.modificar({ ...nueva, comienzo: '2026-12-16T13:45', aula: null })),
    ).toBe('BAD_REQUEST');
    expect(
      await codigoYMensaje(
        a.pics.modificar({ ...nueva, materia: sinPic, comienzo: '2026-12-16T09:00', aula: null }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: ErrorPic.inexistente });
  });
});

describe('los alumnos de la PIC', () => {
  test('por la regla, agregar y quitar a mano; un alumno que no cursa la materia: 400', async () => {
    const a = await alumnado();
    const { alumnos, otros } = await a.pics.alumnos(nueva);
    expect(alumnos.every((x) => x.origen === 'regla')).toBe(true);
    for (const x of alumnos)
      expect(x.notaCuatrimestre === 'ausente' || (x.notaCuatrimestre as number) < 6).toBe(true);
    expect(otros.length).toBeGreaterThan(0);
    const agregado = otros[0]!.alumnoId;
    await a.pics.ajustar({ ...nueva, alumno: agregado, accion: 'agregar' });
    let r = await a.pics.alumnos(nueva);
    expect(r.alumnos.find((x) => x.alumnoId === agregado)?.origen).toBe('agregado');
    expect(
      await codigoYMensaje(a.pics.ajustar({ ...nueva, alumno: agregado, accion: 'agregar' })),
    ).toEqual({ code: 'BAD_REQUEST', message: ErrorPic.yaEstaEnLaPic });
    if (alumnos.length) {
      const regla = alumnos[0]!.alumnoId;
      await a.pics.ajustar({ ...nueva, alumno: regla, accion: 'quitar' });
      r = await a.pics.alumnos(nueva);
      expect(r.alumnos.map((x) => x.alumnoId)).not.toContain(regla);
      expect(r.otros.map((x) => x.alumnoId)).toContain(regla);
      await a.pics.ajustar({ ...nueva, alumno: regla, accion: 'agregar' });
      r = await a.pics.alumnos(nueva);
      expect(r.alumnos.find((x) => x.alumnoId === regla)?.origen).toBe('regla');
    }
    // Uno que no cursa la materia en el ciclo, y uno que no está.
    const [fuera] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(
        sql`${s.alumnos.id} not in (select alumno_id from inscripciones where materia_id = ${nueva.materia})`,
      )
      .limit(1);
    const antes = await huella();
    expect(
      await codigoYMensaje(a.pics.ajustar({ ...nueva, alumno: fuera!.id, accion: 'agregar' })),
    ).toEqual({ code: 'BAD_REQUEST', message: ErrorPic.noCursaLaMateria });
    expect(
      await codigoYMensaje(a.pics.ajustar({ ...nueva, alumno: fuera!.id, accion: 'quitar' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'El alumno no está en la PIC.' });
    expect(
      await codigoDe(a.pics.ajustar({ ...nueva, alumno: agregado, accion: 'borrar' as never })),
    ).toBe('BAD_REQUEST');
    expect(await huella()).toBe(antes);
  });
});

describe('la planilla de la PIC', () => {
  test('Alumnado guarda con lo que mostraba; 11, un alumno que no está, un anterior viejo: error y nada escrito', async () => {
    const a = await alumnado();
    const p = await a.pics.planilla(nueva);
    expect(p).toMatchObject({ modo: 'alumnado', estado: { fase: 'abierta', puedeCargar: true } });
    const [x, y] = p.alumnos;
    expect(y).toBeDefined();
    await a.pics.guardar({
      ...nueva,
      cambios: [
        { alumno: x!.alumnoId, nota: 7, anterior: null },
        { alumno: y!.alumnoId, nota: 'ausente', anterior: null },
      ],
    });
    const q = await a.pics.planilla(nueva);
    expect(q.alumnos.find((z) => z.alumnoId === x!.alumnoId)?.guardado).toBe(7);
    expect(q.alumnos.find((z) => z.alumnoId === y!.alumnoId)?.guardado).toBe('ausente');

    const antes = await huella();
    for (const nota of [11, 0, 7.5, '8', -1])
      expect(
        mensajeDe(
          await errorDe(
            a.pics.guardar({
              ...nueva,
              cambios: [{ alumno: x!.alumnoId, nota: nota as never, anterior: 7 }],
            }),
          ),
        ),
      ).toContain(ErrorPic.nota);
    const noEsta = q.alumnos.length ? (await a.pics.alumnos(nueva)).otros[0]!.alumnoId : 1;
    expect(
      await codigoYMensaje(
        a.pics.guardar({ ...nueva, cambios: [{ alumno: noEsta, nota: 6, anterior: null }] }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: `${ErrorPic.noEstaEnLaPic}: ${noEsta}.` });
    const viejo = await fallo(
      a.pics.guardar({
        ...nueva,
        cambios: [
          { alumno: x!.alumnoId, nota: 9, anterior: null },
          { alumno: y!.alumnoId, nota: 4, anterior: 'ausente' },
        ],
      }),
    );
    expect(viejo.status).toBe(409);
    expect(viejo.message).toMatch(/^Otra persona modificó estas notas de la PIC/);
    expect(await huella()).toBe(antes);
    // Arrays donde va un objeto, cambios duplicados.
    expect(await codigoDe(a.pics.guardar([nueva] as never))).toBe('BAD_REQUEST');
    expect(
      await codigoDe(
        a.pics.guardar({
          ...nueva,
          cambios: [
            { alumno: x!.alumnoId, nota: 9, anterior: 7 },
            { alumno: x!.alumnoId, nota: 8, anterior: 7 },
          ],
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect(await huella()).toBe(antes);
  });

  test('dos guardados a la vez de distintos alumnos no pierden nada; del mismo, uno recibe 409', async () => {
    const a = await alumnado();
    const b = await alumnado();
    const p = await a.pics.planilla(nueva);
    const todos = p.alumnos;
    const [x, y] = todos;
    const r = await Promise.allSettled([
      a.pics.guardar({
        ...nueva,
        cambios: [{ alumno: x!.alumnoId, nota: 8, anterior: x!.guardado }],
      }),
      b.pics.guardar({
        ...nueva,
        cambios: [{ alumno: y!.alumnoId, nota: 5, anterior: y!.guardado }],
      }),
    ]);
    expect(r.map((z) => z.status)).toEqual(['fulfilled', 'fulfilled']);
    const q = await a.pics.planilla(nueva);
    expect(q.alumnos.find((z) => z.alumnoId === x!.alumnoId)?.guardado).toBe(8);
    expect(q.alumnos.find((z) => z.alumnoId === y!.alumnoId)?.guardado).toBe(5);
    // El mismo alumno a la vez, con el mismo anterior: uno gana y el otro recibe 409.
    const mismo = await Promise.allSettled([
      a.pics.guardar({ ...nueva, cambios: [{ alumno: x!.alumnoId, nota: 9, anterior: 8 }] }),
      b.pics.guardar({ ...nueva, cambios: [{ alumno: x!.alumnoId, nota: 3, anterior: 8 }] }),
    ]);
    expect(mismo.filter((z) => z.status === 'fulfilled')).toHaveLength(1);
    const rechazo = mismo.find((z) => z.status === 'rejected') as PromiseRejectedResult;
    expect(rechazo.reason.code).toBe('CONFLICT');
  });

  test('el docente de la materia carga en fechas; otro docente, 403; fuera de fechas, 412; Admin y el jefe leen', async () => {
    const docenteId = await idDeUsuario(db, EMAIL_DEMO.docente);
    const deDocente = await db
      .selectDistinct({ materia: s.cursadosMaterias.materiaId })
      .from(s.cursadosDocentes)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
      .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.cursados.id))
      .where(and(eq(s.cursadosDocentes.usuarioId, docenteId), eq(s.cursados.ciclolectivo, ciclo)));
    const suyas = deDocente.map((d) => d.materia);
    const a = await alumnado();
    const lista = (await a.pics.delAnio({ anio: ciclo })).pics;
    let suya = lista.find((p) => suyas.includes(p.materia.id) && p.cuatrimestre === 2);
    if (!suya) {
      const m = suyas.find(
        (id) => !lista.some((p) => p.materia.id === id && p.cuatrimestre === 2),
      )!;
      await a.pics.crear({
        anio: ciclo,
        materia: m,
        cuatrimestre: 2,
        comienzo: '2026-12-11T09:00',
        aula: '12',
      });
      await a.pics.ajustar({
        anio: ciclo,
        materia: m,
        cuatrimestre: 2,
        alumno: (await a.pics.alumnos({ anio: ciclo, materia: m, cuatrimestre: 2 })).otros[0]!
          .alumnoId,
        accion: 'agregar',
      });
      suya = (await a.pics.delAnio({ anio: ciclo })).pics.find(
        (p) => p.materia.id === m && p.cuatrimestre === 2,
      )!;
    }
    const clave = { anio: ciclo, materia: suya.materia.id, cuatrimestre: 2 as const };
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    // En /notas, el docente ve las PIC de las materias de su cursado; las de otro cursado, 403.
    const [cursadoSuyo] = await db
      .select({ id: s.cursados.id })
      .from(s.cursadosDocentes)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
      .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.cursados.id))
      .where(
        and(
          eq(s.cursadosDocentes.usuarioId, docenteId),
          eq(s.cursados.ciclolectivo, ciclo),
          eq(s.cursadosMaterias.materiaId, suya.materia.id),
        ),
      );
    const delCursado = await d.pics.deCursado({ cursado: cursadoSuyo!.id });
    expect(delCursado.pics.map((x) => x.pic.id)).toContain(suya.id);
    const [ajeno] = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .where(
        and(
          eq(s.cursados.ciclolectivo, ciclo),
          sql`${s.cursados.id} not in (select cursado_id from cursados_docentes where usuario_id = ${docenteId})`,
        ),
      )
      .limit(1);
    expect(await codigoDe(d.pics.deCursado({ cursado: ajeno!.id }))).toBe('FORBIDDEN');
    const p = await d.pics.planilla(clave);
    expect(p).toMatchObject({ modo: 'docente', estado: { puedeCargar: true } });
    const fila = p.alumnos[0]!;
    await d.pics.guardar({
      ...clave,
      cambios: [{ alumno: fila.alumnoId, nota: 6, anterior: fila.guardado }],
    });
    // Fuera de fechas (después del cierre del 18/12): el docente no; Alumnado sí (vencida).
    const tarde = await como(EMAIL_DEMO.docente, Rol.Docente, '2026-12-19');
    expect(
      await codigoYMensaje(
        tarde.pics.guardar({
          ...clave,
          cambios: [{ alumno: fila.alumnoId, nota: 7, anterior: 6 }],
        }),
      ),
    ).toEqual({
      code: 'PRECONDITION_FAILED',
      message: ErrorPic.fueraDeFechas('2° Cuatrimestre'),
    });
    await (
      await alumnado('2026-12-19')
    ).pics.guardar({
      ...clave,
      cambios: [{ alumno: fila.alumnoId, nota: 7, anterior: 6 }],
    });
    // Otra materia: el docente no la enseña.
    const otra = lista.find((x) => !suyas.includes(x.materia.id))!;
    expect(
      await codigoYMensaje(
        d.pics.planilla({ anio: ciclo, materia: otra.materia.id, cuatrimestre: otra.cuatrimestre }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: ErrorPic.noDocente });
    // Admin lee y no guarda; el jefe no cierra (tabla de acceso).
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    expect((await admin.pics.planilla(clave)).modo).toBe('lectura');
    expect(await codigoYMensaje(admin.pics.guardar({ ...clave, cambios: [] }))).toEqual({
      code: 'FORBIDDEN',
      message: expect.any(String),
    });
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento)).pics.cerrar(clave),
      ),
    ).toBe('FORBIDDEN');
  });

  test('cerrar fija los alumnos; cerrada no se edita, no se ajusta, no se modifica ni se borra', async () => {
    const a = await alumnado();
    const antes = await a.pics.planilla(nueva);
    const r = await a.pics.cerrar(nueva);
    expect(r).toMatchObject({ cerrada: true, alumnos: antes.alumnos.length });
    const filas = await db
      .select({ n: count() })
      .from(s.picsAlumnos)
      .where(
        and(eq(s.picsAlumnos.picId, r.id), sql`${s.picsAlumnos.ajuste} is distinct from 'quitado'`),
      );
    expect(filas[0]!.n).toBe(antes.alumnos.length);
    const despues = await a.pics.planilla(nueva);
    expect(despues.estado).toMatchObject({
      fase: 'cerrada',
      puedeCargar: false,
      motivo: ErrorPic.cerrada,
    });
    const huellaCerrada = await huella();
    const x = despues.alumnos[0]!;
    expect(
      await codigoYMensaje(
        a.pics.guardar({
          ...nueva,
          cambios: [{ alumno: x.alumnoId, nota: 10, anterior: x.guardado }],
        }),
      ),
    ).toEqual({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerrada });
    expect(await codigoYMensaje(a.pics.cerrar(nueva))).toEqual({
      code: 'PRECONDITION_FAILED',
      message: ErrorPic.yaCerrada,
    });
    expect(
      await codigoYMensaje(a.pics.ajustar({ ...nueva, alumno: x.alumnoId, accion: 'quitar' })),
    ).toEqual({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaAjustar });
    expect(
      await codigoYMensaje(
        a.pics.modificar({ ...nueva, comienzo: '2026-12-16T07:30', aula: null }),
      ),
    ).toEqual({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaModificar });
    expect(await codigoYMensaje(a.pics.borrar(nueva))).toEqual({
      code: 'PRECONDITION_FAILED',
      message: ErrorPic.cerradaBorrar,
    });
    expect(await huella()).toBe(huellaCerrada);
  });
});

describe('alumnos y referentes', () => {
  test('sus PIC y sus notas publicadas; otra familia, un vínculo sin confirmar: 403; inexistente: 404', async () => {
    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const mias = await alumno.pics.mias({});
    expect(mias.pics[0]).toMatchObject({ materia: expect.any(String), aula: expect.any(String) });
    // El 10/12 sólo se publicaron las del 1° cuatrimestre; el 22/12, también las del 2°.
    const notas = await alumno.pics.notasAlumno({});
    expect(notas.notas.every((n) => n.cuatrimestre === 1)).toBe(true);
    const del2 = mias.pics.filter((p) => p.cuatrimestre === 2).length;
    const tarde = await (
      await como(EMAIL_DEMO.alumno, Rol.Alumno, '2026-12-22')
    ).pics.notasAlumno({});
    expect(tarde.notas.filter((n) => n.cuatrimestre === 2)).toHaveLength(del2);

    expect(await codigoYMensaje(alumno.pics.notasAlumno({ alumno: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: ESTUDIANTE_NO_EXISTE,
    });
    expect(await codigoYMensaje(alumno.pics.mias({ alumno: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: ESTUDIANTE_NO_EXISTE,
    });

    const ref = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    const hijos = (await ref.sesion.hijos()).map((h) => h.id);
    expect(hijos).toContain(alumnoDemo);
    expect((await ref.pics.mias({ alumno: alumnoDemo })).pics).toEqual(mias.pics);

    const otro = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    expect(await codigoDe(otro.pics.mias({ alumno: alumnoDemo }))).toBe('FORBIDDEN');
    expect(await codigoDe(otro.pics.notasAlumno({ alumno: alumnoDemo }))).toBe('FORBIDDEN');
    // Un vínculo declarado y sin confirmar no abre nada.
    const [r] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
      .where(eq(s.usuarios.email, EMAIL_DEMO.referenteOtro));
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: alumnoDemo, referenteId: r!.id, confirmado: false })
      .onConflictDoNothing();
    expect(await codigoDe(otro.pics.mias({ alumno: alumnoDemo }))).toBe('FORBIDDEN');
    await db
      .delete(s.alumnosReferentes)
      .where(
        and(
          eq(s.alumnosReferentes.alumnoId, alumnoDemo),
          eq(s.alumnosReferentes.referenteId, r!.id),
        ),
      );
    // El personal no usa las vistas propias.
    expect(await codigoDe((await alumnado()).pics.mias({}))).toBe('FORBIDDEN');
  });
});

describe('el calendario de evaluaciones (issue 16 §7)', () => {
  test("'PIC de {materia}' y 'Mesa de {materia}' con el aula, en las tarjetas, el resumen del personal y el .ics", async () => {
    // Una mesa en una semana con el alumno de demostración anotado (el módulo de mesas las crea).
    const [ins] = await db
      .select({ cursado: s.inscripciones.cursadoId, materia: s.inscripciones.materiaId })
      .from(s.inscripciones)
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .where(and(eq(s.inscripciones.alumnoId, alumnoDemo), eq(s.cursados.ciclolectivo, ciclo)))
      .limit(1);
    const [mesa] = await db
      .insert(s.mesas)
      .values({
        comienzo: new Date('2026-12-17T11:00:00Z'),
        instancia: 'Complementaria Noviembre/Diciembre',
        aula: 'Taller 2',
      })
      .returning({ id: s.mesas.id });
    await db
      .insert(s.mesasMaterias)
      .values({ mesaId: mesa!.id, materiaId: ins!.materia, orden: 1 });
    await db.insert(s.mesasAlumnos).values({
      mesaId: mesa!.id,
      materiaId: ins!.materia,
      alumnoId: alumnoDemo,
      cursadoId: ins!.cursado,
    });
    const [materia] = await db
      .select({ nombre: s.materias.nombre })
      .from(s.materias)
      .where(eq(s.materias.id, ins!.materia));

    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const mias = await alumno.evaluaciones.mias({});
    const suyas = (await alumno.pics.mias({})).pics.filter(
      (p) => p.comienzo.fecha >= HOY && p.comienzo.fecha <= '2027-01-09',
    );
    expect(suyas.length).toBeGreaterThan(0);
    expect(
      mias.examenes
        .filter((e) => e.tipo === 'pic')
        .map((e) => e.materia)
        .sort(),
    ).toEqual(suyas.map((p) => p.materia).sort());
    expect(mias.examenes.find((e) => e.tipo === 'mesa')).toMatchObject({
      materia: materia!.nombre,
      fecha: '2026-12-17',
      inicio: '08:00',
      aula: 'Taller 2',
      texto: 'Faltan 7 días',
    });
    // El referente del alumno ve lo mismo; el legajo también.
    const ref = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    expect((await ref.evaluaciones.mias({ alumno: alumnoDemo })).examenes).toEqual(mias.examenes);
    const regente = await como(EMAIL_DEMO.regente, Rol.Regente);
    expect((await regente.evaluaciones.delAlumno({ alumno: alumnoDemo })).examenes).toEqual(
      mias.examenes,
    );

    // El .ics del alumno lleva los mismos eventos.
    const { token } = await alumno.evaluaciones.nuevoEnlace();
    const ics = await callerAnonimo(db).evaluaciones.calendario({ token });
    expect(ics.contenido).toContain(`SUMMARY:Mesa de ${materia!.nombre}`);
    expect(ics.contenido).toContain('LOCATION:Aula Taller 2');
    expect(ics.contenido).toContain('DTSTART:20261217T110000Z');
    for (const p of suyas) expect(ics.contenido).toContain(`SUMMARY:PIC de ${p.materia}`);

    // /evaluaciones-readonly: las PIC desde hoy, en los cursos con su materia; el preceptor, sólo
    // los suyos.
    const todos = await (await alumnado()).evaluaciones.proximas();
    expect(todos.cursos.some((c) => c.pics.length > 0)).toBe(true);
    for (const c of todos.cursos) for (const p of c.pics) expect(p.fecha >= HOY).toBe(true);
    const prec = await (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).evaluaciones.proximas();
    expect(prec.cursos.length).toBeGreaterThan(0);
    expect(prec.cursos.length).toBeLessThan(todos.cursos.length);
  });
});

describe('superposiciones (issue 16, más allá de la spec)', () => {
  test('un alumno de la PIC que a esa hora rinde una mesa: aviso antes de guardar; a otra hora, nada', async () => {
    const a = await alumnado();
    const conAlumnos = (await a.pics.delAnio({ anio: ciclo })).pics.find(
      (p) => p.alumnos > 0 && !p.cerrada,
    )!;
    const clave = {
      anio: ciclo,
      materia: conAlumnos.materia.id,
      cuatrimestre: conAlumnos.cuatrimestre,
    };
    const { alumnos } = await a.pics.alumnos(clave);
    const alumno = alumnos[0]!;
    const comienzo = { fecha: '2026-12-28', hora: '09:00' };
    expect((await a.pics.choques({ ...clave, comienzo: '2026-12-28T09:00' })).choques).toEqual([]);
    // Una mesa ese día a las 10:00 (empieza antes de que termine la PIC), con el alumno anotado.
    const [mesa] = await db
      .insert(s.mesas)
      .values({ comienzo: new Date('2026-12-28T13:00:00Z'), instancia: 'Extraordinaria Noviembre' })
      .returning({ id: s.mesas.id });
    const [ins] = await db
      .select({ cursado: s.inscripciones.cursadoId, materia: s.inscripciones.materiaId })
      .from(s.inscripciones)
      .where(eq(s.inscripciones.alumnoId, alumno.alumnoId))
      .limit(1);
    await db
      .insert(s.mesasMaterias)
      .values({ mesaId: mesa!.id, materiaId: ins!.materia, orden: 1 });
    await db.insert(s.mesasAlumnos).values({
      mesaId: mesa!.id,
      materiaId: ins!.materia,
      alumnoId: alumno.alumnoId,
      cursadoId: ins!.cursado,
    });
    const { choques } = await a.pics.choques({
      ...clave,
      comienzo: `${comienzo.fecha}T${comienzo.hora}`,
    });
    expect(choques).toEqual([
      `${alumno.apellido}, ${alumno.nombre} rinde una mesa a esa hora (Extraordinaria Noviembre, 28/12/2026, 10:00).`,
    ]);
    // La mesa dura 120 minutos (de 10:00 a 12:00): una PIC a las 12:00 ya no se superpone.
    expect((await a.pics.choques({ ...clave, comienzo: '2026-12-28T12:00' })).choques).toEqual([]);
    await db.delete(s.mesas).where(eq(s.mesas.id, mesa!.id));
  });
});

describe('REST', () => {
  const pedido = (email: string, rol: number) => ({
    db,
    email,
    rol,
    ciclo,
    hoy: HOY,
    zona: 'America/Argentina/Cordoba',
  });
  test('los caminos de la spec sobre los mismos procedimientos', async () => {
    const al = pedido(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const lista = await pedirRest<{ pics: { materia: { id: number }; cuatrimestre: number }[] }>(
      'GET',
      `/api/pics/${ciclo}`,
      al,
    );
    expect(lista.status).toBe(200);
    expect(lista.body.pics.length).toBeGreaterThan(10);
    const m = (await (await alumnado()).pics.materias({ anio: ciclo, limit: 50 })).items.find(
      (x) => !x.pics.includes(1),
    )!;
    const camino = `/api/pics/${ciclo}/${m.id}/1`;
    const antes = await cantidad(s.pics);
    expect(
      await pedirRest('POST', camino, al, { comienzo: '2026-08-05T11:00', aula: '12' }),
    ).toEqual({
      status: 400,
      body: { error: true, message: ErrorPic.horario },
    });
    expect(await pedirRest('POST', camino, al, [{ comienzo: '2026-08-05T10:30' }])).toMatchObject({
      status: 400,
    });
    expect(await cantidad(s.pics)).toBe(antes);
    expect(
      (await pedirRest('POST', camino, al, { comienzo: '2026-08-05T10:30', aula: '12' })).status,
    ).toBe(200);
    expect(
      (await pedirRest('PUT', camino, al, { comienzo: '2026-08-05T12:00', aula: null })).body,
    ).toMatchObject({ comienzo: { hora: '12:00' }, aula: null });
    expect((await pedirRest('GET', `${camino}/planilla`, al)).status).toBe(200);
    // Publicada (el 1° se publicó el 21/8): no se carga.
    expect((await pedirRest('PUT', `${camino}/planilla`, al, [])).status).toBe(412);
    expect((await pedirRest('DELETE', camino, al)).status).toBe(200);
    expect(await cantidad(s.pics)).toBe(antes);
    expect((await pedirRest('DELETE', camino, al)).status).toBe(404);

    // La planilla de la PIC nueva (cerrada): 412; del jefe: 403.
    const nuevaCamino = `/api/pics/${ciclo}/${nueva.materia}/2/planilla/cerrar`;
    expect((await pedirRest('PUT', nuevaCamino, al)).status).toBe(412);
    expect(
      (
        await pedirRest(
          'PUT',
          nuevaCamino,
          pedido(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento),
        )
      ).status,
    ).toBe(403);

    const alumno = pedido(EMAIL_DEMO.alumno, Rol.Alumno);
    expect((await pedirRest('GET', '/api/mispics', alumno)).status).toBe(200);
    expect((await pedirRest('GET', '/api/misnotaspics', alumno)).status).toBe(200);
    expect(await pedirRest('GET', '/api/misnotaspics/2000000000', alumno)).toEqual({
      status: 404,
      body: { error: true, message: ESTUDIANTE_NO_EXISTE },
    });
    expect(
      (
        await pedirRest(
          'GET',
          `/api/mispics/${alumnoDemo}`,
          pedido(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental),
        )
      ).status,
    ).toBe(403);
    expect((await pedirRest('GET', `/api/pics/${ciclo}`, { db, email: null })).status).toBe(401);
    expect((await pedirRest('GET', `/api/pics/${ciclo}`, alumno)).status).toBe(403);
  });
});
