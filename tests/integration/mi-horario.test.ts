/**
 * Mi horario (issue 32 §5): la semana del docente de la sesión (sus cursados de todos los cursos,
 * con materia, curso y aula), nadie más la pide, y su calendario (.ics por una dirección privada:
 * un secreto reemplazado, ajeno o de quien no es docente no abre nada). Lo esperado sale de
 * consultas propias a la base, no del servicio.
 */
import { and, eq } from 'drizzle-orm';
import { BLOQUES } from '@/domain/horario';
import { PATRON_TOKEN_CALENDARIO } from '@/domain/ics';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';
import { contarConsultas } from '../fixtures/consultas';

const { ciclo, hoy } = momentoEscolar();
const ZONA = 'America/Argentina/Cordoba';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number, extra: { ciclo?: number } = {}) =>
  callerComo(db, email, rol, { ciclo, hoy, zona: ZONA, ...extra });
const anonimo = () => createCaller(crearContexto({ db, sesion: null, ciclo, hoy, zona: ZONA }));

/** Los bloques (cursado-día-bloque-aula) del docente en el ciclo, leídos directo de la base. */
async function bloquesEnBase(email: string, enCiclo = ciclo) {
  const usuario = await idDeUsuario(db, email);
  const filas = await db
    .select({
      cursado: s.horarios.cursadoId,
      dia: s.horarios.dia,
      bloque: s.horarios.bloque,
      aula: s.horarios.aula,
    })
    .from(s.horarios)
    .innerJoin(s.cursados, eq(s.cursados.id, s.horarios.cursadoId))
    .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.cursados.id))
    .where(and(eq(s.cursadosDocentes.usuarioId, usuario), eq(s.cursados.ciclolectivo, enCiclo)));
  return filas.map((f) => `${f.cursado}-${f.dia}-${f.bloque}-${f.aula}`).sort();
}

const claves = (
  bloques: { cursadoId: number; dia: number; bloque: number; aula: string | null }[],
) => bloques.map((b) => `${b.cursadoId}-${b.dia}-${b.bloque}-${b.aula}`).sort();

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
});
afterAll(() => c?.cerrar());

describe('la semana del docente (horarios.miSemana)', () => {
  test('el docente de demostración ve los bloques de todos sus cursados, con materia, curso y aula', async () => {
    const esperado = await bloquesEnBase(EMAIL_DEMO.docente);
    // La semilla le da horas en el ciclo, en más de un curso.
    expect(esperado.length).toBeGreaterThan(3);
    const { ciclo: delCiclo, bloques } = await (
      await como(EMAIL_DEMO.docente, Rol.Docente)
    ).horarios.miSemana();
    expect(delCiclo).toBe(ciclo);
    expect(claves(bloques)).toEqual(esperado);
    expect(new Set(bloques.map((b) => b.cursos.join())).size).toBeGreaterThan(1);
    for (const b of bloques) {
      expect(b.materias.length).toBeGreaterThan(0);
      expect(b.cursos.length).toBeGreaterThan(0);
      expect(b.aula).toMatch(/^Aula /);
    }
  });

  test('cada docente ve sólo lo suyo: otro docente, otra semana; sin cursados, ninguna', async () => {
    const otro = await (await como(EMAIL_DEMO.multirol, Rol.Docente)).horarios.miSemana();
    expect(claves(otro.bloques)).toEqual(await bloquesEnBase(EMAIL_DEMO.multirol));
    expect(claves(otro.bloques)).not.toEqual(await bloquesEnBase(EMAIL_DEMO.docente));

    await db.insert(s.usuarios).values({
      email: 'sin.horas@escuela.test',
      nombre: 'Sin',
      apellido: 'Horas',
      rls: Rol.Docente,
    });
    const vacio = await (await como('sin.horas@escuela.test', Rol.Docente)).horarios.miSemana();
    expect(vacio).toEqual({ ciclo, bloques: [] });
  });

  test('el ciclo elegido manda: en el año anterior, los bloques de sus cursados de ese año', async () => {
    const r = await (
      await como(EMAIL_DEMO.docente, Rol.Docente, { ciclo: ciclo - 1 })
    ).horarios.miSemana();
    expect(r.ciclo).toBe(ciclo - 1);
    expect(claves(r.bloques)).toEqual(await bloquesEnBase(EMAIL_DEMO.docente, ciclo - 1));
  });

  test('los demás roles no la piden (tampoco el multirol con otro rol activo)', async () => {
    for (const [email, rol] of [
      [EMAIL_DEMO.preceptor, Rol.Preceptor],
      [EMAIL_DEMO.multirol, Rol.Preceptor],
      [EMAIL_DEMO.regente, Rol.Regente],
      [EMAIL_DEMO.admin, Rol.Admin],
      [EMAIL_DEMO.alumno, Rol.Alumno],
    ] as const) {
      const p = await como(email, rol);
      expect([email, rol, await codigoDe(p.horarios.miSemana())]).toEqual([
        email,
        rol,
        'FORBIDDEN',
      ]);
      expect(await codigoDe(p.horarios.nuevoEnlace())).toBe('FORBIDDEN');
      expect(await codigoDe(p.horarios.quitarEnlace())).toBe('FORBIDDEN');
    }
    expect(await codigoDe(anonimo().horarios.miSemana())).toBe('UNAUTHORIZED');
  });

  test('un número fijo de consultas, sea cual sea la cantidad de cursados', async () => {
    const muchos = await como(EMAIL_DEMO.docente, Rol.Docente);
    const ninguno = await como('sin.horas@escuela.test', Rol.Docente);
    const a = await contarConsultas(db, () => muchos.horarios.miSemana());
    const b = await contarConsultas(db, () => ninguno.horarios.miSemana());
    expect(a.r.bloques.length).toBeGreaterThan(3);
    expect(a.n).toBe(b.n);
    expect(a.n).toBeLessThanOrEqual(2);
  });
});

