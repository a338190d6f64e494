/**
 * Alcance de los datos por rol activo (src/server/alcance.ts): qué alumnos, cursos y
 * referentes ve cada rol. Lo esperado sale de consultas propias a la base, no del servicio.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, count, eq, inArray, sql } from 'drizzle-orm';

import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

type Caller = Awaited<ReturnType<typeof callerComo>>;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });

const idDe = (email: string) => idDeUsuario(db, email);

const orden = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

interface Pagina {
  items: { id: number; etiqueta: string }[];
  siguiente: number | null;
}

/** Recorre todas las páginas y verifica el contrato de paginación en cada una. */
async function todasLasPaginas(pedir: (cursor: number) => Promise<Pagina>, limit = 50) {
  const paginas: Pagina[] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const p: Pagina = await pedir(cursor);
    if (p.siguiente !== null) {
      expect(p.items).toHaveLength(limit);
      expect(p.siguiente).toBe(cursor + limit);
    } else {
      expect(p.items.length).toBeLessThanOrEqual(limit);
    }
    paginas.push(p);
    cursor = p.siguiente;
    if (paginas.length > 100) throw new Error('La paginación no termina');
  }
  return { paginas, items: paginas.flatMap((p) => p.items) };
}

const todosLosAlumnos = (caller: Caller, q = '') =>
  todasLasPaginas((cursor) => caller.buscar.alumnos({ q, cursor, limit: 50 }));

/** Alumnos de los cursos del preceptor en el ciclo (alumnos_cursos + preceptores_cursos). */
async function alumnosDelPreceptor(usuarioId: number) {
  const filas = await db
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
      and(eq(s.preceptoresCursos.usuarioId, usuarioId), eq(s.alumnosCursos.ciclolectivo, ciclo)),
    );
  return orden(new Set(filas.map((f) => f.id)));
}

/** Cursos (anio-division) de un preceptor en el ciclo según preceptores_cursos. */
async function cursosDelPreceptor(usuarioId: number) {
  const filas = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .innerJoin(s.preceptoresCursos, eq(s.preceptoresCursos.cursoId, s.cursos.id))
    .where(
      and(
        eq(s.preceptoresCursos.usuarioId, usuarioId),
        eq(s.preceptoresCursos.ciclolectivo, ciclo),
      ),
    );
  return orden(filas.map((f) => f.id));
}

/** Un alumno de demostración por nombre y apellido, con su curso del ciclo. */
async function alumno(apellido: string, nombre: string) {
  const filas = await db
    .select({ id: s.alumnos.id, anio: s.cursos.anio, division: s.cursos.division })
    .from(s.alumnos)
    .innerJoin(
      s.alumnosCursos,
      and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, ciclo)),
    )
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(and(eq(s.alumnos.apellido, apellido), eq(s.alumnos.nombre, nombre)));
  expect(filas).toHaveLength(1);
  return filas[0]!;
}

