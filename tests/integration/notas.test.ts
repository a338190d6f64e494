/**
 * Notas (spec 02 §2 Grade sheets, §3 Grade entry y Term period, §4, §5, §8; spec 01 §2 Grade
 * booklet, §5 Grades; DESIGN §6, §8): la planilla por rol con sus estados y avisos, el guardado
 * de add/update/delete auditado, la validación en castellano sin escribir nada, las fechas de
 * los períodos en el servidor, el alcance por rol, los conflictos entre guardados (también
 * concurrentes), el cierre y la reapertura, las libretas (personal, alumno y referente), la
 * lista de cursados, el planillón en modo notas y el contrato REST.
 *
 * Independiente de las notas sembradas (que dependen de la fecha real): cada bloque crea sus
 * propios cursados y alumnos, y fija `hoy` en el contexto. Lo esperado sale de consultas
 * propias a la base.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';

import {
  AUSENTE,
  Modalidad,
  NOMBRE_CUATRIMESTRE,
  notaFinal,
  aprobada,
  type ValorNota,
} from '@/domain/notas';
import {
  AVISO_CIERRE_VENCIDO,
  AVISO_CIERRE_VENCIDO_ALUMNADO,
  AVISO_PLANILLAS_FIRMADAS,
  ErrorPlanilla,
} from '@/domain/periodos-notas';
import { Rol } from '@/domain/roles';
import { ALUMNO_AJENO, ALUMNO_FUERA_DE_ALCANCE, CURSO_AJENO } from '@/server/alcance';
import {
  ALUMNOS_NO_INSCRIPTOS,
  CURSADO_AJENO,
  CURSADO_INEXISTENTE,
  SIN_PERIODO_EN_CURSO,
} from '@/server/api/routers/notas/service';
import { NO_AUTORIZADO, type Contexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { errorDe, mensajeDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
/** Un día del ciclo ('MM-DD' → 'AAAA-MM-DD'). */
const dia = (mmdd: string) => `${ciclo}-${mmdd}`;
/**
 * Calendario sembrado (seed/notas.ts): 1° cuatrimestre apertura 15/6, cierre 3/7, publicación 10/7;
 * 2° cuatrimestre 9/11, 27/11, 4/12. El 20/11 el 2° está en fechas y el 1° ya cerró y publicó.
 */
const EN_CURSO = dia('11-20');
const CIERRE_VENCIDO = dia('11-30');
const PUBLICADO = dia('12-05');
const PRIMERO_EN_FECHAS = dia('06-20');
const C1 = NOMBRE_CUATRIMESTRE[1];
const C2 = NOMBRE_CUATRIMESTRE[2];
const IP = '10.4.5.6';

let c: Conexion;
let db: Db;

const como = (email: string, rol: number, hoy = EN_CURSO, extra: Partial<Contexto> = {}) =>
  callerComo(db, email, rol, { ciclo, hoy, ip: IP, ...extra });
const docente = (hoy?: string) => como(EMAIL_DEMO.docente, Rol.Docente, hoy);
const alumnado = (hoy?: string) => como(EMAIL_DEMO.alumnado, Rol.Alumnado, hoy);
const preceptor = (hoy?: string) => como(EMAIL_DEMO.preceptor, Rol.Preceptor, hoy);
const jefeDepto = (hoy?: string) => como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento, hoy);
const regente = (hoy?: string) => como(EMAIL_DEMO.regente, Rol.Regente, hoy);
const alumno = (hoy?: string) => como(EMAIL_DEMO.alumno, Rol.Alumno, hoy);
const referente = (hoy?: string) => como(EMAIL_DEMO.referente, Rol.ReferenteParental, hoy);
const referenteOtro = (hoy?: string) => como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental, hoy);

// ---------------------------------------------------------------------------
// Datos propios

async function cursoId(anio: number, division: number) {
  const [cu] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return cu!.id;
}

async function materiaId(codigo: string) {
  const [m] = await db
    .select({ id: s.materias.id })
    .from(s.materias)
    .where(eq(s.materias.codigo, codigo));
  return m!.id;
}

let dni = 96_400_000;
/** Un alumno nuevo en el curso dado para el ciclo. */
async function nuevoAlumno(curso: number, apellido: string, nombre = 'Prueba') {
  const [a] = await db
    .insert(s.alumnos)
    .values({ dni: ++dni, apellido, nombre })
    .returning({ id: s.alumnos.id });
  await db.insert(s.alumnosCursos).values({ alumnoId: a!.id, cursoId: curso, ciclolectivo: ciclo });
  return a!.id;
}

/** Un cursado del ciclo con su materia y sus cursos; del docente de demostración si se pide. */
async function nuevoCursado(
  nombre: string,
  o: {
    materia: number;
    cursos: number[];
    delDocente: boolean;
    alumnos?: number[];
    modalidad?: number;
  },
) {
  const [cu] = await db
    .insert(s.cursados)
    .values({ nombre, modalidad: o.modalidad ?? Modalidad.Anual, horas: 4, ciclolectivo: ciclo })
    .returning({ id: s.cursados.id });
  const id = cu!.id;
  await db.insert(s.cursadosMaterias).values({ cursadoId: id, materiaId: o.materia });
  await db.insert(s.cursadosCursos).values(o.cursos.map((cursoId) => ({ cursadoId: id, cursoId })));
  if (o.delDocente) {
    await db
      .insert(s.cursadosDocentes)
      .values({ cursadoId: id, usuarioId: await idDeUsuario(db, EMAIL_DEMO.docente) });
  }
  if (o.alumnos?.length) await inscribir(id, o.materia, o.alumnos);
  return id;
}

async function inscribir(cursado: number, materia: number, alumnos: number[]) {
  await db
    .insert(s.inscripciones)
    .values(alumnos.map((alumnoId) => ({ alumnoId, cursadoId: cursado, materiaId: materia })));
}

async function filaNota(cursado: number, alumnoId: number, cuatrimestre: number) {
  const [n] = await db
    .select()
    .from(s.notas)
    .where(
      and(
        eq(s.notas.cursadoId, cursado),
        eq(s.notas.alumnoId, alumnoId),
        eq(s.notas.cuatrimestre, cuatrimestre),
      ),
    );
  return n;
}

/** El valor guardado de una celda, como lo muestra la planilla. */
async function valorEnBase(cursado: number, alumnoId: number, cuatrimestre: number) {
  const n = await filaNota(cursado, alumnoId, cuatrimestre);
  return n == null ? null : n.ausente ? AUSENTE : n.nota;
}

/**
 * La señal de que otra conexión espera un candado de fila de esta base (pg_stat_activity), en
 * lugar de un tiempo fijo. Sólo con un servidor PostgreSQL: con PGlite la transacción abierta
 * tiene la única conexión y quien llega después no puede ni empezar hasta que se suelte.
 * Termina también si `termino()` (quien debía esperar no esperó: la prueba falla con claridad).
 */
async function esperarQueAlguienEspereUnCandado(termino: () => boolean) {
  if (!process.env.TEST_DATABASE_URL) return;
  while (!termino()) {
    const r = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { n: number }[];
    if (r[0]!.n > 0) return;
    await new Promise((listo) => setTimeout(listo, 10));
  }
}

async function mascara(cursado: number) {
  const [cu] = await db
    .select({ m: s.cursados.periodosCerrados })
    .from(s.cursados)
    .where(eq(s.cursados.id, cursado));
  return cu!.m;
}

async function contar() {
  const [n] = await db.select({ n: count() }).from(s.notas);
  const [a] = await db.select({ n: count() }).from(s.auditoria);
  return { notas: n!.n, auditoria: a!.n };
}

async function auditoriaDeNota(cursado: number, alumnoId: number, cuatrimestre: number) {
  return db
    .select()
    .from(s.auditoria)
    .where(
      and(
        eq(s.auditoria.entidad, 'nota'),
        eq(s.auditoria.entidadId, `${cursado}:${alumnoId}:${cuatrimestre}`),
      ),
    )
    .orderBy(asc(s.auditoria.id));
}

async function auditoriaDeCursado(cursado: number) {
  return db
    .select()
    .from(s.auditoria)
    .where(and(eq(s.auditoria.entidad, 'cursado'), eq(s.auditoria.entidadId, String(cursado))))
    .orderBy(asc(s.auditoria.id));
}

/** Los alumnos inscriptos en el cursado, en el orden de la planilla (apellido, nombre, id). */
async function inscriptosEnBase(cursado: number, soloCursos?: number[]) {
  const filas = await db
    .select({ id: s.alumnos.id })
    .from(s.inscripciones)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.inscripciones.alumnoId))
    .innerJoin(
      s.alumnosCursos,
      and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, ciclo)),
    )
    .where(
      and(
        eq(s.inscripciones.cursadoId, cursado),
        soloCursos ? inArray(s.alumnosCursos.cursoId, soloCursos) : undefined,
      ),
    )
    .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
  return filas.map((f) => f.id);
}