describe('el calendario de la semana (.ics)', () => {
  test('el docente crea su enlace; el .ics trae cada bloque como clase semanal; uno nuevo anula el anterior', async () => {
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect(await d.horarios.enlace()).toEqual({ token: null, creado: null });
    const { token } = await d.horarios.nuevoEnlace();
    expect(token).toMatch(PATRON_TOKEN_CALENDARIO);
    expect((await d.horarios.enlace()).token).toBe(token);

    const { bloques } = await d.horarios.miSemana();
    const { contenido, eventos } = await anonimo().horarios.calendario({ token });
    expect(eventos).toBe(bloques.length);
    expect(contenido.match(/BEGIN:VEVENT/g)).toHaveLength(bloques.length);
    expect(contenido.match(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z/g)).toHaveLength(bloques.length);
    const b = bloques[0]!;
    const uid = `UID:horario-cursado-${b.cursadoId}-dia-${b.dia}-bloque-${b.bloque}@portal-escolar`;
    expect(contenido).toContain(uid);
    // La hora de reloj de la escuela, con su zona; el año lectivo del cronograma: desde la primera
    // semana de marzo hasta el 15/12 (23:59 en UTC−3).
    const inicio = BLOQUES[b.bloque - 1]!.inicio.replace(':', '');
    expect(contenido).toMatch(new RegExp(`DTSTART;TZID=${ZONA}:${ciclo}030\\dT${inicio}00`));
    expect(contenido).toContain(`UNTIL=${ciclo}1216T025900Z`);
    // Los días restringidos del calendario de ese día de la semana no tienen clase (EXDATE).
    const restringidas = (
      await db
        .select({ fecha: s.calendario.fecha })
        .from(s.calendario)
        .where(eq(s.calendario.area, 'restriccion'))
    )
      .map((f) => f.fecha)
      .filter((f) => f >= `${ciclo}-03-01` && f <= `${ciclo}-12-15`)
      .filter((f) => ((new Date(`${f}T12:00:00Z`).getUTCDay() + 6) % 7) + 1 === b.dia);
    expect(restringidas.length).toBeGreaterThan(0);
    const evento = contenido.slice(contenido.indexOf(uid));
    const exdates = evento.slice(0, evento.indexOf('END:VEVENT')).match(/^EXDATE.*$/gm) ?? [];
    expect(exdates).toEqual(
      restringidas.sort().map((f) => `EXDATE;TZID=${ZONA}:${f.replaceAll('-', '')}T${inicio}00`),
    );
    // Ningún bloque de otro docente.
    const ajenos = await bloquesEnBase(EMAIL_DEMO.multirol);
    expect(ajenos.length).toBeGreaterThan(0);
    for (const k of ajenos) {
      const [cursado, dia, bloque] = k.split('-');
      const propio = bloques.some(
        (x) => `${x.cursadoId}-${x.dia}-${x.bloque}` === `${cursado}-${dia}-${bloque}`,
      );
      expect(contenido.includes(`horario-cursado-${cursado}-dia-${dia}-bloque-${bloque}@`)).toBe(
        propio,
      );
    }

    // Regenerar: el anterior deja de funcionar, el nuevo trae lo mismo.
    const otro = await d.horarios.nuevoEnlace();
    expect(otro.token).not.toBe(token);
    expect(await codigoDe(anonimo().horarios.calendario({ token }))).toBe('NOT_FOUND');
    expect((await anonimo().horarios.calendario({ token: otro.token })).eventos).toBe(eventos);

    // Un usuario deshabilitado no tiene calendario.
    const usuario = await idDeUsuario(db, EMAIL_DEMO.docente);
    await db.update(s.usuarios).set({ habilitado: false }).where(eq(s.usuarios.id, usuario));
    try {
      expect(await codigoDe(anonimo().horarios.calendario({ token: otro.token }))).toBe(
        'NOT_FOUND',
      );
    } finally {
      await db.update(s.usuarios).set({ habilitado: true }).where(eq(s.usuarios.id, usuario));
    }
  });

  test('el secreto de quien no es docente no abre una semana; uno mal formado es 400, uno ajeno 404', async () => {
    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const { token } = await alumno.evaluaciones.nuevoEnlace();
    expect(await codigoDe(anonimo().horarios.calendario({ token }))).toBe('NOT_FOUND');
    for (const t of ['', 'corto', 'x'.repeat(44), '\u0000'.repeat(43)])
      expect(await codigoDe(anonimo().horarios.calendario({ token: t }))).toBe('BAD_REQUEST');
    expect(await codigoDe(anonimo().horarios.calendario({ token: 'A'.repeat(43) }))).toBe(
      'NOT_FOUND',
    );
    // Un secreto quitado tampoco.
    const multirol = await como(EMAIL_DEMO.multirol, Rol.Docente);
    const suyo = await multirol.horarios.nuevoEnlace();
    expect((await anonimo().horarios.calendario({ token: suyo.token })).eventos).toBeGreaterThan(0);
    expect(await multirol.horarios.quitarEnlace()).toEqual({ quitado: true });
    expect(await multirol.horarios.quitarEnlace()).toEqual({ quitado: false });
    expect(await codigoDe(anonimo().horarios.calendario({ token: suyo.token }))).toBe('NOT_FOUND');
    expect((await multirol.horarios.enlace()).token).toBeNull();
  });
});
