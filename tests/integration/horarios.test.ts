/**
 * Horarios (issue 14 §1–§3; spec 01 §2 Timetables, §5, §7): los bloques de la semilla sin
 * choques, editar un horario (horas, sábado a la tarde, choques de docente y de curso, aviso de
 * aula, dos personas a la vez) y la semana de un curso y de un alumno, por rol y con alcance.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { BLOQUES, bloqueBloqueado, DIAS } from '@/domain/horario';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { HORARIO_CAMBIADO } from '@/server/api/routers/horarios/service';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { cursadoAjeno } from '../fixtures/cursados';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const { ciclo, hoy } = momentoEscolar();
let c: Conexion;
let db: Db;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const alumnado = () => como(EMAIL_DEMO.alumnado, Rol.Alumnado);

/** Bloques libres para el cursado: sin choque de docente ni de curso, no bloqueados. */
async function libres(cursado: number) {
  const a = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo, hoy });
  const { ocupados } = await a.horarios.restricciones({ id: cursado });
  const { cursado: c } = await a.horarios.delCursado({ id: cursado });
  const docentes = c.docentes.map((d) => d.id);
  const cursos = c.cursos.map((x) => x.id);
  const tomado = new Set(
    ocupados
      .filter(
        (o) =>
          o.docentes.some((d) => docentes.includes(d.id)) ||
          o.cursos.some((x) => cursos.includes(x.id)),
      )
      .map((o) => `${o.dia}-${o.bloque}`),
  );
  return DIAS.flatMap((dia) =>
    BLOQUES.map((b) => ({ dia, bloque: b.bloque, aula: null as string | null })),
  ).filter((b) => !bloqueBloqueado(b.dia, b.bloque) && !tomado.has(`${b.dia}-${b.bloque}`));
}

const contarHorarios = async () => (await db.select({ n: count() }).from(s.horarios))[0]!.n;

/** Dos cursados del docente de demostración (en cursos distintos) y uno ajeno. */
const ids = { docente: 0, propioA: 0, propioB: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  ids.docente = await idDeUsuario(db, EMAIL_DEMO.docente);
  const propios = await db
    .select({ id: s.cursadosDocentes.cursadoId })
    .from(s.cursadosDocentes)
    .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
    .where(and(eq(s.cursadosDocentes.usuarioId, ids.docente), eq(s.cursados.ciclolectivo, ciclo)))
    .orderBy(s.cursadosDocentes.cursadoId);
  ids.propioA = propios[0]!.id;
  ids.propioB = propios[1]!.id;
});
afterAll(() => c?.cerrar());

describe('la semilla', () => {
  test('cada cursado tiene bloques; ningún docente ni curso está en dos cursados a la vez', async () => {
    expect(await contarHorarios()).toBeGreaterThan(300);
    const choquesDocente = await db.execute(sql`
      select cd.usuario_id, h.dia, h.bloque from horarios h
      join cursados_docentes cd on cd.cursado_id = h.cursado_id
      group by 1, 2, 3 having count(*) > 1`);
    const choquesCurso = await db.execute(sql`
      select cc.curso_id, h.dia, h.bloque from horarios h
      join cursados_cursos cc on cc.cursado_id = h.cursado_id
      group by 1, 2, 3 having count(*) > 1`);
    const filas = (r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? []));
    expect(filas(choquesDocente)).toEqual([]);
    expect(filas(choquesCurso)).toEqual([]);
    const [masQueHoras] = await db
      .select({ n: count() })
      .from(s.cursados)
      .where(
        sql`${s.cursados.horas} < (select count(*) from horarios h where h.cursado_id = ${sql.raw('"cursados"."id"')})`,
      );
    expect(masQueHoras!.n).toBe(0);
  });
});