const add = (alumnoId: number, cuatrimestre: 1 | 2, nota: ValorNota) => ({
  alumnoId,
  cuatrimestre,
  action: 'add' as const,
  nota,
  anterior: null,
});
const update = (alumnoId: number, cuatrimestre: 1 | 2, anterior: ValorNota, nota: ValorNota) => ({
  alumnoId,
  cuatrimestre,
  action: 'update' as const,
  nota,
  anterior,
});
const borrar = (alumnoId: number, cuatrimestre: 1 | 2, anterior: ValorNota) => ({
  alumnoId,
  cuatrimestre,
  action: 'delete' as const,
  nota: null,
  anterior,
});

// Lo común a todos los bloques.
let curso41: number; // 4° Electrónica: del preceptor de demostración y del alumno demo.
let curso33: number; // 3° 3°: no es del preceptor de demostración.
let mat4: number; // Matemática de 4°: Ciencias Exactas, el departamento del jefe demo.
let len4: number; // Lengua y Literatura de 4°: Lengua y Comunicación.
let tomas: number; // El alumno de la cuenta de demostración (hijo de referente.demo).
let idDocente: number;
let idAlumnado: number;
/** El cursado principal: del docente demo, Anual, en 4° Electrónica y 3° 3°. */
let principal: number;
/** Otro cursado del mismo curso, de otro departamento y sin el docente demo. */
let ajeno: number;
let a1: number; // 4° Electrónica
let a2: number; // 4° Electrónica
let a3: number; // 3° 3°
let sinInscribir: number; // 4° Electrónica, no inscripto en el principal.

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  curso41 = await cursoId(4, 1);
  curso33 = await cursoId(3, 3);
  mat4 = await materiaId('MAT4');
  len4 = await materiaId('LEN4');
  idDocente = await idDeUsuario(db, EMAIL_DEMO.docente);
  idAlumnado = await idDeUsuario(db, EMAIL_DEMO.alumnado);
  const [t] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .where(eq(s.alumnos.usuarioId, await idDeUsuario(db, EMAIL_DEMO.alumno)));
  tomas = t!.id;
  a1 = await nuevoAlumno(curso41, 'Notasprueba Aguirre', 'Ana');
  a2 = await nuevoAlumno(curso41, 'Notasprueba Benítez', 'Bruno');
  a3 = await nuevoAlumno(curso33, 'Notasprueba Castro', 'Carla');
  sinInscribir = await nuevoAlumno(curso41, 'Notasprueba Díaz', 'Dora');
  principal = await nuevoCursado('Matemática Prueba de Notas', {
    materia: mat4,
    cursos: [curso41, curso33],
    delDocente: true,
    alumnos: [a1, a2, a3, tomas],
  });
  ajeno = await nuevoCursado('Lengua Prueba de Notas', {
    materia: len4,
    cursos: [curso41],
    delDocente: false,
    alumnos: [a1, a2],
  });
});
afterAll(() => c?.cerrar());

// ---------------------------------------------------------------------------

describe('la planilla del docente: estados y avisos (spec 02 §4, §8)', () => {
  let cursado: number;
  let alumnos: number[];
  beforeAll(async () => {
    alumnos = [
      await nuevoAlumno(curso41, 'Notasaviso Zapata', 'Zoe'),
      await nuevoAlumno(curso41, 'Notasaviso Ibarra', 'Iván'),
    ];
    cursado = await nuevoCursado('Avisos de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos,
    });
  });

  test('el 20/11: modo docente, carga el 2° y no el 1° (publicado), sin aviso', async () => {
    const p = await (await docente()).notas.planilla({ cursado });
    expect(p.modo).toBe('docente');
    expect(p.cursado).toMatchObject({
      id: cursado,
      nombre: 'Avisos de Notas',
      modalidad: Modalidad.Anual,
      ciclolectivo: ciclo,
      periodosCerrados: 0,
      materias: ['Matemática'],
      cursos: [{ id: curso41, nombre: '4° Electrónica' }],
      docentes: ['Acosta, Gustavo'],
    });
    const [e1, e2] = p.estados;
    expect(e1).toMatchObject({
      cuatrimestre: 1,
      nombre: C1,
      apertura: dia('06-15'),
      cierre: dia('07-03'),
      publicacion: dia('07-10'),
      fase: 'publicada',
      aplica: true,
      iniciado: true,
      enFechas: false,
      cerrado: false,
      publicado: true,
      cierreVencido: false,
      puedeCargar: false,
      puedeCerrar: false,
      puedeReabrir: false,
    });
    expect(e2).toMatchObject({
      cuatrimestre: 2,
      nombre: C2,
      apertura: dia('11-09'),
      cierre: dia('11-27'),
      publicacion: dia('12-04'),
      fase: 'abierta',
      iniciado: true,
      enFechas: true,
      cerrado: false,
      publicado: false,
      cierreVencido: false,
      puedeCargar: true,
      puedeCerrar: true,
      puedeReabrir: false,
    });
    // El 1° quedó sin cerrar pero ya se publicó: es definitivo, no "abierto con el cierre vencido".
    expect(p.avisos).toEqual([]);
    // Los alumnos: los inscriptos, en orden, con su curso y sin notas.
    expect(p.alumnos.map((a) => a.id)).toEqual(await inscriptosEnBase(cursado));
    expect(p.alumnos.map((a) => a.id)).toEqual([alumnos[1], alumnos[0]]);
    expect(p.alumnos[0]).toEqual({
      id: alumnos[1],
      apellido: 'Notasaviso Ibarra',
      nombre: 'Iván',
      curso: { id: curso41, nombre: '4° Electrónica' },
      notas: { 1: null, 2: null },
    });
  });

  test('el 5/7 (cierre del 1° vencido, sin publicar): el docente ve "pasar por Alumnado"; Alumnado, que la cierre', async () => {
    const d = await (await docente(dia('07-05'))).notas.planilla({ cursado });
    expect(d.estados[0]).toMatchObject({
      fase: 'vencida',
      cierreVencido: true,
      puedeCargar: false,
    });
    expect(d.avisos).toEqual([AVISO_CIERRE_VENCIDO]);
    const a = await (await alumnado(dia('07-05'))).notas.planilla({ cursado });
    expect(a.avisos).toEqual([AVISO_CIERRE_VENCIDO_ALUMNADO]);
    expect(a.estados[0]).toMatchObject({ fase: 'vencida', puedeCargar: true, puedeCerrar: true });
  });

  test('Alumnado el 20/11: el 1° publicado (un estado, ninguna acción) y el 2° abierto', async () => {
    const p = await (await alumnado()).notas.planilla({ cursado });
    expect(p.modo).toBe('alumnado');
    expect(p.avisos).toEqual([]);
    expect(p.estados.map((e) => e.fase)).toEqual(['publicada', 'abierta']);
    expect(p.estados.map((e) => [e.puedeCargar, e.puedeCerrar, e.puedeReabrir])).toEqual([
      [false, false, false],
      [true, true, false],
    ]);
  });

  test('cerrado el 1° por Alumnado (5/7), el aviso se va y el docente ve el de las planillas firmadas', async () => {
    const r = await (await alumnado(dia('07-05'))).notas.cerrar({ cursado, cuatrimestre: 1 });
    expect(r.cuatrimestre).toBe(1);
    expect(await mascara(cursado)).toBe(1);
    const p = await (await docente()).notas.planilla({ cursado });
    expect(p.estados[0]).toMatchObject({ fase: 'publicada', cerrado: true, cierreVencido: false });
    expect(p.avisos).toEqual([AVISO_PLANILLAS_FIRMADAS]);
    expect(p.avisos).not.toContain(AVISO_CIERRE_VENCIDO);
    // El aviso de las planillas firmadas es sólo para el docente.
    expect((await (await alumnado()).notas.planilla({ cursado })).avisos).toEqual([]);
    expect((await (await regente()).notas.planilla({ cursado })).avisos).toEqual([]);
  });

  test('pasado el cierre del 2° sin cerrarlo, vuelve el aviso de cierre vencido', async () => {
    const p = await (await docente(CIERRE_VENCIDO)).notas.planilla({ cursado });
    expect(p.estados[1]).toMatchObject({ cierreVencido: true, puedeCargar: false });
    expect(p.avisos).toEqual([AVISO_CIERRE_VENCIDO, AVISO_PLANILLAS_FIRMADAS]);
  });
});