describe('buscar.alumnos por rol', () => {
  test('Preceptor: sólo los alumnos de sus cursos', async () => {
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const esperados = await alumnosDelPreceptor(await idDe(EMAIL_DEMO.preceptor));
    // 2° 1°, 2° 2° y 4° Electrónica: entre 75 y 105 alumnos.
    expect(esperados.length).toBeGreaterThanOrEqual(75);
    expect(esperados.length).toBeLessThanOrEqual(105);
    const { items } = await todosLosAlumnos(preceptor);
    expect(orden(items.map((a) => a.id))).toEqual(esperados);
    expect(new Set(items.map((a) => a.id)).size).toBe(items.length);
  });

  test('Preceptor: un alumno de otro curso no aparece ni buscándolo por apellido y nombre', async () => {
    const lucia = await alumno('Ramírez', 'Lucía');
    expect([lucia.anio, lucia.division]).toEqual([1, 2]);
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    for (const q of ['Ramírez Lucía', 'ramirez lucia', 'Lucía']) {
      const r = await preceptor.buscar.alumnos({ q });
      expect(r.items.map((a) => a.id)).not.toContain(lucia.id);
    }
    // El mismo texto sí la encuentra con un rol que ve toda la escuela (la búsqueda funciona).
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const r = await jefe.buscar.alumnos({ q: 'Ramírez Lucía' });
    expect(r.items.map((a) => a.id)).toContain(lucia.id);
    expect(r.items.find((a) => a.id === lucia.id)?.etiqueta).toBe('Ramírez, Lucía');
  });

  test('Preceptor: sí encuentra a un alumno propio por apellido y nombre', async () => {
    const valentina = await alumno('Domínguez', 'Valentina');
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const r = await preceptor.buscar.alumnos({ q: 'dominguez valentina' });
    expect(r.items.map((a) => a.id)).toEqual([valentina.id]);
  });

  test('Docente: sólo los alumnos inscriptos en sus cursados del ciclo', async () => {
    const docenteId = await idDe(EMAIL_DEMO.docente);
    const filas = await db
      .select({ id: s.inscripciones.alumnoId })
      .from(s.inscripciones)
      .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.inscripciones.cursadoId))
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .where(and(eq(s.cursadosDocentes.usuarioId, docenteId), eq(s.cursados.ciclolectivo, ciclo)));
    const esperados = orden(new Set(filas.map((f) => f.id)));
    // Matemática en 2° 1°, 2° 2°, 3° 1° y 4° Electrónica.
    expect(esperados.length).toBeGreaterThanOrEqual(100);
    expect(esperados.length).toBeLessThanOrEqual(140);
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    const { items } = await todosLosAlumnos(docente);
    expect(orden(items.map((a) => a.id))).toEqual(esperados);
    // Lucía (1° 2°) no es alumna suya.
    expect(items.map((a) => a.id)).not.toContain((await alumno('Ramírez', 'Lucía')).id);
  });

  test('JefePreceptor: todos los alumnos', async () => {
    const [total] = await db.select({ n: count() }).from(s.alumnos);
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const { items } = await todosLosAlumnos(jefe);
    expect(items).toHaveLength(total!.n);
    expect(new Set(items.map((a) => a.id)).size).toBe(total!.n);
  });

  test('el multirol ve distinto según el rol activo', async () => {
    const id = await idDe(EMAIL_DEMO.multirol);
    const comoPreceptor = await como(EMAIL_DEMO.multirol, Rol.Preceptor);
    const { items } = await todosLosAlumnos(comoPreceptor);
    expect(orden(items.map((a) => a.id))).toEqual(await alumnosDelPreceptor(id));
    const comoDocente = await como(EMAIL_DEMO.multirol, Rol.Docente);
    const docente = await todosLosAlumnos(comoDocente);
    // Como docente tiene 4° Electrónica, que no es curso suyo como preceptor.
    // El alumno de demostración (hay un homónimo en otro curso): se lo identifica por su email.
    const [tomas] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.email, EMAIL_DEMO.alumno));
    expect(docente.items.map((a) => a.id)).toContain(tomas!.id);
    expect(items.map((a) => a.id)).not.toContain(tomas!.id);
  });
});

describe('buscar.alumnos como Admin: paginación', () => {
  test('páginas de 50, siguiente null al final, sin repetidos, la unión es el total', async () => {
    const [total] = await db.select({ n: count() }).from(s.alumnos);
    expect(total!.n).toBeGreaterThan(400);
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    const { paginas, items } = await todosLosAlumnos(admin);
    expect(paginas).toHaveLength(Math.ceil(total!.n / 50));
    expect(paginas.at(-1)!.siguiente).toBeNull();
    expect(paginas.slice(0, -1).every((p) => p.items.length === 50)).toBe(true);
    const ids = items.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const todos = await db.select({ id: s.alumnos.id }).from(s.alumnos);
    expect(orden(ids)).toEqual(orden(todos.map((a) => a.id)));
  });

  test('un cursor más allá del final devuelve una página vacía sin siguiente', async () => {
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    expect(await admin.buscar.alumnos({ cursor: 100_000 })).toEqual({ items: [], siguiente: null });
  });

  test('limit fuera de rango → BAD_REQUEST', async () => {
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    expect(await codigoDe(admin.buscar.alumnos({ limit: 51 }))).toBe('BAD_REQUEST');
    expect(await codigoDe(admin.buscar.alumnos({ limit: 0 }))).toBe('BAD_REQUEST');
    expect(await codigoDe(admin.buscar.alumnos({ cursor: -1 }))).toBe('BAD_REQUEST');
  });
});

