import { momentoEscolar } from '@/server/reloj';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { resumenAsistencia } from '@/domain/asistencias';
import { esCorreoGoogle } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import { Rol, TODOS_LOS_ROLES, tieneRol } from '@/domain/roles';
import type { Db } from '@/server/db';
import { CUENTAS_DEMO, EMAIL_DEMO, EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { diasDeClase } from '@/server/db/seed/vida-escolar';
import { crearBaseDePrueba } from '../fixtures/base';

const { ciclo: CICLO, hoy: HOY, zona: ZONA } = momentoEscolar();
/** El instante de la siembra: hoy a las 07:45, mientras los preceptores toman la mañana. */
const AHORA = instanteEnZona(HOY, '07:45', ZONA);

const TABLAS = {
  usuarios: s.usuarios,
  alumnos: s.alumnos,
  alumnosCursos: s.alumnosCursos,
  referentes: s.referentes,
  alumnosReferentes: s.alumnosReferentes,
  departamentos: s.departamentos,
  planes: s.planes,
  cursos: s.cursos,
  materias: s.materias,
  cursados: s.cursados,
  cursadosMaterias: s.cursadosMaterias,
  cursadosCursos: s.cursadosCursos,
  cursadosDocentes: s.cursadosDocentes,
  preceptoresCursos: s.preceptoresCursos,
  coordinadoresMaterias: s.coordinadoresMaterias,
  jefesDepartamento: s.jefesDepartamento,
  inscripciones: s.inscripciones,
  calendario: s.calendario,
  configuracion: s.configuracion,
  auditoria: s.auditoria,
  archivos: s.archivos,
  asistencias: s.asistencias,
  asistenciasTomadas: s.asistenciasTomadas,
  reincorporaciones: s.reincorporaciones,
  medidas: s.medidas,
  reglamentos: s.reglamentos,
  respuestasReglamentos: s.respuestasReglamentos,
  inscripcionesAnuales: s.inscripcionesAnuales,
  fichasMedicas: s.fichasMedicas,
};

async function contar(db: Db): Promise<Record<keyof typeof TABLAS, number>> {
  const r = {} as Record<keyof typeof TABLAS, number>;
  for (const nombre of Object.keys(TABLAS) as (keyof typeof TABLAS)[]) {
    const [f] = await db.select({ n: count() }).from(TABLAS[nombre]);
    r[nombre] = f?.n ?? 0;
  }
  return r;
}

async function usuario(db: Db, email: string) {
  const [u] = await db.select().from(s.usuarios).where(eq(s.usuarios.email, email));
  if (!u) throw new Error(`No existe ${email}`);
  return u;
}

/** Lo que debe ser idéntico entre dos siembras: personas, cuentas, cursados y docentes. */
async function huella(db: Db) {
  const alumnos = await db
    .select({
      dni: s.alumnos.dni,
      apellido: s.alumnos.apellido,
      nombre: s.alumnos.nombre,
      genero: s.alumnos.genero,
      email: s.alumnos.email,
      nacimiento: s.alumnos.nacimiento,
      anio: s.cursos.anio,
      division: s.cursos.division,
    })
    .from(s.alumnos)
    .innerJoin(s.alumnosCursos, eq(s.alumnosCursos.alumnoId, s.alumnos.id))
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .orderBy(asc(s.alumnos.dni));
  const usuarios = await db
    .select({
      email: s.usuarios.email,
      rls: s.usuarios.rls,
      nombre: s.usuarios.nombre,
      apellido: s.usuarios.apellido,
    })
    .from(s.usuarios)
    .orderBy(asc(s.usuarios.email));
  const referentes = await db
    .select({
      apellido: s.referentes.apellido,
      nombre: s.referentes.nombre,
      email: s.referentes.email,
      telefono: s.referentes.telefono,
      dni: s.alumnos.dni,
    })
    .from(s.alumnosReferentes)
    .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
    .orderBy(asc(s.alumnos.dni), asc(s.referentes.apellido), asc(s.referentes.nombre));
  const cursados = await db
    .select({
      nombre: s.cursados.nombre,
      modalidad: s.cursados.modalidad,
      horas: s.cursados.horas,
      docente: s.usuarios.email,
    })
    .from(s.cursados)
    .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.cursados.id))
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.cursadosDocentes.usuarioId))
    .orderBy(asc(s.cursados.nombre));
  return { alumnos, usuarios, referentes, cursados };
}