describe('guardar: add, update y delete auditados (spec 02 §3, §4)', () => {
  test('add de una nota y de un ausente: filas y una auditoría por cambio', async () => {
    const antes = await contar();
    const r = await (
      await docente()
    ).notas.guardar({
      cursado: principal,
      cambios: [add(a1, 2, 8), add(a2, 2, AUSENTE)],
    });
    expect(r).toEqual({ guardadas: 2 });
    expect(await filaNota(principal, a1, 2)).toMatchObject({
      nota: 8,
      ausente: false,
      modificadoPor: idDocente,
    });
    expect(await filaNota(principal, a2, 2)).toMatchObject({
      nota: null,
      ausente: true,
      modificadoPor: idDocente,
    });
    expect(await contar()).toEqual({ notas: antes.notas + 2, auditoria: antes.auditoria + 2 });
    const [aud1] = await auditoriaDeNota(principal, a1, 2);
    expect(aud1).toMatchObject({
      usuarioId: idDocente,
      rol: Rol.Docente,
      accion: 'notas.add',
      entidad: 'nota',
      entidadId: `${principal}:${a1}:2`,
      antes: null,
      despues: 8,
      ip: IP,
    });
    const [aud2] = await auditoriaDeNota(principal, a2, 2);
    expect(aud2).toMatchObject({ accion: 'notas.add', antes: null, despues: AUSENTE });
  });

  test('update y delete con `anterior`: la fila cambia o se borra, y queda auditado', async () => {
    const antes = await contar();
    const r = await (
      await docente()
    ).notas.guardar({
      cursado: principal,
      cambios: [update(a1, 2, 8, 9), borrar(a2, 2, AUSENTE)],
    });
    expect(r).toEqual({ guardadas: 2 });
    expect(await filaNota(principal, a1, 2)).toMatchObject({ nota: 9, ausente: false });
    expect(await filaNota(principal, a2, 2)).toBeUndefined();
    expect(await contar()).toEqual({ notas: antes.notas - 1, auditoria: antes.auditoria + 2 });
    const aud1 = await auditoriaDeNota(principal, a1, 2);
    expect(aud1.map((a) => [a.accion, a.antes, a.despues])).toEqual([
      ['notas.add', null, 8],
      ['notas.update', 8, 9],
    ]);
    expect(aud1[1]).toMatchObject({ usuarioId: idDocente, rol: Rol.Docente, entidad: 'nota' });
    const aud2 = await auditoriaDeNota(principal, a2, 2);
    expect(aud2.map((a) => [a.accion, a.antes, a.despues])).toEqual([
      ['notas.add', null, AUSENTE],
      ['notas.delete', AUSENTE, null],
    ]);
  });

  test('de ausente a nota y de nota a ausente; la planilla muestra lo guardado', async () => {
    const d = await docente();
    await d.notas.guardar({ cursado: principal, cambios: [add(a2, 2, AUSENTE)] });
    await d.notas.guardar({
      cursado: principal,
      cambios: [update(a2, 2, AUSENTE, 5), update(a1, 2, 9, AUSENTE)],
    });
    expect(await valorEnBase(principal, a2, 2)).toBe(5);
    expect(await valorEnBase(principal, a1, 2)).toBe(AUSENTE);
    const p = await d.notas.planilla({ cursado: principal });
    const notas = Object.fromEntries(p.alumnos.map((a) => [a.id, a.notas]));
    expect(notas[a1]).toEqual({ 1: null, 2: AUSENTE });
    expect(notas[a2]).toEqual({ 1: null, 2: 5 });
    // Y se vuelve a la nota para las pruebas que siguen.
    await d.notas.guardar({ cursado: principal, cambios: [update(a1, 2, AUSENTE, 9)] });
    expect(await valorEnBase(principal, a1, 2)).toBe(9);
  });

  test('el 20/6 el docente carga el 1° cuatrimestre (en fechas)', async () => {
    const r = await (
      await docente(PRIMERO_EN_FECHAS)
    ).notas.guardar({
      cursado: principal,
      cambios: [add(a1, 1, 7), add(tomas, 1, 4)],
    });
    expect(r).toEqual({ guardadas: 2 });
    expect(await valorEnBase(principal, a1, 1)).toBe(7);
    expect(await valorEnBase(principal, tomas, 1)).toBe(4);
  });

  test('sin cambios no escribe nada', async () => {
    const antes = await contar();
    expect(await (await docente()).notas.guardar({ cursado: principal, cambios: [] })).toEqual({
      guardadas: 0,
    });
    expect(await contar()).toEqual(antes);
  });
});

describe('entradas malas: error en castellano y nada escrito (spec 02 §5)', () => {
  const MAL_ACCION = (accion: string) =>
    `La acción ${accion} no corresponde a los valores de la celda.`;
  const casos: [string, () => unknown[], string][] = [
    ['nota 0', () => [add(a2, 1, 0)], ErrorPlanilla.notaInvalida],
    ['nota 11', () => [add(a2, 1, 11)], ErrorPlanilla.notaInvalida],
    ['nota 7.5', () => [add(a2, 1, 7.5)], ErrorPlanilla.notaInvalida],
    ['nota -1', () => [add(a2, 1, -1)], ErrorPlanilla.notaInvalida],
    ["nota 'siete'", () => [{ ...add(a2, 1, 1), nota: 'siete' }], ErrorPlanilla.notaInvalida],
    ["nota '7' (texto)", () => [{ ...add(a2, 1, 1), nota: '7' }], ErrorPlanilla.notaInvalida],
    ['anterior 12', () => [update(a1, 2, 12, 9)], ErrorPlanilla.notaInvalida],
    ['add con anterior', () => [{ ...add(a2, 2, 6), anterior: 5 }], MAL_ACCION('add')],
    ['add sin nota', () => [{ ...add(a2, 2, 6), nota: null }], MAL_ACCION('add')],
    [
      'update sin anterior',
      () => [{ ...update(a1, 2, 9, 6), anterior: null }],
      MAL_ACCION('update'),
    ],
    ['update al mismo valor', () => [update(a1, 2, 9, 9)], MAL_ACCION('update')],
    ['delete con nota', () => [{ ...borrar(a1, 2, 9), nota: 4 }], MAL_ACCION('delete')],
    ['delete sin anterior', () => [{ ...borrar(a1, 2, 9), anterior: null }], MAL_ACCION('delete')],
    [
      "acción 'none'",
      () => [{ ...add(a2, 2, 6), action: 'none' }],
      'La acción debe ser add, update o delete.',
    ],
    [
      'cuatrimestre 3',
      () => [{ ...add(a2, 2, 6), cuatrimestre: 3 }],
      'El cuatrimestre debe ser 1 o 2.',
    ],
    [
      'la misma celda dos veces',
      () => [add(a2, 1, 6), add(a2, 1, 7)],
      'Cada celda puede cambiar una sola vez por guardado.',
    ],
    ['una buena y una mala', () => [add(a2, 1, 6), add(a3, 1, 0)], ErrorPlanilla.notaInvalida],
  ];
  test.each(casos)('%s → BAD_REQUEST', async (_n, cambios, mensaje) => {
    const antes = await contar();
    const e = await errorDe(
      (await docente(PRIMERO_EN_FECHAS)).notas.guardar({
        cursado: principal,
        cambios: cambios() as never,
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensajeDe(e)).toBe(mensaje);
    expect(await contar()).toEqual(antes);
    expect(await valorEnBase(principal, a2, 1)).toBeNull();
  });
});

describe('los períodos se respetan en el servidor (spec 02 §3 Term period, §4)', () => {
  let cursado: number;
  let b1: number;
  let b2: number;
  beforeAll(async () => {
    b1 = await nuevoAlumno(curso41, 'Notasperiodo Ruiz', 'Raúl');
    b2 = await nuevoAlumno(curso41, 'Notasperiodo Soto', 'Sara');
    cursado = await nuevoCursado('Períodos de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos: [b1, b2],
    });
  });

  async function rechazo(p: Promise<unknown>, mensaje: string) {
    const antes = await contar();
    const e = await errorDe(p);
    expect(e.code).toBe('PRECONDITION_FAILED');
    expect(e.message).toBe(mensaje);
    expect(await contar()).toEqual(antes);
  }

  test('el docente pasado el cierre del 1° (5/7, antes de publicar) → fuera de fechas', async () => {
    await rechazo(
      (await docente(dia('07-05'))).notas.guardar({ cursado, cambios: [add(b1, 1, 7)] }),
      ErrorPlanilla.fueraDeFechas(C1),
    );
  });

  test('el docente el 20/11 en el 1° (cierre pasado y ya publicado) → publicada', async () => {
    // `motivoNoCarga` da la publicación antes que las fechas, también al docente.
    await rechazo(
      (await docente()).notas.guardar({ cursado, cambios: [add(b1, 1, 7)] }),
      ErrorPlanilla.publicada(C1),
    );
  });

  test('un guardado que mezcla un cuatrimestre válido y uno no, no escribe nada', async () => {
    await rechazo(
      (await docente()).notas.guardar({ cursado, cambios: [add(b1, 2, 7), add(b2, 1, 8)] }),
      ErrorPlanilla.publicada(C1),
    );
    await rechazo(
      (await docente(dia('07-05'))).notas.guardar({
        cursado,
        cambios: [add(b1, 2, 7), add(b2, 1, 8)],
      }),
      ErrorPlanilla.fueraDeFechas(C2),
    );
    expect(await valorEnBase(cursado, b1, 2)).toBeNull();
    expect(await valorEnBase(cursado, b2, 1)).toBeNull();
  });

  test('antes de la apertura (8/11) nadie carga el 2°', async () => {
    await rechazo(
      (await docente(dia('11-08'))).notas.guardar({ cursado, cambios: [add(b1, 2, 7)] }),
      ErrorPlanilla.fueraDeFechas(C2),
    );
    await rechazo(
      (await alumnado(dia('11-08'))).notas.guardar({ cursado, cambios: [add(b1, 2, 7)] }),
      ErrorPlanilla.fueraDeFechas(C2),
    );
  });

  test('el día de apertura y el de cierre el docente carga (inclusive)', async () => {
    await (await docente(dia('11-09'))).notas.guardar({ cursado, cambios: [add(b1, 2, 6)] });
    await (
      await docente(dia('11-27'))
    ).notas.guardar({
      cursado,
      cambios: [update(b1, 2, 6, 7)],
    });
    expect(await valorEnBase(cursado, b1, 2)).toBe(7);
  });

  test('el 30/11 (cierre pasado) el docente no carga y Alumnado sí', async () => {
    await rechazo(
      (await docente(CIERRE_VENCIDO)).notas.guardar({ cursado, cambios: [add(b2, 2, 5)] }),
      ErrorPlanilla.fueraDeFechas(C2),
    );
    const r = await (
      await alumnado(CIERRE_VENCIDO)
    ).notas.guardar({
      cursado,
      cambios: [add(b2, 2, 5)],
    });
    expect(r).toEqual({ guardadas: 1 });
    expect(await filaNota(cursado, b2, 2)).toMatchObject({ nota: 5, modificadoPor: idAlumnado });
    const [aud] = await auditoriaDeNota(cursado, b2, 2);
    expect(aud).toMatchObject({ usuarioId: idAlumnado, rol: Rol.Alumnado, accion: 'notas.add' });
  });

  test('publicadas (5/12, y el 1° el 20/11) Alumnado tampoco carga', async () => {
    await rechazo(
      (await alumnado(PUBLICADO)).notas.guardar({ cursado, cambios: [update(b2, 2, 5, 6)] }),
      ErrorPlanilla.publicada(C2),
    );
    await rechazo(
      (await alumnado()).notas.guardar({ cursado, cambios: [add(b2, 1, 6)] }),
      ErrorPlanilla.publicada(C1),
    );
    expect(await valorEnBase(cursado, b2, 2)).toBe(5);
  });

  test('un cuatrimestre cerrado no se carga, ni el docente ni Alumnado', async () => {
    await (await alumnado()).notas.cerrar({ cursado, cuatrimestre: 2 });
    expect(await mascara(cursado)).toBe(2);
    await rechazo(
      (await docente()).notas.guardar({ cursado, cambios: [update(b1, 2, 7, 8)] }),
      ErrorPlanilla.cerrada(C2),
    );
    await rechazo(
      (await alumnado()).notas.guardar({ cursado, cambios: [update(b1, 2, 7, 8)] }),
      ErrorPlanilla.cerrada(C2),
    );
    expect(await valorEnBase(cursado, b1, 2)).toBe(7);
  });

  test('un cursado del 1° cuatrimestre no carga el 2° (no aplica)', async () => {
    const solo1 = await nuevoCursado('Sólo primero de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos: [b1],
      modalidad: Modalidad.PrimerCuatrimestre,
    });
    await rechazo(
      (await alumnado()).notas.guardar({ cursado: solo1, cambios: [add(b1, 2, 7)] }),
      ErrorPlanilla.noAplica(C2),
    );
    const p = await (await docente()).notas.planilla({ cursado: solo1 });
    expect(p.estados.map((e) => e.aplica)).toEqual([true, false]);
  });
});