describe('cursos.delPreceptor', () => {
  test('Preceptor sin id: sus propios cursos', async () => {
    const preceptorId = await idDe(EMAIL_DEMO.preceptor);
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const r = await preceptor.cursos.delPreceptor();
    expect(r.map((x) => x.nombre)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);
    expect(orden(r.map((x) => x.orden))).toEqual(await cursosDelPreceptor(preceptorId));
    // Con su propio id, lo mismo.
    expect(await preceptor.cursos.delPreceptor({ id: preceptorId })).toEqual(r);
  });

  test('Preceptor con el id de otro preceptor → FORBIDDEN', async () => {
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(
      await codigoDe(preceptor.cursos.delPreceptor({ id: await idDe(EMAIL_DEMO.multirol) })),
    ).toBe('FORBIDDEN');
    // Tampoco puede averiguar si un id existe.
    expect(await codigoDe(preceptor.cursos.delPreceptor({ id: 9_999_999 }))).toBe('FORBIDDEN');
  });

  test('JefePreceptor con un id: los cursos de ese preceptor', async () => {
    const multirolId = await idDe(EMAIL_DEMO.multirol);
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const r = await jefe.cursos.delPreceptor({ id: multirolId });
    expect(r.map((x) => x.nombre)).toEqual(['5° Electrónica', '6° Electrónica']);
    expect(orden(r.map((x) => x.orden))).toEqual(await cursosDelPreceptor(multirolId));
    const delDemo = await jefe.cursos.delPreceptor({ id: await idDe(EMAIL_DEMO.preceptor) });
    expect(delDemo.map((x) => x.nombre)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);
  });

  test('JefePreceptor con un id inexistente → NOT_FOUND', async () => {
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    expect(await codigoDe(jefe.cursos.delPreceptor({ id: 9_999_999 }))).toBe('NOT_FOUND');
    expect(await codigoDe(jefe.cursos.delPreceptor({ id: 'abc' as never }))).toBe('BAD_REQUEST');
  });
});

/** Cursos con cursados del ciclo cuyas materias cumplen `materiaIds` (consulta propia). */
async function cursosDeMaterias(materiaIds: number[]) {
  const filas = await db
    .selectDistinct({ id: s.cursadosCursos.cursoId })
    .from(s.cursadosCursos)
    .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosCursos.cursadoId))
    .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.cursados.id))
    .where(
      and(eq(s.cursados.ciclolectivo, ciclo), inArray(s.cursadosMaterias.materiaId, materiaIds)),
    );
  return orden(filas.map((f) => f.id));
}

async function materiasDelDepartamento(usuarioId: number) {
  const filas = await db
    .select({ id: s.materias.id })
    .from(s.materias)
    .innerJoin(
      s.jefesDepartamento,
      eq(s.jefesDepartamento.departamentoId, s.materias.departamentoId),
    )
    .where(eq(s.jefesDepartamento.usuarioId, usuarioId));
  return filas.map((f) => f.id);
}

