/**
 * Evaluaciones (issue 14 §8–§9; spec 01 §2, §4, §7, §9): los lugares de un cursado, reservar y
 * cancelar (con sus rechazos), dos docentes por el último lugar de una semana, el resumen del
 * personal, las próximas de un alumno y su calendario personal (.ics por una dirección privada).
 */
import { and, count, eq } from 'drizzle-orm';
import { lunesDe } from '@/domain/evaluaciones';
import { PATRON_TOKEN_CALENDARIO } from '@/domain/ics';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';

const ciclo = 2026;
const hoy = '2026-06-15';
let c: Conexion;
let db: Db;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const docente = () => como(EMAIL_DEMO.docente, Rol.Docente);
/** Un cursado del docente de demostración, su curso y otro cursado del mismo curso. */
const ids = { cursado: 0, curso: 0, vecino: 0, otroDocente: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  const yo = await idDeUsuario(db, EMAIL_DEMO.docente);
  const [propio] = await db
    .select({ id: s.cursadosDocentes.cursadoId, curso: s.cursadosCursos.cursoId })
    .from(s.cursadosDocentes)
    .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursadosDocentes.cursadoId))
    .where(eq(s.cursadosDocentes.usuarioId, yo))
    .orderBy(s.cursadosDocentes.cursadoId)
    .limit(1);
  ids.cursado = propio!.id;
  ids.curso = propio!.curso;
  // Otro cursado del mismo curso, que pasa a tener también al docente "multirol".
  const [vecino] = await db
    .select({ id: s.cursadosCursos.cursadoId })
    .from(s.cursadosCursos)
    .where(eq(s.cursadosCursos.cursoId, ids.curso))
    .orderBy(s.cursadosCursos.cursadoId);
  const vecinos = await db
    .select({ id: s.cursadosCursos.cursadoId })
    .from(s.cursadosCursos)
    .where(eq(s.cursadosCursos.cursoId, ids.curso));
  ids.vecino = vecinos.map((v) => v.id).find((v) => v !== ids.cursado) ?? vecino!.id;
  ids.otroDocente = await idDeUsuario(db, EMAIL_DEMO.multirol);
  // Las reservas de la demostración no cuentan acá: cada prueba arma las suyas.
  await db.delete(s.evaluaciones);
  await db
    .insert(s.cursadosDocentes)
    .values({ cursadoId: ids.vecino, usuarioId: ids.otroDocente })
    .onConflictDoNothing();
});
afterAll(() => c?.cerrar());

const contar = async () => (await db.select({ n: count() }).from(s.evaluaciones))[0]!.n;