describe('alcance por rol (DESIGN §6)', () => {
  test('el docente en un cursado ajeno: FORBIDDEN en planilla, guardar y cerrar', async () => {
    const d = await docente();
    const antes = await contar();
    for (const llamar of [
      () => d.notas.planilla({ cursado: ajeno }),
      () => d.notas.planilla({ cursado: ajeno, curso: curso41 }),
      () => d.notas.guardar({ cursado: ajeno, cambios: [add(a1, 2, 7)] }),
      () => d.notas.cerrar({ cursado: ajeno }),
      () => d.notas.cerrar({ cursado: ajeno, cuatrimestre: 2 }),
    ]) {
      const e = await errorDe(llamar());
      expect(e.code).toBe('FORBIDDEN');
      expect(e.message).toBe(CURSADO_AJENO);
    }
    expect(await contar()).toEqual(antes);
    expect(await mascara(ajeno)).toBe(0);
    expect(await valorEnBase(ajeno, a1, 2)).toBeNull();
  });

  test('el preceptor: modo lectura y sólo los alumnos de sus cursos', async () => {
    const p = await (await preceptor()).notas.planilla({ cursado: principal });
    expect(p.modo).toBe('lectura');
    // El 1° quedó abierto pero ya se publicó: ningún aviso; el de firmar es sólo del docente.
    expect(p.avisos).toEqual([]);
    for (const e of p.estados) {
      expect([e.puedeCargar, e.puedeCerrar, e.puedeReabrir]).toEqual([false, false, false]);
    }
    const idPreceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const susCursos = (
      await db
        .select({ id: s.preceptoresCursos.cursoId })
        .from(s.preceptoresCursos)
        .where(
          and(
            eq(s.preceptoresCursos.usuarioId, idPreceptor),
            eq(s.preceptoresCursos.ciclolectivo, ciclo),
          ),
        )
    ).map((f) => f.id);
    expect(susCursos).toContain(curso41);
    expect(susCursos).not.toContain(curso33);
    const esperados = await inscriptosEnBase(principal, susCursos);
    expect(p.alumnos.map((a) => a.id)).toEqual(esperados);
    expect(esperados).toEqual(expect.arrayContaining([a1, a2, tomas]));
    expect(p.alumnos.map((a) => a.id)).not.toContain(a3);
    // El docente y Alumnado ven a todos.
    const todos = await inscriptosEnBase(principal);
    expect(todos).toContain(a3);
    expect(
      (await (await docente()).notas.planilla({ cursado: principal })).alumnos.map((a) => a.id),
    ).toEqual(todos);
    expect(
      (await (await alumnado()).notas.planilla({ cursado: principal })).alumnos.map((a) => a.id),
    ).toEqual(todos);
  });

  test('el preceptor no ve un cursado que no es de sus cursos', async () => {
    const soloDe33 = await nuevoCursado('Fuera del preceptor', {
      materia: mat4,
      cursos: [curso33],
      delDocente: false,
      alumnos: [a3],
    });
    const e = await errorDe((await preceptor()).notas.planilla({ cursado: soloDe33 }));
    expect(e).toMatchObject({ code: 'FORBIDDEN', message: CURSADO_AJENO });
  });

  test('la planilla de un curso: sólo sus alumnos', async () => {
    const p = await (await alumnado()).notas.planilla({ cursado: principal, curso: curso33 });
    expect(p.alumnos.map((a) => a.id)).toEqual([a3]);
    expect(p.alumnos[0]!.curso).toEqual({ id: curso33, nombre: '3° 3°' });
  });

  test('el jefe de departamento: lectura en su departamento, FORBIDDEN en otro', async () => {
    const [depto] = await db
      .select({ nombre: s.departamentos.nombre })
      .from(s.jefesDepartamento)
      .innerJoin(s.departamentos, eq(s.departamentos.id, s.jefesDepartamento.departamentoId))
      .where(eq(s.jefesDepartamento.usuarioId, await idDeUsuario(db, EMAIL_DEMO.jefeDepartamento)));
    expect(depto!.nombre).toBe('Ciencias Exactas');
    const j = await jefeDepto();
    const p = await j.notas.planilla({ cursado: principal });
    expect(p.modo).toBe('lectura');
    expect(p.alumnos.map((a) => a.id)).toEqual(await inscriptosEnBase(principal));
    expect(await errorDe(j.notas.planilla({ cursado: ajeno }))).toMatchObject({
      code: 'FORBIDDEN',
      message: CURSADO_AJENO,
    });
  });

  test('el coordinador: lectura en los cursados de sus materias (talleres), FORBIDDEN en otros', async () => {
    const taller = await nuevoCursado('Taller Prueba de Notas', {
      materia: await materiaId('TEL4'),
      cursos: [curso41],
      delDocente: false,
      alumnos: [a1],
    });
    const co = await como(EMAIL_DEMO.coordinador, Rol.Coordinador);
    const p = await co.notas.planilla({ cursado: taller });
    expect(p.modo).toBe('lectura');
    expect(p.alumnos.map((a) => a.id)).toEqual([a1]);
    expect(await errorDe(co.notas.planilla({ cursado: principal }))).toMatchObject({
      code: 'FORBIDDEN',
      message: CURSADO_AJENO,
    });
    const lista = (await co.notas.cursados()).map((x) => x.id);
    expect(lista).toContain(taller);
    expect(lista).not.toContain(principal);
    const r = await co.notas.reporte({ curso: curso41 });
    expect(r.cursados.map((x) => x.id)).toContain(taller);
    expect(r.cursados.map((x) => x.id)).not.toContain(principal);
  });

  test.each([
    ['Preceptor', EMAIL_DEMO.preceptor, Rol.Preceptor],
    ['Jefe de Departamento', EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento],
    ['Regente', EMAIL_DEMO.regente, Rol.Regente],
    ['Jefe de Preceptores', EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
    ['Admin', EMAIL_DEMO.admin, Rol.Admin],
  ])('%s no guarda ni cierra notas (FORBIDDEN por la tabla)', async (_n, email, rol) => {
    const antes = await contar();
    const caller = await como(email, rol);
    for (const llamar of [
      () => caller.notas.guardar({ cursado: principal, cambios: [add(a2, 1, 6)] }),
      () => caller.notas.cerrar({ cursado: principal, cuatrimestre: 2 }),
      () => caller.notas.reabrir({ cursado: principal, cuatrimestre: 2 }),
    ]) {
      expect(await errorDe(llamar())).toMatchObject({ code: 'FORBIDDEN', message: NO_AUTORIZADO });
    }
    expect(await contar()).toEqual(antes);
  });

  test('un alumno no inscripto → BAD_REQUEST con su id, y nada escrito', async () => {
    const antes = await contar();
    const e = await errorDe(
      (await docente()).notas.guardar({
        cursado: principal,
        cambios: [add(a2, 1, 6), add(sinInscribir, 2, 7)].map((x) => ({
          ...x,
          cuatrimestre: 2 as const,
        })),
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(`${ALUMNOS_NO_INSCRIPTOS}: ${sinInscribir}.`);
    expect(await contar()).toEqual(antes);
  });

  test('un cursado inexistente → NOT_FOUND', async () => {
    const d = await docente();
    const a = await alumnado();
    for (const llamar of [
      () => d.notas.planilla({ cursado: 99_999_999 }),
      () => d.notas.guardar({ cursado: 99_999_999, cambios: [add(a1, 2, 7)] }),
      () => d.notas.cerrar({ cursado: 99_999_999 }),
      () => a.notas.reabrir({ cursado: 99_999_999, cuatrimestre: 2 }),
    ]) {
      expect(await errorDe(llamar())).toMatchObject({
        code: 'NOT_FOUND',
        message: CURSADO_INEXISTENTE,
      });
    }
  });
});

describe('conflictos entre guardados (spec 02 §4; DESIGN §7)', () => {
  let cursado: number;
  let e1: number;
  let e2: number;
  let e3: number;
  beforeAll(async () => {
    e1 = await nuevoAlumno(curso41, 'Notasconflicto Herrera', 'Hugo');
    e2 = await nuevoAlumno(curso41, 'Notasconflicto Luna', 'Lía');
    e3 = await nuevoAlumno(curso41, 'Notasconflicto Molina', 'Mora');
    cursado = await nuevoCursado('Conflictos de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos: [e1, e2, e3],
    });
  });

  test('dos pestañas cargan la planilla y agregan la misma celda: la segunda → CONFLICT', async () => {
    const pestana1 = await docente();
    const pestana2 = await docente();
    const p1 = await pestana1.notas.planilla({ cursado });
    const p2 = await pestana2.notas.planilla({ cursado });
    const celda = (p: typeof p1) => p.alumnos.find((a) => a.id === e1)!.notas[2];
    expect(celda(p1)).toBeNull();
    expect(celda(p2)).toBeNull();
    await pestana1.notas.guardar({
      cursado,
      cambios: [{ ...add(e1, 2, 7), anterior: celda(p1) }],
    });
    const antes = await contar();
    const e = await errorDe(
      pestana2.notas.guardar({
        cursado,
        cambios: [add(e2, 2, 6), { ...add(e1, 2, 5), anterior: celda(p2) }],
      }),
    );
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(ErrorPlanilla.conflicto(`Notasconflicto Herrera, Hugo (${C2})`));
    expect(e.message).toContain('Notasconflicto Herrera, Hugo');
    // Nada se guardó: ni la celda en conflicto ni la otra.
    expect(await contar()).toEqual(antes);
    expect(await valorEnBase(cursado, e1, 2)).toBe(7);
    expect(await valorEnBase(cursado, e2, 2)).toBeNull();
  });

  test('update o delete con un `anterior` viejo → CONFLICT', async () => {
    const d = await docente();
    for (const cambio of [update(e1, 2, 6, 8), borrar(e1, 2, 6), borrar(e1, 2, AUSENTE)]) {
      const e = await errorDe(d.notas.guardar({ cursado, cambios: [cambio] }));
      expect(e.code).toBe('CONFLICT');
      expect(e.message).toBe(ErrorPlanilla.conflicto(`Notasconflicto Herrera, Hugo (${C2})`));
    }
    expect(await valorEnBase(cursado, e1, 2)).toBe(7);
  });

  test('dos guardados a la vez de la misma celda: exactamente uno se guarda', async () => {
    const [d1, d2] = await Promise.all([docente(), docente()]);
    const resultados = await Promise.allSettled([
      d1.notas.guardar({ cursado, cambios: [add(e2, 2, 6)] }),
      d2.notas.guardar({ cursado, cambios: [add(e2, 2, 9)] }),
    ]);
    const bien = resultados.filter((r) => r.status === 'fulfilled');
    const mal = resultados.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(bien).toHaveLength(1);
    expect(mal).toHaveLength(1);
    expect(mal[0]!.reason).toBeInstanceOf(TRPCError);
    expect((mal[0]!.reason as TRPCError).code).toBe('CONFLICT');
    const ganador = resultados[0]!.status === 'fulfilled' ? 6 : 9;
    expect(await valorEnBase(cursado, e2, 2)).toBe(ganador);
    const aud = await auditoriaDeNota(cursado, e2, 2);
    expect(aud.map((a) => [a.accion, a.despues])).toEqual([['notas.add', ganador]]);
  });

  test('el guardado espera a quien tiene tomada la fila del cursado (FOR UPDATE)', async () => {
    let liberar!: () => void;
    const suelta = new Promise<void>((r) => (liberar = r));
    let tomar!: () => void;
    const tomada = new Promise<void>((r) => (tomar = r));
    // La sesión se carga antes: con PGlite la transacción abierta acapara la única conexión.
    const d = await docente();
    const otro = db.transaction(async (tx) => {
      await tx
        .select({ id: s.cursados.id })
        .from(s.cursados)
        .where(eq(s.cursados.id, cursado))
        .for('update');
      tomar();
      await suelta;
      await tx
        .insert(s.notas)
        .values({ alumnoId: e3, cursadoId: cursado, cuatrimestre: 2, nota: 3 });
    });
    await tomada;
    let termino = false;
    const error = errorDe(d.notas.guardar({ cursado, cambios: [add(e3, 2, 10)] })).finally(
      () => (termino = true),
    );
    await esperarQueAlguienEspereUnCandado(() => termino);
    // Se suelta la fila antes de comprobar, para no dejar la transacción colgada si falla.
    const esperaba = !termino;
    liberar();
    await otro;
    expect(esperaba).toBe(true);
    const e = await error;
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toContain('Notasconflicto Molina, Mora');
    expect(await valorEnBase(cursado, e3, 2)).toBe(3);
  });
});

describe('cerrar y reabrir (spec 02 §4)', () => {
  let cursado: number;
  beforeAll(async () => {
    cursado = await nuevoCursado('Cierres de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos: [await nuevoAlumno(curso41, 'Notascierre Paz', 'Pía')],
    });
  });

  test('el docente no cierra el 1° fuera de fechas (5/7) ni publicado (20/11)', async () => {
    const e = await errorDe(
      (await docente(dia('07-05'))).notas.cerrar({ cursado, cuatrimestre: 1 }),
    );
    expect(e).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: ErrorPlanilla.noSePuedeCerrar(C1),
    });
    expect(
      await errorDe((await docente()).notas.cerrar({ cursado, cuatrimestre: 1 })),
    ).toMatchObject({ code: 'PRECONDITION_FAILED', message: ErrorPlanilla.cerrarPublicada(C1) });
    expect(await mascara(cursado)).toBe(0);
  });

  test('el docente cierra el período en curso (el 2°): máscara y auditoría', async () => {
    const r = await (await docente()).notas.cerrar({ cursado });
    expect(r.cuatrimestre).toBe(2);
    expect(r.estados[1]).toMatchObject({ cerrado: true, puedeCargar: false, puedeCerrar: false });
    expect(await mascara(cursado)).toBe(2);
    const aud = await auditoriaDeCursado(cursado);
    expect(aud).toHaveLength(1);
    expect(aud[0]).toMatchObject({
      usuarioId: idDocente,
      rol: Rol.Docente,
      accion: 'cursados.cerrar',
      entidad: 'cursado',
      entidadId: String(cursado),
      antes: { periodosCerrados: 0 },
      despues: { periodosCerrados: 2, cuatrimestre: 2 },
      ip: IP,
    });
  });

  test('cerrarla otra vez → ya está cerrada; el docente no reabre', async () => {
    const d = await docente();
    expect(await errorDe(d.notas.cerrar({ cursado }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: ErrorPlanilla.yaCerrada(C2),
    });
    expect(await errorDe(d.notas.reabrir({ cursado }))).toMatchObject({
      code: 'FORBIDDEN',
      message: NO_AUTORIZADO,
    });
    expect(await mascara(cursado)).toBe(2);
    expect(await auditoriaDeCursado(cursado)).toHaveLength(1);
  });

  test('Alumnado reabre el 20/11; reabrir una abierta → no está cerrada', async () => {
    const a = await alumnado();
    const r = await a.notas.reabrir({ cursado });
    expect(r.cuatrimestre).toBe(2);
    expect(r.estados[1]).toMatchObject({ cerrado: false, puedeCargar: true });
    expect(await mascara(cursado)).toBe(0);
    const aud = await auditoriaDeCursado(cursado);
    expect(aud.at(-1)).toMatchObject({
      usuarioId: idAlumnado,
      rol: Rol.Alumnado,
      accion: 'cursados.reabrir',
      antes: { periodosCerrados: 2 },
      despues: { periodosCerrados: 0, cuatrimestre: 2 },
    });
    expect(await errorDe(a.notas.reabrir({ cursado }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: ErrorPlanilla.noCerrada(C2),
    });
  });

  test('cerrada otra vez, no se reabre publicada (5/12): la máscara no cambia', async () => {
    await (await alumnado()).notas.cerrar({ cursado, cuatrimestre: 2 });
    expect(await mascara(cursado)).toBe(2);
    const n = (await auditoriaDeCursado(cursado)).length;
    const e = await errorDe(
      (await alumnado(PUBLICADO)).notas.reabrir({ cursado, cuatrimestre: 2 }),
    );
    expect(e).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: ErrorPlanilla.reabrirPublicada(C2),
    });
    expect(await mascara(cursado)).toBe(2);
    expect(await auditoriaDeCursado(cursado)).toHaveLength(n);
  });

  test('Alumnado no cierra el 1° ya publicado (20/11): 412 y nada escrito (issue 11 §7)', async () => {
    const n = (await auditoriaDeCursado(cursado)).length;
    expect(
      await errorDe((await alumnado()).notas.cerrar({ cursado, cuatrimestre: 1 })),
    ).toMatchObject({ code: 'PRECONDITION_FAILED', message: ErrorPlanilla.cerrarPublicada(C1) });
    expect(await mascara(cursado)).toBe(2);
    expect(await auditoriaDeCursado(cursado)).toHaveLength(n);
  });

  test('Alumnado cierra el 1° antes de publicarlo (5/7) y los dos bits quedan puestos', async () => {
    await (await alumnado(dia('07-05'))).notas.cerrar({ cursado, cuatrimestre: 1 });
    expect(await mascara(cursado)).toBe(3);
    // Reabrir el 1° ya publicado tampoco se puede.
    expect(
      await errorDe((await alumnado()).notas.reabrir({ cursado, cuatrimestre: 1 })),
    ).toMatchObject({ code: 'PRECONDITION_FAILED', message: ErrorPlanilla.reabrirPublicada(C1) });
  });

  test('sin período iniciado (1/5) no hay cuatrimestre por defecto', async () => {
    const otro = await nuevoCursado('Sin período de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
    });
    expect(
      await errorDe((await docente(dia('05-01'))).notas.cerrar({ cursado: otro })),
    ).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: SIN_PERIODO_EN_CURSO,
    });
    expect(await mascara(otro)).toBe(0);
  });

  test('un cuatrimestre que la modalidad no usa → BAD_REQUEST', async () => {
    const solo2 = await nuevoCursado('Sólo segundo de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      modalidad: Modalidad.SegundoCuatrimestre,
    });
    expect(
      await errorDe((await alumnado()).notas.cerrar({ cursado: solo2, cuatrimestre: 1 })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: ErrorPlanilla.noAplica(C1) });
    expect(await mascara(solo2)).toBe(0);
  });
});