describe('cursos.delDepartamento y cursos.delCoordinador', () => {
  beforeAll(async () => {
    // Un cursado de otro ciclo, de un taller y de Sistemas Digitales, en 6° Construcciones:
    // no debe sumar ese curso al coordinador ni al jefe de Electrónica en el ciclo actual.
    const [curso] = await db
      .select()
      .from(s.cursos)
      .where(and(eq(s.cursos.anio, 6), eq(s.cursos.division, 3)));
    const mats = await db
      .select()
      .from(s.materias)
      .where(inArray(s.materias.codigo, ['TAL1', 'SDG4']));
    const [cursado] = await db
      .insert(s.cursados)
      .values({ nombre: 'Cursado viejo', ciclolectivo: ciclo - 2 })
      .returning({ id: s.cursados.id });
    await db.insert(s.cursadosCursos).values({ cursadoId: cursado!.id, cursoId: curso!.id });
    await db
      .insert(s.cursadosMaterias)
      .values(mats.map((m) => ({ cursadoId: cursado!.id, materiaId: m.id })));
  });

  test('el jefe de departamento (Ciencias Exactas) ve los cursos de los cursados de su departamento', async () => {
    const jefeId = await idDe(EMAIL_DEMO.jefeDepartamento);
    const jefe = await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);
    const r = await jefe.cursos.delDepartamento();
    const esperados = await cursosDeMaterias(await materiasDelDepartamento(jefeId));
    // Matemática se dicta en todos los cursos.
    expect(esperados).toHaveLength(18);
    expect(orden(r.map((x) => x.orden))).toEqual(esperados);
    expect(new Set(r.map((x) => x.orden)).size).toBe(r.length);
  });

  test('el multirol como jefe de Electrónica ve sólo los cursos de Electrónica', async () => {
    const id = await idDe(EMAIL_DEMO.multirol);
    const jefe = await como(EMAIL_DEMO.multirol, Rol.JefeDepartamento);
    const r = await jefe.cursos.delDepartamento();
    expect(r.map((x) => x.nombre)).toEqual(['4° Electrónica', '5° Electrónica', '6° Electrónica']);
    expect(orden(r.map((x) => x.orden))).toEqual(
      await cursosDeMaterias(await materiasDelDepartamento(id)),
    );
  });

  test('en un ciclo pasado (sin historia sembrada) ve sólo el curso del cursado viejo', async () => {
    const jefe = await callerComo(db, EMAIL_DEMO.multirol, Rol.JefeDepartamento, {
      ciclo: ciclo - 2,
    });
    expect((await jefe.cursos.delDepartamento()).map((x) => x.nombre)).toEqual([
      '6° Construcciones',
    ]);
    const coordinador = await callerComo(db, EMAIL_DEMO.coordinador, Rol.Coordinador, {
      ciclo: ciclo - 2,
    });
    expect((await coordinador.cursos.delCoordinador()).map((x) => x.nombre)).toEqual([
      '6° Construcciones',
    ]);
  });

  test('en un ciclo sin cursados del departamento no ve cursos', async () => {
    const jefe = await callerComo(db, EMAIL_DEMO.multirol, Rol.JefeDepartamento, {
      ciclo: ciclo - 3,
    });
    expect(await jefe.cursos.delDepartamento()).toEqual([]);
  });

  test('el coordinador (talleres) ve los cursos de los cursados de sus materias', async () => {
    const coordId = await idDe(EMAIL_DEMO.coordinador);
    const mats = await db
      .select({ id: s.coordinadoresMaterias.materiaId })
      .from(s.coordinadoresMaterias)
      .where(eq(s.coordinadoresMaterias.usuarioId, coordId));
    const esperados = await cursosDeMaterias(mats.map((m) => m.id));
    const coordinador = await como(EMAIL_DEMO.coordinador, Rol.Coordinador);
    const r = await coordinador.cursos.delCoordinador();
    expect(orden(r.map((x) => x.orden))).toEqual(esperados);
    // Talleres de 1° a 5°: 15 cursos, ninguno de 6°.
    expect(r).toHaveLength(15);
    expect(r.filter((x) => x.anio === 6)).toEqual([]);
  });
});