describe('reservar y cancelar', () => {
  test('los lugares son las clases futuras; reservar, no dos veces, mañana no, y cancelar', async () => {
    const d = await docente();
    const { lugares, reglas } = await d.evaluaciones.disponibles({ cursado: ids.cursado });
    expect(reglas).toEqual({ maximoPorSemana: 3, anticipacionDias: 2 });
    expect(lugares.length).toBeGreaterThan(10);
    expect(lugares.every((l) => l.fecha > hoy)).toBe(true);
    const libre = lugares.find((l) => l.estado === 'disponible')!;
    const r = await d.evaluaciones.reservar({ cursado: ids.cursado, fecha: libre.fecha });
    expect(r).toMatchObject({ cursado: ids.cursado, fecha: libre.fecha });
    const despues = await d.evaluaciones.disponibles({ cursado: ids.cursado });
    expect(despues.lugares.find((l) => l.fecha === libre.fecha)).toMatchObject({
      estado: 'reservada',
      evaluacionId: r.evaluacionId,
    });
    expect(
      await fallo(d.evaluaciones.reservar({ cursado: ids.cursado, fecha: libre.fecha })),
    ).toEqual({ status: 409, message: 'Esa clase ya tiene la evaluación reservada.' });
    // La anticipación es configuración de la escuela: con 30 días, la primera clase espera.
    await db.insert(s.configuracion).values({
      clave: 'evaluaciones',
      valor: { maximoPorSemana: 3, anticipacionDias: 30 },
    });
    try {
      const conEspera = await d.evaluaciones.disponibles({ cursado: ids.cursado });
      expect(conEspera.reglas.anticipacionDias).toBe(30);
      expect(conEspera.lugares[0]!.estado).toBe('espera');
      expect(
        await fallo(
          d.evaluaciones.reservar({ cursado: ids.cursado, fecha: conEspera.lugares[0]!.fecha }),
        ),
      ).toEqual({
        status: 400,
        message: 'Las evaluaciones se reservan con 30 días de anticipación como mínimo.',
      });
    } finally {
      await db.delete(s.configuracion).where(eq(s.configuracion.clave, 'evaluaciones'));
    }
    expect(
      await fallo(d.evaluaciones.reservar({ cursado: ids.cursado, fecha: '2026-06-14' })),
    ).toEqual({
      status: 400,
      message: 'Las evaluaciones se reservan en una clase futura del cursado.',
    });
    expect(await d.evaluaciones.cancelar({ id: r.evaluacionId })).toEqual({
      evaluacionId: r.evaluacionId,
      cancelada: true,
    });
    expect(await fallo(d.evaluaciones.cancelar({ id: r.evaluacionId }))).toEqual({
      status: 404,
      message: 'No hay evaluación para borrar',
    });
  });

  test('otro docente no reserva ni cancela en un cursado ajeno', async () => {
    const otro = await como(EMAIL_DEMO.multirol, Rol.Docente);
    const antes = await contar();
    expect(
      await codigoDe(otro.evaluaciones.reservar({ cursado: ids.cursado, fecha: '2026-07-01' })),
    ).toBe('FORBIDDEN');
    expect(await contar()).toBe(antes);
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).evaluaciones.disponibles({
          cursado: ids.cursado,
        }),
      ),
    ).toBe('FORBIDDEN');
  });

  test('el mismo día otro cursado del curso: ocupada; dos docentes por el último lugar de la semana: uno solo', async () => {
    const d = await docente();
    const o = await como(EMAIL_DEMO.multirol, Rol.Docente);
    const mios = (await d.evaluaciones.disponibles({ cursado: ids.cursado })).lugares;
    const suyos = (await o.evaluaciones.disponibles({ cursado: ids.vecino })).lugares;
    // Una semana en la que los dos cursados tienen clase en días distintos.
    const semana = mios
      .filter((l) => l.estado === 'disponible')
      .map((l) => lunesDe(l.fecha))
      .find((lunes) =>
        suyos.some(
          (x) =>
            x.estado === 'disponible' &&
            lunesDe(x.fecha) === lunes &&
            !mios.some((m) => m.fecha === x.fecha),
        ),
      )!;
    const miFecha = mios.find(
      (l) => lunesDe(l.fecha) === semana && l.estado === 'disponible',
    )!.fecha;
    const suFecha = suyos.find(
      (x) => lunesDe(x.fecha) === semana && x.estado === 'disponible' && x.fecha !== miFecha,
    )!.fecha;
    // Ya hay 2 evaluaciones del curso esa semana (de otros cursados): queda un lugar.
    const otros = (
      await db
        .select({ id: s.cursadosCursos.cursadoId })
        .from(s.cursadosCursos)
        .where(eq(s.cursadosCursos.cursoId, ids.curso))
    )
      .map((x) => x.id)
      .filter((x) => x !== ids.cursado && x !== ids.vecino);
    const lunes = new Date(`${semana}T00:00:00Z`);
    const dia = (n: number) =>
      new Date(lunes.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const ocupadas = [dia(5), dia(6)].filter((f) => f !== miFecha && f !== suFecha);
    await db.insert(s.evaluaciones).values([
      { cursadoId: otros[0]!, fecha: ocupadas[0] ?? dia(4) },
      { cursadoId: otros[1]!, fecha: ocupadas[1] ?? dia(3) },
    ]);
    const [x, y] = await Promise.allSettled([
      d.evaluaciones.reservar({ cursado: ids.cursado, fecha: miFecha }),
      o.evaluaciones.reservar({ cursado: ids.vecino, fecha: suFecha }),
    ]);
    expect([x.status, y.status].sort()).toEqual(['fulfilled', 'rejected']);
    const rechazo = (x.status === 'rejected' ? x : y) as PromiseRejectedResult;
    expect(rechazo.reason).toMatchObject({
      code: 'CONFLICT',
      message: 'La semana ya tiene 3 evaluaciones para el curso.',
    });
    const [enLaSemana] = await db
      .select({ n: count() })
      .from(s.evaluaciones)
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.evaluaciones.cursadoId))
      .where(and(eq(s.cursadosCursos.cursoId, ids.curso)));
    expect(enLaSemana!.n).toBe(3);
  });
});