describe('libretas (spec 01 §2 Grade booklet, §5)', () => {
  const INSTANCIA = 'Complementaria Noviembre/Diciembre';
  beforeAll(async () => {
    // El 1° de Tomás (4) se cargó el 20/6 en el bloque de guardar; el 2° ahora.
    await (await docente()).notas.guardar({ cursado: principal, cambios: [add(tomas, 2, 8)] });
    await db.insert(s.examenes).values({
      alumnoId: tomas,
      cursadoId: principal,
      instancia: INSTANCIA,
      fecha: dia('12-10'),
      nota: 7,
      tipoNota: 'normal',
    });
  });

  /** Las materias del ciclo de Tomás en la base. */
  async function materiasDeTomas() {
    const filas = await db
      .select({ cursado: s.inscripciones.cursadoId })
      .from(s.inscripciones)
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .where(and(eq(s.inscripciones.alumnoId, tomas), eq(s.cursados.ciclolectivo, ciclo)));
    return filas.map((f) => f.cursado).sort((x, y) => x - y);
  }

  type Libreta = Awaited<ReturnType<Awaited<ReturnType<typeof alumno>>['notas']['mias']>>;
  function filaDe(l: Libreta, cursado: number) {
    const anio = l.anios.find((a) => a.ciclo === ciclo)!;
    return { anio, fila: anio.materias.find((m) => m.cursado === cursado)! };
  }

  test('el personal (Alumnado) ve los dos cuatrimestres, la nota final y las mesas', async () => {
    const l = await (await alumnado()).notas.libreta({ alumno: tomas });
    expect(l.alumno.id).toBe(tomas);
    const { anio, fila } = filaDe(l, principal);
    expect(anio.materias.map((m) => m.cursado).sort((x, y) => x - y)).toEqual(
      await materiasDeTomas(),
    );
    expect(anio.curso).toBe('4° Electrónica');
    expect(anio.anioCursado).toBe(4);
    const n1 = await valorEnBase(principal, tomas, 1);
    const n2 = await valorEnBase(principal, tomas, 2);
    expect([n1, n2]).toEqual([4, 8]);
    expect(fila).toEqual({
      cursado: principal,
      materia: 'Matemática',
      modalidad: Modalidad.Anual,
      notas: { 1: n1, 2: n2 },
      final: notaFinal(Modalidad.Anual, 4, 8),
      examenes: { [INSTANCIA]: { nota: 7, tipoNota: 'normal' } },
    });
    // Anual con 4 y 8: aprobada por el 2° cuatrimestre; su nota final es 8, no 4 (issue 32).
    expect(fila.final).toBe(8);
    expect(anio.instancias).toContain(INSTANCIA);
  });

  test('el alumno el 20/11: el 1° sí, el 2° (sin publicar) y la final no', async () => {
    const l = await (await alumno()).notas.mias();
    expect(l.alumno.id).toBe(tomas);
    const { anio, fila } = filaDe(l, principal);
    expect(anio.publicado).toEqual({ 1: true, 2: false });
    expect(fila.notas).toEqual({ 1: 4, 2: null });
    expect(fila.final).toBeNull();
    expect(fila.examenes).toEqual({ [INSTANCIA]: { nota: 7, tipoNota: 'normal' } });
    expect(anio.instancias).toContain(INSTANCIA);
    // Ninguna materia muestra un 2° cuatrimestre sin publicar.
    expect(anio.materias.every((m) => m.notas[2] === null && m.final === null)).toBe(true);
  });

  test('la historia sembrada: el año anterior, publicado, con sus mesas de diciembre y marzo', async () => {
    const l = await (await alumno()).notas.mias();
    expect(l.anios.map((a) => a.ciclo)).toEqual(expect.arrayContaining([ciclo, ciclo - 1]));
    const previo = l.anios.find((a) => a.ciclo === ciclo - 1)!;
    expect(previo.anioCursado).toBe(3);
    expect(previo.publicado).toEqual({ 1: true, 2: true });
    expect(previo.instancias).toEqual([
      'Complementaria Noviembre/Diciembre',
      'Final Febrero/Marzo',
    ]);
    // Dos materias sin aprobar: una aprobada en diciembre, la otra ausente y aprobada en marzo.
    const conMesa = previo.materias.filter((m) => Object.keys(m.examenes).length > 0);
    expect(conMesa.map((m) => m.examenes)).toEqual(
      expect.arrayContaining([
        { 'Complementaria Noviembre/Diciembre': { nota: 7, tipoNota: 'normal' } },
        {
          'Complementaria Noviembre/Diciembre': { nota: null, tipoNota: 'ausente' },
          'Final Febrero/Marzo': { nota: 6, tipoNota: 'normal' },
        },
      ]),
    );
    const numero = (v: ValorNota | null) => (typeof v === 'number' ? v : null);
    for (const m of conMesa) {
      expect(aprobada(m.modalidad, numero(m.notas[1]), numero(m.notas[2]))).toBe(false);
    }
    // Tienen nota final exactamente las aprobadas (issue 32: la de las otras sale de la mesa).
    expect(previo.materias.length).toBeGreaterThan(5);
    expect(
      previo.materias.every(
        (m) => (m.final != null) === aprobada(m.modalidad, numero(m.notas[1]), numero(m.notas[2])),
      ),
    ).toBe(true);
    // El referente ve la misma historia de su hijo; el de otra familia, no.
    const hijo = l.alumno.id;
    const delReferente = await (await referente()).notas.mias({ alumno: hijo });
    expect(delReferente.anios.find((a) => a.ciclo === ciclo - 1)).toEqual(previo);
    expect((await errorDe((await referenteOtro()).notas.mias({ alumno: hijo }))).code).toBe(
      'FORBIDDEN',
    );
  });

  test('el alumno el 5/12: los dos y la final', async () => {
    const l = await (await alumno(PUBLICADO)).notas.mias({ alumno: tomas });
    const { anio, fila } = filaDe(l, principal);
    expect(anio.publicado).toEqual({ 1: true, 2: true });
    expect(fila.notas).toEqual({ 1: 4, 2: 8 });
    expect(fila.final).toBe(notaFinal(Modalidad.Anual, 4, 8));
  });

  test('antes de la publicación del 1° (20/6) el alumno no ve ninguna', async () => {
    const l = await (await alumno(PRIMERO_EN_FECHAS)).notas.mias();
    const { fila } = filaDe(l, principal);
    expect(fila.notas).toEqual({ 1: null, 2: null });
    expect(fila.final).toBeNull();
  });

  test('el referente ve a su hijo (pedido o elegido en el selector); otra familia → FORBIDDEN', async () => {
    const r = await (await referente(PUBLICADO)).notas.mias({ alumno: tomas });
    expect(r.alumno.id).toBe(tomas);
    expect(filaDe(r, principal).fila.notas).toEqual({ 1: 4, 2: 8 });
    const elegido = await como(EMAIL_DEMO.referente, Rol.ReferenteParental, PUBLICADO, {
      hijo: tomas,
    });
    expect((await elegido.notas.mias()).alumno.id).toBe(tomas);
    expect(await errorDe((await referenteOtro()).notas.mias({ alumno: tomas }))).toMatchObject({
      code: 'FORBIDDEN',
      message: ALUMNO_AJENO,
    });
    // El alumno tampoco ve la libreta de otro.
    expect(await errorDe((await alumno()).notas.mias({ alumno: a1 }))).toMatchObject({
      code: 'FORBIDDEN',
      message: ALUMNO_AJENO,
    });
  });

  test('alcance de la libreta del personal: preceptor y docente', async () => {
    const p = await preceptor();
    expect((await p.notas.libreta({ alumno: tomas })).alumno.id).toBe(tomas);
    expect(await errorDe(p.notas.libreta({ alumno: a3 }))).toMatchObject({
      code: 'FORBIDDEN',
      message: ALUMNO_FUERA_DE_ALCANCE,
    });
    const d = await docente();
    expect((await d.notas.libreta({ alumno: a3 })).alumno.id).toBe(a3);
    expect(await errorDe(d.notas.libreta({ alumno: sinInscribir }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('notas.cursados y el planillón en modo notas', () => {
  test('el docente lista sus cursados del ciclo (y no el ajeno)', async () => {
    const lista = await (await docente()).notas.cursados();
    const suyos = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.cursados.id))
      .where(and(eq(s.cursadosDocentes.usuarioId, idDocente), eq(s.cursados.ciclolectivo, ciclo)));
    expect(lista.map((x) => x.id).sort((x, y) => x - y)).toEqual(
      suyos.map((x) => x.id).sort((x, y) => x - y),
    );
    expect(lista.map((x) => x.id)).toContain(principal);
    expect(lista.map((x) => x.id)).not.toContain(ajeno);
    const p = lista.find((x) => x.id === principal)!;
    expect(p).toMatchObject({
      nombre: 'Matemática Prueba de Notas',
      materias: ['Matemática'],
      cursos: [
        { id: curso33, nombre: '3° 3°' },
        { id: curso41, nombre: '4° Electrónica' },
      ],
      docentes: ['Acosta, Gustavo'],
      abierta: true,
    });
    expect(p.estados.map((e) => e.puedeCargar)).toEqual([false, true]);
  });

  test('soloAbiertas deja afuera las planillas con todo cerrado', async () => {
    const cerrado = await nuevoCursado('Todo cerrado de Notas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
    });
    await db.update(s.cursados).set({ periodosCerrados: 3 }).where(eq(s.cursados.id, cerrado));
    for (const caller of [await docente(), await regente()]) {
      const todas = await caller.notas.cursados({ soloAbiertas: false });
      const abiertas = await caller.notas.cursados({ soloAbiertas: true });
      expect(todas.find((x) => x.id === cerrado)).toMatchObject({ abierta: false });
      expect(abiertas.map((x) => x.id)).not.toContain(cerrado);
      expect(abiertas.map((x) => x.id)).toContain(principal);
      expect(abiertas.map((x) => x.id)).toEqual(todas.filter((x) => x.abierta).map((x) => x.id));
    }
    // Antes de toda apertura (1/5) ninguna está abierta.
    expect(await (await regente(dia('05-01'))).notas.cursados({ soloAbiertas: true })).toEqual([]);
  });

  test('Regente ve los cursados de toda la escuela del ciclo', async () => {
    const lista = await (await regente()).notas.cursados({ ciclo });
    const [n] = await db
      .select({ n: count() })
      .from(s.cursados)
      .where(eq(s.cursados.ciclolectivo, ciclo));
    expect(lista).toHaveLength(n!.n);
    expect(lista.map((x) => x.id)).toEqual(expect.arrayContaining([principal, ajeno]));
  });

  /** Los cursados del curso en el ciclo, en el orden del planillón. */
  async function columnasEnBase(curso: number, departamento?: string) {
    const filas = await db
      .selectDistinct({ id: s.cursados.id, nombre: s.cursados.nombre })
      .from(s.cursadosCursos)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosCursos.cursadoId))
      .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.cursados.id))
      .innerJoin(s.materias, eq(s.materias.id, s.cursadosMaterias.materiaId))
      .innerJoin(s.departamentos, eq(s.departamentos.id, s.materias.departamentoId))
      .where(
        and(
          eq(s.cursadosCursos.cursoId, curso),
          eq(s.cursados.ciclolectivo, ciclo),
          departamento ? eq(s.departamentos.nombre, departamento) : undefined,
        ),
      )
      .orderBy(asc(s.cursados.nombre), asc(s.cursados.id));
    return filas.map((f) => f.id);
  }

  test('el planillón del curso: el cursado como columna con las notas de los alumnos', async () => {
    const r = await (await alumnado()).notas.reporte({ curso: curso41 });
    expect(r.curso).toEqual({ orden: curso41, nombre: '4° Electrónica' });
    expect(r.ciclo).toBe(ciclo);
    expect(r.cursados.map((x) => x.id)).toEqual(await columnasEnBase(curso41));
    expect(r.cursados.map((x) => x.id)).toEqual(expect.arrayContaining([principal, ajeno]));
    const filas = await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
      .where(and(eq(s.alumnosCursos.cursoId, curso41), eq(s.alumnosCursos.ciclolectivo, ciclo)))
      .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
    expect(r.alumnos.map((a) => a.orden)).toEqual(filas.map((f) => f.id));
    const col = r.cursados.findIndex((x) => x.id === principal);
    const celda = (id: number) => r.alumnos.find((a) => a.orden === id)!.notas[col];
    for (const id of [a1, a2, tomas]) {
      expect(celda(id)).toEqual({
        1: await valorEnBase(principal, id, 1),
        2: await valorEnBase(principal, id, 2),
      });
    }
    expect(celda(tomas)).toEqual({ 1: 4, 2: 8 });
    expect(celda(a1)).toEqual({ 1: 7, 2: 9 });
    // a3 es de 3° 3°: no es fila de este curso.
    expect(r.alumnos.map((a) => a.orden)).not.toContain(a3);
  });

  test('el jefe de departamento sólo ve las columnas de su departamento', async () => {
    const r = await (await jefeDepto()).notas.reporte({ curso: curso41 });
    const esperadas = await columnasEnBase(curso41, 'Ciencias Exactas');
    expect(r.cursados.map((x) => x.id)).toEqual(esperadas);
    expect(esperadas).toContain(principal);
    expect(esperadas).not.toContain(ajeno);
    expect(r.cursados.map((x) => x.id)).not.toContain(ajeno);
    const col = r.cursados.findIndex((x) => x.id === principal);
    expect(r.alumnos.find((a) => a.orden === tomas)!.notas[col]).toEqual({ 1: 4, 2: 8 });
  });

  test('el preceptor: su curso sí, otro → FORBIDDEN', async () => {
    const p = await preceptor();
    expect((await p.notas.reporte({ curso: curso41 })).cursados.map((x) => x.id)).toContain(
      principal,
    );
    expect(await errorDe(p.notas.reporte({ curso: curso33 }))).toMatchObject({
      code: 'FORBIDDEN',
      message: CURSO_AJENO,
    });
  });
});

