/**
 * Jornada cultural y deportiva (issue 17 §1; spec 02 §2, §4, §7): la demostración, lo que ve y
 * elige el alumno (sólo las de su año y género; una sola vez), el último cupo tomado por dos a la
 * vez (uno solo lo consigue), la vista del personal, el alta/cambio/baja de Regente y Admin (con
 * la imagen reconocida por su contenido) y la entrada inválida sin escribir nada.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ErrorJornada, mascaraDe } from '@/domain/jornada';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = 2026;
const hoy = '2026-11-24';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const alumno = () => como(EMAIL_DEMO.alumno, Rol.Alumno);
const regente = () => como(EMAIL_DEMO.regente, Rol.Regente);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const TODOS = mascaraDe({ anios: [1, 2, 3, 4, 5, 6], mujeres: true, varones: true });
const base = {
  anio: ciclo,
  nombre: 'Taller de cocina',
  descripcion: 'Preparamos el almuerzo de la jornada.',
  cupos: 12,
  comienzo: '09:00',
  fin: '12:00',
  aula: 'Comedor',
  mascara: TODOS,
};

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
});
afterAll(() => c?.cerrar());

const elecciones = async () => (await db.select({ n: count() }).from(s.jcdElecciones))[0]!.n;

describe('la demostración y el alumno', () => {
  test('ocho actividades; el alumno de demostración no eligió y ve sólo las de su año y género', async () => {
    const info = await (await alumno()).jornada.informacion({ anio: ciclo });
    expect(info.elegida).toBeNull();
    expect(info.sinCurso).toBe(false);
    const todas = await db
      .select({ id: s.jcdActividades.id, nombre: s.jcdActividades.nombre })
      .from(s.jcdActividades);
    expect(todas).toHaveLength(8);
    expect(info.actividades.length).toBeGreaterThan(0);
    expect(info.actividades.length).toBeLessThan(8);
    expect(
      info.actividades.every((a) => a.estado === 'disponible' || a.estado === 'sinCupos'),
    ).toBe(true);
    expect(info.actividades.every((a) => a.libres === a.cupos - a.elegidos)).toBe(true);
    expect(await elecciones()).toBeGreaterThan(50);
  });

  test('elige una: las demás quedan bloqueadas; otra elección, 409; una que no es para él, 403', async () => {
    const a = await alumno();
    const info = await a.jornada.informacion({ anio: ciclo });
    const visibles = new Set(info.actividades.map((x) => x.id));
    const noParaEl = await db
      .select({ id: s.jcdActividades.id })
      .from(s.jcdActividades)
      .where(eq(s.jcdActividades.ciclolectivo, ciclo));
    const ajena = noParaEl.find((x) => !visibles.has(x.id));
    if (!ajena)
      throw new Error(
        `Todas visibles: ${JSON.stringify([...visibles])} de ${JSON.stringify(noParaEl)}`,
      );
    expect(await codigoYMensaje(a.jornada.elegir({ anio: ciclo, actividad: ajena.id }))).toEqual({
      code: 'FORBIDDEN',
      message: ErrorJornada.noElegible,
    });
    const [primera, segunda] = info.actividades.filter((x) => x.estado === 'disponible');
    await a.jornada.elegir({ anio: ciclo, actividad: primera!.id });
    const despues = await a.jornada.informacion({ anio: ciclo });
    expect(despues.elegida).toBe(primera!.id);
    expect(despues.actividades.find((x) => x.id === primera!.id)).toMatchObject({
      estado: 'elegida',
      elegidos: primera!.elegidos + 1,
    });
    expect(
      despues.actividades
        .filter((x) => x.id !== primera!.id)
        .every((x) => x.estado === 'bloqueada'),
    ).toBe(true);
    expect(await codigoYMensaje(a.jornada.elegir({ anio: ciclo, actividad: segunda!.id }))).toEqual(
      {
        code: 'CONFLICT',
        message: ErrorJornada.yaEligio,
      },
    );
    // Otro año: 400, también con el selector de año en ese año (el ciclo es el del día escolar).
    const conSelector = await callerComo(db, EMAIL_DEMO.alumno, Rol.Alumno, {
      ciclo: ciclo - 1,
      hoy,
    });
    expect(
      await codigoDe(conSelector.jornada.elegir({ anio: ciclo - 1, actividad: segunda!.id })),
    ).toBe('BAD_REQUEST');
    // Regente le quita la elección y vuelve a elegir.
    expect(await codigoDe(a.jornada.elegir({ anio: ciclo - 1, actividad: segunda!.id }))).toBe(
      'BAD_REQUEST',
    );
    const [propio] = await db
      .select({ alumno: s.jcdElecciones.alumnoId })
      .from(s.jcdElecciones)
      .where(eq(s.jcdElecciones.actividadId, primera!.id))
      .orderBy(sql`${s.jcdElecciones.elegida} desc`)
      .limit(1);
    await (await regente()).jornada.quitarEleccion({ anio: ciclo, alumno: propio!.alumno });
    expect((await a.jornada.informacion({ anio: ciclo })).elegida).toBeNull();
  });

  test('el último cupo tomado por dos a la vez: uno lo consigue, el otro recibe "sin cupos"', async () => {
    const r = await regente();
    const { id } = await r.jornada.crear({ ...base, nombre: 'Último cupo', cupos: 1 });
    // Dos alumnos con usuario, de cualquier curso (la actividad es para todos).
    const [demoId] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
      .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
    const [otro] = await db
      .select({ email: s.usuarios.email })
      .from(s.alumnos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
      .innerJoin(
        s.alumnosCursos,
        and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, ciclo)),
      )
      .where(
        and(
          ne(s.alumnos.id, demoId!.id),
          sql`not exists (select 1 from jcd_elecciones e where e.alumno_id = ${s.alumnos.id})`,
        ),
      )
      .limit(1);
    const [a1, a2] = [await alumno(), await como(otro!.email, Rol.Alumno)];
    const r1 = await Promise.allSettled([
      a1.jornada.elegir({ anio: ciclo, actividad: id }),
      a2.jornada.elegir({ anio: ciclo, actividad: id }),
    ]);
    expect(r1.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const rechazo = r1.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((rechazo.reason as Error).message).toBe(ErrorJornada.sinCupos);
    const [n] = await db
      .select({ n: count() })
      .from(s.jcdElecciones)
      .where(eq(s.jcdElecciones.actividadId, id));
    expect(n!.n).toBe(1);
    // Con un anotado, no se borra ni se baja de cupos.
    expect(await codigoDe(r.jornada.borrar({ id }))).toBe('PRECONDITION_FAILED');
    const v = (await r.jornada.vista({ anio: ciclo })).actividades.find((x) => x.id === id)!;
    expect(v.alumnos).toHaveLength(1);
  });
});

describe('el personal', () => {
  test('la vista: por actividad sus alumnos y, por curso, los que no eligieron; alumnos y referentes no', async () => {
    const v = await (
      await como(EMAIL_DEMO.preceptor, Rol.Preceptor)
    ).jornada.vista({ anio: ciclo });
    expect(v.actividades.length).toBeGreaterThanOrEqual(8);
    const anotados = v.actividades.reduce((t, a) => t + a.alumnos.length, 0);
    expect(anotados).toBe(await elecciones());
    expect(v.sinActividad.length).toBeGreaterThan(0);
    const sinIds = v.sinActividad.flatMap((x) => x.alumnos.map((y) => y.id));
    const conIds = v.actividades.flatMap((a) => a.alumnos.map((y) => y.id));
    expect(sinIds.some((x) => conIds.includes(x))).toBe(false);
    expect(await codigoDe((await alumno()).jornada.vista({ anio: ciclo }))).toBe('FORBIDDEN');
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.referente, Rol.ReferenteParental)).jornada.vista({ anio: ciclo }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.docente, Rol.Docente)).jornada.informacion({ anio: ciclo }),
      ),
    ).toBe('FORBIDDEN');
  });

  test('Regente crea con imagen, cambia con versión, borra; la imagen se sirve con su tipo', async () => {
    const r = await regente();
    const { id } = await r.jornada.crear({
      ...base,
      imagen: new File([PNG], 'cocina.png', { type: 'image/png' }),
    });
    const img = await r.jornada.imagen({ id });
    expect(img.tipo).toBe('image/png');
    expect(Buffer.from(img.datos).subarray(0, 8)).toEqual(Buffer.from(PNG.subarray(0, 8)));
    // Cualquiera con sesión ve la imagen (no es un dato personal).
    expect((await (await alumno()).jornada.imagen({ id })).tipo).toBe('image/png');
    await r.jornada.modificar({ id, version: 1, ...base, cupos: 15 });
    expect(await codigoDe(r.jornada.modificar({ id, version: 1, ...base }))).toBe('CONFLICT');
    const v = (await r.jornada.vista({ anio: ciclo })).actividades.find((x) => x.id === id)!;
    expect(v).toMatchObject({ cupos: 15, version: 2, imagen: `/api/jornada/imagen/${id}` });
    await r.jornada.borrar({ id });
    expect(await codigoDe(r.jornada.imagen({ id }))).toBe('NOT_FOUND');
    const archivos = await db
      .select({ n: count() })
      .from(s.archivos)
      .where(eq(s.archivos.nombre, 'jornada.png'));
    expect(archivos[0]!.n).toBe(0);
  });

  test('entrada inválida: mensaje en castellano y nada escrito; otros roles no administran', async () => {
    const r = await regente();
    const antes = (await db.select({ n: count() }).from(s.jcdActividades))[0]!.n;
    const malos: [Partial<typeof base> & { imagen?: File }, string][] = [
      [{ comienzo: '07:00' }, ErrorJornada.horario],
      [{ fin: '14:30' }, ErrorJornada.horario],
      [{ comienzo: '12:00', fin: '11:00' }, ErrorJornada.horario],
      [
        { mascara: mascaraDe({ anios: [1], mujeres: false, varones: false }) },
        ErrorJornada.sinGenero,
      ],
      [{ mascara: 0 }, ErrorJornada.mascara],
      [{ imagen: new File(['<html><script>alert(1)</script>'], 'x.png') }, 'La imagen'],
      [
        { imagen: new File([PNG, new TextEncoder().encode('<script>alert(1)</script>')], 'x.png') },
        'La imagen',
      ],
    ];
    for (const [cambio, mensaje] of malos) {
      const e = await codigoYMensaje(r.jornada.crear({ ...base, ...cambio }));
      expect(e.code).toBe('BAD_REQUEST');
      expect(e.message).toContain(mensaje);
    }
    for (const cambio of [
      { nombre: '' },
      { nombre: 'a\u0000b' },
      { cupos: 0 },
      { cupos: 'x' },
      { aula: 'x'.repeat(51) },
    ])
      expect(await codigoDe(r.jornada.crear({ ...base, ...cambio } as never))).toBe('BAD_REQUEST');
    expect((await db.select({ n: count() }).from(s.jcdActividades))[0]!.n).toBe(antes);
    expect(
      await codigoDe((await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).jornada.crear(base)),
    ).toBe('FORBIDDEN');
  });

  test('REST: informacion y elegir del alumno; un cuerpo lista, 400', async () => {
    const pedido = { db, email: EMAIL_DEMO.alumno, rol: Rol.Alumno, ciclo, hoy };
    const info = await pedirRest<{ actividades: { id: number; estado: string }[] }>(
      'GET',
      `/api/jornada/informacion/${ciclo}`,
      pedido,
    );
    expect(info.status).toBe(200);
    expect((await pedirRest('POST', `/api/jornada/elegir/${ciclo}`, pedido, [1])).status).toBe(400);
    expect(
      (await pedirRest('POST', `/api/jornada/elegir/${ciclo}`, pedido, { actividad: 'x' })).status,
    ).toBe(400);
    expect((await pedirRest('GET', '/api/jornada/informacion/abc', pedido)).status).toBe(400);
  });
});
