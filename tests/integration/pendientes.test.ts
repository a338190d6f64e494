/**
 * El tablero de pendientes (issue 15 §5): notas vencidas (abiertas pasado el cierre, antes de la
 * publicación), avances sin cerrar pasada la fecha de su instancia y cursos sin asistencia tomada
 * hoy por turno, con sus responsables; el alcance del jefe de departamento; el acceso por rol.
 * La demostración: 1° cuatrimestre del 15/6 al 3/7 (publicación 10/7), con el cursado de un
 * docente abierto; avances del 21/9 al 2/10 (publicación 9/10), una de cada diez planillas
 * abierta.
 */
import { and, count, eq } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = 2026;
let c: Conexion;
let db: Db;
const como = (email: string, rol: number, hoy: string) =>
  callerComo(db, email, rol, { ciclo, hoy });

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, '2026-10-05');
  db = c.db;
});
afterAll(() => c?.cerrar());

describe('notas vencidas', () => {
  test('después del cierre y antes de la publicación, el cursado que quedó abierto, con su docente', async () => {
    const r = await como(EMAIL_DEMO.regente, Rol.Regente, '2026-07-06');
    const t = await r.pendientes.tablero();
    const abiertos = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .where(and(eq(s.cursados.ciclolectivo, ciclo), eq(s.cursados.periodosCerrados, 0)));
    // Los de modalidad con 1° cuatrimestre que no se cerraron: la demostración deja uno.
    expect(t.notas.items.length).toBeGreaterThan(0);
    expect(t.notas.items.every((i) => i.cuatrimestre === 1 && i.cierre === '2026-07-03')).toBe(
      true,
    );
    expect(
      t.notas.items.map((i) => i.cursadoId).every((id) => abiertos.some((a) => a.id === id)),
    ).toBe(true);
    const docente = t.notas.porResponsable.find((g) => g.responsable.email === EMAIL_DEMO.docente);
    expect(docente?.items.length).toBeGreaterThan(0);
    // Antes del cierre o ya publicada: nada.
    expect(
      (await (await como(EMAIL_DEMO.regente, Rol.Regente, '2026-07-03')).pendientes.tablero()).notas
        .items,
    ).toEqual([]);
    expect(
      (await (await como(EMAIL_DEMO.regente, Rol.Regente, '2026-07-10')).pendientes.tablero()).notas
        .items,
    ).toEqual([]);
  });
});

describe('avances sin cerrar', () => {
  test('pasada la fecha de la instancia y antes de la publicación: las planillas que no se cerraron', async () => {
    const r = await como(EMAIL_DEMO.regente, Rol.Regente, '2026-10-05');
    const t = await r.pendientes.tablero();
    const [cursadosDelCiclo] = await db
      .select({ n: count() })
      .from(s.cursados)
      .where(eq(s.cursados.ciclolectivo, ciclo));
    const [cerradas] = await db
      .select({ n: count() })
      .from(s.avancesPlanillas)
      .where(and(eq(s.avancesPlanillas.fecha, '2026-10-02'), eq(s.avancesPlanillas.cerrada, true)));
    expect(t.avances.items).toHaveLength(cursadosDelCiclo!.n - cerradas!.n);
    expect(t.avances.items.length).toBeGreaterThan(0);
    expect(t.avances.items.every((i) => i.fecha === '2026-10-02')).toBe(true);
    // Cada grupo es de un docente con sus planillas; los emails para copiar.
    for (const g of t.avances.porResponsable)
      for (const i of g.items) expect(i.responsables.map((x) => x.id)).toContain(g.responsable.id);
    // Publicada la instancia, ya no se reclama.
    const despues = await (
      await como(EMAIL_DEMO.regente, Rol.Regente, '2026-10-09')
    ).pendientes.tablero();
    expect(despues.avances.items).toEqual([]);
  });

  test('el jefe de departamento ve sólo su departamento y no la asistencia', async () => {
    const jefe = await (
      await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento, '2026-10-05')
    ).pendientes.tablero();
    const todos = await (
      await como(EMAIL_DEMO.regente, Rol.Regente, '2026-10-05')
    ).pendientes.tablero();
    expect(jefe.avances.items.length).toBeLessThan(todos.avances.items.length);
    const suyos = new Set(
      (
        await (
          await como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento, '2026-10-05')
        ).avances.cursados({ fecha: '2026-10-02' })
      ).cursados.map((x) => x.cursadoId),
    );
    expect(jefe.avances.items.every((i) => suyos.has(i.cursadoId))).toBe(true);
    expect(jefe.rolConAsistencia).toBe(false);
    expect(jefe.diaDeAsistencia).toBe(false);
    expect(jefe.asistencias.items).toEqual([]);
  });
});

describe('asistencia sin tomar hoy', () => {
  test('en un día de clase, cada curso y turno sin la asistencia tomada; tomarla lo saca del tablero', async () => {
    const hoy = '2026-10-05'; // lunes
    const t = await (
      await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, hoy)
    ).pendientes.tablero();
    expect(t.diaDeAsistencia).toBe(true);
    const [cursosN] = await db.select({ n: count() }).from(s.cursos);
    const [tomadas] = await db
      .select({ n: count() })
      .from(s.asistenciasTomadas)
      .where(eq(s.asistenciasTomadas.fecha, hoy));
    expect(t.asistencias.items).toHaveLength(cursosN!.n * 2 - tomadas!.n);
    const pendiente = t.asistencias.items[0]!;
    await db
      .insert(s.asistenciasTomadas)
      .values({ cursoId: pendiente.cursoId, fecha: hoy, turno: pendiente.turno });
    const despues = await (
      await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, hoy)
    ).pendientes.tablero();
    expect(despues.asistencias.items).toHaveLength(t.asistencias.items.length - 1);
    expect(
      despues.asistencias.items.some(
        (i) => i.cursoId === pendiente.cursoId && i.turno === pendiente.turno,
      ),
    ).toBe(false);
  });

  test('un sábado, un feriado o el receso no piden asistencia', async () => {
    for (const hoy of ['2026-10-03', '2026-10-12', '2026-07-15', '2026-12-20']) {
      const t = await (await como(EMAIL_DEMO.regente, Rol.Regente, hoy)).pendientes.tablero();
      expect([hoy, t.diaDeAsistencia, t.asistencias.items.length]).toEqual([hoy, false, 0]);
    }
  });
});

test('acceso: el docente y el preceptor no abren el tablero; REST responde lo mismo', async () => {
  expect(
    await codigoDe(
      (await como(EMAIL_DEMO.docente, Rol.Docente, '2026-10-05')).pendientes.tablero(),
    ),
  ).toBe('FORBIDDEN');
  expect(
    await codigoDe(
      (await como(EMAIL_DEMO.preceptor, Rol.Preceptor, '2026-10-05')).pendientes.tablero(),
    ),
  ).toBe('FORBIDDEN');
  const r = await pedirRest<{ avances: { items: unknown[] } }>('GET', '/api/pendientes', {
    db,
    email: EMAIL_DEMO.alumnado,
    rol: Rol.Alumnado,
    ciclo,
    hoy: '2026-10-05',
  });
  expect(r.status).toBe(200);
  expect(r.body.avances.items.length).toBeGreaterThan(0);
});