describe('REST (spec 02 §7)', () => {
  let cursado: number;
  let r1: number;
  let r2: number;
  beforeAll(async () => {
    r1 = await nuevoAlumno(curso41, 'Notasrest Ortiz', 'Olga');
    r2 = await nuevoAlumno(curso33, 'Notasrest Peralta', 'Pedro');
    cursado = await nuevoCursado('REST de Notas', {
      materia: mat4,
      cursos: [curso41, curso33],
      delDocente: true,
      alumnos: [r1, r2],
    });
  });

  async function pedir(
    metodo: string,
    camino: string,
    email: string,
    rol: number,
    cuerpo?: unknown,
    hoy = EN_CURSO,
  ) {
    return pedirRest(metodo, camino, { db, email, rol, ciclo, hoy, ip: IP }, cuerpo);
  }
  const D = [EMAIL_DEMO.docente, Rol.Docente] as const;
  const A = [EMAIL_DEMO.alumnado, Rol.Alumnado] as const;

  test('GET /api/notascursado/{id} y /curso/{curso}', async () => {
    const g = await pedir('GET', `/api/notascursado/${cursado}`, ...D);
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      cursado: { id: cursado, nombre: 'REST de Notas' },
      modo: 'docente',
      // El 1° quedó sin cerrar y ya se publicó: ningún aviso.
      avisos: [],
    });
    // Con el cierre del 1° vencido y antes de publicarlo, el aviso de la spec (§8).
    expect(
      (await pedir('GET', `/api/notascursado/${cursado}`, ...D, undefined, dia('07-05'))).body,
    ).toMatchObject({ avisos: [AVISO_CIERRE_VENCIDO] });
    expect((g.body as { alumnos: { id: number }[] }).alumnos.map((a) => a.id)).toEqual(
      await inscriptosEnBase(cursado),
    );
    const porCurso = await pedir('GET', `/api/notascursado/${cursado}/curso/${curso33}`, ...A);
    expect(porCurso.status).toBe(200);
    expect((porCurso.body as { alumnos: { id: number }[] }).alumnos.map((a) => a.id)).toEqual([r2]);
    expect(await pedir('GET', `/api/notascursado/${ajeno}`, ...D)).toEqual({
      status: 403,
      body: { error: true, message: CURSADO_AJENO },
    });
    expect(await pedir('GET', '/api/notascursado/99999999', ...D)).toEqual({
      status: 404,
      body: { error: true, message: CURSADO_INEXISTENTE },
    });
    expect((await pedir('GET', '/api/notascursado/abc', ...D)).status).toBe(400);
    expect(
      (await pedir('GET', `/api/notascursado/${cursado}`, EMAIL_DEMO.alumno, Rol.Alumno)).status,
    ).toBe(403);
  });

  test('PUT /api/notascursado/{id}: 200, 400 nota mala, 403, 409 conflicto, 412 cerrado', async () => {
    const antes = await contar();
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, ...D, { cambios: [add(r1, 2, 8)] }),
    ).toEqual({ status: 200, body: { guardadas: 1 } });
    expect(await valorEnBase(cursado, r1, 2)).toBe(8);
    expect(await contar()).toEqual({ notas: antes.notas + 1, auditoria: antes.auditoria + 1 });
    // El cursado del camino manda sobre el del cuerpo.
    expect(
      (
        await pedir('PUT', `/api/notascursado/${cursado}`, ...D, {
          cursado: ajeno,
          cambios: [add(r2, 2, 6)],
        })
      ).status,
    ).toBe(200);
    expect(await valorEnBase(cursado, r2, 2)).toBe(6);

    const medio = await contar();
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, ...D, {
        cambios: [update(r1, 2, 8, 11)],
      }),
    ).toEqual({ status: 400, body: { error: true, message: ErrorPlanilla.notaInvalida } });
    expect((await pedir('PUT', `/api/notascursado/${cursado}`, ...D, undefined)).status).toBe(400);
    expect(
      await pedir('PUT', `/api/notascursado/${ajeno}`, ...D, { cambios: [add(a1, 2, 8)] }),
    ).toEqual({ status: 403, body: { error: true, message: CURSADO_AJENO } });
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, EMAIL_DEMO.preceptor, Rol.Preceptor, {
        cambios: [add(r1, 1, 8)],
      }),
    ).toEqual({ status: 403, body: { error: true, message: NO_AUTORIZADO } });
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, ...D, { cambios: [add(r1, 2, 5)] }),
    ).toEqual({
      status: 409,
      body: { error: true, message: ErrorPlanilla.conflicto(`Notasrest Ortiz, Olga (${C2})`) },
    });
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, ...D, { cambios: [add(r1, 1, 5)] }),
    ).toEqual({ status: 412, body: { error: true, message: ErrorPlanilla.publicada(C1) } });
    expect(await contar()).toEqual(medio);
    expect(await valorEnBase(cursado, r1, 2)).toBe(8);
  });

  test('PUT /api/cursados/cerrar/{id} y /reabrir/{id}', async () => {
    expect(await pedir('PUT', `/api/cursados/cerrar/${cursado}`, ...D)).toMatchObject({
      status: 200,
      body: { cuatrimestre: 2 },
    });
    expect(await mascara(cursado)).toBe(2);
    expect(
      await pedir('PUT', `/api/notascursado/${cursado}`, ...D, {
        cambios: [update(r1, 2, 8, 9)],
      }),
    ).toEqual({ status: 412, body: { error: true, message: ErrorPlanilla.cerrada(C2) } });
    expect(await pedir('PUT', `/api/cursados/cerrar/${cursado}`, ...D, {})).toEqual({
      status: 412,
      body: { error: true, message: ErrorPlanilla.yaCerrada(C2) },
    });
    expect(await pedir('PUT', `/api/cursados/reabrir/${cursado}`, ...D)).toEqual({
      status: 403,
      body: { error: true, message: NO_AUTORIZADO },
    });
    expect(
      await pedir('PUT', `/api/cursados/reabrir/${cursado}`, ...A, { cuatrimestre: 2 }, PUBLICADO),
    ).toEqual({ status: 412, body: { error: true, message: ErrorPlanilla.reabrirPublicada(C2) } });
    expect(await mascara(cursado)).toBe(2);
    expect(
      await pedir('PUT', `/api/cursados/reabrir/${cursado}`, ...A, { cuatrimestre: 2 }),
    ).toMatchObject({ status: 200, body: { cuatrimestre: 2 } });
    expect(await mascara(cursado)).toBe(0);
    // El 1° ya publicado no se cierra (412); antes de publicarlo, sí.
    expect(
      await pedir('PUT', `/api/cursados/cerrar/${cursado}`, ...A, { cuatrimestre: 1 }),
    ).toEqual({ status: 412, body: { error: true, message: ErrorPlanilla.cerrarPublicada(C1) } });
    expect(await mascara(cursado)).toBe(0);
    expect(
      await pedir(
        'PUT',
        `/api/cursados/cerrar/${cursado}`,
        ...A,
        { cuatrimestre: 1 },
        dia('07-05'),
      ),
    ).toMatchObject({ status: 200, body: { cuatrimestre: 1 } });
    expect(await mascara(cursado)).toBe(1);
    expect(
      (await pedir('PUT', `/api/cursados/cerrar/${cursado}`, ...A, { cuatrimestre: 3 })).status,
    ).toBe(400);
    expect((await pedir('PUT', `/api/cursados/cerrar/${ajeno}`, ...D)).status).toBe(403);
    expect((await pedir('GET', `/api/cursados/cerrar/${cursado}`, ...A)).status).toBe(405);
  });

  test('GET /api/misnotascursado[/{id}]: propio o hijo vinculado; si no, 403', async () => {
    const AL = [EMAIL_DEMO.alumno, Rol.Alumno] as const;
    const R = [EMAIL_DEMO.referente, Rol.ReferenteParental] as const;
    const propia = await pedir('GET', '/api/misnotascursado', ...AL);
    expect(propia.status).toBe(200);
    expect(propia.body).toMatchObject({ alumno: { id: tomas }, anios: expect.any(Array) });
    const fila = (b: unknown) =>
      (b as { anios: { ciclo: number; materias: { cursado: number; notas: unknown }[] }[] }).anios
        .find((a) => a.ciclo === ciclo)!
        .materias.find((m) => m.cursado === principal)!;
    expect(fila(propia.body).notas).toEqual({ 1: 4, 2: null });
    expect((await pedir('GET', `/api/misnotascursado/${tomas}`, ...AL)).status).toBe(200);
    expect((await pedir('GET', `/api/misnotascursado/${a1}`, ...AL)).status).toBe(403);
    const delHijo = await pedir('GET', `/api/misnotascursado/${tomas}`, ...R, undefined, PUBLICADO);
    expect(delHijo.status).toBe(200);
    expect(fila(delHijo.body).notas).toEqual({ 1: 4, 2: 8 });
    expect(
      await pedir(
        'GET',
        `/api/misnotascursado/${tomas}`,
        EMAIL_DEMO.referenteOtro,
        Rol.ReferenteParental,
      ),
    ).toEqual({ status: 403, body: { error: true, message: ALUMNO_AJENO } });
    expect((await pedir('GET', '/api/misnotascursado', EMAIL_DEMO.admin, Rol.Admin)).status).toBe(
      403,
    );
    expect((await pedir('GET', '/api/misnotascursado/abc', ...AL)).status).toBe(400);
  });
});

describe('datos viejos: una nota -1 (no corresponde) en la base', () => {
  test('la planilla la muestra y se puede reemplazar con `anterior` -1', async () => {
    const alumnoViejo = await nuevoAlumno(curso41, 'Notasvieja Quiroga', 'Quique');
    const cursado = await nuevoCursado('Notas viejas', {
      materia: mat4,
      cursos: [curso41],
      delDocente: true,
      alumnos: [alumnoViejo],
    });
    await db
      .insert(s.notas)
      .values({ alumnoId: alumnoViejo, cursadoId: cursado, cuatrimestre: 2, nota: -1 });
    const d = await docente();
    const p = await d.notas.planilla({ cursado });
    expect(p.alumnos[0]!.notas).toEqual({ 1: null, 2: -1 });
    await d.notas.guardar({ cursado, cambios: [update(alumnoViejo, 2, -1, 6)] });
    expect(await valorEnBase(cursado, alumnoViejo, 2)).toBe(6);
    const [n] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(sql`${s.auditoria.entidadId} = ${`${cursado}:${alumnoViejo}:2`}`);
    expect(n!.n).toBe(1);
  });
});