/** Los años de curso (del ciclo) de los hijos de un referente con usuario. */
async function aniosDeHijos(db: Db, email: string) {
  const u = await usuario(db, email);
  return db
    .select({ alumnoId: s.alumnos.id, anio: s.cursos.anio })
    .from(s.referentes)
    .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
    .innerJoin(
      s.alumnosCursos,
      and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, CICLO)),
    )
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(eq(s.referentes.usuarioId, u.id))
    .orderBy(asc(s.cursos.anio));
}

async function cursoDelAlumno(db: Db, email: string) {
  const u = await usuario(db, email);
  const filas = await db
    .select({ alumno: s.alumnos, anio: s.cursos.anio, cursoId: s.cursos.id })
    .from(s.alumnos)
    .innerJoin(
      s.alumnosCursos,
      and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, CICLO)),
    )
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(eq(s.alumnos.usuarioId, u.id));
  expect(filas).toHaveLength(1);
  return filas[0]!;
}

/** La vida escolar sembrada, por claves naturales (DNI, fecha…), para comparar dos siembras. */
async function huellaVidaEscolar(db: Db) {
  const asistencias = await db
    .select({
      dni: s.alumnos.dni,
      fecha: s.asistencias.fecha,
      turno: s.asistencias.turno,
      tipo: s.asistencias.tipo,
      circunstancia: s.asistencias.circunstancia,
      justificada: s.asistencias.justificada,
      justificacion: s.asistencias.justificacion,
      creadoPor: s.usuarios.email,
    })
    .from(s.asistencias)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.asistencias.alumnoId))
    .leftJoin(s.usuarios, eq(s.usuarios.id, s.asistencias.creadoPor))
    .orderBy(
      asc(s.alumnos.dni),
      asc(s.asistencias.fecha),
      asc(s.asistencias.turno),
      asc(s.asistencias.tipo),
    );
  const reincorporaciones = await db
    .select({
      dni: s.alumnos.dni,
      fecha: s.reincorporaciones.fecha,
      cantidad: s.reincorporaciones.cantidad,
    })
    .from(s.reincorporaciones)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.reincorporaciones.alumnoId))
    .orderBy(asc(s.alumnos.dni), asc(s.reincorporaciones.fecha));
  const medidas = await db
    .select({
      dni: s.alumnos.dni,
      tipo: s.medidas.tipo,
      fecha: s.medidas.fecha,
      turno: s.medidas.turno,
      cantidad: s.medidas.cantidad,
      motivo: s.medidas.motivo,
    })
    .from(s.medidas)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.medidas.alumnoId))
    .orderBy(asc(s.alumnos.dni), asc(s.medidas.fecha), asc(s.medidas.tipo), asc(s.medidas.motivo));
  const tomadas = await db
    .select({
      anio: s.cursos.anio,
      division: s.cursos.division,
      fecha: s.asistenciasTomadas.fecha,
      turno: s.asistenciasTomadas.turno,
      por: s.usuarios.email,
      en: s.asistenciasTomadas.en,
    })
    .from(s.asistenciasTomadas)
    .innerJoin(s.cursos, eq(s.cursos.id, s.asistenciasTomadas.cursoId))
    .leftJoin(s.usuarios, eq(s.usuarios.id, s.asistenciasTomadas.usuarioId))
    .orderBy(
      asc(s.cursos.anio),
      asc(s.cursos.division),
      asc(s.asistenciasTomadas.fecha),
      asc(s.asistenciasTomadas.turno),
    );
  return { asistencias, reincorporaciones, medidas, tomadas };
}

