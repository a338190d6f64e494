/**
 * La auditoría no se edita (issue 31 §14), en PGlite y (con TEST_DATABASE_URL) en el servidor:
 * el disparador de la migración 0019 rechaza UPDATE, DELETE y TRUNCATE aunque los pida el dueño
 * de la tabla (el usuario de la aplicación); borrar un usuario deja sus filas con su id (sin clave
 * foránea, sin SET NULL); aceptar un reglamento o una autorización y marcar la asistencia tomada
 * quedan auditados, en la misma transacción que el cambio.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import { crearContexto } from '@/server/api/trpc';
import { abrirBase, type Conexion, type Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { errorPostgres } from '@/server/errores';
import { momentoEscolar } from '@/server/reloj';
import { crearBaseDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';

jest.setTimeout(300_000);

const { ciclo, hoy, instante } = momentoEscolar();
const MENSAJE = 'La auditoría no se modifica ni se borra.';

const BASES: { nombre: string; abrir: () => Promise<Conexion> }[] = [
  { nombre: 'PGlite', abrir: () => abrirBase({ dataDir: 'memory://' }) },
];
if (process.env.TEST_DATABASE_URL) BASES.push({ nombre: 'PostgreSQL', abrir: crearBaseDePrueba });

describe.each(BASES)('en $nombre', ({ abrir }) => {
  let c: Conexion;
  let db: Db;
  beforeAll(async () => {
    c = await abrir();
    db = c.db;
    await sembrar(db, { ciclo, hoy, ahora: instante });
  });
  afterAll(() => c?.cerrar());

  /** El contenido de toda la auditoría (un md5) y cuántas filas tiene. */
  const huella = async () =>
    (
      await db
        .select({
          n: sql<number>`count(*)::int`,
          md5: sql<string>`coalesce(md5(string_agg(a::text, '|' order by a.id)), '')`,
        })
        .from(sql`auditoria a`)
    )[0]!;

  /** El código y el mensaje de PostgreSQL con que falla `f` (o 'respondió'). */
  const rechazo = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      const pg = errorPostgres(e);
      return pg ? { code: pg.code, mensaje: pg.mensaje } : `otro error: ${String(e)}`;
    }
    return 'respondió';
  };

  const ultimas = (accion: string, entidad: string, n = 1) =>
    db
      .select({
        usuarioId: s.auditoria.usuarioId,
        rol: s.auditoria.rol,
        entidadId: s.auditoria.entidadId,
        despues: s.auditoria.despues,
      })
      .from(s.auditoria)
      .where(and(eq(s.auditoria.accion, accion), eq(s.auditoria.entidad, entidad)))
      .orderBy(desc(s.auditoria.id))
      .limit(n);

  test('UPDATE, DELETE y TRUNCATE se rechazan, aunque los pida el dueño de la tabla; la auditoría queda igual', async () => {
    const admin = await sesionDe(db, EMAIL_DEMO.admin, Rol.Admin);
    await auditar(crearContexto({ db, sesion: admin }), [
      { accion: 'prueba', entidad: 'inmutable', entidadId: 1, despues: { a: 1 } },
      { accion: 'prueba', entidad: 'inmutable', entidadId: 2 },
    ]);
    const antes = await huella();
    expect(antes.n).toBeGreaterThanOrEqual(2);
    const rechazada = { code: '42501', mensaje: MENSAJE };
    expect(
      await rechazo(() =>
        db
          .update(s.auditoria)
          .set({ accion: 'borrada' })
          .where(sql`true`),
      ),
    ).toEqual(rechazada);
    expect(
      await rechazo(() =>
        db.update(s.auditoria).set({ despues: null }).where(eq(s.auditoria.entidad, 'inmutable')),
      ),
    ).toEqual(rechazada);
    expect(
      await rechazo(() => db.delete(s.auditoria).where(eq(s.auditoria.entidad, 'inmutable'))),
    ).toEqual(rechazada);
    expect(await rechazo(() => db.execute(sql`delete from auditoria`))).toEqual(rechazada);
    expect(await rechazo(() => db.execute(sql`truncate auditoria`))).toEqual(rechazada);
    expect(await rechazo(() => db.execute(sql`truncate usuarios, auditoria cascade`))).toEqual(
      rechazada,
    );
    // Dentro de una transacción tampoco (y la transacción entera se revierte).
    expect(
      await rechazo(() =>
        db.transaction(async (tx) => {
          await tx.insert(s.auditoria).values({ accion: 'prueba', entidad: 'en-transaccion' });
          await tx.delete(s.auditoria).where(eq(s.auditoria.entidad, 'inmutable'));
        }),
      ),
    ).toEqual(rechazada);
    expect(await huella()).toEqual(antes);
    // Agregar sí se puede: es lo único que hace la aplicación.
    await auditar(crearContexto({ db, sesion: admin }), { accion: 'prueba', entidad: 'otra' });
    expect((await huella()).n).toBe(antes.n + 1);
  });

  test('borrar un usuario deja sus filas de auditoría con su id', async () => {
    const [u] = await db
      .insert(s.usuarios)
      .values({ email: 'se-va@example.com', nombre: 'Se', apellido: 'Va', rls: Rol.Docente })
      .returning({ id: s.usuarios.id });
    await auditar(crearContexto({ db, sesion: null }), [
      { accion: 'prueba', entidad: 'usuario-borrado', entidadId: 1, usuarioId: u!.id },
      { accion: 'prueba', entidad: 'usuario-borrado', entidadId: 2, usuarioId: u!.id },
    ]);
    // La aplicación no borra usuarios (se deshabilitan): el borrado es directo, como lo haría
    // quien opera la base.
    await db.delete(s.usuarios).where(eq(s.usuarios.id, u!.id));
    expect(await db.$count(s.usuarios, eq(s.usuarios.id, u!.id))).toBe(0);
    expect(
      await db
        .select({ usuarioId: s.auditoria.usuarioId, entidadId: s.auditoria.entidadId })
        .from(s.auditoria)
        .where(eq(s.auditoria.entidad, 'usuario-borrado'))
        .orderBy(asc(s.auditoria.id)),
    ).toEqual([
      { usuarioId: u!.id, entidadId: '1' },
      { usuarioId: u!.id, entidadId: '2' },
    ]);
  });

  test('aceptar un reglamento y una autorización por un hijo queda en la auditoría', async () => {
    const email = EMAIL_DEMO.referenteOtro;
    const id = await idDeUsuario(db, email);
    // Empieza sin respuestas (la siembra deja respondidas las cuentas de demostración).
    await db.delete(s.respuestasReglamentos).where(eq(s.respuestasReglamentos.usuarioId, id));
    const caller = await callerComo(db, email, Rol.ReferenteParental, { ciclo, hoy });
    const { diapositivas } = await caller.reglamentos.pendientes();
    const regla = diapositivas.find((d) => d.clase === 'reglamento')!;
    const autorizacion = diapositivas.find((d) => d.clase === 'autorizacion')!;
    // La primera respuesta posible, o un texto si la respuesta es libre.
    const respuestaDe = (d: typeof regla) => d.respuestasPosibles?.[0] ?? 'Mi respuesta';

    await caller.reglamentos.responder({ nombre: regla.nombre, respuesta: respuestaDe(regla) });
    const [r] = await db
      .select()
      .from(s.respuestasReglamentos)
      .where(eq(s.respuestasReglamentos.usuarioId, id))
      .orderBy(desc(s.respuestasReglamentos.id))
      .limit(1);
    expect(await ultimas('responder', 'respuestas_reglamentos')).toEqual([
      {
        usuarioId: id,
        rol: Rol.ReferenteParental,
        entidadId: String(r!.id),
        despues: {
          clase: 'reglamento',
          nombre: regla.nombre,
          version: r!.version,
          respuesta: r!.respuesta,
          alumno: null,
        },
      },
    ]);

    await caller.reglamentos.responderAutorizacion({
      nombre: autorizacion.nombre,
      respuesta: respuestaDe(autorizacion),
      hijo: autorizacion.hijo!.id,
    });
    const [a] = await ultimas('responder', 'respuestas_reglamentos');
    expect(a).toMatchObject({
      usuarioId: id,
      despues: {
        clase: 'autorizacion',
        nombre: autorizacion.nombre,
        alumno: autorizacion.hijo!.id,
      },
    });
  });

  test('marcar la asistencia tomada (también sin cambios) queda en la auditoría', async () => {
    const idPreceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const [curso] = await db
      .select({ id: s.preceptoresCursos.cursoId })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, idPreceptor),
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
        ),
      )
      .orderBy(asc(s.preceptoresCursos.cursoId))
      .limit(1);
    const caller = await callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor, { ciclo, hoy });
    const r = await caller.asistencias.guardarPlanilla({
      curso: curso!.id,
      fecha: hoy,
      turno: 'Tarde',
      alumnos: [],
    });
    expect(await ultimas('tomar', 'asistencias_tomadas')).toEqual([
      {
        usuarioId: idPreceptor,
        rol: Rol.Preceptor,
        entidadId: `${curso!.id}/${hoy}/Tarde`,
        despues: { curso: curso!.id, fecha: hoy, turno: 'Tarde', en: r.tomada!.en },
      },
    ]);
  });
});