describe('editar el horario de un cursado', () => {
  test('guardar, y los rechazos: más bloques que horas, sábado a la tarde, choque de docente; nada escrito', async () => {
    const a = await alumnado();
    const { cursado, bloques } = await a.horarios.delCursado({ id: ids.propioA });
    expect(cursado.docentes.map((d) => d.id)).toContain(ids.docente);
    expect(bloques.length).toBeGreaterThan(0);
    const antes = await contarHorarios();
    const base = { cursado: ids.propioA, anteriores: bloques };

    const demasiados = Array.from({ length: cursado.horas + 1 }, (_, i) => ({
      dia: 1 + (i % 5),
      bloque: 10 + Math.floor(i / 5),
      aula: null,
    }));
    expect(await fallo(a.horarios.guardar({ ...base, bloques: demasiados }))).toMatchObject({
      status: 400,
      message: expect.stringContaining(`no puede tener ${cursado.horas + 1} bloques`),
    });
    expect(
      await fallo(a.horarios.guardar({ ...base, bloques: [{ dia: 6, bloque: 9, aula: null }] })),
    ).toEqual({
      status: 400,
      message: 'El bloque Sábado 9 es del sábado a la tarde: está bloqueado.',
    });
    // El otro cursado del mismo docente ocupa un bloque: ponerlo ahí choca.
    const otro = await a.horarios.delCursado({ id: ids.propioB });
    const ocupado = otro.bloques[0]!;
    const r = await fallo(a.horarios.guardar({ ...base, bloques: [{ ...ocupado, aula: null }] }));
    expect(r.status).toBe(400);
    expect(r.message).toMatch(/^No se puede guardar: .+ ya da /);
    expect(await contarHorarios()).toBe(antes);

    // Un horario válido se guarda y se audita.
    const libre = { ...(await libres(ids.propioA))[0]!, aula: 'Laboratorio' };
    const ok = await a.horarios.guardar({ ...base, bloques: [libre] });
    expect(ok.bloques).toEqual([libre]);
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.accion, 'horarios'), eq(s.auditoria.entidadId, String(ids.propioA))),
      );
    expect(aud!.n).toBe(1);
  });

  test('dos personas a la vez: la segunda recibe 409 y no pisa lo de la primera', async () => {
    const a = await alumnado();
    const r = await como(EMAIL_DEMO.regente, Rol.Regente);
    const { bloques } = await a.horarios.delCursado({ id: ids.propioA });
    const [l1, l2] = await libres(ids.propioA);
    const una = a.horarios.guardar({ cursado: ids.propioA, anteriores: bloques, bloques: [l1!] });
    const otra = r.horarios.guardar({ cursado: ids.propioA, anteriores: bloques, bloques: [l2!] });
    const [x, y] = await Promise.allSettled([una, otra]);
    const estados = [x.status, y.status].sort();
    expect(estados).toEqual(['fulfilled', 'rejected']);
    const rechazo = (x.status === 'rejected' ? x : y) as PromiseRejectedResult;
    expect(rechazo.reason).toMatchObject({ code: 'CONFLICT', message: HORARIO_CAMBIADO });
    const final = (await a.horarios.delCursado({ id: ids.propioA })).bloques;
    expect(final).toHaveLength(1);
  });

  test('el aula compartida no impide guardar (es un aviso); las restricciones la muestran', async () => {
    const a = await alumnado();
    const otro = await a.horarios.delCursado({ id: ids.propioB });
    const { bloques } = await a.horarios.delCursado({ id: ids.propioA });
    // Un bloque libre para el docente y el curso, con el aula de otro cursado en ese bloque.
    const [conAula] = await db
      .select({ dia: s.horarios.dia, bloque: s.horarios.bloque, aula: s.horarios.aula })
      .from(s.horarios)
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.horarios.cursadoId))
      .where(
        sql`${s.horarios.aula} is not null
          and ${s.horarios.cursadoId} <> ${ids.propioA}
          and not exists (select 1 from horarios h2 join cursados_docentes cd on cd.cursado_id = h2.cursado_id
            where cd.usuario_id = ${ids.docente} and h2.dia = ${s.horarios.dia} and h2.bloque = ${s.horarios.bloque})
          and not exists (select 1 from horarios h3 join cursados_cursos c3 on c3.cursado_id = h3.cursado_id
            where c3.curso_id in (select curso_id from cursados_cursos where cursado_id = ${ids.propioA})
              and h3.dia = ${s.horarios.dia} and h3.bloque = ${s.horarios.bloque})`,
      )
      .limit(1);
    const guardado = await a.horarios.guardar({
      cursado: ids.propioA,
      anteriores: bloques,
      bloques: [{ dia: conAula!.dia, bloque: conAula!.bloque, aula: conAula!.aula }],
    });
    expect(guardado.bloques).toHaveLength(1);
    const rest = await a.horarios.restricciones({ id: ids.propioA });
    expect(rest.bloqueados).toContainEqual({ dia: 6, bloque: 16 });
    expect(rest.ocupados.some((o) => o.cursadoId === ids.propioB)).toBe(true);
    expect(otro.bloques.length).toBeGreaterThan(0);
  });

  test('quién edita: no el docente ni el preceptor; el docente ve su horario, no el ajeno', async () => {
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect(
      await codigoDe(d.horarios.guardar({ cursado: ids.propioA, anteriores: [], bloques: [] })),
    ).toBe('FORBIDDEN');
    expect((await d.horarios.delCursado({ id: ids.propioA })).cursado.cursadoId).toBe(ids.propioA);
    const ajeno = { id: await cursadoAjeno(db, ids.docente, ciclo) };
    expect(await codigoDe(d.horarios.delCursado({ id: ajeno.id }))).toBe('FORBIDDEN');
    expect(await codigoDe(d.horarios.delCursado({ id: 99_999_999 }))).toBe('NOT_FOUND');
  });
});