describe('sembrar: la escuela de demostración', () => {
  let a: { db: Db; cerrar: () => Promise<void> };
  let b: { db: Db; cerrar: () => Promise<void> } | undefined;
  let primera: { creado: boolean };

  beforeAll(async () => {
    a = await crearBaseDePrueba();
    primera = await sembrar(a.db, { ciclo: CICLO, hoy: HOY, ahora: AHORA });
  });

  afterAll(async () => {
    await a?.cerrar();
    await b?.cerrar();
  });

  test('crea la escuela en una base vacía', async () => {
    expect(primera).toEqual({ creado: true });
    const n = await contar(a.db);
    expect(n.alumnos).toBeGreaterThanOrEqual(18 * 25);
    // Un curso por alumno en el ciclo, y el del ciclo anterior para los que no están en 1°.
    const [delCiclo] = await a.db
      .select({ n: count() })
      .from(s.alumnosCursos)
      .where(eq(s.alumnosCursos.ciclolectivo, CICLO));
    expect(delCiclo!.n).toBe(n.alumnos);
    expect(n.alumnosCursos).toBeGreaterThan(n.alumnos * 1.5);
    expect(n.referentes).toBeGreaterThanOrEqual(n.alumnos * 0.8);
    expect(n.cursados).toBeGreaterThanOrEqual(18 * 8);
    expect(n.inscripciones).toBeGreaterThan(n.alumnos * 8);
    expect(n.auditoria).toBe(0);
    // El comprobante de las inscripciones sembradas, compartido.
    expect(n.archivos).toBe(1);
  });

  test('cada cuenta de demostración existe con su máscara de roles exacta', async () => {
    for (const c of CUENTAS_DEMO) {
      const u = await usuario(a.db, c.email);
      expect({ email: u.email, rls: u.rls, habilitado: u.habilitado }).toEqual({
        email: c.email,
        rls: c.rls,
        habilitado: true,
      });
    }
    expect((await usuario(a.db, EMAIL_DEMO.multirol)).rls).toBe(
      Rol.Docente | Rol.Preceptor | Rol.JefeDepartamento,
    );
    expect((await usuario(a.db, EMAIL_DEMO.admin)).rls).toBe(Rol.Admin);
  });

  test('hay un usuario de demostración para cada rol', async () => {
    expect(
      Object.keys(EMAIL_DEMO_POR_ROL)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([...TODOS_LOS_ROLES].sort((x, y) => x - y));
    for (const rol of TODOS_LOS_ROLES) {
      const u = await usuario(a.db, EMAIL_DEMO_POR_ROL[rol]);
      expect(u.rls).toBe(rol);
      expect(tieneRol(u.rls, rol)).toBe(true);
    }
  });

  test('los alumnos y referentes de demostración están vinculados a su usuario', async () => {
    const alumno = await cursoDelAlumno(a.db, EMAIL_DEMO.alumno);
    expect(alumno.anio).toBe(4);
    expect(alumno.alumno.email).toBe(EMAIL_DEMO.alumno);

    const institucional = await cursoDelAlumno(a.db, EMAIL_DEMO.alumnoInstitucional);
    expect(institucional.alumno.email).toBe(EMAIL_DEMO.alumnoInstitucional);
    expect(EMAIL_DEMO.alumnoInstitucional.endsWith('gmail.com')).toBe(false);
    expect(esCorreoGoogle(EMAIL_DEMO.alumnoInstitucional)).toBe(false);

    const hijos = await aniosDeHijos(a.db, EMAIL_DEMO.referente);
    expect(hijos.map((h) => h.anio)).toEqual([2, 4]);
    expect(hijos.map((h) => h.alumnoId)).toContain(alumno.alumno.id);

    const otros = await aniosDeHijos(a.db, EMAIL_DEMO.referenteOtro);
    expect(otros.length).toBeGreaterThanOrEqual(1);
    const propios = new Set(hijos.map((h) => h.alumnoId));
    expect(otros.some((h) => propios.has(h.alumnoId))).toBe(false);
  });

  test('18 cursos, cada uno con entre 25 y 35 alumnos y al menos un preceptor', async () => {
    const cursos = await a.db.select().from(s.cursos);
    expect(cursos).toHaveLength(18);
    const porCurso = await a.db
      .select({ cursoId: s.alumnosCursos.cursoId, n: count() })
      .from(s.alumnosCursos)
      .where(eq(s.alumnosCursos.ciclolectivo, CICLO))
      .groupBy(s.alumnosCursos.cursoId);
    const preceptores = await a.db
      .select({ cursoId: s.preceptoresCursos.cursoId, n: count() })
      .from(s.preceptoresCursos)
      .groupBy(s.preceptoresCursos.cursoId);
    for (const c of cursos) {
      const n = porCurso.find((f) => f.cursoId === c.id)?.n ?? 0;
      expect(n).toBeGreaterThanOrEqual(25);
      expect(n).toBeLessThanOrEqual(35);
      expect(preceptores.find((f) => f.cursoId === c.id)?.n ?? 0).toBeGreaterThanOrEqual(1);
    }
  });

  test('el personal de demostración tiene sus cursos, materias y departamentos', async () => {
    const preceptor = await usuario(a.db, EMAIL_DEMO.preceptor);
    const asignacionesPreceptor = await a.db
      .select({ cursoId: s.preceptoresCursos.cursoId, ciclo: s.preceptoresCursos.ciclolectivo })
      .from(s.preceptoresCursos)
      .where(eq(s.preceptoresCursos.usuarioId, preceptor.id));
    const cursosPreceptor = asignacionesPreceptor.filter((x) => x.ciclo === CICLO);
    expect(cursosPreceptor.length).toBeGreaterThanOrEqual(2);
    // Las asignaciones son de cada ciclo: el año anterior (sembrado) tuvo los mismos cursos.
    expect(
      asignacionesPreceptor
        .filter((x) => x.ciclo === CICLO - 1)
        .map((x) => x.cursoId)
        .sort(),
    ).toEqual(cursosPreceptor.map((x) => x.cursoId).sort());
    expect(asignacionesPreceptor).toHaveLength(cursosPreceptor.length * 2);

    const docente = await usuario(a.db, EMAIL_DEMO.docente);
    const cursadosDocente = await a.db
      .select({ cursoId: s.cursadosCursos.cursoId })
      .from(s.cursadosDocentes)
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursadosDocentes.cursadoId))
      .where(eq(s.cursadosDocentes.usuarioId, docente.id));
    expect(cursadosDocente.length).toBeGreaterThanOrEqual(2);
    const delPreceptor = new Set(cursosPreceptor.map((c) => c.cursoId));
    expect(cursadosDocente.some((c) => delPreceptor.has(c.cursoId))).toBe(true);

    const multirol = await usuario(a.db, EMAIL_DEMO.multirol);
    const [cd] = await a.db
      .select({ n: count() })
      .from(s.cursadosDocentes)
      .where(eq(s.cursadosDocentes.usuarioId, multirol.id));
    const [pc] = await a.db
      .select({ n: count() })
      .from(s.preceptoresCursos)
      .where(eq(s.preceptoresCursos.usuarioId, multirol.id));
    const [jd] = await a.db
      .select({ n: count() })
      .from(s.jefesDepartamento)
      .where(eq(s.jefesDepartamento.usuarioId, multirol.id));
    expect([cd!.n > 0, pc!.n > 0, jd!.n]).toEqual([true, true, 1]);

    const jefe = await usuario(a.db, EMAIL_DEMO.jefeDepartamento);
    const deptos = await a.db
      .select()
      .from(s.jefesDepartamento)
      .where(eq(s.jefesDepartamento.usuarioId, jefe.id));
    expect(deptos).toHaveLength(1);

    const coordinador = await usuario(a.db, EMAIL_DEMO.coordinador);
    const materias = await a.db
      .select()
      .from(s.coordinadoresMaterias)
      .where(eq(s.coordinadoresMaterias.usuarioId, coordinador.id));
    expect(materias.length).toBeGreaterThanOrEqual(1);
  });

  test('los datos de los alumnos son válidos y únicos', async () => {
    const alumnos = await a.db.select().from(s.alumnos);
    expect(new Set(alumnos.map((x) => x.dni)).size).toBe(alumnos.length);
    expect(new Set(alumnos.map((x) => x.email)).size).toBe(alumnos.length);
    for (const x of alumnos) {
      expect(x.dni).toBeGreaterThanOrEqual(40_000_000);
      expect(x.dni).toBeLessThan(60_000_000);
      expect(x.nacimiento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(x.telefono).toMatch(/^341 4\d{6}$/);
      expect(x.habilitado).toBe(true);
    }
    const fechas = await a.db.select({ fecha: s.calendario.fecha }).from(s.calendario);
    expect(fechas.length).toBeGreaterThan(0);
    // Las del ciclo, más las de notas del anterior (la historia de la libreta).
    for (const f of fechas)
      expect(f.fecha.slice(0, 4)).toMatch(new RegExp(`^(${CICLO}|${CICLO - 1})$`));
    const config = await a.db
      .select()
      .from(s.configuracion)
      .where(inArray(s.configuracion.clave, ['escuela', `cuota.${CICLO}`]));
    expect(config).toHaveLength(2);
    expect(config.find((c) => c.clave === `cuota.${CICLO}`)?.valor).toMatchObject({
      monto: 120000,
    });
  });

  test('cada inscripción es de un cursado del curso del alumno en ese ciclo, por la materia del cursado', async () => {
    const filas = await a.db
      .select({
        cursoAlumno: s.alumnosCursos.cursoId,
        cursoCursado: s.cursadosCursos.cursoId,
        materia: s.inscripciones.materiaId,
        materiaCursado: s.cursadosMaterias.materiaId,
      })
      .from(s.inscripciones)
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .innerJoin(
        s.alumnosCursos,
        and(
          eq(s.alumnosCursos.alumnoId, s.inscripciones.alumnoId),
          eq(s.alumnosCursos.ciclolectivo, s.cursados.ciclolectivo),
        ),
      )
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.inscripciones.cursadoId))
      .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.inscripciones.cursadoId));
    const [total] = await a.db.select({ n: count() }).from(s.inscripciones);
    expect(filas).toHaveLength(total!.n);
    expect(
      filas.filter((f) => f.cursoAlumno !== f.cursoCursado || f.materia !== f.materiaCursado),
    ).toEqual([]);
  });

  test('vida escolar: asistencias hasta ayer en días de clase, reincorporaciones y medidas', async () => {
    const hoy = HOY;
    const dias = diasDeClase(CICLO, hoy);
    const n = await contar(a.db);
    if (dias.length === 0) {
      // Antes del comienzo de clases del ciclo no hay nada que sembrar.
      expect([n.asistencias, n.asistenciasTomadas, n.reincorporaciones, n.medidas]).toEqual([
        0, 0, 0, 0,
      ]);
      return;
    }
    expect(n.asistencias).toBeGreaterThan(dias.length);
    expect(n.reincorporaciones).toBeGreaterThan(0);
    expect(n.medidas).toBeGreaterThan(0);
    const diasValidos = new Set(dias);
    const asistencias = await a.db.select().from(s.asistencias);
    expect(asistencias.filter((x) => !diasValidos.has(x.fecha))).toEqual([]);
    expect(asistencias.filter((x) => x.fecha >= hoy)).toEqual([]);
    expect(asistencias.some((x) => x.justificada)).toBe(true);
    expect(asistencias.some((x) => !x.justificada)).toBe(true);
    for (const x of asistencias) if (!x.justificada) expect(x.justificacion).toBeNull();
    const medidas = await a.db.select().from(s.medidas);
    expect(medidas.filter((x) => !diasValidos.has(x.fecha))).toEqual([]);
    expect(new Set(medidas.map((x) => x.tipo))).toEqual(
      new Set(['amonestacion', 'apercibimiento']),
    );
    for (const x of medidas) {
      if (x.tipo === 'apercibimiento') expect(x.cantidad).toBeNull();
      else
        expect(Number.isInteger(x.cantidad! * 2) && x.cantidad! > 0 && x.cantidad! <= 15).toBe(
          true,
        );
      expect(x.motivo.length).toBeGreaterThan(10);
    }
    const reinc = await a.db.select().from(s.reincorporaciones);
    for (const r of reinc) {
      expect(diasValidos.has(r.fecha)).toBe(true);
      expect(Number.isInteger(r.cantidad * 2) && r.cantidad >= 1).toBe(true);
    }
  });

  test('vida escolar: asistencia tomada de cada curso y turno en los días de clase; hoy, la mañana de dos de cada tres cursos', async () => {
    const dias = diasDeClase(CICLO, HOY);
    if (dias.length === 0) return; // Sin días de clase, nada (lo comprueba la prueba anterior).
    const cursos = await a.db
      .selectDistinct({ id: s.cursos.id, anio: s.cursos.anio, division: s.cursos.division })
      .from(s.cursos)
      .innerJoin(
        s.alumnosCursos,
        and(eq(s.alumnosCursos.cursoId, s.cursos.id), eq(s.alumnosCursos.ciclolectivo, CICLO)),
      )
      .orderBy(asc(s.cursos.anio), asc(s.cursos.division), asc(s.cursos.id));
    expect(cursos).toHaveLength(18);
    const tomadas = await a.db.select().from(s.asistenciasTomadas);
    const pasadas = tomadas.filter((t) => t.fecha < HOY);
    const deHoy = tomadas.filter((t) => t.fecha === HOY);
    expect(tomadas.filter((t) => t.fecha > HOY)).toEqual([]);

    // Cada curso con alumnos, ambos turnos, cada día de clase (y ningún otro día).
    const clave = (curso: number, fecha: string, turno: string) => `${curso}|${fecha}|${turno}`;
    const esperadas = cursos.flatMap((c) =>
      dias.flatMap((f) => [clave(c.id, f, 'Mañana'), clave(c.id, f, 'Tarde')]),
    );
    expect(pasadas.map((t) => clave(t.cursoId, t.fecha, t.turno)).sort()).toEqual(esperadas.sort());
    // Hoy: sólo la mañana, de los cursos 1.°, 2.°, 4.°, 5.°… (por año y división); el resto, pendiente.
    expect(deHoy.map((t) => clave(t.cursoId, t.fecha, t.turno)).sort()).toEqual(
      cursos
        .filter((_, i) => i % 3 !== 2)
        .map((c) => clave(c.id, HOY, 'Mañana'))
        .sort(),
    );

    // A nombre del preceptor del curso, en el horario del turno (zona de la escuela).
    const preceptores = await a.db.select().from(s.preceptoresCursos);
    const hora = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Argentina/Cordoba',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    for (const t of tomadas) {
      expect(preceptores.some((p) => p.cursoId === t.cursoId && p.usuarioId === t.usuarioId)).toBe(
        true,
      );
      const [h, m] = hora.format(t.en).split(':').map(Number) as [number, number];
      const minutos = h * 60 + m;
      if (t.turno === 'Mañana') expect(minutos >= 7 * 60 + 30 && minutos < 8 * 60 + 10).toBe(true);
      else expect(minutos >= 13 * 60 && minutos < 13 * 60 + 40).toBe(true);
    }
  });

  test('vida escolar: ninguna asistencia figura tomada después del instante de la siembra (issue 32 §8)', async () => {
    // Un día de clases fijo (no el de hoy: en enero no hay planillas que tomar), sembrado a las
    // 07:45, mientras los preceptores toman la mañana.
    const dia = '2026-09-15';
    const ahora = instanteEnZona(dia, '07:45', ZONA);
    const c = await crearBaseDePrueba();
    try {
      await sembrar(c.db, { ciclo: 2026, hoy: dia, ahora });
      const tomadas = await c.db
        .select({ en: s.asistenciasTomadas.en, fecha: s.asistenciasTomadas.fecha })
        .from(s.asistenciasTomadas);
      expect(tomadas.filter((t) => t.fecha === dia).length).toBeGreaterThan(0);
      expect(tomadas.filter((t) => t.en.getTime() > ahora.getTime())).toEqual([]);
      // Las de más tarde quedan en el instante de la siembra, no a una hora por venir.
      expect(tomadas.some((t) => t.en.getTime() === ahora.getTime())).toBe(true);
    } finally {
      await c.cerrar();
    }
  });

  test('vida escolar: el alumno de demostración y los cursos del preceptor tienen entradas, libres y cerca de quedar libres', async () => {
    const hoy = HOY;
    if (diasDeClase(CICLO, hoy).length < 6) return; // Comienzo del ciclo: no alcanzan los días.
    const alumno = await cursoDelAlumno(a.db, EMAIL_DEMO.alumno);
    const propias = await a.db
      .select()
      .from(s.asistencias)
      .where(eq(s.asistencias.alumnoId, alumno.alumno.id));
    expect(propias.length).toBeGreaterThanOrEqual(5);
    expect(new Set(propias.map((x) => x.justificacion))).toEqual(
      new Set(['Certificado médico', 'Turno médico', null]),
    );

    const preceptor = await usuario(a.db, EMAIL_DEMO.preceptor);
    const alumnos = await a.db
      .select({ id: s.alumnosCursos.alumnoId, cursoId: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .innerJoin(
        s.preceptoresCursos,
        and(
          eq(s.preceptoresCursos.cursoId, s.alumnosCursos.cursoId),
          eq(s.preceptoresCursos.ciclolectivo, s.alumnosCursos.ciclolectivo),
        ),
      )
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, preceptor.id),
          eq(s.alumnosCursos.ciclolectivo, CICLO),
        ),
      );
    const ids = alumnos.map((x) => x.id);
    const entradas = await a.db
      .select({
        alumno: s.asistencias.alumnoId,
        tipo: s.asistencias.tipo,
        justificada: s.asistencias.justificada,
        fecha: s.asistencias.fecha,
      })
      .from(s.asistencias)
      .where(inArray(s.asistencias.alumnoId, ids));
    const reinc = await a.db
      .select({ alumno: s.reincorporaciones.alumnoId, cantidad: s.reincorporaciones.cantidad })
      .from(s.reincorporaciones)
      .where(inArray(s.reincorporaciones.alumnoId, ids));
    // Cada curso del preceptor tiene entradas.
    const conEntradas = new Set(
      entradas.map((e) => alumnos.find((x) => x.id === e.alumno)!.cursoId),
    );
    expect(conEntradas.size).toBe(new Set(alumnos.map((x) => x.cursoId)).size);
    const etiquetas = ids.map(
      (id) =>
        resumenAsistencia(
          entradas.filter((e) => e.alumno === id),
          reinc.filter((r) => r.alumno === id),
          hoy,
        ).etiqueta,
    );
    expect(etiquetas).toContain('Condición libre');
    expect(etiquetas).toContain('Cerca de condición libre');
    // Uno está cerca pese a tener reincorporaciones.
    expect(
      ids.some(
        (id, i) =>
          etiquetas[i] === 'Cerca de condición libre' && reinc.some((r) => r.alumno === id),
      ),
    ).toBe(true);
  });

  test('inscripción anual: curso anterior, reglamentos, inscripciones en los tres estados', async () => {
    const anteriores = await a.db
      .select({ anio: s.cursos.anio, previo: sql<number>`prev.anio` })
      .from(s.alumnosCursos)
      .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
      .innerJoin(
        sql`alumnos_cursos ac_prev`,
        sql`ac_prev.alumno_id = ${s.alumnosCursos.alumnoId} and ac_prev.ciclolectivo = ${CICLO - 1}`,
      )
      .innerJoin(sql`cursos prev`, sql`prev.id = ac_prev.curso_id`)
      .where(eq(s.alumnosCursos.ciclolectivo, CICLO));
    expect(anteriores.length).toBeGreaterThan(0);
    expect(anteriores.every((f) => f.previo === f.anio - 1)).toBe(true);

    const reglamentos = await a.db.select().from(s.reglamentos);
    expect(reglamentos.map((r) => r.clase).sort()).toEqual([
      'autorizacion',
      'autorizacion',
      'reglamento',
      'reglamento',
      'reglamento',
    ]);
    const estados = await a.db
      .select({ estado: s.inscripcionesAnuales.estado, n: count() })
      .from(s.inscripcionesAnuales)
      .groupBy(s.inscripcionesAnuales.estado);
    expect(estados.map((e) => e.estado).sort()).toEqual(['observada', 'pendiente', 'verificada']);
    const [sinFicha] = await a.db
      .select({ n: count() })
      .from(s.inscripcionesAnuales)
      .leftJoin(s.fichasMedicas, eq(s.fichasMedicas.inscripcionId, s.inscripcionesAnuales.id))
      .where(sql`${s.fichasMedicas.inscripcionId} is null`);
    expect(sinFicha!.n).toBe(0);
    // Los hijos de referente.demo, sin inscribir (para probar el flujo).
    const hijosDemo = await a.db
      .select({ id: s.inscripcionesAnuales.id })
      .from(s.inscripcionesAnuales)
      .innerJoin(
        s.alumnosReferentes,
        eq(s.alumnosReferentes.alumnoId, s.inscripcionesAnuales.alumnoId),
      )
      .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
      .where(eq(s.usuarios.email, EMAIL_DEMO.referente));
    expect(hijosDemo).toEqual([]);
  });

  test('sembrar otra vez no cambia nada', async () => {
    const antes = await contar(a.db);
    expect(await sembrar(a.db, { ciclo: CICLO, hoy: HOY, ahora: AHORA })).toEqual({
      creado: false,
    });
    expect(await contar(a.db)).toEqual(antes);
  });

  test('dos siembras en bases nuevas dan los mismos datos', async () => {
    b = await crearBaseDePrueba();
    expect(await sembrar(b.db, { ciclo: CICLO, hoy: HOY, ahora: AHORA })).toEqual({ creado: true });
    const [ha, hb] = await Promise.all([huella(a.db), huella(b.db)]);
    expect(hb.alumnos).toHaveLength(ha.alumnos.length);
    expect(hb).toEqual(ha);
    expect(await contar(b.db)).toEqual(await contar(a.db));
  });

  test('dos siembras dan la misma vida escolar', async () => {
    if (!b) throw new Error('Falta la segunda siembra');
    const [va, vb] = await Promise.all([huellaVidaEscolar(a.db), huellaVidaEscolar(b.db)]);
    expect(va.asistencias.length).toBeGreaterThan(0);
    // Con el reloj real: antes del primer día de clase del ciclo no hay asistencias tomadas.
    expect(va.tomadas.length > 0).toBe(diasDeClase(CICLO, HOY).length > 0);
    expect(vb).toEqual(va);
  });
});