describe('buscar.referentes', () => {
  async function referentesDeAlumnos(alumnoIds: number[]) {
    const filas = await db
      .selectDistinct({ id: s.alumnosReferentes.referenteId })
      .from(s.alumnosReferentes)
      .where(inArray(s.alumnosReferentes.alumnoId, alumnoIds));
    return orden(filas.map((f) => f.id));
  }
  async function referenteDe(email: string) {
    const [r] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
      .where(eq(s.usuarios.email, email));
    return r!.id;
  }

  test('Preceptor: sólo los referentes de sus alumnos', async () => {
    const esperados = await referentesDeAlumnos(
      await alumnosDelPreceptor(await idDe(EMAIL_DEMO.preceptor)),
    );
    expect(esperados.length).toBeGreaterThan(50);
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const { items } = await todasLasPaginas((cursor) => preceptor.buscar.referentes({ cursor }));
    expect(orden(items.map((r) => r.id))).toEqual(esperados);
    // Carolina Sosa (hijos en 2° 1° y 4° Electrónica) sí; Jorge Ramírez (1° 2° y 6° Mecánica) no.
    const ids = items.map((r) => r.id);
    expect(ids).toContain(await referenteDe(EMAIL_DEMO.referente));
    expect(ids).not.toContain(await referenteDe(EMAIL_DEMO.referenteOtro));
    const buscado = await preceptor.buscar.referentes({ q: 'Ramírez Jorge' });
    expect(buscado.items.map((r) => r.id)).not.toContain(
      await referenteDe(EMAIL_DEMO.referenteOtro),
    );
  });

  test('JefePreceptor: todos los referentes', async () => {
    const [total] = await db.select({ n: count() }).from(s.referentes);
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const { items } = await todasLasPaginas((cursor) => jefe.buscar.referentes({ cursor }));
    expect(new Set(items.map((r) => r.id)).size).toBe(total!.n);
    const buscado = await jefe.buscar.referentes({ q: 'ramirez jorge' });
    expect(buscado.items.map((r) => r.id)).toContain(await referenteDe(EMAIL_DEMO.referenteOtro));
  });
});

describe('buscar.cursos y buscar.cursados con alcance', () => {
  test('Preceptor: buscar.cursos devuelve sólo sus cursos', async () => {
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const r = await preceptor.buscar.cursos();
    expect(r.items.map((x) => x.etiqueta)).toEqual(['2° 1°', '2° 2°', '4° Electrónica']);
  });

  test('Docente: buscar.cursados devuelve sus cuatro cursados del ciclo', async () => {
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    const r = await docente.buscar.cursados();
    expect(r.items.map((x) => x.etiqueta).sort()).toEqual(
      [
        'Matemática 2° 1°',
        'Matemática 2° 2°',
        'Matemática 3° 1°',
        'Matemática 4° Electrónica',
      ].sort(),
    );
  });
});