describe('las vistas', () => {
  test('el resumen del personal por curso y las próximas de un alumno con su cuenta', async () => {
    const [alumno] = await db
      .select({ id: s.inscripciones.alumnoId })
      .from(s.inscripciones)
      .where(eq(s.inscripciones.cursadoId, ids.cursado))
      .limit(1);
    const d = await docente();
    const libre = (await d.evaluaciones.disponibles({ cursado: ids.cursado })).lugares.find(
      (l) => l.estado === 'disponible' && l.fecha <= '2026-07-10',
    )!;
    await d.evaluaciones.reservar({ cursado: ids.cursado, fecha: libre.fecha });
    const a = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const prox = await a.evaluaciones.delAlumno({ alumno: alumno!.id });
    const suya = prox.evaluaciones.find((e) => e.fecha === libre.fecha)!;
    expect(suya).toMatchObject({
      cursadoId: ids.cursado,
      inicio: expect.stringMatching(/^\d\d:\d\d$/),
      texto: expect.stringMatching(/^(Faltan \d+ días|Falta 1 día)$/),
    });
    const resumen = await a.evaluaciones.proximas();
    const curso = resumen.cursos.find((x) => x.cursoId === ids.curso)!;
    expect(curso.evaluaciones.length).toBeGreaterThan(0);
    // Un referente que no es de ese alumno: 403 (y tampoco el alumno que no es él).
    const ref = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    expect((await ref.sesion.hijos()).map((h) => h.id)).not.toContain(alumno!.id);
    expect(await codigoDe(ref.evaluaciones.mias({ alumno: alumno!.id }))).toBe('FORBIDDEN');
    const otroAlumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    expect(await codigoDe(otroAlumno.evaluaciones.mias({ alumno: 99_999_999 }))).toBe('FORBIDDEN');
    // El preceptor ve sólo sus cursos.
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const susCursos = (await p.cursos.delPreceptor({})).map((x) => x.orden);
    expect(
      (await p.evaluaciones.proximas()).cursos.every((x) => susCursos.includes(x.cursoId)),
    ).toBe(true);
  });
});