describe('la semana de un curso y de un alumno', () => {
  test('el personal ve la semana de un curso; el alumno, la suya; el referente, la del hijo y no otra', async () => {
    const [curso] = await db
      .select({ id: s.cursadosCursos.cursoId })
      .from(s.cursadosCursos)
      .where(eq(s.cursadosCursos.cursadoId, ids.propioB));
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const semana = await p.horarios.delCurso({ curso: curso!.id, ciclo: null });
    expect(semana.bloques.length).toBeGreaterThan(10);
    expect(semana.bloques[0]).toMatchObject({
      dia: expect.any(Number),
      bloque: expect.any(Number),
      cursado: expect.any(String),
      materias: [expect.any(String)],
    });

    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const propia = await alumno.horarios.mios({});
    expect(propia.bloques.length).toBeGreaterThan(10);

    const ref = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    const hijo = await ref.horarios.mios({});
    expect(hijo.bloques.length).toBeGreaterThan(0);
    const [ajeno] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(
        sql`${s.alumnos.id} not in (select alumno_id from alumnos_referentes ar join referentes r on r.id = ar.referente_id join usuarios u on u.id = r.usuario_id where u.email = ${EMAIL_DEMO.referente})`,
      )
      .limit(1);
    expect(await codigoDe(ref.horarios.mios({ alumno: ajeno!.id }))).toBe('FORBIDDEN');
    expect(await codigoDe(p.horarios.mios({}))).toBe('FORBIDDEN');

    const r = await pedirRest('GET', `/api/cursos/${curso!.id}/horarios/${ciclo}`, {
      db,
      email: EMAIL_DEMO.docente,
      rol: Rol.Docente,
      ciclo,
      hoy,
    });
    expect(r.status).toBe(200);
    expect(
      (
        await pedirRest('GET', `/api/cursos/${curso!.id}/horarios/1999`, {
          db,
          email: EMAIL_DEMO.docente,
          rol: Rol.Docente,
          ciclo,
          hoy,
        })
      ).status,
    ).toBe(400);
  });
});