describe('las asignaciones de preceptores son de un ciclo lectivo (issue 31, punto 7)', () => {
  const anterior = ciclo - 1;
  /**
   * Un alumno X que cursó el año anterior en el curso K, y un preceptor P de K en este ciclo que no
   * cuida a X este año; a P se le quita toda asignación del año anterior (la siembra las copia).
   */
  async function cohorteAnterior() {
    const pc = s.preceptoresCursos;
    const ac = s.alumnosCursos;
    const filas = await db
      .select({
        alumno: ac.alumnoId,
        curso: ac.cursoId,
        preceptor: pc.usuarioId,
        email: s.usuarios.email,
      })
      .from(ac)
      .innerJoin(pc, and(eq(pc.cursoId, ac.cursoId), eq(pc.ciclolectivo, ciclo)))
      .innerJoin(s.usuarios, eq(s.usuarios.id, pc.usuarioId))
      .where(
        and(
          eq(ac.ciclolectivo, anterior),
          sql`(${s.usuarios.rls} & ${Rol.Preceptor}) <> 0`,
          sql`not exists (select 1 from alumnos_cursos a2 join preceptores_cursos p2
            on p2.curso_id = a2.curso_id and p2.ciclolectivo = a2.ciclolectivo
            where a2.alumno_id = ${ac.alumnoId} and a2.ciclolectivo = ${ciclo}
              and p2.usuario_id = ${pc.usuarioId})`,
        ),
      )
      .orderBy(ac.alumnoId, pc.usuarioId)
      .limit(1);
    const f = filas[0];
    if (!f) throw new Error('La siembra no tiene un alumno del año anterior con otro preceptor');
    await db.delete(pc).where(and(eq(pc.usuarioId, f.preceptor), eq(pc.ciclolectivo, anterior)));
    return f;
  }

  test('un preceptor de este año no lee la cohorte del año anterior de su curso (tRPC y REST), hasta que se lo asigna ese año', async () => {
    const x = await cohorteAnterior();
    const pedido = { db, email: x.email, rol: Rol.Preceptor };
    const enAnterior = await callerComo(db, x.email, Rol.Preceptor, { ciclo: anterior });
    const enActual = await callerComo(db, x.email, Rol.Preceptor, { ciclo });

    // Este año su curso sí.
    await expect(enActual.cursos.alumnos({ id: x.curso })).resolves.toBeDefined();
    // El año anterior, nada de su curso: ni la lista, ni el legajo, ni la ficha médica, ni las
    // asistencias, medidas o notas de sus alumnos de entonces; tampoco por búsqueda.
    const lecturas = {
      alumnosDelCurso: enAnterior.cursos.alumnos({ id: x.curso }),
      legajo: enAnterior.alumnos.legajo({ id: x.alumno }),
      fichaMedica: enAnterior.inscripcion.datos({ alumno: x.alumno }),
      asistencias: enAnterior.asistencias.delAlumno({ alumno: x.alumno, anio: anterior }),
      medidas: enAnterior.medidas.delAlumno({ alumno: x.alumno }),
      notas: enAnterior.notas.libreta({ alumno: x.alumno }),
    };
    const codigos: Record<string, string | null> = {};
    for (const [k, p] of Object.entries(lecturas)) codigos[k] = await codigoDe(p);
    expect(codigos).toEqual({
      alumnosDelCurso: 'FORBIDDEN',
      legajo: 'FORBIDDEN',
      fichaMedica: 'FORBIDDEN',
      asistencias: 'FORBIDDEN',
      medidas: 'FORBIDDEN',
      notas: 'FORBIDDEN',
    });
    expect(await enAnterior.cursos.delPreceptor()).toEqual([]);
    const buscados = await todosLosAlumnos(enAnterior);
    expect(buscados.items.map((a) => a.id)).not.toContain(x.alumno);
    for (const camino of [
      `/api/cursos/alumnos/${x.curso}`,
      `/api/alumnos/${x.alumno}/legajo`,
      `/api/alumnos/datosinscripcion/${x.alumno}`,
    ])
      expect((await pedirRest('GET', camino, { ...pedido, ciclo: anterior })).status).toBe(403);

    // El jefe de preceptores lo asigna a ese curso en el año anterior (POST /link/preceptor_curso
    // con ese año elegido): ahora sí lo ve ese año, y la asignación de este año sigue igual.
    const jp = { db, email: EMAIL_DEMO.jefePreceptores, rol: Rol.JefePreceptor, ciclo: anterior };
    const v = await pedirRest('POST', '/api/link/preceptor_curso', jp, {
      preceptor: x.preceptor,
      curso: x.curso,
      link: true,
    });
    expect(v).toMatchObject({ status: 200, body: { cambio: true } });
    const [asignacion] = await db
      .select({ ciclos: sql<number[]>`array_agg(${s.preceptoresCursos.ciclolectivo} order by 1)` })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, x.preceptor),
          eq(s.preceptoresCursos.cursoId, x.curso),
        ),
      );
    expect(asignacion!.ciclos.map(Number)).toEqual([anterior, ciclo]);
    const legajo = await enAnterior.alumnos.legajo({ id: x.alumno });
    expect(legajo.orden).toBe(x.alumno);
    expect(
      (await pedirRest('GET', `/api/alumnos/${x.alumno}/legajo`, { ...pedido, ciclo: anterior }))
        .status,
    ).toBe(200);
  });
});