describe('el calendario personal (.ics)', () => {
  const anonimo = () =>
    createCaller(
      crearContexto({ db, sesion: null, ciclo, hoy, zona: 'America/Argentina/Cordoba' }),
    );
  /** Un cursado del alumno y una evaluación en él, dentro de 5 días. */
  async function evaluacionDe(alumno: number, fecha = '2026-06-20') {
    const [ins] = await db
      .select({ cursado: s.inscripciones.cursadoId })
      .from(s.inscripciones)
      .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
      .where(and(eq(s.inscripciones.alumnoId, alumno), eq(s.cursados.ciclolectivo, ciclo)))
      .limit(1);
    const [e] = await db
      .insert(s.evaluaciones)
      .values({ cursadoId: ins!.cursado, fecha })
      .onConflictDoUpdate({
        target: [s.evaluaciones.cursadoId, s.evaluaciones.fecha],
        set: { fecha },
      })
      .returning({ id: s.evaluaciones.id });
    return e!.id;
  }

  test('el alumno crea su enlace, el .ics trae sus evaluaciones; uno nuevo anula el anterior; quitarlo lo anula', async () => {
    const a = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    expect(await a.evaluaciones.enlace()).toEqual({ token: null, creado: null });
    const { token } = await a.evaluaciones.nuevoEnlace();
    expect(token).toMatch(PATRON_TOKEN_CALENDARIO);
    expect((await a.evaluaciones.enlace()).token).toBe(token);

    const [propio] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.usuarioId, await idDeUsuario(db, EMAIL_DEMO.alumno)));
    const id = await evaluacionDe(propio!.id);
    const { contenido, eventos } = await anonimo().evaluaciones.calendario({ token });
    expect(eventos).toBeGreaterThan(0);
    expect(contenido.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(contenido).toContain(`UID:evaluacion-${id}-alumno-${propio!.id}@portal-escolar`);
    // La hora de la clase en la zona de la escuela (UTC−3) pasa a UTC.
    expect(contenido).toMatch(/DTSTART:20260620T\d{6}Z|DTSTART;VALUE=DATE:20260620/);

    const otro = await a.evaluaciones.nuevoEnlace();
    expect(otro.token).not.toBe(token);
    expect(await codigoDe(anonimo().evaluaciones.calendario({ token }))).toBe('NOT_FOUND');
    expect((await anonimo().evaluaciones.calendario({ token: otro.token })).eventos).toBe(eventos);

    // Un usuario deshabilitado no tiene calendario.
    const usuario = await idDeUsuario(db, EMAIL_DEMO.alumno);
    await db.update(s.usuarios).set({ habilitado: false }).where(eq(s.usuarios.id, usuario));
    expect(await codigoDe(anonimo().evaluaciones.calendario({ token: otro.token }))).toBe(
      'NOT_FOUND',
    );
    await db.update(s.usuarios).set({ habilitado: true }).where(eq(s.usuarios.id, usuario));

    expect(await a.evaluaciones.quitarEnlace()).toEqual({ quitado: true });
    expect(await a.evaluaciones.quitarEnlace()).toEqual({ quitado: false });
    expect(await codigoDe(anonimo().evaluaciones.calendario({ token: otro.token }))).toBe(
      'NOT_FOUND',
    );
    expect((await a.evaluaciones.enlace()).token).toBeNull();
  });

  test('el referente ve a sus hijos con vínculo confirmado, nunca a otra familia', async () => {
    const r = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    const hijos = await r.sesion.hijos();
    expect(hijos.length).toBeGreaterThan(0);
    const hijo = hijos[0]!;
    const id = await evaluacionDe(hijo.id, '2026-06-22');
    const { token } = await r.evaluaciones.nuevoEnlace();
    const uid = `UID:evaluacion-${id}-alumno-${hijo.id}@portal-escolar`;
    expect((await anonimo().evaluaciones.calendario({ token })).contenido).toContain(uid);

    // La otra familia no lo ve en el suyo.
    const otra = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const suyo = await otra.evaluaciones.nuevoEnlace();
    expect(suyo.token).not.toBe(token);
    expect(
      (await anonimo().evaluaciones.calendario({ token: suyo.token })).contenido,
    ).not.toContain(uid);

    // Un vínculo que deja de estar confirmado sale del calendario en la próxima lectura.
    const referente = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, await idDeUsuario(db, EMAIL_DEMO.referente)));
    const vinculo = and(
      eq(s.alumnosReferentes.alumnoId, hijo.id),
      eq(s.alumnosReferentes.referenteId, referente[0]!.id),
    );
    await db.update(s.alumnosReferentes).set({ confirmado: false }).where(vinculo);
    try {
      expect((await anonimo().evaluaciones.calendario({ token })).contenido).not.toContain(uid);
    } finally {
      await db.update(s.alumnosReferentes).set({ confirmado: true }).where(vinculo);
    }
  });

  test('un secreto mal formado es un 400 y no consulta nada; uno bien formado pero ajeno, 404', async () => {
    for (const token of ['', 'corto', 'x'.repeat(44), 'a/b'.repeat(14) + 'c', '\u0000'.repeat(43)])
      expect(await codigoDe(anonimo().evaluaciones.calendario({ token }))).toBe('BAD_REQUEST');
    expect(await codigoDe(anonimo().evaluaciones.calendario({ token: 'A'.repeat(43) }))).toBe(
      'NOT_FOUND',
    );
    // Con sesión de personal tampoco hay otra llave: el secreto es lo único que abre.
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(await codigoDe(p.evaluaciones.calendario({ token: 'A'.repeat(43) }))).toBe('NOT_FOUND');
    expect(await codigoDe(p.evaluaciones.nuevoEnlace())).toBe('FORBIDDEN');
  });
});