describe('lo que ve un Docente (spec 02 §6 "Teacher: profile and mail link only"; issue 31, punto 6)', () => {
  /** Un alumno inscripto en un cursado del ciclo del usuario como docente, con su DNI. */
  async function alumnoDelDocente(email: string) {
    const [f] = await db
      .select({
        alumno: s.inscripciones.alumnoId,
        cursado: s.inscripciones.cursadoId,
        dni: s.alumnos.dni,
      })
      .from(s.inscripciones)
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.cursados.id))
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.inscripciones.alumnoId))
      .where(
        and(
          eq(s.cursados.ciclolectivo, ciclo),
          eq(s.cursadosDocentes.usuarioId, await idDe(email)),
        ),
      )
      .orderBy(s.inscripciones.alumnoId, s.inscripciones.cursadoId)
      .limit(1);
    return f!;
  }
  const PERFIL = [
    'apellido',
    'aviso',
    'ciclo',
    'completo',
    'curso',
    'cursos',
    'email',
    'nombre',
    'orden',
    'pronombre',
  ];

  test('legajo: el Docente recibe sólo el perfil y el correo (tRPC y REST); el resto del personal, todo', async () => {
    const { alumno, dni } = await alumnoDelDocente(EMAIL_DEMO.docente);
    // Un referente del alumno con teléfono: lo que el docente no debe recibir.
    const [ref] = await db
      .select({ telefono: s.referentes.telefono })
      .from(s.alumnosReferentes)
      .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
      .where(eq(s.alumnosReferentes.alumnoId, alumno))
      .limit(1);
    expect(ref?.telefono).toMatch(/\d{6,}/);
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    const l = await docente.alumnos.legajo({ id: alumno });
    expect(Object.keys(l).sort()).toEqual(PERFIL);
    expect(l).toMatchObject({ orden: alumno, completo: false });
    const rest = await pedirRest<Record<string, unknown>>('GET', `/api/alumnos/${alumno}/legajo`, {
      db,
      email: EMAIL_DEMO.docente,
      rol: Rol.Docente,
      ciclo,
    });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body).sort()).toEqual(PERFIL);
    const texto = JSON.stringify(rest.body);
    expect(texto).not.toContain(String(dni));
    expect(texto).not.toContain(ref!.telefono);

    // Ni la ficha médica (tampoco por REST).
    expect(await codigoDe(docente.inscripcion.datos({ alumno }))).toBe('FORBIDDEN');
    const ficha = await pedirRest('GET', `/api/alumnos/datosinscripcion/${alumno}`, {
      db,
      email: EMAIL_DEMO.docente,
      rol: Rol.Docente,
      ciclo,
    });
    expect(ficha.status).toBe(403);

    // Alumnado (administración) ve DNI, teléfono y referentes.
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const completo = await alumnado.alumnos.legajo({ id: alumno });
    expect(completo).toMatchObject({ completo: true, dni });
    expect(Object.keys(completo)).toEqual(
      expect.arrayContaining(['dni', 'telefono', 'nacimiento', 'referentes']),
    );
  });

  test('legajo del multirol: según el rol ACTIVO (Docente: sólo perfil; Preceptor y JefeDepartamento: completo)', async () => {
    const { alumno, dni } = await alumnoDelDocente(EMAIL_DEMO.multirol);
    const comoDocente = await como(EMAIL_DEMO.multirol, Rol.Docente);
    expect(Object.keys(await comoDocente.alumnos.legajo({ id: alumno })).sort()).toEqual(PERFIL);
    const comoJefe = await como(EMAIL_DEMO.multirol, Rol.JefeDepartamento);
    expect(await comoJefe.alumnos.legajo({ id: alumno })).toMatchObject({ completo: true, dni });
    const [propio] = await alumnosDelPreceptor(await idDe(EMAIL_DEMO.multirol));
    const comoPreceptor = await como(EMAIL_DEMO.multirol, Rol.Preceptor);
    expect(await comoPreceptor.alumnos.legajo({ id: propio! })).toMatchObject({
      completo: true,
      dni: expect.any(Number),
    });
    const comoDocenteRest = await pedirRest('GET', `/api/alumnos/${alumno}/legajo`, {
      db,
      email: EMAIL_DEMO.multirol,
      rol: Rol.Docente,
      ciclo,
    });
    expect(JSON.stringify(comoDocenteRest.body)).not.toContain(String(dni));
  });

  test('buscar.alumnos: el DNI sólo para la alta administración; el Docente no busca por DNI', async () => {
    const { alumno, dni } = await alumnoDelDocente(EMAIL_DEMO.docente);
    const detalles = async (email: string, rol: number, q = '') =>
      (await (await como(email, rol)).buscar.alumnos({ q })).items.map((i) => i.detalle ?? '');
    for (const [email, rol] of [
      [EMAIL_DEMO.docente, Rol.Docente],
      [EMAIL_DEMO.preceptor, Rol.Preceptor],
      [EMAIL_DEMO.multirol, Rol.Docente],
      [EMAIL_DEMO.multirol, Rol.Preceptor],
    ] as const) {
      const d = await detalles(email, rol);
      expect(d.length).toBeGreaterThan(0);
      expect(d.filter((x) => /DNI|\d{7,}/.test(x))).toEqual([]);
    }
    for (const [email, rol] of [
      [EMAIL_DEMO.admin, Rol.Admin],
      [EMAIL_DEMO.alumnado, Rol.Alumnado],
      [EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
      [EMAIL_DEMO.multirol, Rol.JefeDepartamento],
    ] as const) {
      const d = await detalles(email, rol);
      expect(d.length).toBeGreaterThan(0);
      expect(d.every((x) => /^DNI \d+/.test(x))).toBe(true);
    }
    // Buscar por el DNI: el docente no encuentra a su propio alumno; la administración sí.
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect((await docente.buscar.alumnos({ q: String(dni) })).items).toEqual([]);
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    expect((await admin.buscar.alumnos({ q: String(dni) })).items.map((i) => i.id)).toEqual([
      alumno,
    ]);
  });

  test('notas.libreta: el Docente ve sólo lo publicado (como el alumno); Alumnado, todo', async () => {
    const { alumno, cursado } = await alumnoDelDocente(EMAIL_DEMO.docente);
    // Una nota del 1er cuatrimestre, que se publica el 10/7 (siembra del calendario).
    await db
      .delete(s.notas)
      .where(
        and(
          eq(s.notas.alumnoId, alumno),
          eq(s.notas.cursadoId, cursado),
          eq(s.notas.cuatrimestre, 1),
        ),
      );
    await db
      .insert(s.notas)
      .values({ alumnoId: alumno, cursadoId: cursado, cuatrimestre: 1, nota: 8 });
    const notaC1 = async (email: string, rol: number, hoy: string) => {
      const caller = await callerComo(db, email, rol, { ciclo, hoy });
      const l = await caller.notas.libreta({ alumno });
      const anio = l.anios.find((a) => a.ciclo === ciclo)!;
      return anio.materias.find((m) => m.cursado === cursado)!.notas[1];
    };
    const antes = `${ciclo}-07-09`;
    const despues = `${ciclo}-07-10`;
    expect(await notaC1(EMAIL_DEMO.docente, Rol.Docente, antes)).toBeNull();
    expect(await notaC1(EMAIL_DEMO.alumnado, Rol.Alumnado, antes)).toBe(8);
    expect(await notaC1(EMAIL_DEMO.docente, Rol.Docente, despues)).toBe(8);
  });
});
